import { readAspects } from '../../engine/read-aspects.js';
import { stableStringify } from '../../model/json.js';
import type { CliIo } from '../io.js';
import { contextOf } from '../target-flags.js';

/**
 * `catalog get --urn U --aspect A [--aspect B]`: DataHub CLI's read (`datahub get`). Prints a JSON object keyed
 * by aspect name with each aspect's fields; a missing entity or aspect is an error.
 */
export async function runGet(
  options: { urn: string; aspect: string[]; server?: string },
  io: CliIo,
): Promise<number> {
  const aspects = await readAspects({
    ...contextOf(io),
    urn: options.urn,
    aspects: options.aspect,
    ...(options.server === undefined ? {} : { server: options.server }),
  });
  io.stdout.write(`${stableStringify(aspects, 2)}\n`);
  return 0;
}
