import type { SourceLocation } from '../errors.js';
import type { JsonValue } from '../model/json.js';
import { plural } from './plural.js';

/** What the summary counts of an adopted value (adopt/compute-adoption.ts Adoption has this shape). */
export interface AdoptedValue {
  readonly reason: 'drift' | 'shadow' | 'unmanaged';
}

/** A field adopt left as it is (adopt/compute-adoption.ts AdoptionConflict has this shape). */
export interface LeftConflict {
  readonly urn: string;
  readonly field: string;
  readonly source: SourceLocation;
  readonly base?: JsonValue;
  readonly manifest?: JsonValue;
  readonly live?: JsonValue;
  readonly note?: string;
}

/** adopt's closing line on stderr: how many values into how many files, by reason. */
export function renderAdoptionSummary(
  adoptions: readonly AdoptedValue[],
  files: number,
  dryRun: boolean,
): string {
  if (adoptions.length === 0) return 'nothing to adopt: the manifests match the catalog\n';
  const count = (reason: AdoptedValue['reason']): number =>
    adoptions.filter((a) => a.reason === reason).length;
  const parts = [
    `${count('drift')} changed in DataHub`,
    `${count('shadow')} UI ${count('shadow') === 1 ? 'edit' : 'edits'} shown instead of the manifest`,
    ...(count('unmanaged') > 0 ? [`${count('unmanaged')} added by others`] : []),
  ];
  return `${dryRun ? 'would adopt' : 'adopted'} ${plural(adoptions.length, 'value')} into ${plural(files, 'file')} (${parts.join(', ')})\n`;
}

/** A field left as it is, on a line of its own: a conflict of both sides, or a note (a value with a variable). */
export function renderConflictLine(conflict: LeftConflict): string {
  const show = (value: JsonValue | undefined): string =>
    value === undefined ? '(absent)' : JSON.stringify(value);
  if (conflict.note !== undefined)
    return `note: ${conflict.field} of ${conflict.urn} (${conflict.source.file}:${conflict.source.line}) is ${show(conflict.live)} in DataHub; ${conflict.note}\n`;
  return (
    `conflict: ${conflict.field} of ${conflict.urn} (${conflict.source.file}:${conflict.source.line}) changed in ` +
    `this branch (${show(conflict.base)} -> ${show(conflict.manifest)}) and in DataHub (${show(conflict.live)}); ` +
    `left as it is\n`
  );
}
