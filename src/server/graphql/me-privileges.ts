/**
 * The signed-in user's PlatformPrivileges as DataHub v1.7.0's MeResolver fills them, each field true when the
 * user holds one of its privileges (AuthorizationUtils: creating tags needs CREATE_TAGS or MANAGE_TAGS, and so
 * on), under DataHub's default policies (src/server/auth/privileges.ts).
 */
import { platformPrivileges } from '../auth/privileges.js';
import type { CatalogService } from '../catalog-service.js';

/** PlatformPrivileges field → the privileges any of which grants it. */
const FIELDS: Readonly<Record<string, readonly string[]>> = {
  viewAnalytics: ['VIEW_ANALYTICS'],
  managePolicies: ['MANAGE_POLICIES'],
  manageIdentities: ['MANAGE_USERS_AND_GROUPS'],
  generatePersonalAccessTokens: ['GENERATE_PERSONAL_ACCESS_TOKENS'],
  manageDomains: ['MANAGE_DOMAINS'],
  manageIngestion: ['MANAGE_INGESTION'],
  manageSecrets: ['MANAGE_SECRETS'],
  manageTokens: ['MANAGE_ACCESS_TOKENS'],
  viewTests: ['VIEW_TESTS'],
  manageTests: ['MANAGE_TESTS'],
  manageGlossaries: ['MANAGE_GLOSSARIES'],
  manageDocuments: ['MANAGE_DOCUMENTS'],
  manageUserCredentials: ['MANAGE_USER_CREDENTIALS'],
  createDomains: ['CREATE_DOMAINS', 'MANAGE_DOMAINS'],
  createLogicalModels: ['CREATE_LOGICAL_MODELS'],
  createTags: ['CREATE_TAGS', 'MANAGE_TAGS'],
  manageTags: ['MANAGE_TAGS'],
  viewManageTags: ['VIEW_MANAGE_TAGS'],
  manageGlobalViews: ['MANAGE_GLOBAL_VIEWS'],
  manageGlobalSettings: ['MANAGE_GLOBAL_SETTINGS'],
  manageOwnershipTypes: ['MANAGE_GLOBAL_OWNERSHIP_TYPES'],
  manageGlobalAnnouncements: ['MANAGE_GLOBAL_ANNOUNCEMENTS'],
  createBusinessAttributes: ['CREATE_BUSINESS_ATTRIBUTE', 'MANAGE_BUSINESS_ATTRIBUTE'],
  manageBusinessAttributes: ['MANAGE_BUSINESS_ATTRIBUTE'],
  manageStructuredProperties: ['MANAGE_STRUCTURED_PROPERTIES'],
  viewStructuredPropertiesPage: ['VIEW_STRUCTURED_PROPERTIES_PAGE'],
  // isAuthorizedEntityType(MANAGE, application): the privilege the default policies grant for it is EDIT_ENTITY.
  manageApplications: ['MANAGE_APPLICATIONS', 'EDIT_ENTITY'],
  manageFeatures: ['MANAGE_FEATURES'],
  manageHomePageTemplates: ['MANAGE_HOME_PAGE_TEMPLATES'],
  manageServiceAccounts: ['MANAGE_SERVICE_ACCOUNTS'],
};

export function mePlatformPrivileges(service: CatalogService, actor: string): Record<string, boolean> {
  const held = platformPrivileges(service, actor);
  return Object.fromEntries(
    Object.entries(FIELDS).map(([field, anyOf]) => [field, anyOf.some((privilege) => held.has(privilege))]),
  );
}
