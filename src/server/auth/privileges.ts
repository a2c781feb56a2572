/**
 * The platform privileges of a user under DataHub's default policies (metadata-service/war/src/main/resources/boot
 * /policies.json at v1.7.0): the root user `datahub` (policy 0) and the Admin role hold every platform privilege,
 * the Editor role the editors' list, and every user VIEW_ANALYTICS and GENERATE_PERSONAL_ACCESS_TOKENS (policy
 * 7). A user's role is the `roleMembership` aspect of their corpuser (roles.yaml bootstraps Admin, Editor,
 * Reader).
 */
import { PLATFORM_PRIVILEGES } from '../../datahub/generated/privileges.js';
import type { CatalogService } from '../catalog-service.js';

export const ROOT_USER_URN = 'urn:li:corpuser:datahub';
export const ROLE_URNS = {
  Admin: 'urn:li:dataHubRole:Admin',
  Editor: 'urn:li:dataHubRole:Editor',
  Reader: 'urn:li:dataHubRole:Reader',
} as const;
export type RoleName = keyof typeof ROLE_URNS;

/** "All Users - Base Platform Privileges" (policy 7). */
const ALL_USERS = ['VIEW_ANALYTICS', 'GENERATE_PERSONAL_ACCESS_TOKENS'];
/** "Editors - Platform Policy". */
const EDITORS = [
  'GENERATE_PERSONAL_ACCESS_TOKENS', 'MANAGE_DOMAINS', 'MANAGE_GLOBAL_ANNOUNCEMENTS', 'MANAGE_GLOSSARIES',
  'MANAGE_TAGS', 'MANAGE_BUSINESS_ATTRIBUTE', 'MANAGE_STRUCTURED_PROPERTIES', 'VIEW_STRUCTURED_PROPERTIES_PAGE',
  'MANAGE_DOCUMENTATION_FORMS', 'MANAGE_FEATURES', 'MANAGE_DOCUMENTS',
]; // prettier-ignore
const EVERY = PLATFORM_PRIVILEGES.map((privilege) => privilege.type);

/** The roles a user holds (RoleMembership.roles), in the order stored. */
export function rolesOf(service: CatalogService, actor: string): string[] {
  const roles = service.latest(actor, 'roleMembership')?.['roles'];
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
}

/** Every platform privilege the user holds under the default policies. */
export function platformPrivileges(service: CatalogService, actor: string): ReadonlySet<string> {
  const roles = rolesOf(service, actor);
  if (actor === ROOT_USER_URN || roles.includes(ROLE_URNS.Admin)) return new Set([...EVERY, ...ALL_USERS]);
  return new Set([...ALL_USERS, ...(roles.includes(ROLE_URNS.Editor) ? EDITORS : [])]);
}

export function hasPlatformPrivilege(service: CatalogService, actor: string, privilege: string): boolean {
  return platformPrivileges(service, actor).has(privilege);
}
