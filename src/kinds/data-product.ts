/** DataProduct (urn:li:dataProduct:<id>): a named set of assets, owned one by one (diff-product-assets.ts). */
import type { SourceLocation } from '../errors.js';
import type { DesiredAsset } from '../model/desired-state.js';
import { didYouMean } from '../model/did-you-mean.js';
import { appendTo } from '../model/group.js';
import { formatUrn, parseRawUrn, parseUrn } from '../model/urn.js';
import { resolveAssociations } from './associations.js';
import { NOT_ADOPTED, text } from './adopt-fields.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import { domainAspect, termEdges } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declareIds, declaredAssociations } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
import type { Associations, InDomain } from './values.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import {
  deprecatedOf,
  domainOf,
  linksOf,
  propertiesOf,
  nonEmpty,
  nonEmptyMap,
  termUrnsOf,
  optional,
  ownersOf,
  tagsOf,
} from './export-helpers.js';
import { isJsonObject, optionalString, stringOr } from '../model/json.js';

/** What a data product's asset names: a declared name, a URN, or a dataset as an object. */
export type AssetRefValue =
  string | { readonly platform: string; readonly name: string; readonly env?: string };

export interface DataProductManifest extends Associations, InDomain {
  readonly kind: 'DataProduct';
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  readonly externalUrl?: string;
  readonly customProperties?: Readonly<Record<string, string>>;
  /** dataProductProperties.assets, owned one by one. */
  readonly assets?: readonly AssetRefValue[];
  /** The assets that are output ports (each one of `assets`). */
  readonly outputPorts?: readonly AssetRefValue[];
  /** glossaryTerms of the product, owned one by one like a dataset's. */
  readonly terms?: readonly string[];
}

const entity: EntityFacts<'dataProduct', 'dataProductProperties'> = {
  entityType: 'dataProduct',
  ownedAspect: 'dataProductProperties',
  // assets are owned line by line, not whole (diff-product-assets.ts): they are not an owned field.
  ownedFields: ['name', 'description', 'externalUrl'],
  declaredOnlyFields: ['customProperties'],
  declarableAspects: ['domains', 'deprecation'],
  accepts: ['owners', 'tags', 'links', 'domain', 'deprecated', 'properties', 'terms'],
};

/** The kinds whose names an asset may use (a feature by <table>.<feature>). */
const ASSET_KINDS = ['MLFeatureTable', 'MLModel', 'MLModelGroup', 'MLFeature'] as const;

export const dataProductKind: ManagedKind<DataProductManifest, 'dataProduct', 'dataProductProperties'> = {
  kind: 'DataProduct',
  schemaFile: 'data-product.schema.json',
  entity,
  // Data products last: their assets name tables, models, groups and features.
  resolve: {
    after: ['Domain', 'Tag', 'MLFeature', 'MLModelGroup', 'MLFeatureTable', 'MLModel'],
    replacementName: 'DataProduct id',
    run: resolveDataProducts,
  },
  export: { entityType: 'dataProduct', start: exportDataProducts },
  adopt: {
    // adopt has never looked up DataProduct documents: these fields are not brought back yet. Its assets are
    // owned line by line (like term edges): a changed list would not be adopted.
    declarations: NOT_ADOPTED,
    fields: {
      name: { key: 'name', toManifest: text },
      description: { key: 'description', toManifest: text },
    },
  },
};

function resolveDataProducts(
  documents: readonly KindDocument<DataProductManifest>[],
  context: ResolveContext,
): void {
  const assets = new AssetNames(context);
  for (const { doc, urn } of declareIds(documents, context, entity.entityType)) {
    const { id, name, description, externalUrl, customProperties } = doc.manifest;
    const source = doc.source.locate(['id']);
    const associations = {
      ...resolveAssociations(context, doc, doc.manifest, [], entity.entityType),
      terms: termEdges(context, doc, doc.manifest.terms ?? [], ['terms']),
    };
    const domain = domainAspect(context, doc, doc.manifest.domain, [], source);
    const productAssets = assets.of(doc);
    context.pendDeprecation(doc, doc.manifest.deprecated, [], urn);
    context.addEntity({
      urn,
      entityType: entity.entityType,
      aspectName: entity.ownedAspect,
      fields: compact({ name: name ?? id, description, externalUrl, customProperties }),
      source,
      aspects: [domain.aspect],
      associations,
      assets: productAssets,
    });
    context.declareEntity(urn, source, {
      id,
      name: name ?? id,
      description,
      externalUrl,
      customProperties,
      domain: domain.urn,
      assets: productAssets.map((asset) => asset.urn),
      outputPorts: productAssets.flatMap((asset) => (asset.outputPort === true ? [asset.urn] : [])),
      ...declaredAssociations(associations, entity.accepts),
    });
  }
}

/**
 * The assets of a data product: a URN, a dataset as {platform, name}, or the name of a declared feature table,
 * model or model group (or a feature as <table>.<feature>). A URN the manifests do not declare must exist.
 */
class AssetNames {
  /** See byName. */
  private names: ReadonlyMap<string, readonly string[]> | undefined;
  private shadowNames: ReadonlySet<string> | undefined;

  constructor(private readonly context: ResolveContext) {}

  of(doc: KindDocument<DataProductManifest>): DesiredAsset[] {
    const assets = new Map<string, DesiredAsset>();
    (doc.manifest.assets ?? []).forEach((ref, index) => {
      const source = doc.source.locate(['assets', index]);
      const urn = this.urnOf(ref, source);
      if (urn !== undefined && !assets.has(urn)) assets.set(urn, { urn, source });
    });
    // Declared, `outputPorts` owns every asset's flag (false where not listed); left out, the flags are left alone.
    if (doc.manifest.outputPorts !== undefined)
      for (const [urn, asset] of assets) assets.set(urn, { ...asset, outputPort: false });
    // An output port is one of the assets (DataHub's CLI: "Output port … is not in asset list").
    (doc.manifest.outputPorts ?? []).forEach((ref, index) => {
      const source = doc.source.locate(['outputPorts', index]);
      const urn = this.urnOf(ref, source);
      const asset = urn === undefined ? undefined : assets.get(urn);
      if (urn !== undefined && asset === undefined)
        this.context.error('INVALID_VALUE', `output port ${urn} is not in the product's assets`, source, {
          hint: 'list it under assets too',
        });
      else if (urn !== undefined && asset !== undefined) assets.set(urn, { ...asset, outputPort: true });
    });
    return [...assets.values()];
  }

  private urnOf(ref: AssetRefValue, source: SourceLocation): string | undefined {
    if (typeof ref !== 'string') {
      const env = ref.env ?? this.context.settings.defaultEnv;
      return this.external(
        formatUrn({ entityType: 'dataset', platform: ref.platform, name: ref.name, env }),
        source,
      );
    }
    if (ref.startsWith('urn:')) {
      const parsed = parseRawUrn(ref);
      if (!parsed.ok) {
        this.context.error('MALFORMED_URN', `malformed asset URN '${ref}'`, source, { hint: parsed.error });
        return undefined;
      }
      const known = parseUrn(ref);
      return this.external(known.ok ? formatUrn(known.value) : ref, source);
    }
    const byName = this.byName();
    const urns = byName.get(ref) ?? [];
    if (urns.length === 1) return urns[0];
    if (urns.length > 1) {
      this.context.error('INVALID_VALUE', `asset '${ref}' names ${urns.length} entities`, source, {
        hint: `write the URN of the one meant: ${urns.join(', ')}`,
      });
      return undefined;
    }
    const shadow = this.shadowed();
    if (shadow.has(ref)) return undefined;
    const hint =
      didYouMean(ref, [...byName.keys(), ...shadow]) ??
      'write the name of a declared MLFeatureTable, MLModel or MLModelGroup, <table>.<feature>, or a URN';
    this.context.error('UNKNOWN_REFERENCE', `unknown asset '${ref}'`, source, { hint });
    return undefined;
  }

  /**
   * The names an asset may use → their URNs, built on first use and kept: data products are resolved after every
   * table, model, group and feature is declared, and a product's assets would otherwise rebuild it each.
   */
  private byName(): ReadonlyMap<string, readonly string[]> {
    if (this.names !== undefined) return this.names;
    const byName = new Map<string, string[]>();
    const add = (name: string, urn: string): void => {
      const list = byName.get(name) ?? [];
      if (!list.includes(urn)) list.push(urn);
      byName.set(name, list);
    };
    for (const kind of ASSET_KINDS)
      for (const name of this.context.namesOf(kind))
        for (const urn of this.context.urnsNamed(kind, name)) add(name, urn);
    this.names = byName;
    return byName;
  }

  /** Names an asset may use in rejected documents (features, groups, models, tables). */
  private shadowed(): ReadonlySet<string> {
    this.shadowNames ??= new Set(
      (['MLFeature', 'MLModelGroup', 'MLModel', 'MLFeatureTable'] as const).flatMap((kind) => [
        ...this.context.shadowed(kind),
      ]),
    );
    return this.shadowNames;
  }

  /** An asset named by URN: declared here, or it must already exist (checked against the catalog). */
  private external(urn: string, source: SourceLocation): string {
    if (!this.context.isDeclared(urn))
      this.context.requireEntity(
        urn,
        source,
        () => 'an asset must be declared in the manifests or already be in the catalog (ingest it first)',
      );
    return urn;
  }
}

/**
 * Data products go to data-products.yaml. An asset is written by the name the manifests resolve it by (a table,
 * model or group exported here, a feature as <table>.<feature>) when that name is unambiguous, else by URN.
 */
function exportDataProducts(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  return {
    documents: () => {
      const assetRef = assetNamer(context);
      for (const product of entities) {
        const urn = context.typed(product.urn, 'dataProduct');
        const properties = product.aspects.get('dataProductProperties');
        if (urn === undefined || properties === undefined) continue;
        const name = stringOr(properties['name'], urn.id);
        const assets = Array.isArray(properties['assets']) ? properties['assets'].filter(isJsonObject) : [];
        context.add('data-products.yaml', {
          apiVersion: 'catalog/v1',
          kind: 'DataProduct',
          id: urn.id,
          ...optional('name', name === urn.id ? undefined : name),
          ...optional('description', optionalString(properties['description'])),
          ...optional('externalUrl', optionalString(properties['externalUrl'])),
          ...optional('customProperties', nonEmptyMap(properties['customProperties'])),
          ...domainOf(product, context),
          // Every asset, whoever added it (re-planning takes over the others' lines and changes nothing else).
          ...optional(
            'assets',
            nonEmpty(assets.flatMap((asset) => optionalString(asset['destinationUrn']) ?? []).map(assetRef)),
          ),
          ...optional(
            'outputPorts',
            nonEmpty(
              assets
                .filter((asset) => asset['outputPort'] === true)
                .flatMap((asset) => optionalString(asset['destinationUrn']) ?? [])
                .map(assetRef),
            ),
          ),
          ...deprecatedOf(product, context),
          ...ownersOf(product),
          ...tagsOf(product, context),
          ...optional(
            'terms',
            nonEmpty(
              termUrnsOf(product.aspects.get('glossaryTerms')).map((term) =>
                context.nameIn('GlossaryTerm', term),
              ),
            ),
          ),
          ...linksOf(product),
          ...propertiesOf(product),
        });
        context.count('DataProduct');
      }
    },
  };
}

function assetNamer(context: ExportContext): (urn: string) => string {
  const assetNames = new Map<string, string[]>();
  const named = (urn: string, name: string): void => appendTo(assetNames, name, urn);
  for (const kind of ASSET_KINDS)
    for (const entity of context.entitiesOf(kind)) {
      const parsed = parseUrn(entity.urn);
      if (!parsed.ok || formatUrn(parsed.value) !== entity.urn) continue;
      if (parsed.value.entityType === 'mlFeature')
        named(entity.urn, `${parsed.value.namespace}.${parsed.value.name}`);
      else if ('name' in parsed.value && parsed.value.entityType !== 'dataPlatform')
        named(entity.urn, parsed.value.name);
    }
  return (urn) => {
    const parsed = parseUrn(urn);
    if (!parsed.ok) return urn;
    const name =
      parsed.value.entityType === 'mlFeature'
        ? `${parsed.value.namespace}.${parsed.value.name}`
        : 'name' in parsed.value && parsed.value.entityType !== 'dataset'
          ? parsed.value.name
          : undefined;
    const urns = name === undefined ? [] : (assetNames.get(name) ?? []);
    return name !== undefined && urns.length === 1 && urns[0] === urn ? name : urn;
  };
}
