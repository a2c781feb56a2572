/**
 * VersionedDataset: a dataset as it was at a version stamp, after DataHub v1.7.0's VersionedDatasetType and
 * VersionedDatasetMapper (types/dataset/). A stamp names the row version of each aspect (`schemaMetadata:3;…`):
 * only the aspects it names are read, at those versions (EntityServiceImpl.getVersionedEnvelopedAspects); an empty
 * stamp reads the latest of each. The mapper maps the aspects below and nothing else.
 */
import { stringOr, type JsonObject } from '../../../model/json.js';
import { decodeUrnPart } from '../../../model/urn.js';
import type { StoredAspect } from '../../store/aspect-store.js';
import {
  customProperties,
  deprecationView,
  domainView,
  globalTagsView,
  glossaryTermsView,
  institutionalMemoryView,
  ownershipView,
  statusView,
} from './aspect-views.js';
import type { ViewContext } from './entity-base.js';
import { containerOf, fabric, keyOf } from './entity-parts.js';
import { number, object, text } from './json-readers.js';
import { editableSchemaMetadataView, schemaMetadataView } from './schema-views.js';

/** The entity aspects VersionedDatasetType resolves (ASPECTS_TO_RESOLVE), apart from the key. */
const RESOLVED = new Set([
  'datasetProperties', 'editableDatasetProperties', 'datasetDeprecation', 'deprecation', 'datasetUpstreamLineage',
  'upstreamLineage', 'editableSchemaMetadata', 'viewProperties', 'ownership', 'institutionalMemory', 'globalTags',
  'glossaryTerms', 'status', 'container', 'domains', 'schemaMetadata', 'siblings', 'dataProducts',
]); // prettier-ignore

/** The view of `urn` at the row versions `versions` names (empty: the latest of every aspect). */
export function versionedDatasetView(
  urn: string,
  versions: ReadonlyMap<string, number>,
  context: ViewContext,
) {
  const { service, viewOf } = context;
  const stored = (aspect: string): StoredAspect | undefined => {
    if (!RESOLVED.has(aspect)) return undefined;
    const version = versions.size === 0 ? 0 : versions.get(aspect);
    return version === undefined ? undefined : service.getVersion(urn, aspect, version);
  };
  const at = (aspect: string): JsonObject | undefined => stored(aspect)?.value;
  const key = keyOf(urn, context);
  const name = decodeUrnPart(stringOr(key['name']));
  const origin = fabric(key['origin']);
  const platform = stringOr(key['platform']);
  return {
    urn,
    type: 'DATASET',
    name,
    origin,
    platform: () => viewOf(platform),
    container: () => containerOf(at('container'), context),
    properties: () => {
      const properties = at('datasetProperties');
      if (properties === undefined) return null;
      return {
        name: text(properties['name']) ?? name,
        qualifiedName: text(properties['qualifiedName']),
        origin,
        description: text(properties['description']),
        customProperties: customProperties(properties['customProperties'], urn),
        externalUrl: text(properties['externalUrl']),
      };
    },
    editableProperties: () => {
      const editable = at('editableDatasetProperties');
      return editable === undefined ? null : { description: text(editable['description']) };
    },
    viewProperties: () => {
      const view = at('viewProperties');
      if (view === undefined) return null;
      return {
        materialized: view['materialized'] === true,
        logic: stringOr(view['viewLogic']),
        formattedLogic: text(view['formattedViewLogic']),
        language: stringOr(view['viewLanguage']),
      };
    },
    ownership: () => ownershipView(at('ownership'), urn, viewOf),
    deprecation: () => deprecationView(at('deprecation'), viewOf),
    institutionalMemory: () => institutionalMemoryView(at('institutionalMemory'), urn, viewOf),
    editableSchemaMetadata: () => editableSchemaMetadataView(at('editableSchemaMetadata'), urn, viewOf),
    status: () => statusView(at('status')),
    tags: () => globalTagsView(at('globalTags'), urn, viewOf),
    glossaryTerms: () => glossaryTermsView(at('glossaryTerms'), urn, viewOf),
    domain: () => domainView(at('domains'), urn, viewOf),
    // SchemaMapper: the schema of that version, observed when its system metadata says.
    schema: () => {
      const schema = stored('schemaMetadata');
      if (schema === undefined) return null;
      const view = schemaMetadataView(urn, schema.version, key, context);
      return view === null
        ? null
        : { ...view, lastObserved: number(object(schema.systemMetadata)?.['lastObserved']) };
    },
    // GmsGraphQLEngine.configureVersionedDatasetResolvers answers relationships with null.
    relationships: null,
  };
}
