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
import { LineCounter, parseDocument } from 'yaml';
import { fileName as manifestFileName } from '../kinds/export-helpers.js';
import { appendTo } from '../model/group.js';
import type { JsonObject, JsonValue } from '../model/json.js';
import {
  checkFields,
  expandEnvironment,
  isPlainObject,
  locator,
  modelList,
  pathText,
  requiredStr,
  str,
  strList,
  type Context,
  type ImportOptions,
  type Path,
  type Raw,
} from './glossary-config.js';
import { glossaryUrns, idOf } from './glossary-ids.js';
import { customProperties, knowledgeLinks, owners, termDomain, type DomainUse } from './glossary-values.js';
import { pyyamlTags, pythonStr } from './python-yaml.js';

export { pythonFloat } from './python-yaml.js';
export { cleanId, createId, datahubGuid } from './glossary-ids.js';
export type { ImportOptions } from './glossary-config.js';
export type { DomainUse } from './glossary-values.js';

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
  /** Domains given by name: the documents hold the name until withResolvedDomains puts the URN in. */
  readonly domains: readonly DomainUse[];
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

  const { urnOf, termRef } = glossaryUrns(root, context);

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
    // Named as `catalog export` and `catalog import datahub` name a top node's file: by its id (Clients-And-Accounts,
    // not the name's Clients_And_Accounts), so that a later export writes to the same file.
    const file = parentFile ?? `glossary/${manifestFileName(checked?.id?.split('.')[0] ?? name)}.yaml`;
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
