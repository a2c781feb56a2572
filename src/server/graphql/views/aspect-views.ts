/**
 * Mappings of shared aspects to DataHub's GraphQL types, after DataHub's mappers
 * (datahub-graphql-core .../types/common/mappers: OwnershipMapper, GlobalTagsMapper, GlossaryTermsMapper,
 * InstitutionalMemoryMapper, DeprecationMapper, CustomPropertiesMapper, AuditStampMapper). Values that a
 * non-null GraphQL field needs but the aspect lacks get DataHub's defaults, never an error.
 */
import { ownershipTypeUrn } from './ownership-types.js';
import { isJsonObject, stableStringify, type JsonObject, type JsonValue } from '../../../model/json.js';
import { parseRawUrn } from '../../../model/urn.js';
import { autoRenderSpec } from '../../../model/registry.js';
import { number, object, objects, strings, text, whenPresent } from './json-readers.js';
import type {
  ApplicationAssociationView,
  AuditStampView,
  BaseDataView,
  CustomPropertyView,
  DeprecationView,
  DomainAssociationView,
  GlobalTagsView,
  GlossaryTermsView,
  InstitutionalMemoryView,
  OwnershipView,
  RawAspectView,
  RawAspectsArgs,
  ResolvedAuditStampView,
  StatusView,
  SubTypesView,
  VersionPropertiesView,
  VersionTagView,
  ViewOf,
} from './view-types.js';

export function versionTag(value: JsonValue | undefined): VersionTagView | null {
  return isJsonObject(value) ? { versionTag: text(value['versionTag']) } : null;
}

export function customProperties(
  value: JsonValue | undefined,
  associatedUrn: string,
): CustomPropertyView[] | null {
  if (!isJsonObject(value)) return null;
  return Object.entries(value).map(([key, item]) => ({ key, value: text(item), associatedUrn }));
}

/** AuditStamp {time: Long!, actor: String}; a missing stamp reads as time 0. */
export function auditStamp(value: JsonValue | undefined): AuditStampView {
  const stamp = isJsonObject(value) ? value : {};
  return { time: number(stamp['time']) ?? 0, actor: text(stamp['actor']) };
}

/** An AuditStamp as DataHub's ResolvedAuditStamp (MapperUtils.createResolvedAuditStamp): the actor as a user. */
export function resolvedStamp(value: JsonValue | undefined, viewOf: ViewOf): ResolvedAuditStampView | null {
  if (!isJsonObject(value)) return null;
  const actor = text(value['actor']);
  return { time: number(value['time']) ?? 0, actor: () => (actor === null ? null : viewOf(actor)) };
}

export function statusView(aspect: JsonObject | undefined): StatusView | null {
  return aspect === undefined ? null : { removed: aspect['removed'] === true };
}

const OWNERSHIP_TYPES = new Set([
  'TECHNICAL_OWNER', 'BUSINESS_OWNER', 'DATA_STEWARD', 'NONE', 'CUSTOM',
  'DATAOWNER', 'DEVELOPER', 'DELEGATE', 'PRODUCER', 'STAKEHOLDER', 'CONSUMER',
]); // prettier-ignore
const OWNERSHIP_SOURCE_TYPES = new Set([
  'AUDIT', 'DATABASE', 'FILE_SYSTEM', 'ISSUE_TRACKING_SYSTEM', 'MANUAL', 'SERVICE', 'SOURCE_CONTROL', 'OTHER',
]); // prettier-ignore

export function ownershipView(
  aspect: JsonObject | undefined,
  associatedUrn: string,
  viewOf: ViewOf,
): OwnershipView | null {
  if (aspect === undefined) return null;
  return {
    owners: objects(aspect['owners']).flatMap((owner) => {
      const ownerUrn = owner['owner'];
      if (typeof ownerUrn !== 'string') return [];
      const source = object(owner['source']);
      const type = text(owner['type']);
      const sourceType = text(source?.['type']);
      return [
        {
          owner: () => viewOf(ownerUrn),
          type: type !== null && OWNERSHIP_TYPES.has(type) ? type : null,
          ownershipType: () => {
            const typeUrn = ownershipTypeUrn(text(owner['typeUrn']), type);
            return typeUrn === null ? null : viewOf(typeUrn);
          },
          source:
            sourceType !== null && OWNERSHIP_SOURCE_TYPES.has(sourceType)
              ? { type: sourceType, url: text(source?.['url']) }
              : null,
          associatedUrn,
        },
      ];
    }),
    lastModified: isJsonObject(aspect['lastModified'])
      ? auditStamp(aspect['lastModified'])
      : { time: 0, actor: 'urn:li:corpuser:unknown' },
  };
}

export function globalTagsView(
  aspect: JsonObject | undefined,
  associatedUrn: string,
  viewOf: ViewOf,
): GlobalTagsView | null {
  if (aspect === undefined) return null;
  return {
    tags: objects(aspect['tags']).flatMap((association) => {
      const tag = association['tag'];
      return typeof tag === 'string' ? [{ tag: () => viewOf(tag), associatedUrn }] : [];
    }),
  };
}

export function glossaryTermsView(
  aspect: JsonObject | undefined,
  associatedUrn: string,
  viewOf: ViewOf,
): GlossaryTermsView | null {
  if (aspect === undefined) return null;
  return {
    terms: objects(aspect['terms']).flatMap((association) => {
      const term = association['urn'];
      if (typeof term !== 'string') return [];
      const actor = association['actor'];
      return [
        {
          term: () => viewOf(term),
          actor: () => (typeof actor === 'string' ? viewOf(actor) : null),
          associatedUrn,
        },
      ];
    }),
  };
}

export function institutionalMemoryView(
  aspect: JsonObject | undefined,
  associatedUrn: string,
  viewOf: ViewOf,
): InstitutionalMemoryView | null {
  if (aspect === undefined) return null;
  return {
    elements: objects(aspect['elements']).flatMap((element) => {
      const url = element['url'];
      if (typeof url !== 'string') return [];
      const created = object(element['createStamp']);
      const description = text(element['description']) ?? '';
      return [
        {
          url,
          label: description,
          description,
          author: () => viewOf(text(created?.['actor']) ?? 'urn:li:corpuser:unknown'),
          // InstitutionalMemoryMetadataMapper: the create stamp's actor, resolved as a user or a group.
          actor: () => viewOf(text(created?.['actor']) ?? 'urn:li:corpuser:unknown'),
          created: auditStamp(created),
          updated: object(element['updateStamp']) === undefined ? null : auditStamp(element['updateStamp']),
          associatedUrn,
          // InstitutionalMemoryMetadataMapper.mapSettings: whether the app shows the link in the asset's header.
          settings: whenPresent(object(element['settings']), (settings) => ({
            showInAssetPreview: settings['showInAssetPreview'] === true,
          })),
        },
      ];
    }),
  };
}

/** The first domain of the domains aspect, as DataHub's DomainAssociation. */
export function domainView(
  aspect: JsonObject | undefined,
  associatedUrn: string,
  viewOf: ViewOf,
): DomainAssociationView | null {
  const domain = strings(aspect?.['domains'])?.[0];
  return domain === undefined ? null : { domain: () => viewOf(domain), associatedUrn };
}

/**
 * ApplicationAssociationMapper.mapList: each application of the `applications` aspect (Applications.pdl), which the
 * mappers of datasets, charts, dashboards, pipelines, terms, data products and ML entities answer as `applications`
 * (and the first as `application`); null without the aspect.
 */
export function applicationAssociations(
  aspect: JsonObject | undefined,
  associatedUrn: string,
  viewOf: ViewOf,
): ApplicationAssociationView[] | null {
  if (aspect === undefined) return null;
  return (strings(aspect['applications']) ?? []).map((application) => ({
    application: () => viewOf(application),
    associatedUrn,
  }));
}

export function deprecationView(aspect: JsonObject | undefined, viewOf: ViewOf): DeprecationView | null {
  if (aspect === undefined) return null;
  const actor = text(aspect['actor']);
  const replacement = text(aspect['replacement']);
  return {
    deprecated: aspect['deprecated'] === true,
    decommissionTime: number(aspect['decommissionTime']),
    note: text(aspect['note']),
    actor,
    actorEntity: () => (actor === null ? null : viewOf(actor)),
    // DeprecationMapper: the replacement URN as its entity (a shell when it does not exist), null when unset.
    replacement: () => (replacement === null ? null : viewOf(replacement)),
  };
}

/**
 * VersionPropertiesMapper: the version set as a VersionSet (urn and type; the rest resolve on demand), the version
 * and each alias as a VersionTag, and isLatest false unless the aspect says true.
 */
export function versionPropertiesView(
  aspect: JsonObject | undefined,
  viewOf: ViewOf,
): VersionPropertiesView | null {
  if (aspect === undefined) return null;
  const versionSet = text(aspect['versionSet']) ?? '';
  return {
    versionSet: () => viewOf(versionSet),
    version: versionTag(aspect['version']) ?? { versionTag: null },
    aliases: objects(aspect['aliases']).map((alias) => ({ versionTag: text(alias['versionTag']) })),
    comment: text(aspect['comment']),
    isLatest: aspect['isLatest'] === true,
    created: resolvedStamp(aspect['metadataCreatedTimestamp'], viewOf),
    createdInSource: resolvedStamp(aspect['sourceCreatedTimestamp'], viewOf),
  };
}

/** MLModelMapper's training and evaluation data (BaseDataMapper): null when the model has no such aspect. */
export function baseDataViews(value: JsonValue | undefined): BaseDataView[] | null {
  if (value === undefined) return null;
  return objects(value).map((item) => ({
    dataset: text(item['dataset']) ?? '',
    motivation: text(item['motivation']),
    preProcessing: strings(item['preProcessing']),
  }));
}

export function subTypesView(aspect: JsonObject | undefined): SubTypesView | null {
  return aspect === undefined ? null : { typeNames: strings(aspect['typeNames']) };
}

/** The platform of a URN's key (`urn:li:dataPlatform:<name>`), as DataPlatform's name. */
export function platformName(platformUrn: string): string {
  const raw = parseRawUrn(platformUrn);
  return raw.ok ? (raw.value.parts[0] ?? platformUrn) : platformUrn;
}

/**
 * RawAspect entries, as WeaklyTypedAspectsResolver picks them: the named aspects (or every stored one), and with
 * `autoRenderOnly` only those whose @Aspect annotation says `autoRender` (none of DataHub's own in v1.7.0, so the
 * app shows no extra tabs), each with its annotation's renderSpec.
 */
export function rawAspects(
  stored: ReadonlyMap<string, JsonObject>,
  input: RawAspectsArgs['input'],
): RawAspectView[] {
  const names = input?.aspectNames ?? [...stored.keys()].sort();
  const autoRenderOnly = input?.autoRenderOnly === true;
  return names.flatMap((name) => {
    const value = stored.get(name);
    const renderSpec = autoRenderSpec(name);
    if (value === undefined || (autoRenderOnly && renderSpec === undefined)) return [];
    return [
      {
        aspectName: name,
        payload: stableStringify(value),
        renderSpec:
          renderSpec === undefined
            ? null
            : {
                displayType: renderSpec.displayType ?? null,
                displayName: renderSpec.displayName ?? null,
                key: renderSpec.key ?? null,
              },
      },
    ];
  });
}
