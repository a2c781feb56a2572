/**
 * DataHub's business-glossary source file → manifests (`catalog import business-glossary`). Reconciling the
 * output gives the URNs and aspects that DataHub's source writes for the same file.
 *
 * Followed, at DataHub v1.7.0 (commit 7f81ccbfe27b9acc947f5f600fcf9ddb72138a80), not reconstructed:
 * - metadata-ingestion/src/datahub/ingestion/source/metadata/business_glossary.py: the config models
 *   (BusinessGlossaryConfig, DefaultConfig, GlossaryNodeConfig, GlossaryTermConfig, Owners, KnowledgeCard:
 *   pydantic, unknown fields refused), clean_url, create_id, make_glossary_{node,term}_urn,
 *   materialize_all_node_urns, populate_path_vs_id, get_owners(_multiple_types), make_institutional_memory_mcp,
 *   get_mces_from_node, get_mces_from_term, get_domain_class;
 * - metadata-ingestion/src/datahub/configuration/common.py (ConfigModel: extra="forbid"; LaxStr = str(v));
 * - metadata-ingestion/src/datahub/configuration/config_loader.py and yaml.py (yaml.safe_load, environment
 *   variables expanded: ./expand-env.ts; PyYAML's scalars: ./python-yaml.ts);
 * - metadata-ingestion/src/datahub/emitter/mce_builder.py (datahub_guid, make_user_urn, make_group_urn,
 *   validate_ownership_type) and utilities/urn_encoder.py (UrnEncoder);
 * - metadata-ingestion/src/datahub/utilities/registries/domain_registry.py (./domain-registry.ts).
 *
 * What a manifest cannot express (a termSource other than INTERNAL/EXTERNAL, an owner type with a typeUrn that
 * is not CUSTOM, an id that is a URN of another type, …) is an error naming where it is, never a silent change.
 * `legacyIds` is this tool's own: ids as DataHub releases before clean_url made them, for catalogs they loaded.
 *
 * A term's domain given by name needs the target (DomainRegistry): the result lists those domains, the shell
 * resolves them, and withResolvedDomains puts the URNs in. Pure: text in, documents and problems out.
 */
import { createHash } from 'node:crypto';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { fileName as manifestFileName } from '../manifest/render-manifests.js';
import { appendTo } from '../model/group.js';
import type { JsonObject, JsonValue } from '../model/json.js';
import { encodeUrnPart } from '../model/urn.js';
import { needsResolution } from './domain-registry.js';
import { resolveElement, UnboundVariable, type Environment } from './expand-env.js';
import { PyTimestamp, pyyamlTags, pythonStr } from './python-yaml.js';

export { pythonFloat } from './python-yaml.js';

export interface ImportOptions {
  /** The source's `enable_auto_id`. */
  readonly enableAutoId: boolean;
  readonly legacyIds: boolean;
  /** The environment `${VAR}` in the file expands from (DataHub's loader reads os.environ). */
  readonly env?: Environment;
}

export interface ImportedFile {
  /** Path relative to the output directory. */
  readonly path: string;
  readonly documents: readonly JsonObject[];
}

/** A term's domain that DataHub resolves through a server (DomainRegistry). */
export interface DomainUse {
  readonly domain: string;
  /** `file:line:column: path` of the term's `domain`. */
  readonly where: string;
}

export interface ImportResult {
  readonly files: readonly ImportedFile[];
  /** Problems that stop the import (nothing is written): each names where in the file. */
  readonly errors: readonly string[];
  /** What the file holds that reconciling cannot write (said, not silently dropped). */
  readonly warnings: readonly string[];
  readonly counts: { readonly nodes: number; readonly terms: number };
  /** Domains given by name: the documents hold the name until withResolvedDomains puts the URN in. */
  readonly domains: readonly DomainUse[];
}

/** OwnershipTypeClass's symbols at v1.7.0 (validate_ownership_type accepts these, upper-cased). */
const OWNERSHIP_TYPES = new Set([
  'CUSTOM',
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

/** mce_builder.datahub_guid: md5 of json.dumps(obj, separators=(",", ":"), sort_keys=True) (ASCII-escaped). */
export function datahubGuid(object: Readonly<Record<string, string>>): string {
  const sorted = Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  // json.dumps escapes everything outside ' '..'~' (ensure_ascii), UTF-16 surrogates one by one, as here.
  const json = JSON.stringify(sorted).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return createHash('md5').update(json, 'utf8').digest('hex');
}

/** business_glossary.clean_url. */
export function cleanId(text: string): string {
  return text
    .replace(/ /g, '-')
    .replace(/[^a-zA-Z0-9.-]/g, '')
    .replace(/-+/g, '-')
    .replace(/\.+/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '');
}

/** UrnEncoder.RESERVED_CHARS_EXTENDED. */
const EXTENDED_RESERVED = /[,()\u241F%]/;
/** UrnEncoder.RESERVED_CHARS: what a manifest id is encoded for, and DataHub's glossary URNs carry raw. */
const URN_RESERVED = /[,()\u241F]/;

/** business_glossary.create_id without a default id (a given id is used as it is). */
export function createId(
  path: readonly string[],
  options: Pick<ImportOptions, 'enableAutoId' | 'legacyIds'>,
): string {
  const joined = path.join('.');
  if (options.legacyIds) {
    return options.enableAutoId || EXTENDED_RESERVED.test(joined) ? datahubGuid({ path: joined }) : joined;
  }
  // Non-ASCII is checked before cleaning, which would otherwise drop it.
  // eslint-disable-next-line no-control-regex
  if (/[^\u0000-\u007f]/.test(joined)) return datahubGuid({ path: joined });
  if (options.enableAutoId) return datahubGuid({ path: joined });
  const cleaned = cleanId(joined);
  // The source falls back to a guid of the cleaned id when it still holds a reserved character.
  return EXTENDED_RESERVED.test(cleaned) ? datahubGuid({ path: cleaned }) : cleaned;
}

type Path = readonly (string | number)[];

const pathText = (path: Path): string =>
  path.reduce<string>(
    (text, segment) =>
      typeof segment === 'number' ? `${text}[${segment}]` : text === '' ? segment : `${text}.${segment}`,
    '',
  );

/** `file:line:column` of a path in the YAML (of its key with `key`), else of the nearest enclosing node. */
function locator(fileName: string, document: Document, lineCounter: LineCounter) {
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

interface Context {
  readonly options: ImportOptions;
  readonly errors: string[];
  readonly warnings: string[];
  /** Reports a problem at a path (at its key with `key`). */
  error(path: Path, message: string, key?: boolean): void;
  where(path: Path): string;
}

type Raw = Record<string, unknown>;

function isPlainObject(value: unknown): value is Raw {
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

function checkFields(holder: Raw, model: keyof typeof FIELDS, path: Path, context: Context): void {
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
function str(holder: Raw, key: string, path: Path, context: Context, optional = true): string | undefined {
  const value = holder[key];
  if (value === undefined) return undefined;
  if (value === null && optional) return undefined;
  if (typeof value !== 'string') {
    context.error([...path, key], `Input should be a valid string${hintQuote(value)}`);
    return undefined;
  }
  return value;
}

function requiredStr(holder: Raw, key: string, path: Path, context: Context): string | undefined {
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
function strList(holder: Raw, key: string, path: Path, context: Context): string[] | undefined {
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
function modelList(holder: Raw, key: string, path: Path, context: Context): [Raw, Path][] {
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
function expandEnvironment(value: unknown, path: Path, context: Context): unknown {
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

type Owners = readonly JsonObject[];

export function importBusinessGlossary(text: string, fileName: string, options: ImportOptions): ImportResult {
  const lineCounter = new LineCounter();
  // PyYAML's safe_load: YAML 1.1 with its own scalar types, merge keys, and a repeated key keeps the last value.
  const document = parseDocument(text, {
    lineCounter,
    version: '1.1',
    customTags: pyyamlTags,
    merge: true,
    uniqueKeys: false,
    prettyErrors: false,
  });
  const locate = locator(fileName, document, lineCounter);
  const errors: string[] = [];
  const warnings: string[] = [];
  const context: Context = {
    options,
    errors,
    warnings,
    error: (path, message, key = false) =>
      errors.push(
        `${locate(path, key)}: ${path.length === 0 || message.startsWith(pathText(path)) ? '' : `${pathText(path)}: `}${message}`,
      ),
    where: (path) => `${locate(path)}: ${pathText(path)}`,
  };
  const empty = (): ImportResult => ({
    files: [],
    errors,
    warnings,
    counts: { nodes: 0, terms: 0 },
    domains: [],
  });
  for (const error of document.errors) {
    const at = lineCounter.linePos(error.pos[0]);
    errors.push(`${fileName}:${at.line}:${at.col}: YAML error: ${error.message.split('\n')[0]}`);
  }
  if (errors.length > 0) return empty();
  const root = expandEnvironment(document.toJS({ maxAliasCount: 100 }) as unknown, [], context);
  if (!isPlainObject(root)) {
    context.error(
      [],
      "the file is not a mapping (DataHub's business glossary starts with version, owners, nodes)",
    );
    return empty();
  }
  if (errors.length > 0) return empty();

  // BusinessGlossaryConfig.
  checkFields(root, 'BusinessGlossaryConfig', [], context);
  if (!('version' in root)) context.error([], 'version: Field required');
  else if (pythonStr(root['version']) !== '1')
    context.error(
      ['version'],
      `Value error, Only version 1 is supported (LaxStr made it '${pythonStr(root['version']) ?? '?'}')`,
    );
  if (!('owners' in root)) context.error([], "owners: Field required (DataHub's DefaultConfig)");
  const defaults = {
    source: str(root, 'source', [], context),
    url: str(root, 'url', [], context),
    sourceType:
      'source_type' in root ? (str(root, 'source_type', [], context, false) ?? 'INTERNAL') : 'INTERNAL',
  };
  const rootOwners = 'owners' in root ? owners(root['owners'], ['owners'], context, false) : [];

  // materialize_all_node_urns and populate_path_vs_id: every URN first, by path of names.
  const pathToUrn = new Map<string, string>();
  const urnOf = new Map<Raw, string>();
  const visit = (container: Raw, names: readonly string[], path: Path): void => {
    for (const [term] of modelList(container, 'terms', path, quiet(context))) {
      const name = term['name'];
      if (typeof name !== 'string') continue;
      const urn = entityUrn('glossaryTerm', [...names, name], term['id'], options);
      urnOf.set(term, urn);
      pathToUrn.set([...names, name].join('.'), urn);
    }
    for (const [node, at] of modelList(container, 'nodes', path, quiet(context))) {
      const name = node['name'];
      if (typeof name !== 'string') continue;
      const urn = entityUrn('glossaryNode', [...names, name], node['id'], options);
      urnOf.set(node, urn);
      pathToUrn.set([...names, name].join('.'), urn);
      visit(node, [...names, name], at);
    }
  };
  visit(root, [], []);

  const declaredTerms = new Map<string, string>();
  for (const urn of urnOf.values()) {
    if (urn.startsWith('urn:li:glossaryTerm:'))
      declaredTerms.set(urn, urn.slice('urn:li:glossaryTerm:'.length));
  }
  /** make_glossary_term_urn([ref], path_vs_id.get(ref), enable_auto_id), as a manifest term reference. */
  const termRef = (ref: string, path: Path): string | undefined => {
    const known = pathToUrn.get(ref);
    const urn =
      known !== undefined && known.startsWith('urn:li:glossaryTerm:')
        ? known
        : `urn:li:glossaryTerm:${known ?? createId([ref], options)}`;
    const declared = declaredTerms.get(urn);
    if (declared !== undefined) return declared;
    if (URN_RESERVED.test(urn.slice('urn:li:glossaryTerm:'.length))) {
      context.error(path, `'${ref}' makes ${urn}, which holds , ( or ) raw; a manifest cannot name that URN`);
      return undefined;
    }
    return urn;
  };

  const files = new Map<string, JsonObject[]>();
  const counts = { nodes: 0, terms: 0 };
  const domains: DomainUse[] = [];

  const ownersOf = (holder: Raw, inherited: Owners, path: Path): Owners =>
    holder['owners'] === undefined || holder['owners'] === null
      ? inherited
      : owners(holder['owners'], [...path, 'owners'], context, true);

  const entry = (
    holder: Raw,
    model: 'GlossaryNodeConfig' | 'GlossaryTermConfig',
    path: Path,
  ): { name: string; description: string; id: string | undefined; urn: string | undefined } | undefined => {
    checkFields(holder, model, path, context);
    const name = requiredStr(holder, 'name', path, context);
    const description = requiredStr(holder, 'description', path, context);
    str(holder, 'id', path, context);
    if (name === undefined || description === undefined) return undefined;
    const urn = urnOf.get(holder);
    const entityType = model === 'GlossaryNodeConfig' ? 'glossaryNode' : 'glossaryTerm';
    return {
      name,
      description,
      urn,
      id: urn === undefined ? undefined : idOf(urn, entityType, path, context),
    };
  };

  const emitTerm = (
    term: Raw,
    path: Path,
    parent: string | undefined,
    inherited: Owners,
    file: string,
  ): void => {
    const checked = entry(term, 'GlossaryTermConfig', path);
    const termSource = str(term, 'term_source', path, context) ?? defaults.sourceType;
    if (termSource !== 'INTERNAL' && termSource !== 'EXTERNAL')
      context.error(
        [...path, 'term_source' in term ? 'term_source' : 'name'],
        `termSource '${termSource}': DataHub writes any text here, a manifest only INTERNAL or EXTERNAL`,
      );
    const related = (key: string, field: string): [string, JsonValue] | undefined => {
      const list = strList(term, key, path, context);
      if (list === undefined) return undefined;
      const refs = list.flatMap((ref, index) => termRef(ref, [...path, key, index]) ?? []);
      return [field, refs];
    };
    const relatedTerms = [
      related('inherits', 'isA'),
      related('contains', 'hasA'),
      related('values', 'values'),
      related('related_terms', 'relatedTo'),
    ].filter((pair): pair is [string, JsonValue] => pair !== undefined);
    const sourceRef = str(term, 'source_ref', path, context);
    const sourceUrl = str(term, 'source_url', path, context);
    const domain = termDomain(term, path, context, domains);
    const termOwners = ownersOf(term, inherited, path);
    const properties = customProperties(term, path, context);
    const links = knowledgeLinks(term, path, context);
    if (checked === undefined || checked.id === undefined) return;
    appendTo(
      files,
      file,
      compact({
        apiVersion: 'catalog/v1',
        kind: 'GlossaryTerm',
        id: checked.id,
        name: checked.name,
        definition: checked.description,
        termSource: termSource === 'EXTERNAL' ? 'EXTERNAL' : undefined,
        parent,
        // The source: `source_ref if source_ref else defaults.source` (an empty text falls back too).
        sourceRef: sourceRef || defaults.source,
        sourceUrl: sourceUrl || defaults.url,
        customProperties: properties,
        relatedTerms: relatedTerms.length === 0 ? undefined : Object.fromEntries(relatedTerms),
        domain,
        owners: termOwners,
        links,
      }),
    );
    counts.terms += 1;
  };

  const emitNode = (
    node: Raw,
    path: Path,
    parent: string | undefined,
    inherited: Owners,
    parentFile?: string,
  ): void => {
    const checked = entry(node, 'GlossaryNodeConfig', path);
    const nodeOwners = ownersOf(node, inherited, path);
    const properties = customProperties(node, path, context);
    const links = knowledgeLinks(node, path, context);
    const name = checked?.name ?? '';
    const file = parentFile ?? `glossary/${manifestFileName(name)}.yaml`;
    if (checked?.id !== undefined) {
      appendTo(
        files,
        file,
        compact({
          apiVersion: 'catalog/v1',
          kind: 'GlossaryNode',
          id: checked.id,
          name: checked.name,
          definition: checked.description,
          parent,
          customProperties: properties,
          owners: nodeOwners,
          links,
        }),
      );
      counts.nodes += 1;
    }
    for (const [child, at] of modelList(node, 'nodes', path, context))
      emitNode(child, at, checked?.id, nodeOwners, file);
    for (const [term, at] of modelList(node, 'terms', path, context))
      emitTerm(term, at, checked?.id, nodeOwners, file);
  };

  for (const [node, at] of modelList(root, 'nodes', [], context)) emitNode(node, at, undefined, rootOwners);
  for (const [term, at] of modelList(root, 'terms', [], context))
    emitTerm(term, at, undefined, rootOwners, 'glossary/terms.yaml');
  return {
    files: [...files.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, documents]) => ({ path, documents })),
    errors,
    warnings,
    counts,
    domains,
  };
}

/** A context whose problems are dropped: the URN pass sees shapes that the emitting pass reports once. */
function quiet(context: Context): Context {
  return { ...context, errors: [], warnings: [], error: () => undefined };
}

/** make_glossary_{node,term}_urn: a given id (a URN of the type as it is), else create_id of the path. */
function entityUrn(
  entityType: 'glossaryNode' | 'glossaryTerm',
  names: readonly string[],
  givenId: unknown,
  options: ImportOptions,
): string {
  const prefix = `urn:li:${entityType}:`;
  if (typeof givenId === 'string') return givenId.startsWith(prefix) ? givenId : `${prefix}${givenId}`;
  return `${prefix}${createId(names, options)}`;
}

/** The manifest id of a URN DataHub builds (it leaves the id raw; a manifest id is encoded). */
function idOf(urn: string, entityType: string, path: Path, context: Context): string | undefined {
  const id = urn.slice(`urn:li:${entityType}:`.length);
  const kind = entityType === 'glossaryNode' ? 'node' : 'term';
  if (id === '') {
    context.error(
      [...path, 'name'],
      `the ${kind}'s id is empty (nothing is left of its path after clean_url); give it an id`,
    );
    return undefined;
  }
  if (URN_RESERVED.test(id)) {
    context.error(
      [...path, 'id'],
      `'${id}' holds , ( or ), which DataHub leaves raw in the URN and a manifest id cannot reproduce; give the ${kind} an id without them`,
    );
    return undefined;
  }
  if (id.startsWith('urn:')) {
    context.error(
      [...path, 'id'],
      `DataHub makes ${urn} of this id (a URN of another type); a manifest id cannot be a URN`,
    );
    return undefined;
  }
  return id;
}

/** get_owners_multiple_types: one Owners or a list of them; users and groups each become an owner. */
function owners(value: unknown, path: Path, context: Context, optional: boolean): JsonObject[] {
  if ((value === null || value === undefined) && optional) return [];
  const entries: [unknown, Path][] = Array.isArray(value)
    ? value.map((entry, index) => [entry, [...path, index]])
    : [[value, path]];
  return entries.flatMap(([entry, at]): JsonObject[] => {
    if (!isPlainObject(entry)) {
      context.error(at, 'Input should be a valid dictionary or instance of Owners (users and/or groups)');
      return [];
    }
    checkFields(entry, 'Owners', at, context);
    // `type: str = DEVELOPER`, and get_owners uses `owners.type or DEVELOPER`.
    const declared = ('type' in entry ? str(entry, 'type', at, context, false) : undefined) || 'DEVELOPER';
    const typeUrn = str(entry, 'typeUrn', at, context);
    let type: string | undefined;
    let ownershipTypeUrn: string | undefined;
    if (declared.startsWith('urn:li:ownershipType:')) {
      type = 'CUSTOM';
      ownershipTypeUrn = declared;
    } else if (declared.startsWith('urn:li:')) {
      // validate_ownership_type parses it as an OwnershipTypeUrn, which any other URN fails.
      context.error([...at, 'type'], `Invalid urn ${declared}: expected an urn:li:ownershipType URN`);
    } else if (OWNERSHIP_TYPES.has(declared.toUpperCase())) {
      type = declared.toUpperCase();
    } else {
      context.error([...at, 'type'], `Unexpected ownership type: ${declared.toUpperCase()}`);
    }
    if (typeUrn !== undefined) ownershipTypeUrn = typeUrn;
    const users = strList(entry, 'users', at, context) ?? [];
    const groups = strList(entry, 'groups', at, context) ?? [];
    if (type === undefined) return [];
    // A manifest owner's type is an OwnershipType or the URN of a custom one (written as CUSTOM + typeUrn).
    let manifestType: string | undefined = type;
    if (type === 'CUSTOM') manifestType = ownershipTypeUrn;
    else if (ownershipTypeUrn !== undefined) manifestType = undefined;
    if (manifestType === undefined) {
      context.error(
        [...at, type === 'CUSTOM' ? 'type' : 'typeUrn'],
        type === 'CUSTOM'
          ? 'DataHub writes type CUSTOM without a typeUrn here, which a manifest cannot express: give typeUrn (or a type URN)'
          : `DataHub writes type ${type} with typeUrn ${ownershipTypeUrn ?? ''}, which a manifest cannot express: use type CUSTOM or a type URN`,
      );
      return [];
    }
    const line = (owner: string): JsonObject =>
      manifestType === 'TECHNICAL_OWNER' ? { owner } : { owner, type: manifestType };
    return [
      // make_user_urn: a corpuser or corpGroup URN stays; an id is encoded as UrnEncoder does, as a manifest's
      // plain owner id is.
      ...users.map((user) => line(user)),
      ...groups.map((group) =>
        line(
          group.startsWith('urn:li:corpGroup:') || group.startsWith('urn:li:corpuser:')
            ? group
            : `urn:li:corpGroup:${encodeUrnPart(group)}`,
        ),
      ),
    ];
  });
}

/** make_institutional_memory_mcp: a knowledge link with both a label and a url. */
function knowledgeLinks(holder: Raw, path: Path, context: Context): JsonObject[] | undefined {
  const kept: JsonObject[] = [];
  for (const [card, at] of modelList(holder, 'knowledge_links', path, context)) {
    checkFields(card, 'KnowledgeCard', at, context);
    const url = str(card, 'url', at, context);
    const label = str(card, 'label', at, context);
    if (!url || !label) continue;
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)) {
      context.error(
        [...at, 'url'],
        `'${url}' has no scheme (https:…); DataHub takes it, a manifest link needs a URL`,
      );
      continue;
    }
    kept.push({ url, description: label });
  }
  return kept.length === 0 ? undefined : kept;
}

/** custom_properties: Dict[str, LaxStr], each value Python's str() of what YAML read. */
function customProperties(holder: Raw, path: Path, context: Context): JsonObject | undefined {
  const value = holder['custom_properties'];
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    context.error([...path, 'custom_properties'], 'Input should be a valid dictionary');
    return undefined;
  }
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    const rendered = pythonStr(item);
    if (rendered === undefined) {
      context.error(
        [...path, 'custom_properties', key],
        "Python's str() of this value names a datetime's time zone object, which this import does not reproduce; quote the value",
      );
      continue;
    }
    result[key] = rendered;
  }
  return Object.keys(result).length === 0 ? undefined : result;
}

/** get_domain_class: DomainRegistry's cases; a name is recorded for the target to resolve. */
function termDomain(term: Raw, path: Path, context: Context, domains: DomainUse[]): string | undefined {
  const domain = str(term, 'domain', path, context);
  if (domain === undefined) return undefined;
  const at = [...path, 'domain'];
  if (needsResolution(domain)) {
    domains.push({ domain, where: context.where(at) });
    return domain;
  }
  if (/^urn:li:domain:[^,()]+$/.test(domain)) return domain;
  // DomainRegistry passes anything starting "urn:li:domain" or holding four "-" through unchanged.
  context.error(
    at,
    `DataHub writes '${domain}' into the domains aspect as it is, which is not a domain URN GMS accepts; write urn:li:domain:${domain.startsWith('urn:li:domain') ? '…' : domain}`,
  );
  return undefined;
}

/** The documents with each domain name replaced by the URN the target resolved it to. */
export function withResolvedDomains(
  result: ImportResult,
  resolved: ReadonlyMap<string, string>,
): ImportResult {
  if (result.domains.length === 0) return result;
  return {
    ...result,
    files: result.files.map((file) => ({
      ...file,
      documents: file.documents.map((doc) => {
        const domain = doc['domain'];
        if (doc['kind'] !== 'GlossaryTerm' || typeof domain !== 'string') return doc;
        const urn = resolved.get(domain);
        return urn === undefined ? doc : { ...doc, domain: urn };
      }),
    })),
    domains: [],
  };
}

function compact(fields: Record<string, JsonValue | undefined>): JsonObject {
  const result: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    result[key] = value;
  }
  return result;
}
