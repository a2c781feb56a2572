import { randomInt } from 'node:crypto';

const SUFFIX_CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new run id, made as DataHub's CLI makes an ingestion run's (pipeline_config.py `_generate_run_id` at v1.7.0):
 * `<source>-<YYYY_MM_DD-HH_MM_SS>-<6 random letters and digits>`, the source being `catalog` for an apply and
 * `catalog-rollback` for a rollback. The time is UTC (DataHub's CLI uses the machine's zone), so that ids read
 * the same from every machine that ran them.
 */
export function newRunId(
  source: 'catalog' | 'catalog-rollback',
  now: Date = new Date(),
  random: (max: number) => number = randomInt,
): string {
  const two = (value: number): string => String(value).padStart(2, '0');
  const date = `${now.getUTCFullYear()}_${two(now.getUTCMonth() + 1)}_${two(now.getUTCDate())}`;
  const time = `${two(now.getUTCHours())}_${two(now.getUTCMinutes())}_${two(now.getUTCSeconds())}`;
  const suffix = Array.from({ length: 6 }, () => SUFFIX_CHARACTERS[random(SUFFIX_CHARACTERS.length)]).join(
    '',
  );
  return `${source}-${date}-${time}-${suffix}`;
}

/**
 * What a run id may be: what DataHub's CLI makes (letters, digits, `-`, `_`, `.`, `:`), at most 200 characters.
 * A run id given on the command line is checked against it before anything is asked of the catalog.
 */
export function isRunId(text: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/.test(text);
}
