/**
 * The Rest.li resources of GMS that the product uses: /config, /aspects (ingestProposal, ingestProposalBatch,
 * getTimeseriesAspectValues, get), /entitiesV2 (get, batch_get) and /entities (ingest, batchIngest, listUrns,
 * exists, delete).
 * Facts and sources: ../shared/reference/datahub-wire.md sections 1, 2 and 7.
 */
import { DATAHUB_RELEASE, DATAHUB_VERSION } from '../../datahub/release.js';
import {
  authorizeApiDelete,
  authorizeApiIngest,
  authorizeApiSnapshots,
} from '../auth/write-authorization.js';
import { isJsonObject, type JsonObject } from '../../model/json.js';
import { parseMetadataRecords } from '../../model/metadata-file.js';
import { parseWireProposal, type Proposal } from '../../model/proposal.js';
import { entityHasAspect, fqnOfAspect, isTimeseriesAspect } from '../../model/registry.js';
import { parseRawUrn } from '../../model/urn.js';
import { ServiceError, type CatalogService } from '../catalog-service.js';
import { listParam, stringParam } from './restli.js';
import { checkSnapshotParameters } from './restli-parameters.js';

/** Most URNs one batch_get may name (a guard against runaway requests, far above what clients send). */
export const MAX_BATCH_GET_URNS = 10_000;

export interface RestliReply {
  readonly status: number;
  readonly body: unknown;
}

const ok = (body: unknown): RestliReply => ({ status: 200, body });

/**
 * GET /config, with the keys GMS v1.7.0 answers (metadata-service/servlet/.../Config.java), valued for what this
 * catalog is. Clients read the release from versions["acryldata/datahub"] (this client maps it onto its
 * compatibility matrix, server-capabilities.ts) and DataHub Cloud from datahub.serverEnv ("core": it is not).
 */
export function serverConfig(): RestliReply {
  return ok({
    // DataHub's Python client refuses a server whose /config lacks noCode: "true" (it would be the frontend).
    noCode: 'true',
    versions: { 'acryldata/datahub': { version: DATAHUB_VERSION, commit: DATAHUB_RELEASE.commit } },
    datahub: { serverType: 'prod', serverEnv: 'core' },
    statefulIngestionCapable: false,
    retention: 'false',
    timeZone: 'GMT',
    datasetUrnNameCasing: false,
    patchCapable: false,
    supportsImpactAnalysis: false,
    managedIngestion: { enabled: false },
    telemetry: { enabledCli: false, enabledIngestion: false },
    models: {},
    catalogEmbedded: true,
  });
}

/** POST /aspects?action=ingestProposal|ingestProposalBatch */
export function ingestProposals(
  action: string,
  body: unknown,
  service: CatalogService,
  actor: string,
): RestliReply {
  if (!isJsonObject(body)) throw new ServiceError(400, 'the request body must be a JSON object');
  checkAsync(body['async']);
  let raw: unknown[];
  if (action === 'ingestProposal') {
    if (body['proposal'] === undefined) throw new ServiceError(400, "Parameter 'proposal' is required");
    raw = [body['proposal']];
  } else {
    if (!Array.isArray(body['proposals']))
      throw new ServiceError(400, "Parameter 'proposals' is required and must be an array");
    raw = body['proposals'];
  }
  const proposals: Proposal[] = raw.map((item, index) => {
    const parsed = parseWireProposal(item);
    if (!parsed.ok)
      throw new ServiceError(422, raw.length > 1 ? `proposals[${index}]: ${parsed.error}` : parsed.error);
    return parsed.value;
  });
  authorizeApiIngest(service, actor, proposals);
  service.ingest(proposals, actor);
  return ok({ value: 'success' });
}

/** `async` is a JSON string ("true"/"false"); the embedded catalog always writes synchronously. */
function checkAsync(value: unknown): void {
  if (value === undefined || value === 'true' || value === 'false' || typeof value === 'boolean') return;
  throw new ServiceError(400, `Parameter 'async' must be "true" or "false", got ${JSON.stringify(value)}`);
}

/** Most events one getTimeseriesAspectValues answers (GMS has no default; clients send a limit). */
export const MAX_TIMESERIES_VALUES = 10_000;

/**
 * POST /aspects?action=getTimeseriesAspectValues {urn, entity, aspect, startTimeMillis?, endTimeMillis?, limit?,
 * latestValue?, filter?}: the events newest first, each as {aspect: GenericAspect, systemMetadata}.
 */
export function getTimeseriesAspectValues(body: unknown, service: CatalogService): RestliReply {
  if (!isJsonObject(body)) throw new ServiceError(400, 'the request body must be a JSON object');
  const required = (name: string): string => {
    const value = body[name];
    if (typeof value !== 'string' || value === '')
      throw new ServiceError(400, `Parameter '${name}' is required`);
    return value;
  };
  const urn = required('urn');
  const entityName = required('entity');
  const aspectName = required('aspect');
  if (entityTypeOf(urn) !== entityName)
    throw new ServiceError(400, `entity ${entityName} does not match the type of urn ${urn}`);
  if (!entityHasAspect(entityName, aspectName) || !isTimeseriesAspect(aspectName))
    throw new ServiceError(400, `Unknown timeseries aspect ${aspectName} for entity ${entityName}`);
  const window = timeWindowOf(body);
  const limitValue = body['latestValue'] === true ? 1 : (body['limit'] ?? MAX_TIMESERIES_VALUES);
  if (!isCount(limitValue) || limitValue > MAX_TIMESERIES_VALUES)
    throw new ServiceError(400, `Parameter 'limit' must be an integer from 0 to ${MAX_TIMESERIES_VALUES}`);
  const events = service.timeseriesValues({
    urn,
    aspect: aspectName,
    ...window,
    limit: limitValue,
    equals: equalityCriteria(body['filter']),
  });
  return ok({
    value: {
      entityName,
      aspectName,
      ...window,
      limit: limitValue,
      values: events.map((event) => ({
        aspect: { value: JSON.stringify(event.value), contentType: 'application/json' },
        systemMetadata: event.systemMetadata,
      })),
    },
  });
}

/** A DataHub Filter of EQUAL criteria (`criteria`, or one `or` clause's `and`) as field/value pairs. */
function equalityCriteria(filter: unknown): [string, string][] {
  if (filter === undefined || filter === null) return [];
  if (!isJsonObject(filter)) throw new ServiceError(400, "Parameter 'filter' must be a Filter object");
  const or = Array.isArray(filter['or']) ? filter['or'] : [];
  if (or.length > 1) throw new ServiceError(400, 'filter: only one "or" clause is supported here');
  const first: unknown = or[0];
  const criteria: unknown =
    isJsonObject(first) && Array.isArray(first['and']) ? first['and'] : filter['criteria'];
  if (criteria === undefined) return [];
  if (!Array.isArray(criteria)) throw new ServiceError(400, 'filter criteria must be a list');
  return criteria.map((criterion) => {
    if (!isJsonObject(criterion) || typeof criterion['field'] !== 'string')
      throw new ServiceError(400, 'a filter criterion needs a field');
    const condition = criterion['condition'] ?? 'EQUAL';
    const values = Array.isArray(criterion['values']) ? criterion['values'] : [criterion['value']];
    if (
      condition !== 'EQUAL' ||
      criterion['negated'] === true ||
      values.length !== 1 ||
      typeof values[0] !== 'string'
    )
      throw new ServiceError(400, `filter on ${criterion['field']}: only one EQUAL value is supported here`);
    return [criterion['field'], values[0]];
  });
}

/** GET /aspects/<urn>?aspect=<name>&version=<n> */
export function getAspect(
  urn: string,
  params: Map<string, string | string[]>,
  service: CatalogService,
): RestliReply {
  const aspect = stringParam(params, 'aspect');
  if (aspect === undefined || aspect === '') throw new ServiceError(400, "Parameter 'aspect' is required");
  const versionText = stringParam(params, 'version') ?? '0';
  if (!/^\d+$/.test(versionText))
    throw new ServiceError(400, `Parameter 'version' must be a non-negative integer`);
  const entityType = entityTypeOf(urn);
  if (!entityHasAspect(entityType, aspect))
    throw new ServiceError(400, `Unknown aspect ${aspect} for entity ${entityType}`);
  if (isTimeseriesAspect(aspect))
    throw new ServiceError(
      400,
      `${aspect} is a timeseries aspect: read it with POST /aspects?action=getTimeseriesAspectValues`,
    );
  const version = Number(versionText);
  const stored = service.getVersion(urn, aspect, version);
  if (stored === undefined)
    throw new ServiceError(404, `No aspect ${aspect} (version ${version}) for ${urn}`);
  return ok({ aspect: { [fqnOfAspect(aspect) ?? aspect]: stored.value }, version });
}

/** GET /entitiesV2/<urn>?aspects=List(...) */
export function getEntity(
  urn: string,
  params: Map<string, string | string[]>,
  service: CatalogService,
): RestliReply {
  return ok(entityResponse(urn, listParam(params, 'aspects'), service));
}

/** GET /entitiesV2?ids=List(...)&aspects=List(...) (X-RestLi-Method: batch_get) */
export function batchGetEntities(
  params: Map<string, string | string[]>,
  service: CatalogService,
): RestliReply {
  const ids = listParam(params, 'ids');
  if (ids === undefined || ids.length === 0) throw new ServiceError(400, "Parameter 'ids' is required");
  if (ids.length > MAX_BATCH_GET_URNS)
    throw new ServiceError(400, `batch_get is limited to ${MAX_BATCH_GET_URNS} ids`);
  const types = new Set(ids.map(entityTypeOf));
  // GMS takes the entity name from the first URN, so one call reads one entity type.
  if (types.size > 1)
    throw new ServiceError(400, `batch_get reads one entity type per call, got ${[...types].join(', ')}`);
  const aspects = listParam(params, 'aspects');
  const results: Record<string, unknown> = {};
  const urns = [...new Set(ids)];
  const entityName = [...types][0] as string;
  if (aspects === undefined) {
    for (const urn of urns) results[urn] = entityResponse(urn, aspects, service);
  } else {
    // The common case (a client names the aspects it wants): one query for the whole batch.
    const known = aspects.filter((aspect) => entityHasAspect(entityName, aspect));
    for (const [urn, enveloped] of service.envelopedAspectsOfMany(urns, known)) {
      results[urn] = { entityName, urn, aspects: enveloped };
    }
  }
  return ok({ results, statuses: {}, errors: {} });
}

function entityResponse(
  urn: string,
  aspects: string[] | undefined,
  service: CatalogService,
): Record<string, unknown> {
  const entityName = entityTypeOf(urn);
  const known = aspects?.filter((aspect) => entityHasAspect(entityName, aspect));
  return { entityName, urn, aspects: service.envelopedAspects(urn, known) };
}

/** POST /entities?action=... */
export function entitiesAction(
  action: string,
  body: unknown,
  service: CatalogService,
  actor: string,
): RestliReply {
  if (!isJsonObject(body)) throw new ServiceError(400, 'the request body must be a JSON object');
  switch (action) {
    case 'ingest':
    case 'batchIngest': {
      const entities = action === 'ingest' ? [body['entity']] : body['entities'];
      if (!Array.isArray(entities)) throw new ServiceError(400, "Parameter 'entities' is required");
      checkSnapshotParameters(action, entities);
      const systemMetadata = action === 'ingest' ? [body['systemMetadata']] : body['systemMetadata'];
      const records = entities.map((entity, index) => ({
        proposedSnapshot: isJsonObject(entity) ? entity['value'] : undefined,
        ...(Array.isArray(systemMetadata) && isJsonObject(systemMetadata[index])
          ? { systemMetadata: systemMetadata[index] }
          : {}),
      }));
      const parsed = parseMetadataRecords(records, 'restli');
      if (!parsed.ok) {
        throw new ServiceError(
          422,
          parsed.errors.map((error) => `entity ${error.index}: ${error.message}`).join('; '),
        );
      }
      authorizeApiSnapshots(service, actor, [
        ...new Set(parsed.proposals.map((proposal) => proposal.entityUrn)),
      ]);
      // parseMetadataRecords has validated every value against the same schemas: accept without a second walk.
      service.ingestAccepted(service.acceptChecked(parsed.proposals), actor);
      return ok({});
    }
    case 'listUrns': {
      const entity = body['entity'];
      const start = body['start'] ?? 0;
      const count = body['count'] ?? 100;
      if (typeof entity !== 'string') throw new ServiceError(400, "Parameter 'entity' is required");
      if (!isCount(start) || !isCount(count) || count > 10_000) {
        throw new ServiceError(400, "Parameters 'start' and 'count' must be integers (count at most 10000)");
      }
      const page = service.listUrns(entity, start, count);
      return ok({ value: { entities: page.urns, start, count: page.urns.length, total: page.total } });
    }
    case 'exists': {
      const urn = body['urn'];
      if (typeof urn !== 'string') throw new ServiceError(400, "Parameter 'urn' is required");
      return ok({ value: service.exists(urn, body['includeSoftDelete'] !== false) });
    }
    case 'delete':
      if (typeof body['urn'] === 'string') authorizeApiDelete(service, actor, body['urn']);
      return deleteEntity(body, service);
    default:
      throw new ServiceError(400, `Unknown action ${action} on resource entities`);
  }
}

/**
 * POST /entities?action=delete {urn, aspectName?, startTimeMillis?, endTimeMillis?}, as EntityResource.deleteEntity
 * (v1.7.0) answers it: a hard delete of the entity (EntityService.deleteUrn; `rows` counts the aspect rows that
 * went, 0 when the entity had no key aspect) and of its timeseries events in the window (`timeseriesRows`). With
 * `aspectName` (a timeseries aspect) only that aspect's events go, and `rows` is absent. References from other
 * entities stay: GMS removes them only on `deleteReferences` (its graph index drops the edges at once, as here).
 */
function deleteEntity(body: JsonObject, service: CatalogService): RestliReply {
  const urn = body['urn'];
  if (typeof urn !== 'string') throw new ServiceError(400, "Parameter 'urn' is required");
  const entityType = entityTypeOf(urn);
  const aspectName = body['aspectName'] ?? undefined;
  if (aspectName !== undefined && typeof aspectName !== 'string')
    throw new ServiceError(400, "Parameter 'aspectName' must be a string");
  if (
    aspectName !== undefined &&
    !(entityHasAspect(entityType, aspectName) && isTimeseriesAspect(aspectName))
  ) {
    // An UnsupportedOperationException, which RestliUtils.toTask answers with 500.
    throw new ServiceError(500, `Not supported for non-timeseries aspect ${aspectName}.`);
  }
  const window = timeWindowOf(body);
  const deleted = service.deleteEntity(urn, {
    references: false,
    ...(aspectName === undefined ? {} : { timeseriesAspect: aspectName }),
    ...window,
  });
  return ok({
    value: {
      urn,
      ...(deleted.rows === undefined ? {} : { rows: deleted.rows }),
      timeseriesRows: deleted.timeseriesRows,
    },
  });
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function entityTypeOf(urn: string): string {
  const raw = parseRawUrn(urn);
  if (!raw.ok) throw new ServiceError(400, `Invalid urn ${urn}: ${raw.error}`);
  return raw.value.entityType;
}

/** The optional `startTimeMillis` / `endTimeMillis` of a timeseries request (epoch milliseconds). */
function timeWindowOf(body: JsonObject): { startTimeMillis?: number; endTimeMillis?: number } {
  const window: { startTimeMillis?: number; endTimeMillis?: number } = {};
  for (const name of ['startTimeMillis', 'endTimeMillis'] as const) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value))
      throw new ServiceError(400, `Parameter '${name}' must be an integer (epoch milliseconds)`);
    window[name] = value;
  }
  return window;
}
