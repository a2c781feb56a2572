import { assertNever, type Diagnostic, type SourceLocation } from '../errors.js';
import {
  DEFAULT_ACTOR,
  DEFAULT_ENV,
  NO_ASSOCIATIONS,
  type DesiredAspect,
  type DesiredAsset,
  type DesiredAssociations,
  type DesiredDatasetTerms,
  type DesiredEntity,
  type DesiredState,
  type DesiredTermEdge,
  type ExternalReference,
  type ResolvedSettings,
} from '../model/desired-state.js';
import { DECLARABLE_ASPECTS } from '../kinds/entity-tables.js';
import { didYouMean } from '../model/did-you-mean.js';
import { simplifyFieldPath } from '../model/field-path.js';
import { decommissionTimeOf, sortIdOf, versionSetUrnOf } from '../model/model-lifecycle.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../model/json.js';
import { entityHasAspect } from '../model/registry.js';
import { encodeUrnPart, formatUrn, parseRawUrn, parseUrn, type SimpleIdEntityType } from '../model/urn.js';
import type { Declaration } from '../kinds/declaration.js';
import { checkNodeTree } from './node-tree.js';
import { resolveMoves } from './resolve-moves.js';
import type { Environment } from './select-environment.js';
import type { DataProductManifest, AssetRefValue } from '../kinds/data-product.js';
import type { DatasetTermsManifest } from '../kinds/dataset-terms.js';
import { isFeatureReference, type FeatureFields } from '../kinds/feature-fields.js';
import type { GlossaryTermManifest } from '../kinds/glossary-term.js';
import type { MLFeatureTableManifest } from '../kinds/ml-feature-table.js';
import type { MLModelManifest, ModelDataValue } from '../kinds/ml-model.js';
import type { EntityKind, Manifest, ValidatedDocument } from '../kinds/registry.js';
import type { SettingsManifest } from '../kinds/settings.js';
import type { Associations, DatasetRefValue, DeprecatedValue } from '../kinds/values.js';

export interface ResolveOutcome {
  readonly state: DesiredState;
  /** Each declared entity in the manifest's own terms (what policies see), sorted by URN then kind. */
  readonly declarations: readonly Declaration[];
  readonly diagnostics: readonly Diagnostic[];
}

type Path = readonly (string | number)[];
type Doc<M extends Manifest> = ValidatedDocument<M>;

/**
 * Turns schema-valid documents into the desired state: Settings defaults applied, URNs formed, duplicates
 * and unknown references reported (all of them, each at the node that caused it).
 */
export function resolveDesiredState(
  documents: readonly ValidatedDocument[],
  rejected: readonly unknown[] = [],
  /** The selected environment: its `env` replaces defaults.env and the env of every URN built here. */
  environment?: Environment,
  /** Whether to build the declarations (the entities policies see); without them `declarations` is empty. */
  withDeclarations = true,
): ResolveOutcome {
  const resolver = new Resolver(
    documents,
    namesDeclaredBy(rejected),
    environment?.env,
    environment?.platformInstance,
    withDeclarations,
  );
  return resolver.resolve();
}

/**
 * The names that broken documents (rejected by their schema, or with YAML errors) still declare. A reference to one of them is not
 * reported as unknown: the document's own error is the one to fix, and a second error would mislead.
 */
interface ShadowNames {
  readonly nodeIds: ReadonlySet<string>;
  readonly tagIds: ReadonlySet<string>;
  readonly termIds: ReadonlySet<string>;
  readonly featureKeys: ReadonlySet<string>;
  readonly groupNames: ReadonlySet<string>;
  readonly domainIds: ReadonlySet<string>;
  /** Names an asset of a data product may use (tables, models, groups, features) in rejected documents. */
  readonly assetNames: ReadonlySet<string>;
}

function namesDeclaredBy(rejected: readonly unknown[]): ShadowNames {
  const nodeIds = new Set<string>();
  const tagIds = new Set<string>();
  const termIds = new Set<string>();
  const featureKeys = new Set<string>();
  const groupNames = new Set<string>();
  const domainIds = new Set<string>();
  const modelNames = new Set<string>();
  const tableNames = new Set<string>();
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  for (const value of rejected) {
    if (!isJsonObject(value)) continue;
    const name = text(value['name']);
    switch (value['kind']) {
      case 'GlossaryTerm':
        if (text(value['id']) !== undefined) termIds.add(text(value['id']) as string);
        break;
      case 'GlossaryNode':
        if (text(value['id']) !== undefined) nodeIds.add(text(value['id']) as string);
        break;
      case 'Tag':
        if (text(value['id']) !== undefined) tagIds.add(text(value['id']) as string);
        break;
      case 'MLFeature':
        if (name !== undefined) featureKeys.add(`${text(value['namespace']) ?? ''}.${name}`);
        break;
      case 'MLFeatureTable': {
        if (name !== undefined) tableNames.add(name);
        const features = value['features'];
        for (const item of Array.isArray(features) ? features : []) {
          const featureName = isJsonObject(item) ? text(item['name']) : undefined;
          if (featureName !== undefined && name !== undefined) featureKeys.add(`${name}.${featureName}`);
        }
        break;
      }
      case 'MLModelGroup':
        if (name !== undefined) groupNames.add(name);
        break;
      case 'Domain':
        if (text(value['id']) !== undefined) domainIds.add(text(value['id']) as string);
        break;
      case 'MLModel':
        if (name !== undefined) modelNames.add(name);
        break;
      default:
        break;
    }
  }
  const assetNames = new Set([...featureKeys, ...groupNames, ...modelNames, ...tableNames]);
  return { nodeIds, tagIds, termIds, featureKeys, groupNames, domainIds, assetNames };
}

function ofKind<K extends Manifest['kind']>(
  documents: readonly ValidatedDocument[],
  kind: K,
): Doc<Extract<Manifest, { kind: K }>>[] {
  return documents.filter((doc): doc is Doc<Extract<Manifest, { kind: K }>> => doc.manifest.kind === kind);
}

class Resolver {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly declared = new Map<string, SourceLocation>();
  private readonly entities: DesiredEntity[] = [];
  private readonly declarations: Declaration[] = [];
  private readonly termUrnsById = new Map<string, string>();
  private readonly nodeUrnsById = new Map<string, string>();
  private readonly tagUrnsById = new Map<string, string>();
  private readonly domainUrnsById = new Map<string, string>();
  private readonly productUrnsById = new Map<string, string>();
  private readonly externalEntities = new Map<string, ExternalReference>();
  private readonly featureUrnsByKey = new Map<string, string>();
  private readonly groupUrns = new Map<string, string>();
  /** The same groups by name (a name may be on several platforms or envs). */
  private readonly groupUrnsByName = new Map<string, string[]>();
  private readonly tableUrnsByName = new Map<string, string[]>();
  private readonly modelUrnsByName = new Map<string, string[]>();
  /** See assetUrnsByName. */
  private assetUrns: ReadonlyMap<string, readonly string[]> | undefined;
  /** `deprecated` lines, resolved once every entity is declared (a replacement may be declared later). */
  private readonly deprecations: PendingDeprecation[] = [];
  /** group URN + alias → where a model of the group first declares it. */
  private readonly aliasHolders = new Map<string, SourceLocation>();
  private readonly externalTerms = new Map<string, ExternalReference>();
  private readonly settings: ResolvedSettings;

  constructor(
    private readonly documents: readonly ValidatedDocument[],
    private readonly shadow: ShadowNames,
    /** The selected environment's env (absent: none selected, or it names none). */
    private readonly environmentEnv?: string,
    /** The selected environment's platformInstance (absent: the dataPlatformInstance aspect is not declared). */
    private readonly platformInstance?: string,
    private readonly withDeclarations = true,
  ) {
    this.settings = this.resolveSettings(ofKind(documents, 'Settings'));
  }

  resolve(): ResolveOutcome {
    // Domains first: every other kind may name one in `domain:`.
    this.declareDomains();
    this.declareTags();
    this.declareNodes();
    this.declareTerms();
    this.declareFeatures();
    this.declareGroups();
    this.resolveTables();
    this.resolveModels();
    // Data products last: their assets name tables, models, groups and features.
    this.resolveDataProducts();
    const datasets = this.resolveDatasets();
    this.attachLateAspects(this.resolveDeprecations());
    const byUrn = <T extends { urn: string }>(a: T, b: T): number =>
      a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0;
    const { moves, diagnostics: moveDiagnostics } = resolveMoves(
      ofKind(this.documents, 'Moved'),
      this.entities,
    );
    this.diagnostics.push(...moveDiagnostics);
    return {
      state: {
        settings: this.settings,
        entities: [...this.entities].sort(byUrn),
        datasets: datasets.sort((a, b) =>
          a.datasetUrn < b.datasetUrn ? -1 : a.datasetUrn > b.datasetUrn ? 1 : 0,
        ),
        externalTerms: [...this.externalTerms.values()].sort(byUrn),
        externalEntities: [...this.externalEntities.values()].sort(byUrn),
        ...(moves.length === 0 ? {} : { moves }),
      },
      declarations: [...this.declarations].sort(
        (a, b) => byUrn(a, b) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0),
      ),
      diagnostics: this.diagnostics,
    };
  }

  private resolveSettings(settingsDocs: readonly Doc<SettingsManifest>[]): ResolvedSettings {
    const [first, ...others] = settingsDocs;
    for (const other of others) {
      this.error(
        'DUPLICATE_DECLARATION',
        'a second Settings document; a catalog has one',
        other.source.locate(['kind']),
        {
          related: first?.source.locate(['kind']),
          hint: 'merge the two Settings documents',
        },
      );
    }
    const settings = first?.manifest;
    return {
      actor: settings?.actor ?? DEFAULT_ACTOR,
      defaultEnv: this.environmentEnv ?? settings?.defaults?.env ?? DEFAULT_ENV,
      ...(settings?.defaults?.platform === undefined ? {} : { defaultPlatform: settings.defaults.platform }),
      ...(settings?.target?.server === undefined ? {} : { targetServer: settings.target.server }),
      ...(settings?.target?.graphqlUrl === undefined ? {} : { targetGraphqlUrl: settings.target.graphqlUrl }),
    };
  }

  /**
   * Declares the URN of each document's id, recording it in `byId` (a duplicate is reported, and its document
   * left out); answers the documents declared. All ids of a kind are declared before any is resolved, since
   * references among them may point forward.
   */
  private declareIds<K extends 'Tag' | 'GlossaryNode' | 'GlossaryTerm' | 'Domain' | 'DataProduct'>(
    kind: K,
    entityType: 'tag' | 'glossaryNode' | 'glossaryTerm' | 'domain' | 'dataProduct',
    byId: Map<string, string>,
  ): Doc<Extract<Manifest, { kind: K }>>[] {
    return ofKind(this.documents, kind).filter((doc) => {
      const { id } = doc.manifest as Extract<
        Manifest,
        { kind: 'Tag' | 'GlossaryNode' | 'GlossaryTerm' | 'Domain' | 'DataProduct' }
      >;
      const urn = formatUrn({ entityType, id });
      if (!this.declare(urn, doc.source.locate(['id']))) return false;
      byId.set(id, urn);
      return true;
    });
  }

  private declareTags(): void {
    for (const doc of this.declareIds('Tag', 'tag', this.tagUrnsById)) {
      const { id, name, description, colorHex } = doc.manifest;
      const urn = this.tagUrnsById.get(id) as string;
      const source = doc.source.locate(['id']);
      const associations = this.associations(doc, doc.manifest, [], 'tag');
      this.pendDeprecation(doc, doc.manifest.deprecated, [], 'Tag', urn);
      this.entities.push({
        urn,
        entityType: 'tag',
        aspectName: 'tagProperties',
        fields: compact({ name: name ?? id, description, colorHex }),
        source,
        associations,
      });
      // A Tag has owners only (DataHub's tag entity has no globalTags or institutionalMemory).
      const { owners } = declaredAssociations(associations);
      this.declareEntity('Tag', urn, source, { id, name: name ?? id, description, colorHex, owners });
    }
  }

  /** Nodes are declared first, then their parents resolved: a node may name a parent declared after it. */
  private declareNodes(): void {
    const nodes = this.declareIds('GlossaryNode', 'glossaryNode', this.nodeUrnsById);
    const parents = new Map<string, { parent: string; source: SourceLocation }>();
    for (const doc of nodes) {
      const { id, name, definition, parent, customProperties } = doc.manifest;
      const urn = this.nodeUrnsById.get(id) as string;
      const parentNode =
        parent === undefined
          ? undefined
          : this.simpleRef('glossaryNode', parent, doc.source.locate(['parent']));
      if (parentNode !== undefined)
        parents.set(urn, { parent: parentNode, source: doc.source.locate(['parent']) });
      const source = doc.source.locate(['id']);
      const associations = this.associations(doc, doc.manifest, [], 'glossaryNode');
      const domain = this.domainAspect(doc, doc.manifest.domain, [], source);
      this.entities.push({
        urn,
        entityType: 'glossaryNode',
        aspectName: 'glossaryNodeInfo',
        fields: compact({ name, definition: definition ?? '', parentNode, customProperties }),
        source,
        aspects: [domain.aspect],
        associations,
      });
      this.declareEntity('GlossaryNode', urn, source, {
        id,
        name,
        definition: definition ?? '',
        parent: parentNode,
        customProperties,
        domain: domain.urn,
        ...declaredAssociations(associations),
      });
    }
    this.diagnostics.push(...checkNodeTree(parents));
  }

  /** Term ids first (related terms may name any declared term), then each term's fields. */
  private declareTerms(): void {
    const terms = this.declareIds('GlossaryTerm', 'glossaryTerm', this.termUrnsById);
    for (const doc of terms) {
      const { id, name, definition, termSource, parent, sourceRef, sourceUrl, customProperties } =
        doc.manifest;
      const source = doc.source.locate(['id']);
      const urn = this.termUrnsById.get(id) as string;
      const parentNode =
        parent === undefined
          ? undefined
          : this.simpleRef('glossaryNode', parent, doc.source.locate(['parent']));
      const { aspects, relatedTerms, domain } = this.termAspects(doc, source);
      const associations = this.associations(doc, doc.manifest, [], 'glossaryTerm');
      this.pendDeprecation(doc, doc.manifest.deprecated, [], 'GlossaryTerm', urn);
      this.entities.push({
        urn,
        entityType: 'glossaryTerm',
        aspectName: 'glossaryTermInfo',
        fields: compact({
          name,
          definition: definition ?? '',
          termSource: termSource ?? 'INTERNAL',
          parentNode,
          sourceRef,
          sourceUrl,
          customProperties,
        }),
        source,
        aspects,
        associations,
      });
      this.declareEntity('GlossaryTerm', urn, source, {
        id,
        name,
        definition: definition ?? '',
        termSource: termSource ?? 'INTERNAL',
        parent: parentNode,
        sourceRef,
        sourceUrl,
        customProperties,
        relatedTerms,
        domain,
        ...declaredAssociations(associations),
      });
    }
  }

  /**
   * glossaryRelatedTerms and domains of a term (the whole aspect when declared, null when not), and the
   * resolved related terms and domain in the manifest's terms.
   */
  private termAspects(
    doc: Doc<GlossaryTermManifest>,
    source: SourceLocation,
  ): { aspects: DesiredAspect[]; relatedTerms: JsonObject; domain: string | undefined } {
    const { relatedTerms, domain } = doc.manifest;
    const related = (key: 'isA' | 'hasA' | 'values' | 'relatedTo'): string[] =>
      this.termEdges(doc, relatedTerms?.[key] ?? [], ['relatedTerms', key]).map((edge) => edge.termUrn);
    const resolved = {
      isA: related('isA'),
      hasA: related('hasA'),
      values: related('values'),
      relatedTo: related('relatedTo'),
    };
    const domainAspect = this.domainAspect(doc, domain, [], source);
    const aspects: DesiredAspect[] = [
      {
        aspectName: 'glossaryRelatedTerms',
        value:
          relatedTerms === undefined
            ? null
            : compact({
                isRelatedTerms: resolved.isA,
                hasRelatedTerms: resolved.hasA,
                values: resolved.values,
                relatedTerms: resolved.relatedTo,
              }),
        source: relatedTerms === undefined ? source : doc.source.locate(['relatedTerms']),
      },
      domainAspect.aspect,
    ];
    return { aspects, relatedTerms: resolved, domain: domainAspect.urn };
  }

  /** owners, tags and links of one declaration (`at`: the path of an inline item, [] for the document). */
  private associations(
    doc: Doc<Manifest>,
    declared: Associations,
    at: Path,
    entityType: string,
  ): DesiredAssociations {
    // Most entities declare none: one shared empty value rather than three empty lists each.
    if (!declared.owners?.length && !declared.tags?.length && !declared.links?.length) return NO_ASSOCIATIONS;
    this.refuseUnsupported(doc, declared, at, entityType);
    const owners = new Map<string, DesiredAssociations['owners'][number]>();
    (declared.owners ?? []).forEach((line, index) => {
      const source = doc.source.locate([...at, 'owners', index]);
      const owner = this.ownerUrn(line.owner, doc.source.locate([...at, 'owners', index, 'owner']));
      if (owner === undefined) return;
      const type = line.type ?? 'TECHNICAL_OWNER';
      const custom = type.startsWith('urn:');
      const key = `${owner} ${type}`;
      if (!owners.has(key))
        owners.set(key, {
          owner,
          type: custom ? 'CUSTOM' : type,
          ...(custom ? { typeUrn: type } : {}),
          source,
        });
    });
    const tags = new Map<string, DesiredAssociations['tags'][number]>();
    (declared.tags ?? []).forEach((ref, index) => {
      const source = doc.source.locate([...at, 'tags', index]);
      const tagUrn = this.simpleRef('tag', ref, source);
      if (tagUrn !== undefined && !tags.has(tagUrn)) tags.set(tagUrn, { tagUrn, source });
    });
    const links = new Map<string, DesiredAssociations['links'][number]>();
    (declared.links ?? []).forEach((link, index) => {
      const source = doc.source.locate([...at, 'links', index]);
      if (!links.has(link.url))
        links.set(link.url, { url: link.url, description: link.description ?? '', source });
    });
    return { owners: [...owners.values()], tags: [...tags.values()], links: [...links.values()] };
  }

  /**
   * A line whose aspect the entity type does not have in DataHub's entity registry (glossary terms and nodes have
   * no globalTags there) would be refused by the server at apply time: it is refused here, before any write.
   */
  private refuseUnsupported(doc: Doc<Manifest>, declared: Associations, at: Path, entityType: string): void {
    const fields = { owners: 'ownership', tags: 'globalTags', links: 'institutionalMemory' } as const;
    for (const [field, aspect] of Object.entries(fields) as [keyof typeof fields, string][]) {
      if ((declared[field]?.length ?? 0) === 0 || entityHasAspect(entityType, aspect)) continue;
      this.error(
        'INVALID_VALUE',
        `${doc.manifest.kind} cannot have ${field}: DataHub's ${entityType} entity has no ${aspect} aspect`,
        doc.source.locate([...at, field], 'key'),
        { hint: `remove '${field}' here (DataHub's entity registry, entity ${entityType})` },
      );
    }
  }

  /** A corpuser id or a corpuser/corpGroup URN. */
  private ownerUrn(ref: string, source: SourceLocation): string | undefined {
    if (!ref.startsWith('urn:')) return formatUrn({ entityType: 'corpuser', username: ref });
    const parsed = parseUrn(ref);
    if (parsed.ok && (parsed.value.entityType === 'corpuser' || parsed.value.entityType === 'corpGroup'))
      return formatUrn(parsed.value);
    const reason = parsed.ok ? `it is a ${parsed.value.entityType} URN` : parsed.error;
    this.error('MALFORMED_URN', `malformed owner URN '${ref}'`, source, {
      hint: `${reason}; an owner is urn:li:corpuser:<id> or urn:li:corpGroup:<id>`,
    });
    return undefined;
  }

  /**
   * A reference to a tag, glossary node or domain: a URN, or an id. An id declared in the manifests resolves to
   * it; any other id must name an entity that already exists (checked against the catalog before writing).
   */
  private simpleRef(
    entityType: SimpleIdEntityType,
    ref: string,
    source: SourceLocation,
    mustExist = true,
  ): string | undefined {
    if (ref.startsWith('urn:')) return this.parsedUrn(ref, entityType, source);
    const declared =
      entityType === 'tag'
        ? this.tagUrnsById
        : entityType === 'domain'
          ? this.domainUrnsById
          : this.nodeUrnsById;
    const urn = formatUrn({ entityType, id: ref });
    if (!mustExist || declared.has(ref)) return urn;
    const shadow =
      entityType === 'tag'
        ? this.shadow.tagIds
        : entityType === 'domain'
          ? this.shadow.domainIds
          : this.shadow.nodeIds;
    if (shadow.has(ref)) return urn;
    const kind = entityType === 'tag' ? 'Tag' : entityType === 'domain' ? 'Domain' : 'GlossaryNode';
    if (!this.externalEntities.has(urn)) {
      const hint =
        didYouMean(ref, [...declared.keys(), ...shadow]) ??
        `declare a ${kind} with id '${ref}' in the manifests, or create it in DataHub first`;
      this.externalEntities.set(urn, { urn, source, hint });
    }
    return urn;
  }

  /** Domains are declared first, then their parents resolved: a domain may name a parent declared after it. */
  private declareDomains(): void {
    const domains = this.declareIds('Domain', 'domain', this.domainUrnsById);
    const parents = new Map<string, { parent: string; source: SourceLocation }>();
    for (const doc of domains) {
      const { id, name, description, parent } = doc.manifest;
      const urn = this.domainUrnsById.get(id) as string;
      const parentDomain =
        parent === undefined ? undefined : this.domainRef(parent, doc.source.locate(['parent']));
      if (parentDomain !== undefined)
        parents.set(urn, { parent: parentDomain, source: doc.source.locate(['parent']) });
      const source = doc.source.locate(['id']);
      const associations = this.associations(doc, doc.manifest, [], 'domain');
      this.pendDeprecation(doc, doc.manifest.deprecated, [], 'Domain', urn);
      this.entities.push({
        urn,
        entityType: 'domain',
        aspectName: 'domainProperties',
        fields: compact({ name: name ?? id, description, parentDomain }),
        source,
        associations,
      });
      const { owners, links } = declaredAssociations(associations);
      this.declareEntity('Domain', urn, source, {
        id,
        name: name ?? id,
        description,
        parent: parentDomain,
        owners,
        links,
      });
    }
    // The same rule as glossary nodes: following parentDomain must end at a root.
    this.diagnostics.push(...checkNodeTree(parents));
  }

  private resolveDataProducts(): void {
    for (const doc of this.declareIds('DataProduct', 'dataProduct', this.productUrnsById)) {
      const { id, name, description } = doc.manifest;
      const urn = this.productUrnsById.get(id) as string;
      const source = doc.source.locate(['id']);
      const associations = this.associations(doc, doc.manifest, [], 'dataProduct');
      const domain = this.domainAspect(doc, doc.manifest.domain, [], source);
      const assets = this.productAssets(doc);
      this.pendDeprecation(doc, doc.manifest.deprecated, [], 'DataProduct', urn);
      this.entities.push({
        urn,
        entityType: 'dataProduct',
        aspectName: 'dataProductProperties',
        fields: compact({ name: name ?? id, description }),
        source,
        aspects: [domain.aspect],
        associations,
        assets,
      });
      this.declareEntity('DataProduct', urn, source, {
        id,
        name: name ?? id,
        description,
        domain: domain.urn,
        assets: assets.map((asset) => asset.urn),
        ...declaredAssociations(associations),
      });
    }
  }

  /**
   * The assets of a data product: a URN, a dataset as {platform, name}, or the name of a declared feature table,
   * model or model group (or a feature as <table>.<feature>). A URN the manifests do not declare must exist.
   */
  private productAssets(doc: Doc<DataProductManifest>): DesiredAsset[] {
    const assets = new Map<string, DesiredAsset>();
    (doc.manifest.assets ?? []).forEach((ref, index) => {
      const source = doc.source.locate(['assets', index]);
      const urn = this.assetUrn(ref, source);
      if (urn !== undefined && !assets.has(urn)) assets.set(urn, { urn, source });
    });
    return [...assets.values()];
  }

  private assetUrn(ref: AssetRefValue, source: SourceLocation): string | undefined {
    if (typeof ref !== 'string') {
      const env = ref.env ?? this.settings.defaultEnv;
      return this.externalAsset(
        formatUrn({ entityType: 'dataset', platform: ref.platform, name: ref.name, env }),
        source,
      );
    }
    if (ref.startsWith('urn:')) {
      const parsed = parseRawUrn(ref);
      if (!parsed.ok) {
        this.error('MALFORMED_URN', `malformed asset URN '${ref}'`, source, { hint: parsed.error });
        return undefined;
      }
      const known = parseUrn(ref);
      return this.externalAsset(known.ok ? formatUrn(known.value) : ref, source);
    }
    const byName = this.assetUrnsByName();
    const urns = byName.get(ref) ?? [];
    if (urns.length === 1) return urns[0];
    if (urns.length > 1) {
      this.error('INVALID_VALUE', `asset '${ref}' names ${urns.length} entities`, source, {
        hint: `write the URN of the one meant: ${urns.join(', ')}`,
      });
      return undefined;
    }
    if (this.shadow.assetNames.has(ref)) return undefined;
    const hint =
      didYouMean(ref, [...byName.keys(), ...this.shadow.assetNames]) ??
      'write the name of a declared MLFeatureTable, MLModel or MLModelGroup, <table>.<feature>, or a URN';
    this.error('UNKNOWN_REFERENCE', `unknown asset '${ref}'`, source, { hint });
    return undefined;
  }

  /**
   * The names an asset may use → their URNs, built on first use and kept: data products are resolved after every
   * table, model, group and feature is declared, and a product's assets would otherwise rebuild it each.
   */
  private assetUrnsByName(): ReadonlyMap<string, readonly string[]> {
    if (this.assetUrns !== undefined) return this.assetUrns;
    const byName = new Map<string, string[]>();
    for (const [name, urns] of this.tableUrnsByName) for (const urn of urns) addTo(byName, name, urn);
    for (const [name, urns] of this.modelUrnsByName) for (const urn of urns) addTo(byName, name, urn);
    for (const [name, urns] of this.groupUrnsByName) for (const urn of urns) addTo(byName, name, urn);
    for (const [key, urn] of this.featureUrnsByKey) addTo(byName, key, urn);
    this.assetUrns = byName;
    return byName;
  }

  /** An asset named by URN: declared here, or it must already exist (checked against the catalog). */
  private externalAsset(urn: string, source: SourceLocation): string {
    if (!this.declared.has(urn) && !this.externalEntities.has(urn))
      this.externalEntities.set(urn, {
        urn,
        source,
        hint: 'an asset must be declared in the manifests or already be in the catalog (ingest it first)',
      });
    return urn;
  }

  /**
   * A `domain:` reference. A declared Domain's id resolves to it; while the manifests declare no Domain at all, an
   * id is taken as the id of a domain kept in DataHub (as before the Domain kind existed); once they declare some,
   * an undeclared id must name a domain that exists (a typo is caught before writing, with a suggestion).
   */
  private domainRef(ref: string, source: SourceLocation): string | undefined {
    return this.simpleRef(
      'domain',
      ref,
      source,
      this.domainUrnsById.size > 0 || this.shadow.domainIds.size > 0,
    );
  }

  /** The domains aspect of a declaration: the declared domain, or null (not declared: left alone). */
  private domainAspect(
    doc: Doc<Manifest>,
    domain: string | undefined,
    at: Path,
    fallback: SourceLocation,
  ): { aspect: DesiredAspect; urn: string | undefined } {
    const source = domain === undefined ? fallback : doc.source.locate([...at, 'domain']);
    const urn = domain === undefined ? undefined : this.domainRef(domain, source);
    return {
      aspect: { aspectName: 'domains', value: urn === undefined ? null : { domains: [urn] }, source },
      urn,
    };
  }

  private declareFeatures(): void {
    for (const doc of ofKind(this.documents, 'MLFeature')) {
      this.declareFeature(doc, doc.manifest.namespace, doc.manifest, []);
    }
    for (const doc of ofKind(this.documents, 'MLFeatureTable')) {
      (doc.manifest.features ?? []).forEach((item, index) => {
        if (!isFeatureReference(item)) this.declareFeature(doc, doc.manifest.name, item, ['features', index]);
      });
    }
  }

  private declareFeature(doc: Doc<Manifest>, namespace: string, feature: FeatureFields, at: Path): void {
    const urn = formatUrn({ entityType: 'mlFeature', namespace, name: feature.name });
    const source = doc.source.locate([...at, 'name']);
    if (!this.declare(urn, source)) return;
    this.featureUrnsByKey.set(`${namespace}.${feature.name}`, urn);
    const sources = unique(
      (feature.sources ?? []).flatMap(
        (ref, index) => this.datasetUrn(doc, ref, [...at, 'sources', index]) ?? [],
      ),
    );
    const associations = this.associations(doc, feature, at, 'mlFeature');
    const domain = this.domainAspect(doc, feature.domain, at, source);
    this.pendDeprecation(doc, feature.deprecated, at, 'MLFeature', urn);
    this.entities.push({
      urn,
      entityType: 'mlFeature',
      aspectName: 'mlFeatureProperties',
      fields: compact({
        description: feature.description,
        dataType: feature.dataType,
        version: feature.version === undefined ? undefined : { versionTag: feature.version },
        sources,
      }),
      source,
      aspects: [domain.aspect],
      associations,
    });
    const { name, dataType, description, version } = feature;
    this.declareEntity('MLFeature', urn, source, {
      name,
      namespace,
      dataType,
      description,
      version,
      sources,
      domain: domain.urn,
      ...declaredAssociations(associations),
    });
  }

  private declareGroups(): void {
    for (const doc of ofKind(this.documents, 'MLModelGroup')) {
      const platform = this.platformOf(doc, doc.manifest.platform);
      if (platform === undefined) continue;
      const env = this.envOf(doc.manifest.env);
      const urn = formatUrn({ entityType: 'mlModelGroup', platform, name: doc.manifest.name, env });
      const source = doc.source.locate(['name']);
      if (!this.declare(urn, source)) continue;
      this.groupUrns.set(urn, doc.manifest.name);
      addTo(this.groupUrnsByName, doc.manifest.name, urn);
      const associations = this.associations(doc, doc.manifest, [], 'mlModelGroup');
      const domain = this.domainAspect(doc, doc.manifest.domain, [], source);
      this.pendDeprecation(doc, doc.manifest.deprecated, [], 'MLModelGroup', urn, { platform, env });
      this.entities.push({
        urn,
        entityType: 'mlModelGroup',
        aspectName: 'mlModelGroupProperties',
        fields: compact({ description: doc.manifest.description }),
        source,
        aspects: [domain.aspect],
        associations,
      });
      const { name, description } = doc.manifest;
      this.declareEntity('MLModelGroup', urn, source, {
        name,
        platform,
        env,
        description,
        domain: domain.urn,
        ...declaredAssociations(associations),
      });
    }
  }

  private resolveTables(): void {
    for (const doc of ofKind(this.documents, 'MLFeatureTable')) {
      const platform = this.platformOf(doc, doc.manifest.platform);
      if (platform === undefined) continue;
      const urn = formatUrn({ entityType: 'mlFeatureTable', platform, name: doc.manifest.name });
      const source = doc.source.locate(['name']);
      if (!this.declare(urn, source)) continue;
      addTo(this.tableUrnsByName, doc.manifest.name, urn);
      const features = unique(this.tableFeatures(doc));
      const associations = this.associations(doc, doc.manifest, [], 'mlFeatureTable');
      const domain = this.domainAspect(doc, doc.manifest.domain, [], source);
      this.pendDeprecation(doc, doc.manifest.deprecated, [], 'MLFeatureTable', urn, { platform });
      this.entities.push({
        urn,
        entityType: 'mlFeatureTable',
        aspectName: 'mlFeatureTableProperties',
        fields: compact({ description: doc.manifest.description, mlFeatures: features }),
        source,
        aspects: [domain.aspect],
        associations,
      });
      const { name, description } = doc.manifest;
      this.declareEntity('MLFeatureTable', urn, source, {
        name,
        platform,
        description,
        features,
        domain: domain.urn,
        ...declaredAssociations(associations),
      });
    }
  }

  private tableFeatures(doc: Doc<MLFeatureTableManifest>): string[] {
    return (doc.manifest.features ?? []).flatMap((item, index) => {
      if (!isFeatureReference(item)) {
        return formatUrn({ entityType: 'mlFeature', namespace: doc.manifest.name, name: item.name });
      }
      return this.featureUrn(doc, item.ref, ['features', index, 'ref']) ?? [];
    });
  }

  private resolveModels(): void {
    for (const doc of ofKind(this.documents, 'MLModel')) {
      const platform = this.platformOf(doc, doc.manifest.platform);
      if (platform === undefined) continue;
      const env = this.envOf(doc.manifest.env);
      const urn = formatUrn({ entityType: 'mlModel', platform, name: doc.manifest.name, env });
      const source = doc.source.locate(['name']);
      if (!this.declare(urn, source)) continue;
      addTo(this.modelUrnsByName, doc.manifest.name, urn);
      const { name, description, type, version, hyperParams, metrics } = doc.manifest;
      const groups = unique(this.modelGroups(doc, platform, env));
      const features = unique(
        (doc.manifest.features ?? []).flatMap(
          (ref, index) => this.featureUrn(doc, ref, ['features', index]) ?? [],
        ),
      );
      const aliases = unique(doc.manifest.aliases ?? []);
      this.checkAliases(doc, groups, aliases);
      const trainingData = this.modelData(doc, 'trainingData');
      const evaluationData = this.modelData(doc, 'evaluationData');
      const associations = this.associations(doc, doc.manifest, [], 'mlModel');
      const domain = this.domainAspect(doc, doc.manifest.domain, [], source);
      this.pendDeprecation(doc, doc.manifest.deprecated, [], 'MLModel', urn, { platform, env });
      this.entities.push({
        urn,
        entityType: 'mlModel',
        aspectName: 'mlModelProperties',
        fields: {
          ...compact({
            description,
            type,
            version: version === undefined ? undefined : { versionTag: version },
            groups,
            mlFeatures: features,
          }),
          // Declared, even as {}, the manifest owns the list: kept as [] (not compacted away) so that it is cleared.
          ...(hyperParams === undefined ? {} : { hyperParams: nameValues(hyperParams) }),
          ...(metrics === undefined ? {} : { trainingMetrics: nameValues(metrics) }),
        },
        source,
        aspects: [
          this.versionProperties(doc, urn, version, aliases),
          this.modelDataAspect(doc, 'mlModelTrainingData', 'trainingData', trainingData, source),
          this.modelDataAspect(doc, 'mlModelEvaluationData', 'evaluationData', evaluationData, source),
          domain.aspect,
        ],
        associations,
      });
      this.declareEntity('MLModel', urn, source, {
        name,
        platform,
        env,
        description,
        type,
        version,
        aliases,
        groups,
        features,
        hyperParams: hyperParams ?? {},
        metrics: metrics ?? {},
        trainingData: trainingData ?? [],
        evaluationData: evaluationData ?? [],
        domain: domain.urn,
        ...declaredAssociations(associations),
      });
    }
  }

  /**
   * versionProperties as DataHub's SDK writes it (sdk/_shared.py HasVersion.set_version at v1.7.0): a version set
   * of its own, sortId = the version zero-padded to 10. Only the declared fields are owned (the diff keeps a
   * connector's versionSet, sortId and attribution).
   */
  private versionProperties(
    doc: Doc<MLModelManifest>,
    urn: string,
    version: string | undefined,
    aliases: readonly string[],
  ): DesiredAspect {
    const declaredFields = [
      ...(version === undefined ? [] : ['version']),
      ...(doc.manifest.aliases === undefined ? [] : ['aliases']),
    ];
    if (version === undefined) {
      return {
        aspectName: 'versionProperties',
        value: null,
        source: doc.source.locate(['name']),
        declaredFields,
      };
    }
    return {
      aspectName: 'versionProperties',
      value: {
        versionSet: versionSetUrnOf(urn, 'mlModel'),
        version: { versionTag: version },
        aliases: aliases.map((alias) => ({ versionTag: alias })),
        sortId: sortIdOf(version),
      },
      source: doc.source.locate(['version']),
      declaredFields,
    };
  }

  /** An alias is held by at most one model of a group (this tool's rule: GMS checks versions, not aliases). */
  private checkAliases(
    doc: Doc<MLModelManifest>,
    groups: readonly string[],
    aliases: readonly string[],
  ): void {
    for (const group of groups) {
      aliases.forEach((alias) => {
        const index = doc.manifest.aliases?.indexOf(alias) ?? 0;
        const at = doc.source.locate(['aliases', index]);
        const key = `${group} ${alias}`;
        const first = this.aliasHolders.get(key);
        if (first === undefined) {
          this.aliasHolders.set(key, at);
          return;
        }
        this.error(
          'DUPLICATE_DECLARATION',
          `alias '${alias}' is held by two models of group ${this.groupUrns.get(group) ?? group}`,
          at,
          {
            related: first,
            hint: `an alias names one model of a group; first declared at ${first.file}:${first.line}:${first.column} (remove it there to move it here)`,
          },
        );
      });
    }
  }

  private modelData(
    doc: Doc<MLModelManifest>,
    field: 'trainingData' | 'evaluationData',
  ): JsonObject[] | undefined {
    const declared: readonly ModelDataValue[] | undefined = doc.manifest[field];
    if (declared === undefined) return undefined;
    return declared.flatMap((item, index) => {
      const dataset = this.datasetUrn(doc, item.dataset, [field, index, 'dataset']);
      if (dataset === undefined) return [];
      return [
        compact({
          dataset,
          motivation: item.motivation,
          preProcessing: item.preProcessing === undefined ? undefined : [...item.preProcessing],
        }),
      ];
    });
  }

  private modelDataAspect(
    doc: Doc<MLModelManifest>,
    aspectName: string,
    field: 'trainingData' | 'evaluationData',
    items: JsonObject[] | undefined,
    source: SourceLocation,
  ): DesiredAspect {
    return {
      aspectName,
      value: items === undefined ? null : { [field]: items },
      source: items === undefined ? source : doc.source.locate([field]),
    };
  }

  /**
   * The aspects known only once every entity is declared, added to each entity in one pass (one copy of an
   * entity, not one per aspect: at 250,000 entities the copies were most of resolving's garbage): its
   * deprecation (`null` in `deprecations`: the manifest declares none, located at the entity) and its
   * dataPlatformInstance (the selected environment's platformInstance, or null).
   */
  private attachLateAspects(deprecations: ReadonlyMap<string, DesiredAspect | null>): void {
    for (const [index, entity] of this.entities.entries()) {
      const late: DesiredAspect[] = [];
      const deprecation = deprecations.get(entity.urn);
      if (deprecation !== undefined)
        late.push(deprecation ?? { aspectName: 'deprecation', value: null, source: entity.source });
      const instance = this.platformInstanceAspect(entity);
      if (instance !== undefined) late.push(instance);
      // concat makes an array of the exact length; a spread literal leaves room to grow (about 130 bytes more per
      // entity, kept as long as the desired state is).
      if (late.length > 0) this.entities[index] = { ...entity, aspects: (entity.aspects ?? []).concat(late) };
    }
  }

  /**
   * The dataPlatformInstance aspect of every declared entity whose URN names its platform (feature tables, models,
   * model groups; a feature's URN names none, so it gets none): the environment's instance of that platform, or
   * null without one (not declared: left alone, or cleared if the tool wrote it last).
   */
  private platformInstanceAspect(entity: DesiredEntity): DesiredAspect | undefined {
    if (!(DECLARABLE_ASPECTS[entity.entityType] ?? []).includes('dataPlatformInstance')) return undefined;
    const raw = parseRawUrn(entity.urn);
    const platform = raw.ok ? raw.value.parts[0] : undefined;
    if (platform === undefined) return undefined;
    const value =
      this.platformInstance === undefined
        ? null
        : {
            platform,
            instance: `urn:li:dataPlatformInstance:(${platform},${encodeUrnPart(this.platformInstance)})`,
          };
    return { aspectName: 'dataPlatformInstance', value, source: entity.source };
  }

  private pendDeprecation(
    doc: Doc<Manifest>,
    value: DeprecatedValue | undefined,
    at: Path,
    kind: EntityKind,
    urn: string,
    scope: { platform?: string; env?: string } = {},
  ): void {
    this.deprecations.push({ doc, value, at, kind, urn, ...scope });
  }

  /**
   * The deprecation aspect of every declared entity that can have one: declared (`true` or a block) → the
   * manifest's, with the Settings actor (Deprecation requires note and actor); `false` or absent → null, so the
   * diff un-deprecates only what the tool wrote.
   */
  private resolveDeprecations(): Map<string, DesiredAspect | null> {
    const aspects = new Map<string, DesiredAspect | null>();
    for (const pending of this.deprecations) {
      const { doc, value, at, urn } = pending;
      // Not declared: null here, located at the entity by attachLateAspects (no position looked up).
      if (value === undefined) {
        aspects.set(urn, null);
        continue;
      }
      const source = doc.source.locate([...at, 'deprecated']);
      if (value === false) {
        aspects.set(urn, { aspectName: 'deprecation', value: null, source });
        continue;
      }
      const block = value === true ? {} : value;
      const replacement =
        block.replacement === undefined
          ? undefined
          : this.replacementUrn(
              pending,
              block.replacement,
              doc.source.locate([...at, 'deprecated', 'replacement']),
            );
      let decommissionTime: number | undefined;
      if (block.decommissionTime !== undefined) {
        decommissionTime = decommissionTimeOf(block.decommissionTime);
        if (decommissionTime === undefined)
          this.error(
            'INVALID_VALUE',
            `'${block.decommissionTime}' is not a date`,
            doc.source.locate([...at, 'deprecated', 'decommissionTime']),
            { hint: 'write a real calendar date as YYYY-MM-DD, or a date-time with its zone' },
          );
      }
      aspects.set(urn, {
        aspectName: 'deprecation',
        value: compact({
          deprecated: true,
          note: block.note ?? '',
          actor: this.settings.actor,
          replacement,
          decommissionTime,
        }),
        source,
      });
    }
    for (const [index, declaration] of this.declarations.entries()) {
      const aspect = aspects.get(declaration.urn);
      if (aspect === undefined || declaration.kind === 'DatasetTerms') continue;
      this.declarations[index] = {
        ...declaration,
        entity: { ...declaration.entity, deprecated: aspect?.value ?? false },
      };
    }
    return aspects;
  }

  /** A replacement: a URN, or the name of a declared entity of the same kind (ids for terms and tags). */
  private replacementUrn(
    pending: PendingDeprecation,
    ref: string,
    source: SourceLocation,
  ): string | undefined {
    if (ref.startsWith('urn:')) {
      const parsed = parseUrn(ref);
      if (parsed.ok) return formatUrn(parsed.value);
      this.error('MALFORMED_URN', `malformed replacement URN '${ref}'`, source, { hint: parsed.error });
      return undefined;
    }
    // Looked up in place: copying a kind's whole map for each replacement was quadratic in large catalogs.
    const candidates = ((): {
      byName: Pick<ReadonlyMap<string, readonly string[]>, 'get' | 'keys'>;
      what: string;
    } => {
      const one = (
        map: ReadonlyMap<string, string>,
      ): Pick<ReadonlyMap<string, string[]>, 'get' | 'keys'> => ({
        get: (name) => {
          const urn = map.get(name);
          return urn === undefined ? undefined : [urn];
        },
        keys: () => map.keys(),
      });
      switch (pending.kind) {
        case 'Tag':
          return { byName: one(this.tagUrnsById), what: 'Tag id' };
        case 'GlossaryTerm':
          return { byName: one(this.termUrnsById), what: 'GlossaryTerm id' };
        case 'MLFeature':
          return { byName: one(this.featureUrnsByKey), what: 'feature (<table>.<feature>)' };
        case 'MLFeatureTable':
          return { byName: this.tableUrnsByName, what: 'MLFeatureTable name' };
        case 'MLModelGroup':
          return { byName: this.groupUrnsByName, what: 'MLModelGroup name' };
        case 'MLModel':
          return { byName: this.modelUrnsByName, what: 'MLModel name' };
        case 'Domain':
          return { byName: one(this.domainUrnsById), what: 'Domain id' };
        case 'DataProduct':
          return { byName: one(this.productUrnsById), what: 'DataProduct id' };
        case 'GlossaryNode':
        case 'DatasetTerms':
          return { byName: new Map(), what: 'name' };
        default:
          return assertNever(pending.kind);
      }
    })();
    const urns = candidates.byName.get(ref) ?? [];
    if (urns.length === 1) return urns[0];
    if (urns.length > 1) {
      // Same name on several platforms or envs: the one beside the deprecated entity, else it is ambiguous.
      const near = urns.find((urn) => {
        const parsed = parseUrn(urn);
        if (!parsed.ok) return false;
        const value = parsed.value as { platform?: string; env?: string };
        return (
          value.platform === pending.platform && (pending.env === undefined || value.env === pending.env)
        );
      });
      if (near !== undefined) return near;
      this.error('INVALID_VALUE', `replacement '${ref}' names ${urns.length} entities`, source, {
        hint: `write the URN of the one meant: ${urns.join(', ')}`,
      });
      return undefined;
    }
    const hint =
      didYouMean(ref, [...candidates.byName.keys()]) ??
      `write the ${candidates.what} of a declared ${pending.kind}, or the URN of the replacement`;
    this.error('UNKNOWN_REFERENCE', `unknown replacement '${ref}'`, source, { hint });
    return undefined;
  }

  private modelGroups(doc: Doc<MLModelManifest>, platform: string, env: string): string[] {
    return (doc.manifest.groups ?? []).flatMap((ref, index) => {
      const at = doc.source.locate(['groups', index]);
      if (ref.startsWith('urn:')) return this.parsedUrn(ref, 'mlModelGroup', at) ?? [];
      const urn = formatUrn({ entityType: 'mlModelGroup', platform, name: ref, env });
      if (this.groupUrns.has(urn) || this.shadow.groupNames.has(ref)) return urn;
      const hint =
        didYouMean(ref, [...this.groupUrns.values(), ...this.shadow.groupNames]) ??
        `declare an MLModelGroup named '${ref}' on platform ${platform} in ${env}, or write the group's URN`;
      this.error('UNKNOWN_REFERENCE', `unknown model group '${ref}' (platform ${platform}, env ${env})`, at, {
        hint,
      });
      return [];
    });
  }

  private resolveDatasets(): DesiredDatasetTerms[] {
    const result: DesiredDatasetTerms[] = [];
    const seen = new Map<string, SourceLocation>();
    for (const doc of ofKind(this.documents, 'DatasetTerms')) {
      const datasetUrn = this.datasetUrn(doc, doc.manifest.dataset, ['dataset']);
      if (datasetUrn === undefined) continue;
      const source = doc.source.locate(['dataset']);
      const first = seen.get(datasetUrn);
      if (first !== undefined) {
        this.error('DUPLICATE_DECLARATION', `the terms of dataset ${datasetUrn} are declared twice`, source, {
          related: first,
          hint: 'keep one DatasetTerms document per dataset',
        });
        continue;
      }
      seen.set(datasetUrn, source);
      const terms = this.termEdges(doc, doc.manifest.terms ?? [], ['terms']);
      const columns = this.columns(doc);
      result.push({ datasetUrn, terms, columns, source });
      this.declareEntity('DatasetTerms', datasetUrn, source, {
        dataset: datasetUrn,
        terms: terms.map((edge) => edge.termUrn),
        columns: Object.fromEntries(
          columns.map((column) => [column.fieldPath, column.terms.map((edge) => edge.termUrn)]),
        ),
      });
    }
    return result;
  }

  private columns(doc: Doc<DatasetTermsManifest>): DesiredDatasetTerms['columns'] {
    const bySimplePath = new Map<string, SourceLocation>();
    return Object.entries(doc.manifest.columns ?? {}).flatMap(([fieldPath, terms]) => {
      const source = doc.source.locate(['columns', fieldPath], 'key');
      const simplePath = simplifyFieldPath(fieldPath);
      const first = bySimplePath.get(simplePath);
      if (first !== undefined) {
        this.error('DUPLICATE_DECLARATION', `column '${simplePath}' is listed twice`, source, {
          related: first,
          hint: 'a [version=2.0] path and its simple form name the same column',
        });
        return [];
      }
      bySimplePath.set(simplePath, source);
      return [{ fieldPath, simplePath, terms: this.termEdges(doc, terms, ['columns', fieldPath]), source }];
    });
  }

  private termEdges(doc: Doc<Manifest>, refs: readonly string[], at: Path): DesiredTermEdge[] {
    const edges = new Map<string, DesiredTermEdge>();
    refs.forEach((ref, index) => {
      const source = doc.source.locate([...at, index]);
      const termUrn = this.termUrn(ref, source);
      if (termUrn !== undefined && !edges.has(termUrn)) edges.set(termUrn, { termUrn, source });
    });
    return [...edges.values()];
  }

  private termUrn(ref: string, source: SourceLocation): string | undefined {
    if (ref.startsWith('urn:')) {
      const urn = this.parsedUrn(ref, 'glossaryTerm', source);
      if (urn !== undefined && !this.declared.has(urn) && !this.externalTerms.has(urn)) {
        this.externalTerms.set(urn, { urn, source });
      }
      return urn;
    }
    const urn = this.termUrnsById.get(ref);
    if (urn !== undefined) return urn;
    if (this.shadow.termIds.has(ref)) return undefined;
    const hint =
      didYouMean(ref, [...this.termUrnsById.keys(), ...this.shadow.termIds]) ??
      'declare it as a GlossaryTerm, or write the URN of an existing term';
    this.error('UNKNOWN_REFERENCE', `unknown glossary term '${ref}'`, source, { hint });
    return undefined;
  }

  private featureUrn(doc: Doc<Manifest>, ref: string, at: Path): string | undefined {
    const source = doc.source.locate(at);
    if (ref.startsWith('urn:')) return this.parsedUrn(ref, 'mlFeature', source);
    const urn = this.featureUrnsByKey.get(ref);
    if (urn !== undefined) return urn;
    if (this.shadow.featureKeys.has(ref)) return undefined;
    const hint =
      didYouMean(ref, [...this.featureUrnsByKey.keys(), ...this.shadow.featureKeys]) ??
      'write <feature table>.<feature> of a declared feature, or the URN of an existing feature';
    this.error('UNKNOWN_REFERENCE', `unknown feature '${ref}'`, source, { hint });
    return undefined;
  }

  private datasetUrn(doc: Doc<Manifest>, ref: DatasetRefValue, at: Path): string | undefined {
    if (typeof ref === 'string') return this.parsedUrn(ref, 'dataset', doc.source.locate(at));
    const env = this.envOf(ref.env);
    return formatUrn({ entityType: 'dataset', platform: ref.platform, name: ref.name, env });
  }

  /**
   * The env of a URN the catalog builds: the selected environment's, over the one written, over defaults.env. A
   * URN written out in full is not built here and keeps the env it is written with (docs/environments.md).
   */
  private envOf(written: string | undefined): string {
    return this.environmentEnv ?? written ?? this.settings.defaultEnv;
  }

  /** Parses a URN the schema already checked by shape; the full parse also names what is wrong. */
  private parsedUrn(text: string, entityType: string, source: SourceLocation): string | undefined {
    const parsed = parseUrn(text);
    if (parsed.ok && parsed.value.entityType === entityType) return formatUrn(parsed.value);
    const reason = parsed.ok ? `it is a ${parsed.value.entityType} URN` : parsed.error;
    this.error('MALFORMED_URN', `malformed ${entityType} URN '${text}'`, source, { hint: reason });
    return undefined;
  }

  private platformOf(doc: Doc<Manifest>, platform: string | undefined): string | undefined {
    const resolved = platform ?? this.settings.defaultPlatform;
    if (resolved === undefined) {
      this.error('MISSING_FIELD', `missing 'platform' in ${doc.manifest.kind}`, doc.source.locate([]), {
        hint: 'set platform here, or defaults.platform in the Settings document',
      });
    }
    return resolved;
  }

  /** Records what a policy sees of a declared entity (see Declaration); undefined fields are left out. */
  private declareEntity(
    kind: EntityKind,
    urn: string,
    source: SourceLocation,
    fields: Record<string, JsonValue | undefined>,
  ): void {
    if (!this.withDeclarations) return;
    const entity: Record<string, JsonValue> = { kind, urn };
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) entity[key] = value;
    this.declarations.push({ kind, urn, source, entity });
  }

  /** Records a declaration; a second declaration of the same URN is an error naming both places. */
  private declare(urn: string, source: SourceLocation): boolean {
    const first = this.declared.get(urn);
    if (first !== undefined) {
      this.error('DUPLICATE_DECLARATION', `${urn} is declared twice`, source, {
        related: first,
        hint: `first declared at ${first.file}:${first.line}:${first.column}`,
      });
      return false;
    }
    this.declared.set(urn, source);
    return true;
  }

  private error(
    code: Diagnostic['code'],
    message: string,
    location: SourceLocation,
    extra: { hint?: string; related?: SourceLocation | undefined } = {},
  ): void {
    this.diagnostics.push({
      code,
      severity: 'error',
      message,
      location,
      ...(extra.hint === undefined ? {} : { hint: extra.hint }),
      ...(extra.related === undefined ? {} : { related: extra.related }),
    });
  }
}

/** Drops undefined values and empty lists: an absent field and an empty list mean the same here. */
function compact(fields: Record<string, JsonValue | undefined>): JsonObject {
  const result: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    result[key] = value;
  }
  return result;
}

/** owners, tags and links as the manifest writes them, resolved: URNs, and an owner's type as declared. */
function declaredAssociations(associations: DesiredAssociations): {
  owners: JsonObject[];
  tags: string[];
  links: JsonObject[];
} {
  return {
    owners: associations.owners.map((line) => ({ owner: line.owner, type: line.typeUrn ?? line.type })),
    tags: associations.tags.map((tag) => tag.tagUrn),
    links: associations.links.map((link) => ({ url: link.url, description: link.description })),
  };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

interface PendingDeprecation {
  readonly doc: Doc<Manifest>;
  readonly value: DeprecatedValue | undefined;
  /** The path of the declaration in its document ([] for a document, ['features', i] for an inline feature). */
  readonly at: Path;
  readonly kind: EntityKind;
  readonly urn: string;
  readonly platform?: string;
  readonly env?: string;
}

function addTo(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key) ?? [];
  if (!list.includes(value)) list.push(value);
  map.set(key, list);
}

/** A name → value map as DataHub's [{name, value}] (MLHyperParam, MLMetric), in the manifest's order. */
function nameValues(map: Readonly<Record<string, string>>): JsonObject[] {
  return Object.entries(map).map(([name, value]) => ({ name, value }));
}
