import { plural } from './plural.js';

/** What is printed for a file ingested. */
export function renderIngestedLine(
  file: string,
  counts: { readonly records: number; readonly aspects: number; readonly entities: number },
  target: string,
): string {
  return `${file}: ingested ${counts.records} records (${plural(counts.aspects, 'aspect')} of ${plural(counts.entities, 'entity', 'entities')}) into ${target}\n`;
}
