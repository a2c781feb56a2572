/**
 * Maps stored aspects to the objects of DataHub's GraphQL schema, following DataHub's mappers
 * (datahub-graphql-core .../types/<entity>/mappers): `name`, `featureNamespace`, `platform` and `origin` come
 * from the URN's key; GlossaryTermInfo.description is the aspect's `definition`; fields without a value are null.
 * Related entities are resolved lazily (graphql-js calls function-valued fields), so only what a query
 * selects is read.
 */
import { isJsonObject, isStringArray, stringOr, type JsonObject, type JsonValue } from '../../model/json.js';
import { encodeUrnPart, parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';

type View = Record<string, unknown>;

export class EntityViews {
  constructor(private readonly service: CatalogService) {}

  /** The view of an entity, or null when it was never created (its key aspect is not stored). */
  entity(urn: string, expectedType: string): View | null {
    const raw = parseRawUrn(urn);
    if (!raw.ok || raw.value.entityType !== expectedType || !this.service.exists(urn)) return null;
    return this.view(urn);
  }

  /** The view of an entity that is referenced (an association, a source): a shell when it does not exist. */
  view(urn: string): View {
    const raw = parseRawUrn(urn);
    const entityType = raw.ok ? raw.value.entityType : '';
    switch (entityType) {
      case 'dataset':
        return this.dataset(urn);
      case 'mlFeature':
        return this.mlFeature(urn);
      case 'mlFeatureTable':
        return this.mlFeatureTable(urn);
      case 'mlModel':
        return this.mlModel(urn);
      case 'mlModelGroup':
        return this.mlModelGroup(urn);
      case 'glossaryTerm':
        return this.glossaryTerm(urn);
      case 'corpuser':
        return this.corpUser(urn);
      default:
        return { urn, type: 'DATASET' };
    }
  }

  private common(urn: string): View {
    return {
      urn,
      exists: () => this.service.exists(urn),
      status: () => {
        const status = this.service.latest(urn, 'status');
        return status === undefined ? null : { removed: status['removed'] === true };
      },
      glossaryTerms: () => this.glossaryTermsOf(this.service.latest(urn, 'glossaryTerms'), urn),
    };
  }

  private key(urn: string): JsonObject {
    return this.service.keyOf(urn).value;
  }

  /** What every entity view takes from its URN's key: name, and platform and origin when the key has them. */
  private keyed(urn: string, type: string): View {
    const key = this.key(urn);
    return {
      ...this.common(urn),
      type,
      name: key['name'],
      ...(typeof key['platform'] === 'string' ? { platform: platformView(key['platform']) } : {}),
      ...(typeof key['origin'] === 'string' ? { origin: key['origin'] } : {}),
    };
  }

  dataset(urn: string): View {
    return {
      ...this.keyed(urn, 'DATASET'),
      editableSchemaMetadata: () => {
        const aspect = this.service.latest(urn, 'editableSchemaMetadata');
        if (aspect === undefined) return null;
        const entries = Array.isArray(aspect['editableSchemaFieldInfo'])
          ? aspect['editableSchemaFieldInfo']
          : [];
        return {
          editableSchemaFieldInfo: entries.filter(isJsonObject).map((entry) => {
            const fieldPath = stringOr(entry['fieldPath']);
            const fieldUrn = `urn:li:schemaField:(${urn},${encodeUrnPart(fieldPath)})`;
            return {
              fieldPath,
              description: text(entry['description']),
              glossaryTerms: this.glossaryTermsOf(objectOrUndefined(entry['glossaryTerms']), fieldUrn),
            };
          }),
        };
      },
    };
  }

  mlFeature(urn: string): View {
    const properties = this.service.latest(urn, 'mlFeatureProperties');
    return {
      ...this.keyed(urn, 'MLFEATURE'),
      featureNamespace: this.key(urn)['featureNamespace'],
      description: text(properties?.['description']),
      dataType: text(properties?.['dataType']),
      properties:
        properties === undefined
          ? null
          : {
              description: text(properties['description']),
              dataType: text(properties['dataType']),
              version: versionTag(properties['version']),
              sources: () => urns(properties['sources'])?.map((source) => this.view(source)) ?? null,
            },
    };
  }

  mlFeatureTable(urn: string): View {
    const properties = this.service.latest(urn, 'mlFeatureTableProperties');
    return {
      ...this.keyed(urn, 'MLFEATURE_TABLE'),
      description: text(properties?.['description']),
      properties:
        properties === undefined
          ? null
          : {
              description: text(properties['description']),
              mlFeatures: () => urns(properties['mlFeatures'])?.map((feature) => this.view(feature)) ?? null,
              customProperties: customProperties(properties['customProperties'], urn),
            },
    };
  }

  mlModel(urn: string): View {
    const properties = this.service.latest(urn, 'mlModelProperties');
    return {
      ...this.keyed(urn, 'MLMODEL'),
      description: text(properties?.['description']),
      properties:
        properties === undefined
          ? null
          : {
              description: text(properties['description']),
              date: number(properties['date']),
              version: versionTag(properties['version'])?.versionTag ?? null,
              type: text(properties['type']),
              hyperParams: metrics(properties['hyperParams']),
              trainingMetrics: metrics(properties['trainingMetrics']),
              mlFeatures: urns(properties['mlFeatures']) ?? null,
              tags: urns(properties['tags']) ?? null,
              // DataHub answers [] (not null) when a model belongs to no group.
              groups: () => (urns(properties['groups']) ?? []).map((group) => this.view(group)),
              customProperties: customProperties(properties['customProperties'], urn),
              externalUrl: text(properties['externalUrl']),
            },
    };
  }

  mlModelGroup(urn: string): View {
    const properties = this.service.latest(urn, 'mlModelGroupProperties');
    return {
      ...this.keyed(urn, 'MLMODEL_GROUP'),
      description: text(properties?.['description']),
      properties:
        properties === undefined
          ? null
          : {
              description: text(properties['description']),
              createdAt: number(properties['createdAt']),
              version: versionTag(properties['version']),
            },
    };
  }

  glossaryTerm(urn: string): View {
    const key = this.key(urn);
    const info = this.service.latest(urn, 'glossaryTermInfo');
    return {
      urn,
      type: 'GLOSSARY_TERM',
      hierarchicalName: key['name'],
      exists: () => this.service.exists(urn),
      glossaryTermInfo:
        info === undefined
          ? null
          : {
              name: text(info['name']),
              description: text(info['definition']),
              // An aspect written with an empty termSource reads back as INTERNAL.
              termSource: text(info['termSource']) || 'INTERNAL',
              sourceRef: text(info['sourceRef']),
              sourceUrl: text(info['sourceUrl']),
              rawSchema: text(info['rawSchema']),
            },
    };
  }

  corpUser(urn: string): View {
    return {
      urn,
      type: 'CORP_USER',
      username: this.key(urn)['username'],
      exists: () => this.service.exists(urn),
    };
  }

  private glossaryTermsOf(aspect: JsonObject | undefined, associatedUrn: string): View | null {
    if (aspect === undefined) return null;
    const terms = Array.isArray(aspect['terms']) ? aspect['terms'].filter(isJsonObject) : [];
    return {
      terms: terms.map((association) => ({
        term: () => this.glossaryTerm(stringOr(association['urn'])),
        actor: () => (typeof association['actor'] === 'string' ? this.corpUser(association['actor']) : null),
        associatedUrn,
      })),
    };
  }
}

function platformView(platformUrn: string): View {
  const raw = parseRawUrn(platformUrn);
  return { urn: platformUrn, type: 'DATA_PLATFORM', name: raw.ok ? raw.value.parts[0] : platformUrn };
}

function text(value: JsonValue | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

function number(value: JsonValue | undefined): number | null {
  return typeof value === 'number' ? value : null;
}

function urns(value: JsonValue | undefined): string[] | undefined {
  return isStringArray(value) ? [...value] : undefined;
}

function objectOrUndefined(value: JsonValue | undefined): JsonObject | undefined {
  return isJsonObject(value) ? value : undefined;
}

function versionTag(value: JsonValue | undefined): { versionTag: string | null } | null {
  return isJsonObject(value) ? { versionTag: text(value['versionTag']) } : null;
}

function metrics(value: JsonValue | undefined): View[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter(isJsonObject).map((metric) => ({
    name: text(metric['name']),
    description: text(metric['description']),
    value: text(metric['value']),
    createdAt: number(metric['createdAt']),
  }));
}

function customProperties(value: JsonValue | undefined, associatedUrn: string): View[] | null {
  if (!isJsonObject(value)) return null;
  return Object.entries(value).map(([key, item]) => ({ key, value: text(item), associatedUrn }));
}
