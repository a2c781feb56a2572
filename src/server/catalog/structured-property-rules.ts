/**
 * GMS v1.7.0's validators of structured properties, run by the catalog as GMS runs them, each refusal a 422 with
 * GMS's message (AspectResource answers a ValidationException so):
 * - values on an entity (StructuredPropertiesValidator.validateProposedUpserts), checked against the definitions
 *   as they were before the batch, as GMS checks a request before its transaction;
 * - a definition (PropertyDefinitionValidator: before the batch, two properties of one search field; before each
 *   write, what may not change), its settings (HidePropertyValidator, ShowPropertyAsBadgeValidator), and an
 *   immutable value (StructuredPropertiesValidator.validateImmutable), checked against the aspect being replaced.
 */
import {
  definitionProblems,
  elasticsearchFieldName,
  fieldCollisionMessage,
  hidesWhileShown,
  INVALID_SETTINGS_MESSAGE,
  ONLY_ONE_BADGE,
} from '../../datahub/property-definition-rules.js';
import {
  assignmentProblems,
  primitiveOf,
  readDefinition,
  type PrimitiveValue,
} from '../../datahub/structured-properties.js';
import { isJsonObject, type JsonObject } from '../../model/json.js';
import { isKnownEntityType } from '../../model/registry.js';
import { parseRawUrn } from '../../model/urn.js';
import type { AspectStore } from '../store/aspect-store.js';
import type { AcceptedProposal } from './accept-proposals.js';
import { ServiceError } from './service-error.js';

const DEFINITION = 'propertyDefinition';
const SETTINGS = 'structuredPropertySettings';
const VALUES = 'structuredProperties';

/** The checks made of a whole batch before any of it is written. */
export function checkPropertyBatch(store: AspectStore, accepted: readonly AcceptedProposal[]): void {
  const problems: string[] = [];
  const fields = new Map<string, string[]>();
  for (const { proposal } of accepted) {
    if (proposal.aspectName === VALUES)
      problems.push(...valueProblems(store, proposal.entityUrn, proposal.aspect));
    if (proposal.aspectName !== DEFINITION) continue;
    const definition = readDefinition(proposal.aspect);
    if (definition === undefined || definition.qualifiedName.includes(' ')) continue;
    const field = elasticsearchFieldName(definition);
    fields.set(field, [...(fields.get(field) ?? []), proposal.entityUrn]);
    const existing = store.get(proposal.entityUrn, DEFINITION) !== undefined;
    if (!existing && storedFields(store).has(field))
      problems.push(fieldCollisionMessage(field, definition.qualifiedName));
  }
  for (const [field, urns] of fields) {
    const distinct = [...new Set(urns)];
    if (distinct.length > 1)
      problems.push(
        `Structured property Elasticsearch field '${field}' collides within the same batch across URNs [${distinct.join(', ')}]. Qualified names that differ only by '.' vs '_' normalize to the same field name.`,
      );
  }
  refuse(problems);
}

/** The checks made of one write, against the aspect it replaces (in the open transaction, before it is written). */
export function checkPropertyWrite(store: AspectStore, { proposal }: AcceptedProposal): void {
  const { entityUrn, aspectName, aspect } = proposal;
  if (aspectName === DEFINITION) {
    const next = readDefinition(aspect);
    if (next === undefined) return;
    const previous = readDefinition(store.get(entityUrn, DEFINITION)?.value);
    const removed = store.get(entityUrn, 'status')?.value['removed'] === true;
    const raw = parseRawUrn(entityUrn);
    const id = raw.ok ? (raw.value.parts[0] ?? '') : entityUrn;
    const problems = definitionProblems(id, next, previous, removed, (type) =>
      isKnownEntityType(type.slice('urn:li:entityType:'.length).replace(/^datahub\./, '')),
    );
    refuse(problems.map((problem) => problem.message));
  } else if (aspectName === SETTINGS) {
    if (hidesWhileShown(aspect)) refuse([INVALID_SETTINGS_MESSAGE]);
    if (aspect['showAsAssetBadge'] !== true) return;
    const others = propertyUrns(store).filter(
      (urn) => urn !== entityUrn && store.get(urn, SETTINGS)?.value['showAsAssetBadge'] === true,
    );
    if (others.length > 0) refuse([`${ONLY_ONE_BADGE}[${others.join(', ')}]`]);
  } else if (aspectName === VALUES) {
    refuse(immutableProblems(store, entityUrn, aspect));
  }
}

/** StructuredPropertiesValidator's value checks of one entity's structuredProperties. */
function valueProblems(store: AspectStore, entityUrn: string, aspect: JsonObject): string[] {
  const problems: string[] = [];
  const assignments = assignmentsOf(aspect);
  const counts = new Map<string, number>();
  for (const { propertyUrn } of assignments) counts.set(propertyUrn, (counts.get(propertyUrn) ?? 0) + 1);
  for (const [propertyUrn, count] of counts) {
    if (count > 1) problems.push(`Property: ${propertyUrn} has multiple entries: ${count}`);
    else if (!propertyUrn.startsWith('urn:li:structuredProperty:')) {
      const raw = parseRawUrn(propertyUrn);
      problems.push(
        `Unexpected entity type. Expected: structuredProperty Found: ${raw.ok ? raw.value.entityType : propertyUrn}`,
      );
    }
  }
  if (problems.length > 0) return problems;
  const platform = platformOf(store, entityUrn);
  for (const { propertyUrn, values } of assignments) {
    if (store.get(propertyUrn, 'status')?.value['removed'] === true)
      problems.push('Cannot apply a soft deleted Structured Property value');
    const definition = readDefinition(store.get(propertyUrn, DEFINITION)?.value);
    if (definition === undefined) {
      problems.push(`Unexpected null value found for ${propertyUrn} Structured Property Definition.`);
      continue;
    }
    problems.push(...assignmentProblems(propertyUrn, definition, values, entityUrn, platform));
  }
  return problems;
}

/** validateImmutable: an immutable property's value, once set, is neither changed nor removed. */
function immutableProblems(store: AspectStore, entityUrn: string, aspect: JsonObject): string[] {
  const previous = store.get(entityUrn, VALUES)?.value;
  if (previous === undefined) return [];
  const before = new Map(assignmentsOf(previous).map((item) => [item.propertyUrn, item.values]));
  const after = new Map(assignmentsOf(aspect).map((item) => [item.propertyUrn, item.values]));
  const problems: string[] = [];
  for (const [propertyUrn, values] of before) {
    if (!isImmutable(store, propertyUrn)) continue;
    const now = after.get(propertyUrn);
    if (now === undefined) problems.push(`Cannot delete an immutable property ${propertyUrn}`);
    else if (JSON.stringify(now) !== JSON.stringify(values))
      problems.push(`Cannot mutate an immutable property: ${propertyUrn}`);
  }
  return problems;
}

function isImmutable(store: AspectStore, propertyUrn: string): boolean {
  return readDefinition(store.get(propertyUrn, DEFINITION)?.value)?.immutable === true;
}

interface Assignment {
  readonly propertyUrn: string;
  readonly values: PrimitiveValue[];
}

function assignmentsOf(aspect: JsonObject): Assignment[] {
  const properties = aspect['properties'];
  return (Array.isArray(properties) ? properties.filter(isJsonObject) : []).map((item) => ({
    propertyUrn: typeof item['propertyUrn'] === 'string' ? item['propertyUrn'] : '',
    values: (Array.isArray(item['values']) ? item['values'] : []).flatMap(
      (value) => primitiveOf(value) ?? [],
    ),
  }));
}

/**
 * An entity's data platform, for a property restricted to some: a schema field's is its dataset's, any other
 * entity's is its dataPlatformInstance's platform (StructuredPropertiesValidator.fetchEntityPlatformUrns).
 */
function platformOf(store: AspectStore, entityUrn: string): string | undefined {
  const raw = parseRawUrn(entityUrn);
  if (raw.ok && raw.value.entityType === 'schemaField') {
    const dataset = parseRawUrn(raw.value.parts[0] ?? '');
    return dataset.ok ? dataset.value.parts[0] : undefined;
  }
  const platform = store.get(entityUrn, 'dataPlatformInstance')?.value['platform'];
  return typeof platform === 'string' ? platform : undefined;
}

function propertyUrns(store: AspectStore): string[] {
  const { total } = store.listUrns('structuredPropertyKey', 0, 0);
  return store.listUrns('structuredPropertyKey', 0, total).urns;
}

/** The search fields of the stored definitions (the mappings GMS's index holds for them). */
function storedFields(store: AspectStore): Set<string> {
  const fields = new Set<string>();
  for (const urn of propertyUrns(store)) {
    const definition = readDefinition(store.get(urn, DEFINITION)?.value);
    if (definition !== undefined && !definition.qualifiedName.includes(' '))
      fields.add(elasticsearchFieldName(definition));
  }
  return fields;
}

function refuse(problems: readonly string[]): void {
  if (problems.length > 0) throw new ServiceError(422, problems.join('; '));
}
