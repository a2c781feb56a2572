/**
 * DataHub's roles (DataHubRole: Admin, Editor, Reader, as roles.yaml bootstraps them) and their assignment, as
 * DataHub v1.7.0 answers them: listRoles (ListRolesResolver) and batchAssignRole (BatchAssignRoleResolver over
 * RoleService: MANAGE_POLICIES needed; each existing actor's roleMembership becomes [role], or [] without one;
 * actors that do not exist are skipped).
 */
import { hasPlatformPrivilege } from '../auth/privileges.js';
import { MutationWriter, wrapped } from './mutation-writes.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import { DataHubGraphQLError } from './term-mutations.js';
import { BOOTSTRAPPED_ROLES } from './views/bootstrapped.js';

export const roleRoots: RootResolverBuilder = ({ service, views, actor }) => ({
  listRoles: (args: { input: { start?: number | null; count?: number | null; query?: string | null } }) =>
    guard(() => {
      const query = (args.input.query ?? '').toLowerCase();
      const stored = service.listUrns('dataHubRole', 0, 1000).urns;
      const roles = [...new Set([...Object.keys(BOOTSTRAPPED_ROLES), ...stored])].filter((urn) =>
        urn.toLowerCase().includes(query),
      );
      const start = Math.max(0, args.input.start ?? 0);
      const page = roles.slice(start, start + Math.max(0, args.input.count ?? 20));
      return { start, count: page.length, total: roles.length, roles: page.map((urn) => views.view(urn)) };
    }),
  batchAssignRole: (args: { input: { roleUrn?: string | null; actors: string[] } }) =>
    guard(() => {
      if (!hasPlatformPrivilege(service, actor, 'MANAGE_POLICIES'))
        throw new DataHubGraphQLError(403, 'Unauthorized to assign roles. Please contact your DataHub administrator if this needs corrective action.'); // prettier-ignore
      const writer = new MutationWriter(service, actor);
      const role = args.input.roleUrn ?? null;
      if (role !== null && !writer.exists(role))
        throw wrapped(`Failed to perform update against input ${JSON.stringify(args.input)}`, `Role ${role} does not exist. Skipping batch role assignment`); // prettier-ignore
      const existing = args.input.actors.filter((candidate) => writer.exists(candidate));
      writer.persist(...existing.map((urn) => writer.proposal(urn, 'roleMembership', { roles: role === null ? [] : [role] }))); // prettier-ignore
      return true;
    }),
});
