/**
 * MLModel (urn:li:mlModel:(<platform>,<name>,<env>)): a model, its groups and features, and its lifecycle (version
 * and aliases, parameters, metrics, training and evaluation data; manifests.md, "The ML lifecycle").
 */
import type { SourceLocation } from '../errors.js';
import type { DesiredAspect } from '../model/desired-state.js';
import { didYouMean } from '../model/did-you-mean.js';
import type { JsonObject } from '../model/json.js';
import { sortIdOf, versionSetUrnOf } from '../model/model-lifecycle.js';
import { formatUrn } from '../model/urn.js';
import { resolveAssociations } from './associations.js';
import { asIs, declaredAt, text, versionTagText } from './adopt-fields.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import { datasetUrn, domainAspect, envOf, featureRef, parsedUrn, platformOf } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declaredAssociations, nameValues, textField, unique } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
import type { Associations, DatasetRefValue, InDomain } from './values.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import {
  associationsOf,
  fileName,
  nameOfUrn,
  nonEmpty,
  optional,
  urnList,
  versionTag,
} from './export-helpers.js';
import { renderLifecycleFields } from './render-lifecycle.js';
import { optionalString } from '../model/json.js';
import { parseUrn } from '../model/urn.js';

/** One dataset a model was trained or evaluated on (DataHub's BaseData). */
export interface ModelDataValue {
  readonly dataset: DatasetRefValue;
  readonly motivation?: string;
  readonly preProcessing?: readonly string[];
}

export interface MLModelManifest extends Associations, InDomain {
  readonly kind: 'MLModel';
  readonly name: string;
  readonly platform?: string;
  readonly env?: string;
  readonly description?: string;
  readonly type?: string;
  readonly version?: string;
  /** versionProperties.aliases; the schema requires `version` with them. */
  readonly aliases?: readonly string[];
  readonly groups?: readonly string[];
  readonly features?: readonly string[];
  readonly hyperParams?: Readonly<Record<string, string>>;
  /** mlModelProperties.trainingMetrics */
  readonly metrics?: Readonly<Record<string, string>>;
  readonly trainingData?: readonly ModelDataValue[];
  readonly evaluationData?: readonly ModelDataValue[];
}

const entity: EntityFacts<'mlModel', 'mlModelProperties'> = {
  entityType: 'mlModel',
  ownedAspect: 'mlModelProperties',
  ownedFields: ['description', 'type', 'version', 'groups', 'mlFeatures'],
  declaredOnlyFields: ['hyperParams', 'trainingMetrics'],
  declarableAspects: [
    'versionProperties',
    'mlModelTrainingData',
    'mlModelEvaluationData',
    'domains',
    'deprecation',
    'dataPlatformInstance',
  ],
  accepts: ['owners', 'tags', 'links', 'domain', 'deprecated', 'properties'],
};

export const mlModelKind: ManagedKind<MLModelManifest, 'mlModel', 'mlModelProperties'> = {
  kind: 'MLModel',
  schemaFile: 'ml-model.schema.json',
  entity,
  resolve: {
    after: ['MLModelGroup', 'MLFeature', 'Domain', 'Tag'],
    replacementName: 'MLModel name',
    run: resolveModels,
  },
  shadowNames: (value) => {
    const name = textField(value, 'name');
    return name === undefined ? [] : [['MLModel', name]];
  },
  export: { entityType: 'mlModel', replacementName: nameOfUrn('mlModel'), start: exportModels },
  adopt: {
    declarations: declaredAt('name'),
    fields: {
      description: { key: 'description', toManifest: text },
      type: { key: 'type', toManifest: text },
      version: { key: 'version', toManifest: versionTagText },
      groups: { key: 'groups', toManifest: asIs, references: true },
      mlFeatures: { key: 'features', toManifest: asIs, references: true },
    },
  },
};

type Doc = KindDocument<MLModelManifest>;

function resolveModels(documents: readonly Doc[], context: ResolveContext): void {
  /** group URN + alias → where a model of the group first declares it. */
  const aliasHolders = new Map<string, SourceLocation>();
  for (const doc of documents) {
    const platform = platformOf(context, doc, doc.manifest.platform);
    if (platform === undefined) continue;
    const env = envOf(context, doc.manifest.env);
    const urn = formatUrn({ entityType: 'mlModel', platform, name: doc.manifest.name, env });
    const source = doc.source.locate(['name']);
    if (!context.declare(urn, source)) continue;
    context.defineShared(doc.manifest.name, urn);
    const { name, description, type, version, hyperParams, metrics } = doc.manifest;
    const groups = unique(modelGroups(context, doc, platform, env));
    const features = unique(
      (doc.manifest.features ?? []).flatMap(
        (ref, index) => featureRef(context, doc, ref, ['features', index]) ?? [],
      ),
    );
    const aliases = unique(doc.manifest.aliases ?? []);
    checkAliases(context, aliasHolders, doc, groups, aliases);
    const trainingData = modelData(context, doc, 'trainingData');
    const evaluationData = modelData(context, doc, 'evaluationData');
    const associations = resolveAssociations(context, doc, doc.manifest, [], entity.entityType);
    const domain = domainAspect(context, doc, doc.manifest.domain, [], source);
    context.pendDeprecation(doc, doc.manifest.deprecated, [], urn, { platform, env });
    context.addEntity({
      urn,
      entityType: entity.entityType,
      aspectName: entity.ownedAspect,
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
        versionProperties(doc, urn, version, aliases),
        modelDataAspect(doc, 'mlModelTrainingData', 'trainingData', trainingData, source),
        modelDataAspect(doc, 'mlModelEvaluationData', 'evaluationData', evaluationData, source),
        domain.aspect,
      ],
      associations,
    });
    context.declareEntity(urn, source, {
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
      ...declaredAssociations(associations, entity.accepts),
    });
  }
}

/** A model's groups: a group's name on the model's platform and env, or a URN. */
function modelGroups(context: ResolveContext, doc: Doc, platform: string, env: string): string[] {
  return (doc.manifest.groups ?? []).flatMap((ref, index) => {
    const at = doc.source.locate(['groups', index]);
    if (ref.startsWith('urn:')) return parsedUrn(context, ref, 'mlModelGroup', at) ?? [];
    const urn = formatUrn({ entityType: 'mlModelGroup', platform, name: ref, env });
    const shadow = context.shadowed('MLModelGroup');
    if (context.isDeclared(urn) || shadow.has(ref)) return urn;
    // Each declared group's name, once per group (the same name on several platforms or envs).
    const declared = [...context.namesOf('MLModelGroup')].flatMap((name) =>
      context.urnsNamed('MLModelGroup', name).map(() => name),
    );
    const hint =
      didYouMean(ref, [...declared, ...shadow]) ??
      `declare an MLModelGroup named '${ref}' on platform ${platform} in ${env}, or write the group's URN`;
    context.error(
      'UNKNOWN_REFERENCE',
      `unknown model group '${ref}' (platform ${platform}, env ${env})`,
      at,
      {
        hint,
      },
    );
    return [];
  });
}

/**
 * versionProperties as DataHub's SDK writes it (sdk/_shared.py HasVersion.set_version at v1.7.0): a version set
 * of its own, sortId = the version zero-padded to 10. Only the declared fields are owned (the diff keeps a
 * connector's versionSet, sortId and attribution).
 */
function versionProperties(
  doc: Doc,
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
function checkAliases(
  context: ResolveContext,
  aliasHolders: Map<string, SourceLocation>,
  doc: Doc,
  groups: readonly string[],
  aliases: readonly string[],
): void {
  for (const group of groups) {
    aliases.forEach((alias) => {
      const index = doc.manifest.aliases?.indexOf(alias) ?? 0;
      const at = doc.source.locate(['aliases', index]);
      const key = `${group} ${alias}`;
      const first = aliasHolders.get(key);
      if (first === undefined) {
        aliasHolders.set(key, at);
        return;
      }
      context.error(
        'DUPLICATE_DECLARATION',
        `alias '${alias}' is held by two models of group ${context.nameOf('MLModelGroup', group) ?? group}`,
        at,
        {
          related: first,
          hint: `an alias names one model of a group; first declared at ${first.file}:${first.line}:${first.column} (remove it there to move it here)`,
        },
      );
    });
  }
}

function modelData(
  context: ResolveContext,
  doc: Doc,
  field: 'trainingData' | 'evaluationData',
): JsonObject[] | undefined {
  const declared: readonly ModelDataValue[] | undefined = doc.manifest[field];
  if (declared === undefined) return undefined;
  return declared.flatMap((item, index) => {
    const dataset = datasetUrn(context, doc, item.dataset, [field, index, 'dataset']);
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

function modelDataAspect(
  doc: Doc,
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
 * A model goes to the file of its first group (when that group is exported), else to a file of its own; a group of
 * its platform and env exported here is named by its name.
 */
function exportModels(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  return {
    documents: () => {
      for (const model of entities) {
        const urn = context.typed(model.urn, 'mlModel');
        const properties = model.aspects.get('mlModelProperties');
        if (urn === undefined || properties === undefined || !context.platformOk(model.urn, urn.platform))
          continue;
        const groups = urnList(properties['groups']);
        // versionProperties (where DataHub's SDK and connectors keep a model's version), aliases, parameters, data.
        const lifecycle = renderLifecycleFields('mlModel', model.aspects, (ref) =>
          context.replacementRef(ref),
        ).fields;
        const groupRef = (groupUrn: string): string => {
          const parsed = parseUrn(groupUrn);
          const sameScope =
            parsed.ok &&
            parsed.value.entityType === 'mlModelGroup' &&
            parsed.value.platform === urn.platform &&
            parsed.value.env === urn.env;
          return sameScope && context.fileOf(groupUrn) !== undefined && formatUrn(parsed.value) === groupUrn
            ? parsed.value.name
            : groupUrn;
        };
        context.add(context.fileOf(groups[0] ?? '') ?? `models/${fileName(urn.name)}.yaml`, {
          apiVersion: 'catalog/v1',
          kind: 'MLModel',
          name: urn.name,
          platform: urn.platform,
          env: urn.env,
          ...optional('description', optionalString(properties['description'])),
          ...optional('type', optionalString(properties['type'])),
          ...optional('version', lifecycle.version ?? versionTag(properties['version'])),
          ...optional('aliases', lifecycle.aliases),
          ...optional('groups', nonEmpty(groups.map(groupRef))),
          ...optional(
            'features',
            nonEmpty(urnList(properties['mlFeatures']).map((ref) => context.nameIn('MLFeature', ref))),
          ),
          ...optional('hyperParams', lifecycle.hyperParams),
          ...optional('metrics', lifecycle.metrics),
          ...optional('trainingData', lifecycle.trainingData),
          ...optional('evaluationData', lifecycle.evaluationData),
          ...associationsOf(model, context),
        });
        context.count('MLModel');
      }
    },
  };
}
