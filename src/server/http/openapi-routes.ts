/**
 * GMS's OpenAPI v3 entity resource, the deletes: DELETE /openapi/v3/entity/{entityName}/{urn} (with `aspects` or
 * `clear`) and DELETE /openapi/v3/entity/{entityName}/{urn}/{aspectName}, as GenericEntitiesController (which the
 * v3 EntityController extends) answers them at v1.7.0
 * (metadata-service/openapi-servlet/src/main/java/io/datahubproject/openapi/controller/GenericEntitiesController.java).
 * Errors are answered as its GlobalControllerExceptionHandler does: `{"error": message}`.
 */
import { aspectNamesOf, isTimeseriesAspect, keyAspectOf } from '../../model/registry.js';
import { parseRawUrn } from '../../model/urn.js';
import { isAuthorized } from '../auth/privileges.js';
import { ServiceError, type CatalogService } from '../catalog-service.js';

export const OPENAPI_ENTITY_PREFIX = '/openapi/v3/entity/';

export interface OpenApiReply {
  readonly status: number;
  /** Undefined for the empty body of a `void` controller method (200). */
  readonly body?: unknown;
}

/**
 * The reply to a request under /openapi/v3/entity/, or undefined when no route of this module matches (the
 * caller answers 404, as GMS does for a path no controller maps).
 */
export function openApiEntityRoute(
  method: string,
  path: string,
  rawQuery: string,
  service: CatalogService,
  actor: string,
): OpenApiReply | undefined {
  if (method !== 'DELETE' || !path.startsWith(OPENAPI_ENTITY_PREFIX)) return undefined;
  const segments = path.slice(OPENAPI_ENTITY_PREFIX.length).split('/');
  if (segments.length !== 2 && segments.length !== 3) return undefined;
  const decoded = segments.map(decodeSegment);
  if (decoded.some((segment) => segment === undefined || segment === '')) return undefined;
  const [, urn, aspectName] = decoded as [string, string, string | undefined];
  // The mapping's pattern is {entityUrn:urn:li:.+}: anything else is no route at all.
  if (!urn.startsWith('urn:li:')) return undefined;
  try {
    const query = new URLSearchParams(rawQuery);
    if (aspectName === undefined) deleteEntity(service, actor, urn, query);
    else deleteAspect(service, actor, urn, aspectName);
    return { status: 200 };
  } catch (error) {
    if (error instanceof ServiceError) return { status: error.status, body: { error: error.message } };
    throw error;
  }
}

/**
 * GenericEntitiesController.deleteEntity: without `aspects` (or when they name the key aspect) a hard delete of
 * the entity (EntityService.deleteUrn: every version of every aspect; its timeseries events stay, unlike Rest.li's
 * delete action); with `aspects`, every version of each of them; `clear=true` names every aspect but the key, so
 * the entity stays, emptied. Deleting what is not there is no error.
 */
function deleteEntity(service: CatalogService, actor: string, urn: string, query: URLSearchParams): void {
  const entityType = checkedEntityType(service, actor, urn);
  const keyAspect = keyAspectOf(entityType) ?? '';
  let aspects = query
    .getAll('aspects')
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (booleanParam(query, 'clear')) aspects = aspectNamesOf(entityType).filter((name) => name !== keyAspect);
  if (aspects.length === 0 || aspects.includes(keyAspect)) {
    service.deleteEntity(urn, { references: false, timeseries: false });
    return;
  }
  service.deleteAspects(
    urn,
    aspects.map((name) => {
      const found = lookupAspect(entityType, name);
      // GMS's Optional.get() fails here with a 500; the caller is told what was wrong instead.
      if (found === undefined) throw new ServiceError(400, `Unknown aspect ${name} for entity ${entityType}`);
      return found;
    }),
  );
}

/**
 * GenericEntitiesController.deleteAspect: every version of a versioned aspect, or the latest event of a timeseries
 * one. An aspect the entity type does not have is no error (nothing happens).
 */
function deleteAspect(service: CatalogService, actor: string, urn: string, name: string): void {
  const entityType = checkedEntityType(service, actor, urn);
  const aspect = lookupAspect(entityType, name);
  if (aspect === undefined) return;
  if (isTimeseriesAspect(aspect)) service.deleteLatestEvent(urn, aspect);
  else if (aspect === keyAspectOf(entityType))
    service.deleteEntity(urn, { references: false, timeseries: false });
  else service.deleteAspects(urn, [aspect]);
}

/** validatedUrn, then the DELETE privilege on the URN (EntityAuthorizationUtils.isAPIAuthorizedEntityUrns). */
function checkedEntityType(service: CatalogService, actor: string, urn: string): string {
  const raw = parseRawUrn(urn);
  if (!raw.ok) throw new ServiceError(400, `Invalid urn!: ${urn}`);
  if (!isAuthorized(service, actor, ['DELETE_ENTITY'], urn))
    throw new ServiceError(403, `${actor} is unauthorized to DELETE entities.`);
  // The URN must fit its entity's key (EntityRegistry.getEntitySpec: 400 for an unknown entity type).
  service.keyOf(urn);
  return raw.value.entityType;
}

/** RequestInputUtil.lookupAspectSpec: the aspect by its name, else (case-insensitive fallback) by its lower case. */
function lookupAspect(entityType: string, name: string): string | undefined {
  const names = aspectNamesOf(entityType);
  return names.includes(name) ? name : names.find((aspect) => aspect.toLowerCase() === name);
}

/** A boolean request parameter as Spring converts one (true/on/yes/1, false/off/no/0; empty is the default). */
function booleanParam(query: URLSearchParams, name: string): boolean {
  const value = query.get(name)?.trim().toLowerCase() ?? '';
  if (value === '' || ['false', 'off', 'no', '0'].includes(value)) return false;
  if (['true', 'on', 'yes', '1'].includes(value)) return true;
  throw new ServiceError(400, `Invalid boolean value '${query.get(name) ?? ''}' for parameter ${name}`);
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
