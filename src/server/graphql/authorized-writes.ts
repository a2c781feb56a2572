/**
 * The catalog as a GraphQL request of one user sees it: every write a mutation makes (CatalogService.ingest,
 * deleteEntity) is checked against what that user may do (auth/write-authorization.ts) and refused with
 * DataHub's AuthorizationException (403) before anything is written. Reads pass through unchanged; the
 * references a permitted delete removes are part of that delete.
 */
import { mayDelete, refusedMutationWrites } from '../auth/write-authorization.js';
import type { CatalogService } from '../catalog-service.js';
import { DataHubGraphQLError } from './term-mutations.js';

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';

export function withAuthorizedWrites(service: CatalogService, actor: string): CatalogService {
  const ingest: CatalogService['ingest'] = (proposals, writer) => {
    if (refusedMutationWrites(service, actor, proposals).length > 0)
      throw new DataHubGraphQLError(403, UNAUTHORIZED);
    service.ingest(proposals, writer);
  };
  const deleteEntity: CatalogService['deleteEntity'] = (urn, options) => {
    if (!mayDelete(service, actor, urn)) throw new DataHubGraphQLError(403, UNAUTHORIZED);
    return service.deleteEntity(urn, options);
  };
  return new Proxy(service, {
    get(target, property) {
      if (property === 'ingest') return ingest;
      if (property === 'deleteEntity') return deleteEntity;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
