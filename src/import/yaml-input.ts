/**
 * A YAML file of one of DataHub's CLI verbs, read as that verb reads it, with every problem located as
 * `file:line:column`: `datahub properties upsert` and `datahub forms upsert` read with PyYAML's `yaml.safe_load`
 * (YAML 1.1, python-yaml.ts), `datahub dataproduct upsert` with ruamel's round-trip loader (YAML 1.2: `yes` is text,
 * integers and floats kept apart). The config models they fill are pydantic ConfigModels: unknown fields refused
 * (`extra="forbid"`), except where a verb parses with `parse_obj_allow_extras` (then they are ignored, and said so).
 * Pure.
 */
import { LineCounter, parseDocument } from 'yaml';
import type { JsonObject } from '../model/json.js';
import { isPlainObject, locator, pathText, type Context, type Path, type Raw } from './glossary-config.js';
import { pyyamlTags } from './python-yaml.js';

export type { Context, Path, Raw } from './glossary-config.js';

/** One manifest file an import writes. */
export interface ImportedFile {
  /** Path relative to the output directory. */
  readonly path: string;
  readonly documents: readonly JsonObject[];
}

/** What an import of one file makes: the files to write, or the problems that stop it (nothing is written then). */
export interface YamlImport {
  readonly files: readonly ImportedFile[];
  readonly errors: readonly string[];
  /** What the file holds that the verb ignores or the manifests cannot carry, said rather than dropped. */
  readonly warnings: readonly string[];
  readonly counts: Readonly<Record<string, number>>;
}

/** The file's value and the context its problems are reported through (undefined: a YAML error stopped it). */
export function readYamlInput(
  text: string,
  fileName: string,
  flavor: 'pyyaml' | 'ruamel',
): { readonly root: unknown; readonly context: Context } {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: false,
    ...(flavor === 'pyyaml'
      ? { version: '1.1' as const, customTags: pyyamlTags, merge: true }
      : { version: '1.2' as const, intAsBigInt: true }),
  });
  const locate = locator(fileName, document, lineCounter);
  const errors: string[] = [];
  const context: Context = {
    options: { enableAutoId: false, legacyIds: false },
    errors,
    warnings: [],
    error: (path, message, key = false) =>
      errors.push(
        `${locate(path, key)}: ${path.length === 0 || message.startsWith(pathText(path)) ? '' : `${pathText(path)}: `}${message}`,
      ),
    where: (path) => `${locate(path)}: ${pathText(path)}`,
  };
  for (const error of document.errors) {
    const at = lineCounter.linePos(error.pos[0]);
    errors.push(`${fileName}:${at.line}:${at.col}: YAML error: ${error.message.split('\n')[0]}`);
  }
  return { root: errors.length > 0 ? undefined : document.toJS({ maxAliasCount: 100 }), context };
}

/**
 * The fields of a pydantic model: an unknown one is refused (`extra="forbid"`), or with `ignore` reported as a
 * warning (what `parse_obj_allow_extras` does: the verb drops it).
 */
export function checkModel(
  holder: Raw,
  model: string,
  fields: readonly string[],
  path: Path,
  context: Context,
  extra: 'forbid' | 'ignore' = 'forbid',
): void {
  for (const key of Object.keys(holder)) {
    if (fields.includes(key)) continue;
    if (extra === 'forbid')
      context.error(
        [...path, key],
        `Extra inputs are not permitted (DataHub's ${model} has no field '${key}')`,
        true,
      );
    else
      context.warnings.push(
        `${context.where([...path, key])}: ignored (DataHub's ${model} has no such field)`,
      );
  }
}

/** An optional pydantic bool (YAML true/false only). */
export function bool(holder: Raw, key: string, path: Path, context: Context): boolean | undefined {
  const value = holder[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') {
    context.error([...path, key], 'Input should be a valid boolean');
    return undefined;
  }
  return value;
}

/** The documents grouped by file, files in order. */
export function filesOf(byFile: ReadonlyMap<string, JsonObject[]>): ImportedFile[] {
  return [...byFile.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, documents]) => ({ path, documents }));
}

/** A file that is a list of entries, as `datahub properties upsert` and `datahub forms upsert` read it. */
export interface YamlList {
  /** What the verb reads, for the error when the file is not a list ("structured properties"). */
  readonly listOf: string;
  /** The verb ("datahub properties upsert"). */
  readonly verb: string;
  /** The pydantic model of one entry, named in the error for an entry that is not a mapping. */
  readonly model: string;
  /** The manifest file the documents go to, and the kind they are counted as. */
  readonly file: string;
  readonly kind: string;
}

/**
 * A list file → one manifest file: each entry that is a mapping is made a document by `entry` (undefined: it had an
 * error, reported through the context); `checkAll` then checks what spans entries. Any error: nothing is written.
 */
export function importYamlList(
  text: string,
  fileName: string,
  list: YamlList,
  entry: (item: Raw, path: Path, context: Context) => JsonObject | undefined,
  checkAll: (root: readonly unknown[], context: Context) => void = () => undefined,
): YamlImport {
  const { root, context } = readYamlInput(text, fileName, 'pyyaml');
  const none = (): YamlImport => ({
    files: [],
    errors: context.errors,
    warnings: context.warnings,
    counts: {},
  });
  if (root === undefined) return none();
  if (!Array.isArray(root)) {
    context.error([], `the file is not a list of ${list.listOf} (what \`${list.verb}\` reads)`);
    return none();
  }
  const documents = root.flatMap((item: unknown, index): JsonObject[] => {
    if (!isPlainObject(item)) {
      context.error([index], `Input should be a valid dictionary or instance of ${list.model}`);
      return [];
    }
    const document = entry(item, [index], context);
    return document === undefined ? [] : [document];
  });
  checkAll(root, context);
  if (context.errors.length > 0) return none();
  return {
    files: filesOf(new Map([[list.file, documents]])),
    errors: [],
    warnings: context.warnings,
    counts: { [list.kind]: documents.length },
  };
}
