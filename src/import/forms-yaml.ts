/**
 * The file `datahub forms upsert` reads → Form manifests (`catalog import forms`). Reconciled, they give the URNs,
 * formInfo, ownership, dynamicFormAssignment and form assignments DataHub's CLI makes for the same file.
 *
 * Followed, at DataHub v1.7.0: metadata-ingestion/src/datahub/api/entities/forms/forms.py (Forms, Prompt, Entities,
 * Filters, Actors, FormType, PromptType; create: yaml.safe_load, validate_prompts, create_form_actors, add_owners,
 * upload_entities_for_form and create_form_filters through forms_graphql_constants.py), with its example file
 * (examples/forms/forms.yaml).
 *
 * A prompt without an id is refused: the CLI gives it a new uuid4 on every run, so the form would change on every
 * upsert. Pure.
 */
import type { JsonObject, JsonValue } from '../model/json.js';
import { bool, checkModel, importYamlList, type YamlImport } from './yaml-input.js';
import { isPlainObject, str, strList, type Context, type Path, type Raw } from './glossary-config.js';

const FORM_FIELDS = [
  'id',
  'urn',
  'name',
  'description',
  'prompts',
  'type',
  'version',
  'entities',
  'owners',
  'group_owners',
  'actors',
];
const PROMPT_FIELDS = [
  'id',
  'title',
  'description',
  'type',
  'structured_property_id',
  'structured_property_urn',
  'required',
];
/** Filters' fields, and the manifest's name of each. */
const FILTERS: readonly [string, string][] = [
  ['types', 'types'],
  ['sub_types', 'subTypes'],
  ['platforms', 'platforms'],
  ['platform_instances', 'platformInstances'],
  ['domains', 'domains'],
  ['containers', 'containers'],
  ['owners', 'owners'],
  ['tags', 'tags'],
  ['terms', 'terms'],
];
const PROMPT_TYPES = ['STRUCTURED_PROPERTY', 'FIELDS_STRUCTURED_PROPERTY'];

export function importForms(text: string, fileName: string): YamlImport {
  return importYamlList(text, fileName, FORMS_FILE, formDocument, checkPromptIds);
}

const FORMS_FILE = {
  listOf: 'forms',
  verb: 'datahub forms upsert',
  model: 'Forms',
  file: 'forms.yaml',
  kind: 'Form',
} as const;

function formDocument(form: Raw, path: Path, context: Context): JsonObject | undefined {
  const before = context.errors.length;
  checkModel(form, 'Forms', FORM_FIELDS, path, context);
  const id = formId(form, path, context);
  if (!('name' in form)) context.error(path, 'name: Field required');
  const name = str(form, 'name', path, context, false);
  const type = str(form, 'type', path, context);
  if (type === undefined)
    context.warnings.push(
      `${context.where(path)}: no type: DataHub's CLI logs "Form type None does not exist" and writes COMPLETION, the PDL's default`,
    );
  else if (type !== 'COMPLETION' && type !== 'VERIFICATION')
    context.error([...path, 'type'], `Form type ${type} does not exist. Please try again with a valid type.`);
  const version = form['version'];
  if (version !== undefined && version !== null && version !== 1n && version !== 1)
    context.error([...path, 'version'], "Input should be 1 (the only version DataHub's CLI reads)");
  const prompts = promptsOf(form, path, context);
  if ((prompts ?? []).length === 0)
    context.warnings.push(
      `${context.where(path)}: No prompts exist on form; is that intended? (DataHub's CLI says so too)`,
    );
  const entities = entitiesOf(form, path, context);
  const owners = [
    ...(strList(form, 'owners', path, context) ?? []).map((owner) => ({ owner })),
    ...(strList(form, 'group_owners', path, context) ?? []).map((group) => ({
      owner: group.startsWith('urn:li:') ? group : `urn:li:corpGroup:${group}`,
    })),
  ];
  const actors = actorsOf(form, path, context);
  if (context.errors.length > before || id === undefined || name === undefined) return undefined;
  return compact({
    apiVersion: 'catalog/v1',
    kind: 'Form',
    id,
    name,
    description: str(form, 'description', path, context),
    type: type === 'VERIFICATION' ? 'VERIFICATION' : undefined,
    prompts,
    actors,
    owners: owners.length === 0 ? undefined : owners,
    assignedTo: entities.urns,
    filter: entities.filter,
  });
}

/** urn_must_be_present: the URN given, else urn:li:form:<id>. */
function formId(form: Raw, path: Path, context: Context): string | undefined {
  const urn = str(form, 'urn', path, context);
  const id = str(form, 'id', path, context);
  if (!urn && id === undefined) {
    // An id that is there but is no string has its own error already.
    if (form['id'] === undefined || form['id'] === null)
      context.error(path, 'Value error, Form id must be present if urn is not');
    return undefined;
  }
  if (urn) {
    if (!/^urn:li:form:[^,()]+$/.test(urn)) {
      context.error([...path, 'urn'], `'${urn}' is not a form URN a manifest can name (urn:li:form:<id>)`);
      return undefined;
    }
    return urn.slice('urn:li:form:'.length);
  }
  if (id === '' || /[,()]/.test(id ?? '')) {
    context.error([...path, 'id'], `'${id ?? ''}' is not a form id a manifest can write`);
    return undefined;
  }
  return id;
}

function promptsOf(form: Raw, path: Path, context: Context): JsonObject[] | undefined {
  const value = form['prompts'];
  if (value === undefined || value === null) return undefined;
  const at = [...path, 'prompts'];
  if (!Array.isArray(value)) {
    context.error(at, 'Input should be a valid list');
    return undefined;
  }
  return value.flatMap((prompt: unknown, index): JsonObject[] => {
    const here = [...at, index];
    if (!isPlainObject(prompt)) {
      context.error(here, 'Input should be a valid dictionary or instance of Prompt');
      return [];
    }
    checkModel(prompt, 'Prompt', PROMPT_FIELDS, here, context);
    const id = str(prompt, 'id', here, context);
    if (id === undefined)
      context.error(
        here,
        "the prompt has no id: DataHub's CLI gives it a new random id on every run (validate_prompts), so every upsert would change the form; give it one",
      );
    const title = 'title' in prompt ? str(prompt, 'title', here, context, false) : undefined;
    if (!('title' in prompt)) context.error(here, 'title: Field required');
    const type = 'type' in prompt ? str(prompt, 'type', here, context, false) : undefined;
    if (!('type' in prompt)) context.error(here, 'type: Field required');
    else if (type !== undefined && !PROMPT_TYPES.includes(type))
      context.error(
        [...here, 'type'],
        `'${type}' is not a prompt type DataHub v1.7.0 has (${PROMPT_TYPES.join(', ')})`,
      );
    const property =
      str(prompt, 'structured_property_urn', here, context) ||
      str(prompt, 'structured_property_id', here, context);
    if (!property)
      context.error(
        here,
        `Prompt type is ${type ?? 'None'} but no structured properties exist. Unable to create form.`,
      );
    const required = bool(prompt, 'required', here, context);
    if (type === 'FIELDS_STRUCTURED_PROPERTY' && required === true)
      context.error(
        [...here, 'required'],
        'Schema field prompts cannot be marked as required. Ensure these prompts are not required.',
      );
    if (id === undefined || title === undefined || type === undefined || !property) return [];
    return [
      compact({
        id,
        title,
        description: str(prompt, 'description', here, context),
        type: type === 'STRUCTURED_PROPERTY' ? undefined : type,
        property,
        required: required === true ? true : undefined,
      }),
    ];
  });
}

/** entities: urns (batchAssignForm) and filters (createDynamicFormAssignment). */
function entitiesOf(form: Raw, path: Path, context: Context): { urns?: string[]; filter?: JsonObject } {
  const value = form['entities'];
  if (value === undefined || value === null) return {};
  const at = [...path, 'entities'];
  if (!isPlainObject(value)) {
    context.error(at, 'Input should be a valid dictionary or instance of Entities');
    return {};
  }
  checkModel(value, 'Entities', ['urns', 'filters'], at, context);
  const urns = strList(value, 'urns', at, context);
  const filters = value['filters'];
  if (filters === undefined || filters === null) return urns === undefined ? {} : { urns };
  if (!isPlainObject(filters)) {
    context.error([...at, 'filters'], 'Input should be a valid dictionary or instance of Filters');
    return urns === undefined ? {} : { urns };
  }
  checkModel(
    filters,
    'Filters',
    FILTERS.map(([key]) => key),
    [...at, 'filters'],
    context,
  );
  const filter: Record<string, JsonValue> = {};
  for (const [key, name] of FILTERS) {
    let list = strList(filters, key, [...at, 'filters'], context);
    if (key === 'platform_instances' && list !== undefined) {
      // validate_platform_instance_urn: the CLI warns and skips one that is not a URN.
      for (const instance of list.filter((item) => !item.startsWith('urn:li:dataPlatformInstance:')))
        context.warnings.push(
          `${context.where([...at, 'filters', key])}: ${instance} is not an urn. Unable to create platform instance filter. (skipped, as DataHub's CLI skips it)`,
        );
      list = list.filter((item) => item.startsWith('urn:li:dataPlatformInstance:'));
    }
    if (list !== undefined && list.length > 0) filter[name] = list;
  }
  return { ...(urns === undefined ? {} : { urns }), filter };
}

function actorsOf(form: Raw, path: Path, context: Context): JsonObject | undefined {
  const value = form['actors'];
  if (value === undefined || value === null) return undefined;
  const at = [...path, 'actors'];
  if (!isPlainObject(value)) {
    context.error(at, 'Input should be a valid dictionary or instance of Actors');
    return undefined;
  }
  checkModel(value, 'Actors', ['owners', 'users', 'groups'], at, context);
  return compact({
    owners: bool(value, 'owners', at, context),
    users: strList(value, 'users', at, context),
    groups: strList(value, 'groups', at, context),
  });
}

function compact(fields: Record<string, JsonValue | undefined>): JsonObject {
  const result: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) result[key] = value;
  return result;
}

/** FormPromptValidator: a prompt id used by a prompt of any form is refused by GMS (the CLI's upsert would fail). */
function checkPromptIds(forms: readonly unknown[], context: Context): void {
  const seen = new Map<string, string>();
  forms.forEach((form, index) => {
    const prompts = isPlainObject(form) && Array.isArray(form['prompts']) ? form['prompts'] : [];
    prompts.forEach((prompt: unknown, at) => {
      const id = isPlainObject(prompt) ? prompt['id'] : undefined;
      if (typeof id !== 'string') return;
      const path = [index, 'prompts', at, 'id'];
      const first = seen.get(id);
      if (first === undefined) seen.set(id, context.where(path));
      else
        context.error(
          path,
          `prompt id '${id}' is used twice (first at ${first}): GMS refuses it (Cannot have duplicate prompt IDs across any form, all prompt IDs must be globally unique)`,
        );
    });
  });
}
