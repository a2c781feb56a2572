/**
 * The file `datahub dataproduct upsert` reads → a DataProduct manifest (`catalog import data-product`). Reconciled,
 * it gives the URN and the aspects DataHub's CLI emits for the same file: dataProductProperties (name, description,
 * assets with their output ports, customProperties, externalUrl), domains, globalTags, glossaryTerms, ownership,
 * institutionalMemory and status.
 *
 * Followed, at DataHub v1.7.0: metadata-ingestion/src/datahub/api/entities/dataproduct/dataproduct.py (DataProduct,
 * Ownership, InstitutionMemory(Element), their validators, _mint_owner, generate_mcp; from_yaml reads with ruamel's
 * round-trip loader and parse_obj_allow_extras, which ignores the product's unknown fields but not those of its
 * nested models), mce_builder.validate_ownership_type, make_user_urn, make_tag_urn, make_term_urn, make_domain_urn,
 * and the unit tests' inputs and goldens (tests/unit/api/entities/dataproducts/).
 *
 * A domain given by name is resolved at the target as DomainRegistry does (the shell asks; `domains` lists the
 * names). Pure.
 */
import type { JsonObject, JsonValue } from '../model/json.js';
import { parseRawUrn } from '../model/urn.js';
import { fileName } from '../kinds/export-helpers.js';
import { needsResolution } from './domain-registry.js';
import { isPlainObject, str, strList, type Context, type Path, type Raw } from './glossary-config.js';
import type { DomainUse } from './glossary-values.js';
import { pythonStr } from './python-yaml.js';
import { checkModel, filesOf, readYamlInput, type YamlImport } from './yaml-input.js';
import { OWNERSHIP_TYPE_SYMBOLS } from '../datahub/ownership-types.js';

const FIELDS = [
  'id',
  'domain',
  'assets',
  'display_name',
  'owners',
  'institutional_memory',
  'description',
  'tags',
  'terms',
  'properties',
  'external_url',
  'output_ports',
];

/** OwnershipTypeClass's symbols at v1.7.0 but CUSTOM (which needs a URN in a manifest). */
const OWNERSHIP_TYPES = OWNERSHIP_TYPE_SYMBOLS;

/** The entity types a DataProduct manifest's asset may be (common.schema.json, assetRef). */
const ASSET_TYPES = [
  'dataset',
  'mlFeatureTable',
  'mlModel',
  'mlModelGroup',
  'mlFeature',
  'mlPrimaryKey',
  'dataJob',
  'dataFlow',
  'chart',
  'dashboard',
  'notebook',
  'container',
];

export interface DataProductImport extends YamlImport {
  /** Domains given by name: the document holds the name until the shell puts the URN in. */
  readonly domains: readonly DomainUse[];
}

export function importDataProduct(text: string, name: string): DataProductImport {
  const { root, context } = readYamlInput(text, name, 'ruamel');
  const domains: DomainUse[] = [];
  const result = (documents: JsonObject[]): DataProductImport => ({
    files:
      context.errors.length > 0 || documents.length === 0
        ? []
        : filesOf(new Map([[`data-products/${fileName(idOf(documents[0]))}.yaml`, documents]])),
    errors: context.errors,
    warnings: context.warnings,
    counts: context.errors.length > 0 ? {} : { DataProduct: documents.length },
    domains: context.errors.length > 0 ? [] : domains,
  });
  if (root === undefined) return result([]);
  if (!isPlainObject(root)) {
    context.error(
      [],
      'the file is not a mapping (what `datahub dataproduct upsert` reads: id, domain, assets, …)',
    );
    return result([]);
  }
  checkModel(root, 'DataProduct', FIELDS, [], context, 'ignore');
  const id = productId(root, context);
  const domain = productDomain(root, context, domains);
  const assets = urnList(root, 'assets', context);
  const ports = urnList(root, 'output_ports', context);
  for (const [index, port] of (ports ?? []).entries())
    if (!(assets ?? []).includes(port))
      context.error(['output_ports', index], `Value error, Output port ${port} is not in asset list`);
  const displayName = str(root, 'display_name', [], context);
  if (displayName === undefined)
    context.warnings.push(
      `${context.where([])}: no display_name: DataHub's CLI writes no name, the manifest names the product by its id`,
    );
  const doc = compact({
    apiVersion: 'catalog/v1',
    kind: 'DataProduct',
    id,
    name: displayName,
    description: str(root, 'description', [], context),
    externalUrl: str(root, 'external_url', [], context),
    customProperties: customProperties(root, context),
    domain,
    assets,
    // ports named, the manifest owns every asset's flag, as DataHub's CLI writes outputPort for each.
    outputPorts: ports === undefined ? undefined : ports,
    owners: owners(root, context),
    tags: strList(root, 'tags', [], context),
    terms: strList(root, 'terms', [], context),
    links: links(root, context),
  });
  return result(id === undefined ? [] : [doc]);
}

/** `id`, required; a urn:li:dataProduct URN names the same product (DataProduct.urn). */
function productId(root: Raw, context: Context): string | undefined {
  if (!('id' in root)) {
    context.error([], 'id: Field required');
    return undefined;
  }
  const written = str(root, 'id', [], context, false);
  if (written === undefined) return undefined;
  const id = written.startsWith('urn:li:dataProduct:')
    ? written.slice('urn:li:dataProduct:'.length)
    : written;
  if (/[,()]/.test(id) || id === '') {
    context.error(['id'], `'${written}' is not an id a manifest can write (no commas or parentheses)`);
    return undefined;
  }
  return id;
}

/** `domain`, required: a URN (or a UUID) as make_domain_urn writes it, else a name the target resolves. */
function productDomain(root: Raw, context: Context, domains: DomainUse[]): string | undefined {
  if (!('domain' in root)) {
    context.error([], 'domain: Field required');
    return undefined;
  }
  const domain = str(root, 'domain', [], context, false);
  if (domain === undefined) return undefined;
  if (needsResolution(domain)) {
    domains.push({ domain, where: context.where(['domain']) });
    return domain;
  }
  const urn = domain.startsWith('urn:li:domain:') ? domain : `urn:li:domain:${domain}`;
  if (/^urn:li:domain:[^,()]+$/.test(urn)) return urn;
  context.error(['domain'], `'${domain}' is not a domain URN GMS accepts`);
  return undefined;
}

/** assets and output_ports: URNs (Urn.from_string), of an entity type a manifest's asset may be. */
function urnList(root: Raw, key: string, context: Context): string[] | undefined {
  const value = root[key];
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((item: unknown, index): string[] => {
    const at = Array.isArray(value) ? [key, index] : [key];
    if (typeof item !== 'string') {
      context.error(at, 'Input should be a valid string');
      return [];
    }
    const raw = parseRawUrn(item);
    if (!raw.ok) {
      context.error(
        at,
        `Value error, ${key === 'assets' ? 'asset' : 'Output port'} ${item} is not an urn: ${raw.error}`,
      );
      return [];
    }
    if (!ASSET_TYPES.includes(raw.value.entityType)) {
      context.error(at, `${item}: a manifest's asset is a URN of ${ASSET_TYPES.join(', ')}`);
      return [];
    }
    return [item];
  });
}

/** properties: Dict[str, LaxStr], each value Python's str() of what ruamel read. */
function customProperties(root: Raw, context: Context): JsonObject | undefined {
  const value = root['properties'];
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    context.error(['properties'], 'Input should be a valid dictionary');
    return undefined;
  }
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    const rendered = pythonStr(item);
    if (rendered === undefined)
      context.error(['properties', key], 'quote the value: this import cannot reproduce its str()');
    else result[key] = rendered;
  }
  return Object.keys(result).length === 0 ? undefined : result;
}

/** owners: a user (TECHNICAL_OWNER), or {id, type} with validate_ownership_type's types. */
function owners(root: Raw, context: Context): JsonObject[] | undefined {
  const value = root['owners'];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    context.error(['owners'], 'Input should be a valid list');
    return undefined;
  }
  return value.flatMap((entry: unknown, index): JsonObject[] => {
    const at: Path = ['owners', index];
    if (typeof entry === 'string') return ownerLine(entry, undefined, at, context);
    if (!isPlainObject(entry)) {
      context.error(at, 'Input should be a valid string, or a dictionary or instance of Ownership');
      return [];
    }
    checkModel(entry, 'Ownership', ['id', 'type'], at, context);
    const id = str(entry, 'id', at, context, false);
    const type = str(entry, 'type', at, context, false);
    if (id === undefined || type === undefined) {
      if (!('id' in entry) || !('type' in entry))
        context.error(at, `${'id' in entry ? 'type' : 'id'}: Field required`);
      return [];
    }
    return ownerLine(id, type, [...at, 'type'], context);
  });
}

function ownerLine(owner: string, type: string | undefined, at: Path, context: Context): JsonObject[] {
  // make_user_urn: a URN stays as it is; an id is a corpuser.
  if (owner.startsWith('urn:li:') && !/^urn:li:(corpuser|corpGroup):[^,()]+$/.test(owner)) {
    context.error(at, `owner ${owner}: a manifest's owner is a corpuser or corpGroup`);
    return [];
  }
  if (type === undefined) return [{ owner }];
  if (type.startsWith('urn:li:')) {
    if (!/^urn:li:ownershipType:[^,()]+$/.test(type)) {
      context.error(at, `Value error, Invalid urn ${type}: expected an urn:li:ownershipType URN`);
      return [];
    }
    return [{ owner, type }];
  }
  const upper = type.toUpperCase();
  if (upper === 'CUSTOM') {
    context.error(
      at,
      'DataHub writes type CUSTOM without a typeUrn here, which a manifest cannot express: give the type URN',
    );
    return [];
  }
  if (!OWNERSHIP_TYPES.includes(upper)) {
    context.error(at, `Value error, Unexpected ownership type: ${upper}`);
    return [];
  }
  return [upper === 'TECHNICAL_OWNER' ? { owner } : { owner, type: upper }];
}

/** institutional_memory.elements: InstitutionMemoryElement {url, description}, both required. */
function links(root: Raw, context: Context): JsonObject[] | undefined {
  const memory = root['institutional_memory'];
  if (memory === undefined || memory === null) return undefined;
  if (!isPlainObject(memory)) {
    context.error(
      ['institutional_memory'],
      'Input should be a valid dictionary or instance of InstitutionMemory',
    );
    return undefined;
  }
  checkModel(memory, 'InstitutionMemory', ['elements'], ['institutional_memory'], context);
  const elements = memory['elements'];
  if (elements === undefined || elements === null) return undefined;
  if (!Array.isArray(elements)) {
    context.error(['institutional_memory', 'elements'], 'Input should be a valid list');
    return undefined;
  }
  return elements.flatMap((element: unknown, index): JsonObject[] => {
    const at: Path = ['institutional_memory', 'elements', index];
    if (!isPlainObject(element)) {
      context.error(at, 'Input should be a valid dictionary or instance of InstitutionMemoryElement');
      return [];
    }
    checkModel(element, 'InstitutionMemoryElement', ['url', 'description'], at, context);
    const url = str(element, 'url', at, context, false);
    const description = str(element, 'description', at, context, false);
    for (const key of ['url', 'description'])
      if (!(key in element)) context.error(at, `${key}: Field required`);
    if (url === undefined || description === undefined) return [];
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)) {
      context.error(
        [...at, 'url'],
        `'${url}' has no scheme (https:…); DataHub takes it, a manifest link needs a URL`,
      );
      return [];
    }
    return [{ url, description }];
  });
}

function compact(fields: Record<string, JsonValue | undefined>): JsonObject {
  const result: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) result[key] = value;
  return result;
}

function idOf(doc: JsonObject | undefined): string {
  const id = doc?.['id'];
  return typeof id === 'string' ? id : 'product';
}
