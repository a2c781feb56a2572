import { CatalogError } from '../../errors.js';
import { didYouMean } from '../../model/did-you-mean.js';
import { stableStringify } from '../../model/json.js';
import { aspectNamesOf, entityHasAspect, keyAspectOf } from '../../model/registry.js';
import { parseRawUrn } from '../../model/urn.js';
import { connect } from '../connect.js';
import type { CliIo } from '../io.js';

/**
 * `catalog get --urn U --aspect A [--aspect B]`: DataHub CLI's read (`datahub get`). Prints a JSON object keyed
 * by aspect name with each aspect's fields; a missing entity or aspect is an error.
 */
export async function runGet(
  options: { urn: string; aspect: string[]; server?: string },
  io: CliIo,
): Promise<number> {
  const raw = parseRawUrn(options.urn);
  if (!raw.ok) throw new CatalogError('USAGE', `--urn ${options.urn} is not a URN: ${raw.error}`);
  const entityType = raw.value.entityType;
  const keyAspect = keyAspectOf(entityType);
  if (keyAspect === undefined)
    throw new CatalogError('USAGE', `unknown entity type ${entityType} in ${options.urn}`);
  for (const aspect of options.aspect) {
    if (!entityHasAspect(entityType, aspect)) {
      const hint = didYouMean(aspect, aspectNamesOf(entityType));
      throw new CatalogError(
        'USAGE',
        `${entityType} has no aspect ${aspect}${hint === undefined ? '' : ` (${hint})`}`,
      );
    }
  }
  const connection = await connect(options.server === undefined ? {} : { serverFlag: options.server }, io);
  try {
    const { restli } = connection.client;
    if ((await restli.getAspect(options.urn, keyAspect)) === undefined) {
      throw new CatalogError('NOT_FOUND', `urn ${options.urn} not found in ${connection.description}`);
    }
    const entity = await restli.getEntity(options.urn, options.aspect);
    const missing = options.aspect.filter((aspect) => !entity.has(aspect));
    if (missing.length > 0) {
      throw new CatalogError(
        'NOT_FOUND',
        `${options.urn} has no ${missing.join(', ')} aspect${missing.length > 1 ? 's' : ''}`,
      );
    }
    const result = Object.fromEntries(options.aspect.map((aspect) => [aspect, entity.get(aspect)?.value]));
    io.stdout.write(`${stableStringify(result, 2)}\n`);
    return 0;
  } finally {
    await connection.close();
  }
}
