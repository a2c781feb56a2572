/**
 * Form (urn:li:form:<id>): a compliance form whose prompts ask for structured properties, as DataHub v1.7.0 defines
 * it (FormInfo.pdl, FormPrompt.pdl, DynamicFormAssignment.pdl): its formInfo (owned, written as DataHub's CLI writes
 * it: form-parts.ts), its dynamicFormAssignment when the manifest declares `filter:`, its owners, and its assignment
 * to the entities `assignedTo` names (each entity's forms aspect, plan/diff-form-assignments.ts). DataHub's form
 * entity has no status aspect: a form is never soft-deleted by --prune.
 */
import type { SourceLocation } from '../errors.js';
import {
  isJsonObject,
  isStringArray,
  optionalString,
  type JsonObject,
  type JsonValue,
} from '../model/json.js';
import { resolveAssociations } from './associations.js';
import { declaredAt, text } from './adopt-fields.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import { nonEmpty, optional, ownersOf } from './export-helpers.js';
import {
  assignedEntities,
  dynamicAssignment,
  formActors,
  formPrompts,
  NAMED_KINDS,
  type FormManifest,
} from './form-parts.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import type { ResolveContext } from './resolve-context.js';
import { compact, declareIds, declaredAssociations, shadowId } from './resolve-helpers.js';
import type { KindDocument } from './source.js';

export type { FormManifest } from './form-parts.js';

const entity: EntityFacts<'form', 'formInfo'> = {
  entityType: 'form',
  ownedAspect: 'formInfo',
  ownedFields: ['name', 'description', 'type', 'prompts', 'actors'],
  declarableAspects: ['dynamicFormAssignment'],
  accepts: ['owners'],
};

export const formKind: ManagedKind<FormManifest, 'form', 'formInfo'> = {
  kind: 'Form',
  schemaFile: 'form.schema.json',
  entity,
  // Its prompts name properties, and `assignedTo` the entities of these kinds.
  resolve: {
    after: [
      'StructuredProperty',
      'Domain',
      'GlossaryNode',
      'GlossaryTerm',
      'MLFeature',
      'MLFeatureTable',
      'MLModelGroup',
      'MLModel',
      'DataProduct',
    ],
    run: resolveForms,
  },
  shadowNames: shadowId('Form'),
  export: { entityType: 'form', start: exportForms },
  adopt: {
    declarations: declaredAt('id'),
    fields: {
      name: { key: 'name', toManifest: text, required: true },
      description: { key: 'description', toManifest: text },
    },
  },
};

function resolveForms(documents: readonly KindDocument<FormManifest>[], context: ResolveContext): void {
  checkPromptIds(documents, context);
  for (const { doc, urn } of declareIds(documents, context, entity.entityType)) {
    const { manifest } = doc;
    const source = doc.source.locate(['id']);
    const associations = resolveAssociations(context, doc, manifest, [], entity.entityType);
    const prompts = formPrompts(doc, context);
    const filter = dynamicAssignment(doc, context);
    const assignedTo = assignedEntities(doc, context);
    context.addEntity({
      urn,
      entityType: entity.entityType,
      aspectName: entity.ownedAspect,
      // prompts is set even when empty: formInfo always has the list ([] by default), and removing the last clears it.
      fields: {
        ...compact({ name: manifest.name, description: manifest.description }),
        type: manifest.type ?? 'COMPLETION',
        prompts,
        actors: formActors(manifest),
      },
      source,
      aspects: [
        {
          aspectName: 'dynamicFormAssignment',
          value: filter,
          source: manifest.filter === undefined ? source : doc.source.locate(['filter']),
        },
      ],
      associations,
      assignedTo,
    });
    context.declareEntity(urn, source, {
      id: manifest.id,
      name: manifest.name,
      description: manifest.description,
      type: manifest.type ?? 'COMPLETION',
      prompts: prompts.map((prompt) => ({
        id: prompt['id'] ?? null,
        property: isJsonObject(prompt['structuredPropertyParams'])
          ? (prompt['structuredPropertyParams']['urn'] ?? null)
          : null,
        required: prompt['required'] ?? false,
      })),
      assignedTo: assignedTo.map((asset) => asset.urn),
      ...declaredAssociations(associations, entity.accepts),
    });
  }
}

/** Prompt ids are unique across every form (FormPromptValidator): a second use is an error naming the first. */
function checkPromptIds(documents: readonly KindDocument<FormManifest>[], context: ResolveContext): void {
  const seen = new Map<string, SourceLocation>();
  for (const doc of documents)
    (doc.manifest.prompts ?? []).forEach((prompt, index) => {
      const source = doc.source.locate(['prompts', index, 'id']);
      const first = seen.get(prompt.id);
      if (first === undefined) seen.set(prompt.id, source);
      else
        context.error('DUPLICATE_DECLARATION', `prompt id '${prompt.id}' is used twice`, source, {
          related: first,
          hint: 'DataHub refuses a prompt id used by another prompt of any form: give each its own',
        });
    });
}

/** Forms go to forms.yaml, as the manifest writes them, with the exported entities they are assigned to. */
function exportForms(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  return {
    documents: () => {
      const assigned = assignmentsOf(context);
      for (const form of entities) {
        const urn = context.typed(form.urn, 'form');
        const info = form.aspects.get('formInfo');
        if (urn === undefined || info === undefined) continue;
        const assignedTo = nonEmpty(assigned.get(form.urn) ?? []);
        context.add('forms.yaml', {
          ...formDocument(urn.id, info, form),
          ...optional('assignedTo', assignedTo),
        });
        context.count('Form');
      }
    },
  };
}

/**
 * The exported entities each form is assigned to (their forms aspect, complete or not), as `assignedTo` names them:
 * by the name the output gives them when no other assignable kind's entity has that name, else by URN. Without it
 * the export's next plan would take the assignments back.
 */
function assignmentsOf(context: ExportContext): Map<string, string[]> {
  const named = NAMED_KINDS.flatMap((kind) =>
    context.entitiesOf(kind).map((entity) => ({ entity, name: context.nameIn(kind, entity.urn) })),
  );
  const carriers = [
    ...named,
    ...context.entitiesOf('DatasetTerms').map((entity) => ({ entity, name: entity.urn })),
  ];
  const uses = new Map<string, number>();
  for (const { name } of named) uses.set(name, (uses.get(name) ?? 0) + 1);
  const byForm = new Map<string, string[]>();
  for (const { entity, name } of carriers) {
    const ref = (uses.get(name) ?? 0) > 1 ? entity.urn : name;
    for (const formUrn of formUrnsOf(entity.aspects.get('forms'))) {
      const list = byForm.get(formUrn) ?? [];
      if (!list.includes(ref)) list.push(ref);
      byForm.set(formUrn, list);
    }
  }
  return byForm;
}

function formUrnsOf(forms: JsonObject | undefined): string[] {
  if (forms === undefined) return [];
  return ['incompleteForms', 'completedForms'].flatMap((list) => {
    const items = forms[list];
    return Array.isArray(items)
      ? items.filter(isJsonObject).flatMap((item) => optionalString(item['urn']) ?? [])
      : [];
  });
}

function formDocument(id: string, info: JsonObject, form: ExportedEntity): Record<string, JsonValue> {
  const prompts = Array.isArray(info['prompts']) ? info['prompts'].filter(isJsonObject) : [];
  const actors = isJsonObject(info['actors']) ? info['actors'] : {};
  const shortUser = (urn: string): string => urn.replace(/^urn:li:corpuser:/, '');
  const shortGroup = (urn: string): string => urn.replace(/^urn:li:corpGroup:/, '');
  const users = isStringArray(actors['users']) ? actors['users'].map(shortUser) : undefined;
  const groups = isStringArray(actors['groups']) ? actors['groups'].map(shortGroup) : undefined;
  const writtenActors = {
    ...(actors['owners'] === false ? { owners: false } : {}),
    ...optional('users', users),
    ...optional('groups', groups),
  };
  return {
    apiVersion: 'catalog/v1',
    kind: 'Form',
    id,
    name: optionalString(info['name']) ?? id,
    ...optional('description', optionalString(info['description'])),
    ...optional('type', info['type'] === 'VERIFICATION' ? 'VERIFICATION' : undefined),
    ...optional(
      'prompts',
      nonEmpty(
        prompts.map((prompt) => {
          const params = isJsonObject(prompt['structuredPropertyParams'])
            ? prompt['structuredPropertyParams']
            : {};
          const property = optionalString(params['urn']) ?? '';
          return {
            id: optionalString(prompt['id']) ?? '',
            title: optionalString(prompt['title']) ?? '',
            ...optional('description', optionalString(prompt['description'])),
            ...optional(
              'type',
              prompt['type'] === 'FIELDS_STRUCTURED_PROPERTY' ? 'FIELDS_STRUCTURED_PROPERTY' : undefined,
            ),
            property: property.replace(/^urn:li:structuredProperty:/, ''),
            ...optional('required', prompt['required'] === true ? true : undefined),
          };
        }),
      ),
    ),
    ...optional('actors', Object.keys(writtenActors).length === 0 ? undefined : writtenActors),
    ...ownersOf(form),
    ...optional('filter', filterOf(form.aspects.get('dynamicFormAssignment'))),
  };
}

/** The search fields of a dynamicFormAssignment's criteria, by the manifest key that writes them. */
const FILTER_KEYS: Readonly<Record<string, readonly [string, string]>> = {
  _entityType: ['types', ''],
  'typeNames.keyword': ['subTypes', ''],
  'platform.keyword': ['platforms', 'urn:li:dataPlatform:'],
  'dataPlatformInstance.keyword': ['platformInstances', ''],
  'domains.keyword': ['domains', ''],
  'container.keyword': ['containers', ''],
  'owners.keyword': ['owners', ''],
  'tags.keyword': ['tags', ''],
  'glossaryTerms.keyword': ['terms', ''],
};

/**
 * A dynamicFormAssignment as a manifest's `filter`: one conjunction of EQUAL criteria over the fields the manifest
 * writes (undefined for any other filter, which a manifest cannot say; the form is then exported without it).
 */
function filterOf(aspect: JsonObject | undefined): JsonObject | undefined {
  const filter = aspect?.['filter'];
  const or = isJsonObject(filter) && Array.isArray(filter['or']) ? filter['or'].filter(isJsonObject) : [];
  const only = or.length === 1 ? or[0] : undefined;
  const and = only !== undefined && Array.isArray(only['and']) ? only['and'].filter(isJsonObject) : undefined;
  if (and === undefined) return undefined;
  const result: Record<string, JsonValue> = {};
  for (const criterion of and) {
    const key = FILTER_KEYS[optionalString(criterion['field']) ?? ''];
    const values = criterion['values'];
    if (key === undefined || criterion['negated'] === true || (criterion['condition'] ?? 'EQUAL') !== 'EQUAL')
      return undefined;
    if (!isStringArray(values)) return undefined;
    const [name, prefix] = key;
    result[name] = values.map((value) =>
      prefix !== '' && value.startsWith(prefix) ? value.slice(prefix.length) : value,
    );
  }
  return result;
}
