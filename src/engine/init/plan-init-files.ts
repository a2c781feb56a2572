/**
 * What `catalog init` does with each file it scaffolds, decided from the text it would write, the text there now
 * and the record of what it wrote before (init-record.ts). Pure: `--dry-run` shows these decisions, a run carries
 * them out.
 */
import { yamlLibrary } from '../../model/yaml-library.js';
import { hashText, type InitRecord } from './init-record.js';
import type { SyncEnvironment } from './sync-environments.js';

export type FileStep =
  /** Missing and never written by init: written. */
  | 'create'
  /**
   * Init's own, untouched since it wrote it, and init now writes other text: brought up to date (never the
   * Settings, which are configuration: they are only extended).
   */
  | 'update'
  /** Already what init writes. */
  | 'unchanged'
  /** Not what init writes, and the user's (changed since init wrote it, or never init's) or the Settings: kept. */
  | 'differs'
  /** `differs`, with --force: replaced by what init writes. */
  | 'replace'
  /** The Settings, given the environments `--environments` named that they lack (addEnvironments). */
  | 'extend'
  /** Written by init, then deleted: not written again. */
  | 'deleted';

export interface FilePlan {
  /** Relative to the project root, `/` separators. */
  readonly path: string;
  readonly step: FileStep;
  /** The text there now (absent: none). */
  readonly current?: string;
  /** The text init writes (for `create`, `update`, `replace`, `extend`; what it would write, otherwise). */
  readonly text: string;
  /** `extend`: the environments added. */
  readonly added?: readonly string[];
}

/** Whether a step writes the file. */
export function writes(step: FileStep): boolean {
  return step === 'create' || step === 'update' || step === 'replace' || step === 'extend';
}

/**
 * The step for one file. `force` replaces only a file that differs: a deleted file stays deleted, and init's own
 * untouched files are brought up to date without it. A `configuration` file (the Settings) is never brought up to
 * date: what init would write depends on the flags of each run, and the next run's would undo the last's.
 */
export function planFile(
  path: string,
  text: string,
  current: string | undefined,
  record: InitRecord,
  force: boolean,
  configuration = false,
): FilePlan {
  const recorded = record.get(path);
  const plan = (step: FileStep): FilePlan => ({
    path,
    step,
    text,
    ...(current === undefined ? {} : { current }),
  });
  if (current === undefined) return plan(recorded === undefined ? 'create' : 'deleted');
  if (current === text) return plan('unchanged');
  if (!configuration && recorded !== undefined && recorded === hashText(current)) return plan('update');
  return plan(force ? 'replace' : 'differs');
}

/**
 * The record after init: the files that now hold what init wrote get its hash; every other entry stays (a file
 * the user changed or deleted stays recorded as init wrote it, so it is still told apart next time).
 */
export function nextRecord(record: InitRecord, plans: readonly FilePlan[]): InitRecord {
  const next = new Map(record);
  for (const plan of plans) {
    if (
      plan.step === 'create' ||
      plan.step === 'update' ||
      plan.step === 'replace' ||
      plan.step === 'unchanged'
    ) {
      next.set(plan.path, hashText(plan.text));
    }
  }
  return next;
}

/**
 * A Settings file with the environments it lacks added, each an entry of its `environments:` block (the block is
 * added at the end of the Settings document when it has none); lines are only added, so the file's comments and
 * layout stay. Undefined when none is missing, or when adding lines cannot do it (no Settings document in the
 * file, or one written in flow style: those are the user's to edit). `entries` makes an environment's lines,
 * indented by two spaces.
 */
export function addEnvironments(
  current: string,
  wanted: readonly SyncEnvironment[],
  entries: (environments: readonly SyncEnvironment[]) => string[],
): { text: string; added: string[] } | undefined {
  if (wanted.length === 0) return undefined;
  const { isMap, parseAllDocuments } = yamlLibrary();
  const documents = parseAllDocuments(current);
  for (const document of Array.isArray(documents) ? documents : [documents]) {
    const contents = document.contents;
    if (document.errors.length > 0 || !isMap(contents) || contents.flow === true) continue;
    const kind: unknown = contents.get('kind');
    if (kind !== 'Settings') continue;
    const block = contents.get('environments', true);
    if (block === undefined) {
      // At the end of the document, after its last comment (init's own Settings end with one, on `target:`).
      const lines = ['environments:', ...entries(wanted)];
      return { text: insertAfterLineOf(current, document.range[2], lines), added: wanted.map((e) => e.name) };
    }
    if (!isMap(block) || block.flow === true || block.items.length === 0 || !block.range) return undefined;
    const present = new Set(block.items.map((item) => String((item.key as { value?: unknown }).value)));
    const missing = wanted.filter((environment) => !present.has(environment.name));
    if (missing.length === 0) return undefined;
    // Indented as the block's own entries.
    const first = (block.items[0]?.key as { range?: [number, number, number] }).range?.[0] ?? 0;
    const indent = first - (current.lastIndexOf('\n', first - 1) + 1);
    const lines = entries(missing).map((line) => `${' '.repeat(indent)}${line.slice(2)}`);
    return { text: insertAfterLineOf(current, block.range[1], lines), added: missing.map((e) => e.name) };
  }
  return undefined;
}

/** `lines` inserted after the line the offset `end` (a node's end) is on. */
function insertAfterLineOf(text: string, end: number, lines: readonly string[]): string {
  const newline = text.indexOf('\n', Math.max(end - 1, 0));
  const at = newline === -1 ? text.length : newline + 1;
  const before = text.slice(0, at);
  return `${before}${before.endsWith('\n') || before === '' ? '' : '\n'}${lines.join('\n')}\n${text.slice(at)}`;
}
