/**
 * DataHub's business-glossary source file → manifests (`catalog import business-glossary`). Reconciling the
 * output gives the URNs and aspects that DataHub's source (metadata-ingestion/src/datahub/ingestion/source/
 * metadata/business_glossary.py) writes for the same file:
 *
 * - ids: a node's or term's `id` when given (a full URN is taken as it is); otherwise its path of names joined
 *   by "." and cleaned as DataHub cleans it (clean_url: spaces become "-", characters other than letters,
 *   digits, "-" and "." go, runs of "-" or "." collapse, leading and trailing ones go), or DataHub's hashed id
 *   (datahub_guid: md5 of {"path": <path>}) with --enable-auto-id, and always when the path holds a non-ASCII
 *   character. --legacy-ids reproduces DataHub releases before the cleaning: the raw path, hashed only when it
 *   holds one of , ( ) ␟ %.
 * - owners are inherited from the file, then the nearest node, unless the node or term names its own (which
 *   replace them); type DEVELOPER unless given; a type URN is written as type CUSTOM with that typeUrn.
 * - termSource, sourceRef and sourceUrl fall back to the file's source_type, source and url.
 * - custom property values are strings as DataHub's config model renders them: YAML is read as PyYAML reads it
 *   (YAML 1.1: yes/no are booleans), and true → "True", 1.0 → "1.0".
 * - related terms (inherits, contains, values, related_terms) name terms by their path, resolved as DataHub
 *   resolves them; links are knowledge_links with both a label and a url; a domain must be a URN (DataHub looks
 *   names up on a server, which an offline import cannot do).
 * Pure: text in, documents and problems out.
 */
import { createHash } from 'node:crypto';
import { LineCounter, parseDocument } from 'yaml';
import { fileName as manifestFileName } from '../manifest/render-manifests.js';
import type { JsonObject, JsonValue } from '../model/json.js';
import { appendTo } from '../model/group.js';

export interface ImportOptions {
  readonly enableAutoId: boolean;
  readonly legacyIds: boolean;
}

export interface ImportedFile {
  /** Path relative to the output directory. */
  readonly path: string;
  readonly documents: readonly JsonObject[];
}

export interface ImportResult {
  readonly files: readonly ImportedFile[];
  /** Problems that stop the import (nothing is written): each names where in the file. */
  readonly errors: readonly string[];
  /** What the file holds that reconciling cannot write (said, not silently dropped). */
  readonly warnings: readonly string[];
  readonly counts: { readonly nodes: number; readonly terms: number };
}

const DEFAULT_OWNER_TYPE = 'DEVELOPER';
const OWNERSHIP_TYPES = new Set([
  'TECHNICAL_OWNER',
  'BUSINESS_OWNER',
  'DATA_STEWARD',
  'NONE',
  'DEVELOPER',
  'DATAOWNER',
  'DELEGATE',
  'PRODUCER',
  'CONSUMER',
  'STAKEHOLDER',
]);

/** DataHub's datahub_guid: md5 of the object as Python's json.dumps(sort_keys, compact, ensure_ascii) writes it. */
export function datahubGuid(object: Readonly<Record<string, string>>): string {
  const sorted = Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const json = JSON.stringify(sorted).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return createHash('md5').update(json, 'utf8').digest('hex');
}

/** DataHub's clean_url for path-derived ids. */
export function cleanId(text: string): string {
  return text
    .replace(/ /g, '-')
    .replace(/[^a-zA-Z0-9.-]/g, '')
    .replace(/-+/g, '-')
    .replace(/\.+/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '');
}

/** The extended reserved characters of DataHub's UrnEncoder (a path holding one got a hashed id before cleaning). */
const EXTENDED_RESERVED = /[,()\u241F%]/;
/** Characters a URN id of ours encodes, which DataHub's path-built URNs would carry raw. */
const URN_RESERVED = /[,()\u241F]/;

export function createId(path: readonly string[], options: ImportOptions): string {
  const joined = path.join('.');
  if (options.legacyIds) {
    return options.enableAutoId || EXTENDED_RESERVED.test(joined) ? datahubGuid({ path: joined }) : joined;
  }
  // eslint-disable-next-line no-control-regex
  if (/[^\u0000-\u007f]/.test(joined) || options.enableAutoId) return datahubGuid({ path: joined });
  return cleanId(joined);
}

/** Python's str() of a float. */
function pythonFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude >= 1e16 || magnitude < 1e-4)) {
    return value.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  return Number.isInteger(value) ? `${value}.0` : String(value);
}

interface Context {
  readonly options: ImportOptions;
  readonly errors: string[];
  readonly warnings: string[];
}

type Owners = readonly JsonObject[];

interface NodeOut {
  readonly id: string;
  readonly doc: JsonObject;
  readonly file: string;
}

const FILE_KEYS = new Set(['version', 'source', 'owners', 'url', 'source_type', 'nodes', 'terms']);
const NODE_KEYS = new Set([
  'id',
  'name',
  'description',
  'owners',
  'terms',
  'nodes',
  'knowledge_links',
  'custom_properties',
  'tags',
]);
const TERM_KEYS = new Set([
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
  'tags',
]);

export function importBusinessGlossary(text: string, fileName: string, options: ImportOptions): ImportResult {
  const context: Context = { options, errors: [], warnings: [] };
  // PyYAML reads YAML 1.1: `yes`, `on`, `no` are booleans there, and so are they here.
  const lineCounter = new LineCounter();
  const document = parseDocument(text, {
    lineCounter,
    version: '1.1',
    uniqueKeys: true,
    prettyErrors: false,
    intAsBigInt: true,
  });
  for (const error of document.errors) {
    const at = lineCounter.linePos(error.pos[0]);
    const where = `${fileName}:${at.line}:${at.col}`;
    context.errors.push(`${where}: YAML error: ${error.message.split('\n')[0]}`);
  }
  if (context.errors.length > 0)
    return { files: [], errors: context.errors, warnings: [], counts: { nodes: 0, terms: 0 } };
  const root = document.toJS({ maxAliasCount: 100 }) as unknown;
  if (!isPlainObject(root)) {
    return {
      files: [],
      errors: [
        `${fileName}: the file is not a mapping (DataHub's business glossary starts with version, owners, nodes)`,
      ],
      warnings: [],
      counts: { nodes: 0, terms: 0 },
    };
  }
  const glossary = root;
  checkKeys(glossary, FILE_KEYS, fileName, context);
  const version = glossary['version'];
  if (String(version) !== '1')
    context.errors.push(`${fileName}: version: only version 1 is supported (DataHub)`);
  if (glossary['owners'] === undefined)
    context.errors.push(`${fileName}: owners: required (DataHub's DefaultConfig)`);
  const defaults = {
    source: optionalText(glossary['source'], `${fileName}: source`, context),
    url: optionalText(glossary['url'], `${fileName}: url`, context),
    sourceType: optionalText(glossary['source_type'], `${fileName}: source_type`, context) ?? 'INTERNAL',
  };
  const rootOwners = owners(glossary['owners'], `${fileName}: owners`, context);

  // First every URN (DataHub's materialize_all_node_urns and populate_path_vs_id), then the documents. Shape
  // problems are reported once, by the second pass.
  const urnsByPath = new Map<string, string>();
  const quiet: Context = { options, errors: [], warnings: [] };
  const visit = (container: Record<string, unknown>, path: readonly string[], where: string): void => {
    listOf(container['terms'], `${where}terms`, quiet).forEach((term) => {
      const name = textOf(term['name']);
      if (name === undefined) return;
      urnsByPath.set(
        [...path, name].join('.'),
        entityUrn('glossaryTerm', [...path, name], term['id'], quiet),
      );
    });
    listOf(container['nodes'], `${where}nodes`, quiet).forEach((node, index) => {
      const name = textOf(node['name']);
      if (name === undefined) return;
      urnsByPath.set(
        [...path, name].join('.'),
        entityUrn('glossaryNode', [...path, name], node['id'], quiet),
      );
      visit(node, [...path, name], `${where}nodes[${index}].`);
    });
  };
  visit(glossary, [], `${fileName}: `);

  const files = new Map<string, JsonObject[]>();
  const add = (file: string, doc: JsonObject): void => appendTo(files, file, doc);
  const counts = { nodes: 0, terms: 0 };
  const declaredTerms = new Map<string, string>();
  for (const urn of urnsByPath.values()) {
    if (urn.startsWith('urn:li:glossaryTerm:'))
      declaredTerms.set(urn, urn.slice('urn:li:glossaryTerm:'.length));
  }
  const termRef = (ref: string): string => {
    // make_glossary_term_urn([ref], path_vs_id.get(ref)): a known path gives its URN, anything else an id.
    const known = urnsByPath.get(ref);
    const urn =
      known !== undefined && known.startsWith('urn:li:glossaryTerm:')
        ? known
        : `urn:li:glossaryTerm:${known ?? createId([ref], context.options)}`;
    return declaredTerms.get(urn) ?? urn;
  };

  /** A node or term's known fields, required name and description, and manifest id; undefined when unusable. */
  const checkEntry = (
    holder: Record<string, unknown>,
    keys: ReadonlySet<string>,
    path: readonly string[],
    entityType: 'glossaryNode' | 'glossaryTerm',
    where: string,
  ): { name: string; description: string; id: string } | undefined => {
    checkKeys(holder, keys, where, context);
    const name = required(holder['name'], `${where}name`, context);
    const description = required(holder['description'], `${where}description`, context);
    if (name === undefined || description === undefined) return undefined;
    const id = idOf(urnsByPath.get([...path, name].join('.')) as string, entityType, where, context);
    return id === undefined ? undefined : { name, description, id };
  };
  /** A node's or term's own owners replace the inherited ones (DataHub's source does not merge them). */
  const ownersOf = (holder: Record<string, unknown>, inherited: Owners, where: string): Owners =>
    holder['owners'] === undefined || holder['owners'] === null
      ? inherited
      : owners(holder['owners'], `${where}owners`, context);

  const emitTerm = (
    term: Record<string, unknown>,
    path: readonly string[],
    parent: NodeOut | undefined,
    inherited: Owners,
    file: string,
    where: string,
  ): void => {
    const entry = checkEntry(term, TERM_KEYS, path, 'glossaryTerm', where);
    if (entry === undefined) return;
    const { name, description, id } = entry;
    const termSource =
      optionalText(term['term_source'], `${where}term_source`, context) ?? defaults.sourceType;
    if (termSource !== 'INTERNAL' && termSource !== 'EXTERNAL')
      context.errors.push(`${where}term_source: '${termSource}' is neither INTERNAL nor EXTERNAL`);
    const related = (key: string): string[] | undefined => {
      const list = term[key];
      if (list === undefined || list === null) return undefined;
      if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
        context.errors.push(`${where}${key}: must be a list of term paths`);
        return undefined;
      }
      return list.map(termRef);
    };
    const relatedTerms = compact({
      isA: related('inherits'),
      hasA: related('contains'),
      values: related('values'),
      relatedTo: related('related_terms'),
    });
    const domain = optionalText(term['domain'], `${where}domain`, context);
    if (domain !== undefined && !domain.startsWith('urn:li:domain:'))
      context.errors.push(
        `${where}domain: '${domain}' needs server-side resolution in DataHub (a domain name); write the domain's URN (urn:li:domain:…)`,
      );
    warnTags(term, where, context);
    add(
      file,
      compact({
        apiVersion: 'catalog/v1',
        kind: 'GlossaryTerm',
        id,
        name,
        definition: description,
        termSource: termSource === 'EXTERNAL' ? 'EXTERNAL' : undefined,
        parent: parent?.id,
        sourceRef: optionalText(term['source_ref'], `${where}source_ref`, context) || defaults.source,
        sourceUrl: optionalText(term['source_url'], `${where}source_url`, context) || defaults.url,
        customProperties: customProperties(term, `${where}custom_properties`, context),
        relatedTerms: Object.keys(relatedTerms).length === 0 ? undefined : relatedTerms,
        domain,
        owners: ownersOf(term, inherited, where),
        links: links(term['knowledge_links'], `${where}knowledge_links`, context),
      }),
    );
    counts.terms += 1;
  };

  const emitNode = (
    node: Record<string, unknown>,
    path: readonly string[],
    parent: NodeOut | undefined,
    inherited: Owners,
    where: string,
  ): void => {
    const entry = checkEntry(node, NODE_KEYS, path, 'glossaryNode', where);
    if (entry === undefined) return;
    const { name, description, id } = entry;
    const nodeOwners = ownersOf(node, inherited, where);
    const file = parent?.file ?? `glossary/${manifestFileName(name)}.yaml`;
    warnTags(node, where, context);
    const doc = compact({
      apiVersion: 'catalog/v1',
      kind: 'GlossaryNode',
      id,
      name,
      definition: description,
      parent: parent?.id,
      customProperties: customProperties(node, `${where}custom_properties`, context),
      owners: nodeOwners,
      links: links(node['knowledge_links'], `${where}knowledge_links`, context),
    });
    add(file, doc);
    counts.nodes += 1;
    const self: NodeOut = { id, doc, file };
    listOf(node['nodes'], `${where}nodes`, context).forEach((child, index) =>
      emitNode(child, [...path, name], self, nodeOwners, `${where}nodes[${index}].`),
    );
    listOf(node['terms'], `${where}terms`, context).forEach((term, index) =>
      emitTerm(term, [...path, name], self, nodeOwners, file, `${where}terms[${index}].`),
    );
  };

  listOf(glossary['nodes'], `${fileName}: nodes`, context).forEach((node, index) =>
    emitNode(node, [], undefined, rootOwners, `${fileName}: nodes[${index}].`),
  );
  listOf(glossary['terms'], `${fileName}: terms`, context).forEach((term, index) =>
    emitTerm(term, [], undefined, rootOwners, 'glossary/terms.yaml', `${fileName}: terms[${index}].`),
  );
  return {
    files: [...files.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, documents]) => ({ path, documents })),
    errors: context.errors,
    warnings: context.warnings,
    counts,
  };
}

/** make_glossary_{node,term}_urn: a given id (a full URN as it is), else the path's id. */
function entityUrn(
  entityType: 'glossaryNode' | 'glossaryTerm',
  path: readonly string[],
  givenId: unknown,
  context: Context,
): string {
  const prefix = `urn:li:${entityType}:`;
  if (typeof givenId === 'string' && givenId.startsWith(prefix)) return givenId;
  // A given id is text as DataHub's config reads it (a number id becomes its digits).
  const given = givenId === undefined || givenId === null ? undefined : pythonStr(givenId);
  const id = given ?? createId(path, context.options);
  return `${prefix}${id}`;
}

/** The manifest id of a URN built the way DataHub builds it (raw, no encoding). */
function idOf(urn: string, entityType: string, where: string, context: Context): string | undefined {
  const id = urn.slice(`urn:li:${entityType}:`.length);
  if (id === '' || URN_RESERVED.test(id)) {
    context.errors.push(
      `${where}id: '${id}' holds , ( or ), which DataHub leaves raw in the URN and a manifest id cannot reproduce; give the ${entityType === 'glossaryNode' ? 'node' : 'term'} an id without them`,
    );
    return undefined;
  }
  return id;
}

/** Owners: one {type, typeUrn, users, groups} or a list of them, as DataHub's Owners config. */
function owners(value: unknown, where: string, context: Context): JsonObject[] {
  const entries = Array.isArray(value) ? value : [value];
  return entries.flatMap((entry, index): JsonObject[] => {
    const at = Array.isArray(value) ? `${where}[${index}]` : where;
    if (!isPlainObject(entry)) {
      context.errors.push(`${at}: must be a mapping with users and/or groups`);
      return [];
    }
    checkKeys(entry, new Set(['type', 'typeUrn', 'users', 'groups']), `${at}.`, context);
    const declared = optionalText(entry['type'], `${at}.type`, context) ?? DEFAULT_OWNER_TYPE;
    let type = declared.startsWith('urn:li:') ? declared : declared.toUpperCase();
    const typeUrn = optionalText(entry['typeUrn'], `${at}.typeUrn`, context);
    if (typeUrn !== undefined) type = typeUrn;
    if (!type.startsWith('urn:li:ownershipType:') && !OWNERSHIP_TYPES.has(type)) {
      context.errors.push(`${at}.type: unexpected ownership type ${declared}`);
      return [];
    }
    const people = (key: 'users' | 'groups'): string[] => {
      const list = entry[key];
      if (list === undefined || list === null) return [];
      if (!Array.isArray(list)) {
        context.errors.push(`${at}.${key}: must be a list`);
        return [];
      }
      return list.map((item) => String(item));
    };
    const line = (owner: string): JsonObject => (type === 'TECHNICAL_OWNER' ? { owner } : { owner, type });
    return [
      // make_user_urn: an id becomes urn:li:corpuser:<id> (as a manifest's plain owner id does); a URN stays.
      ...people('users').map(line),
      ...people('groups').map((group) =>
        line(group.startsWith('urn:li:corpGroup:') ? group : `urn:li:corpGroup:${group}`),
      ),
    ];
  });
}

function links(value: unknown, where: string, context: Context): JsonObject[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    context.errors.push(`${where}: must be a list of {label, url}`);
    return undefined;
  }
  // DataHub keeps a knowledge link only when it has both a label and a url.
  const kept = value.filter(isPlainObject).flatMap((card): JsonObject[] => {
    const url = typeof card['url'] === 'string' ? card['url'] : '';
    const label = typeof card['label'] === 'string' ? card['label'] : '';
    return url !== '' && label !== '' ? [{ url, description: label }] : [];
  });
  return kept.length === 0 ? undefined : kept;
}

function customProperties(
  holder: Record<string, unknown>,
  where: string,
  context: Context,
): JsonObject | undefined {
  const value = holder['custom_properties'];
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    context.errors.push(`${where}: must be a mapping of names to values`);
    return undefined;
  }
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    const rendered = pythonStr(item);
    if (rendered === undefined) {
      context.errors.push(
        `${where}.${key}: DataHub takes only strings, numbers and booleans here (quote the value to keep it as text)`,
      );
      continue;
    }
    result[key] = rendered;
  }
  return Object.keys(result).length === 0 ? undefined : result;
}

/** A YAML scalar as DataHub's config model turns it into a string (Python str()). */
function pythonStr(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'bigint') return value.toString();
  // Integers arrive as bigint (intAsBigInt), so every number here was written as a float (1.0 → "1.0").
  if (typeof value === 'number') return pythonFloat(value);
  return undefined;
}

function warnTags(holder: Record<string, unknown>, where: string, context: Context): void {
  const tags = holder['tags'];
  if (Array.isArray(tags) && tags.length > 0)
    context.warnings.push(
      `${where}tags: left out; DataHub's entity registry gives glossary nodes and terms no globalTags aspect, so a DataHub of that release refuses them too`,
    );
}

function listOf(value: unknown, where: string, context: Context): Record<string, unknown>[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every(isPlainObject)) {
    context.errors.push(`${where}: must be a list of mappings`);
    return [];
  }
  return value;
}

function checkKeys(
  holder: Record<string, unknown>,
  allowed: ReadonlySet<string>,
  where: string,
  context: Context,
): void {
  for (const key of Object.keys(holder)) {
    // DataHub's config models refuse unknown fields (extra = forbid).
    if (!allowed.has(key))
      context.errors.push(
        `${where}${where.endsWith(' ') || where.endsWith('.') ? '' : '.'}${key}: extra fields not permitted (DataHub's business glossary has no '${key}' here)`,
      );
  }
}

function required(value: unknown, where: string, context: Context): string | undefined {
  const result = optionalText(value, where, context);
  if (result === undefined) context.errors.push(`${where}: required`);
  return result;
}

function optionalText(value: unknown, where: string, context: Context): string | undefined {
  if (value === undefined || value === null) return undefined;
  const rendered = pythonStr(value);
  if (rendered === undefined) context.errors.push(`${where}: must be text`);
  return rendered;
}

function textOf(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : pythonStr(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function compact(fields: Record<string, JsonValue | undefined>): JsonObject {
  const result: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    result[key] = value;
  }
  return result;
}
