import { CatalogError } from '../errors.js';
import { didYouMean } from '../model/did-you-mean.js';
import type { JsonObject } from '../model/json.js';
import { aspectNamesOf, entityHasAspect, keyAspectOf } from '../model/registry.js';
import { parseRawUrn } from '../model/urn.js';
import type { EngineContext } from './context.js';
import { openTarget } from './open-target.js';

export interface ReadAspectsOptions extends EngineContext {
  readonly urn: string;
  /** Aspect names of the entity's type. */
  readonly aspects: readonly string[];
  /** The DataHub GMS URL; default DATAHUB_GMS_URL, ~/.datahubenv, else the embedded catalog. */
  readonly server?: string;
}

/**
 * `catalog get`: DataHub CLI's read (`datahub get`): the aspects of an entity, keyed by aspect name. A missing
 * entity or aspect is a NOT_FOUND error; an unknown type or aspect a USAGE error (before the target is contacted).
 */
export async function readAspects(options: ReadAspectsOptions): Promise<Record<string, JsonObject>> {
  const { urn, aspects } = options;
  const raw = parseRawUrn(urn);
  if (!raw.ok) throw new CatalogError('USAGE', `--urn ${urn} is not a URN: ${raw.error}`);
  const entityType = raw.value.entityType;
  const keyAspect = keyAspectOf(entityType);
  if (keyAspect === undefined) throw new CatalogError('USAGE', `unknown entity type ${entityType} in ${urn}`);
  for (const aspect of aspects) {
    if (!entityHasAspect(entityType, aspect)) {
      const hint = didYouMean(aspect, aspectNamesOf(entityType));
      throw new CatalogError(
        'USAGE',
        `${entityType} has no aspect ${aspect}${hint === undefined ? '' : ` (${hint})`}`,
      );
    }
  }
  const connection = await openTarget({
    cwd: options.cwd,
    env: options.env,
    ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
    ...(options.server === undefined ? {} : { server: options.server }),
  });
  try {
    const { restli } = connection.client;
    if ((await restli.getAspect(urn, keyAspect)) === undefined) {
      throw new CatalogError('NOT_FOUND', `urn ${urn} not found in ${connection.description}`);
    }
    const entity = await restli.getEntity(urn, aspects);
    const found: Record<string, JsonObject> = {};
    const missing: string[] = [];
    for (const aspect of aspects) {
      const value = entity.get(aspect)?.value;
      if (value === undefined) missing.push(aspect);
      else found[aspect] = value;
    }
    if (missing.length > 0) {
      throw new CatalogError(
        'NOT_FOUND',
        `${urn} has no ${missing.join(', ')} aspect${missing.length > 1 ? 's' : ''}`,
      );
    }
    return found;
  } finally {
    await connection.close();
  }
}
