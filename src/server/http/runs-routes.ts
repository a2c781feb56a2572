/**
 * POST /runs?action=list|describe|rollback: GMS's runs resource (restli-api/.../com.linkedin.entity.runs.restspec.json
 * and BatchIngestionRunResource.java at v1.7.0), which `datahub ingest list-runs`, `show` and `rollback` call
 * (metadata-ingestion/src/datahub/cli/ingest_cli.py). Parameters are checked as Rest.li checks action parameters:
 * a required one missing, or one of the wrong type, is a 400.
 */
import { isJsonObject, type JsonObject } from '../../model/json.js';
import { ServiceError, type CatalogService } from '../catalog-service.js';
import type { RestliReply } from './restli-routes.js';

/** GMS's defaults (BatchIngestionRunResource: DEFAULT_OFFSET, DEFAULT_PAGE_SIZE). */
const DEFAULT_PAGE_SIZE = 100;
/** Most rows one describe answers (a guard, far above what DataHub's CLI asks: 100). */
const MAX_COUNT = 10_000;

export function runsAction(action: string, body: unknown, service: CatalogService): RestliReply {
  if (!isJsonObject(body)) throw new ServiceError(400, 'the request body must be a JSON object');
  switch (action) {
    case 'list': {
      const offset = count(body, 'pageOffset') ?? 0;
      const size = count(body, 'pageSize') ?? DEFAULT_PAGE_SIZE;
      const includeSoft = flag(body, 'includeSoft') ?? false;
      return { status: 200, body: { value: service.listRuns({ offset, size, includeSoft }) } };
    }
    case 'describe': {
      const runId = text(body, 'runId');
      const start = required(body, 'start', count(body, 'start'));
      const rows = required(body, 'count', count(body, 'count'));
      if (rows > MAX_COUNT) throw new ServiceError(400, `Parameter 'count' must be at most ${MAX_COUNT}`);
      const summaries = service.describeRun(runId, {
        start,
        count: rows,
        includeSoft: flag(body, 'includeSoft') ?? false,
        includeAspect: flag(body, 'includeAspect') ?? false,
      });
      return { status: 200, body: { value: summaries } };
    }
    case 'rollback': {
      const runId = text(body, 'runId');
      const safe = flag(body, 'safe');
      const hardDelete = flag(body, 'hardDelete');
      // As the resource decides: `safe` wins over the deprecated `hardDelete`; neither: a soft delete.
      const hard = safe !== undefined ? !safe : (hardDelete ?? false);
      const response = service.rollbackRun(runId, {
        dryRun: flag(body, 'dryRun') ?? false,
        hardDelete: hard,
      });
      return { status: 200, body: { value: response } };
    }
    default:
      throw new ServiceError(400, `Unknown action ${action} on resource runs`);
  }
}

function text(body: JsonObject, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '')
    throw new ServiceError(400, `Parameter '${name}' is required`);
  return value;
}

function count(body: JsonObject, name: string): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new ServiceError(400, `Parameter '${name}' must be a non-negative integer`);
  return value;
}

function flag(body: JsonObject, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new ServiceError(400, `Parameter '${name}' must be true or false`);
  return value;
}

function required<T>(_body: JsonObject, name: string, value: T | undefined): T {
  if (value === undefined) throw new ServiceError(400, `Parameter '${name}' is required`);
  return value;
}
