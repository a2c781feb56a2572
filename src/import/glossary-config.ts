/**
 * Reading DataHub's business-glossary file as its source does (business-glossary.ts): the config models' fields
 * (pydantic, unknown fields refused), pydantic's string and list fields, environment variables expanded, and every
 * problem located as `file:line:column`.
 */
import { isMap, isScalar, isSeq, type Document, type LineCounter } from 'yaml';
import { resolveElement, UnboundVariable, type Environment } from './expand-env.js';
import { PyTimestamp, pythonStr } from './python-yaml.js';

export interface ImportOptions {
  /** The source's `enable_auto_id`. */
  readonly enableAutoId: boolean;
  readonly legacyIds: boolean;
  /** The environment `${VAR}` in the file expands from (DataHub's loader reads os.environ). */
  readonly env?: Environment;
}

export type Path = readonly (string | number)[];

export const pathText = (path: Path): string =>
  path.reduce<string>(
    (text, segment) =>
      typeof segment === 'number' ? `${text}[${segment}]` : text === '' ? segment : `${text}.${segment}`,
    '',
  );

/** `file:line:column` of a path in the YAML (of its key with `key`), else of the nearest enclosing node. */
export function locator(fileName: string, document: Document, lineCounter: LineCounter) {
  return (path: Path, key = false): string => {
    let node: unknown = document.contents;
    let offset = isScalar(node) || isMap(node) || isSeq(node) ? (node.range?.[0] ?? 0) : 0;
    for (const [index, segment] of path.entries()) {
      let next: unknown;
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => (isScalar(item.key) ? String(item.key.value) : item.key) === segment,
        );
        if (pair === undefined) break;
        if (key && index === path.length - 1 && isScalar(pair.key)) {
          offset = pair.key.range?.[0] ?? offset;
          break;
        }
        next = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        next = node.items[segment];
      }
      if (!(isScalar(next) || isMap(next) || isSeq(next))) break;
      node = next;
      offset = next.range?.[0] ?? offset;
    }
    const at = lineCounter.linePos(offset);
    return `${fileName}:${at.line}:${at.col}`;
  };
}

export interface Context {
  readonly options: ImportOptions;
  readonly errors: string[];
  readonly warnings: string[];
  /** Reports a problem at a path (at its key with `key`). */
  error(path: Path, message: string, key?: boolean): void;
  where(path: Path): string;
}

export type Raw = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Raw {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof PyTimestamp)
  );
}

/** DataHub's config models (pydantic): which fields each has. */
const FIELDS = {
  BusinessGlossaryConfig: ['source', 'owners', 'url', 'source_type', 'version', 'terms', 'nodes'],
  GlossaryNodeConfig: [
    'id',
    'name',
    'description',
    'owners',
    'terms',
    'nodes',
    'knowledge_links',
    'custom_properties',
  ],
  GlossaryTermConfig: [
    'id',
    'name',
    'description',
    'term_source',
    'source_ref',
    'source_url',
    'owners',
    'inherits',
    'contains',
    'values',
    'related_terms',
    'custom_properties',
    'knowledge_links',
    'domain',
  ],
  Owners: ['type', 'typeUrn', 'users', 'groups'],
  KnowledgeCard: ['url', 'label'],
} as const;

export function checkFields(holder: Raw, model: keyof typeof FIELDS, path: Path, context: Context): void {
  const allowed: readonly string[] = FIELDS[model];
  for (const key of Object.keys(holder)) {
    if (!allowed.includes(key))
      context.error(
        [...path, key],
        `Extra inputs are not permitted (DataHub's ${model} has no field '${key}')`,
        true,
      );
  }
}

/** A pydantic `str` field: text only (a number or a date is refused, as pydantic 2 refuses it). */
export function str(
  holder: Raw,
  key: string,
  path: Path,
  context: Context,
  optional = true,
): string | undefined {
  const value = holder[key];
  if (value === undefined) return undefined;
  if (value === null && optional) return undefined;
  if (typeof value !== 'string') {
    context.error([...path, key], `Input should be a valid string${hintQuote(value)}`);
    return undefined;
  }
  return value;
}

export function requiredStr(holder: Raw, key: string, path: Path, context: Context): string | undefined {
  if (!(key in holder)) {
    context.error(path, `${pathText([...path, key])}: Field required`);
    return undefined;
  }
  return str(holder, key, path, context, false);
}

const hintQuote = (value: unknown): string =>
  typeof value === 'boolean' ||
  typeof value === 'number' ||
  typeof value === 'bigint' ||
  value instanceof PyTimestamp
    ? ` (YAML read ${pythonStr(value) ?? 'it'} as a ${value instanceof PyTimestamp ? 'date' : typeof value === 'boolean' ? 'boolean' : 'number'}: quote it)`
    : '';

/** An Optional[List[str]] field. */
export function strList(holder: Raw, key: string, path: Path, context: Context): string[] | undefined {
  const value = holder[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    context.error([...path, key], 'Input should be a valid list');
    return undefined;
  }
  const result: string[] = [];
  value.forEach((item, index) => {
    if (typeof item === 'string') result.push(item);
    else context.error([...path, key, index], `Input should be a valid string${hintQuote(item)}`);
  });
  return result;
}

/** An Optional[List[Model]] field. */
export function modelList(holder: Raw, key: string, path: Path, context: Context): [Raw, Path][] {
  const value = holder[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    context.error([...path, key], 'Input should be a valid list');
    return [];
  }
  return value.flatMap((item, index): [Raw, Path][] => {
    if (isPlainObject(item)) return [[item, [...path, key, index]]];
    context.error([...path, key, index], 'Input should be a valid dictionary or instance of the model');
    return [];
  });
}

/** Expands environment variables in every string value (not keys), as load_config_file(resolve_env_vars=True). */
export function expandEnvironment(value: unknown, path: Path, context: Context): unknown {
  const env = context.options.env ?? {};
  if (typeof value === 'string') {
    try {
      return resolveElement(value, env);
    } catch (error) {
      if (!(error instanceof UnboundVariable)) throw error;
      context.error(path, `${error.message} (DataHub expands environment variables in the file)`);
      return value;
    }
  }
  if (Array.isArray(value))
    return value.map((item, index) => expandEnvironment(item, [...path, index], context));
  if (isPlainObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, expandEnvironment(item, [...path, key], context)]),
    );
  return value;
}
