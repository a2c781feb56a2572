/**
 * Drift vs manifest changes. With the manifests of a base revision (e.g. main) at hand, a change the plan holds
 * is caused by the manifests when the base did not ask for the same thing (the pull request changed it), and is
 * drift when the base asked for exactly this too (the live catalog moved away from what main declares).
 */
import { assertNever } from '../errors.js';
import type { DesiredEntity, DesiredPropertyValue, DesiredState } from '../model/desired-state.js';
import { decodeUrnPart, parseRawUrn } from '../model/urn.js';
import { DECLARED_ONLY_FIELDS, OWNED_FIELDS } from '../kinds/entity-tables.js';
import { jsonEqual, type JsonValue } from '../model/json.js';
import { simplifyFieldPath } from '../model/field-path.js';
import { formsByEntity, type WantedForm } from './diff-form-assignments.js';
import { sameField } from './normalize.js';
import type { Change, ChangeOrigin, Plan, TermEdge } from './types.js';

export function classifyOrigins(plan: Plan, head: DesiredState, base: DesiredState): Plan {
  const baseEntities = new Map(base.entities.map((entity) => [entity.urn, entity]));
  const headEntities = new Map(head.entities.map((entity) => [entity.urn, entity]));
  const baseDatasets = new Map(base.datasets.map((dataset) => [dataset.datasetUrn, dataset]));
  const baseForms = formsByEntity(base);
  const headForms = formsByEntity(head);

  const sameAsBase = (urn: string): boolean => {
    const before = baseEntities.get(urn);
    const now = headEntities.get(urn);
    if (before === undefined || now === undefined || before.aspectName !== now.aspectName) return false;
    return (
      [...OWNED_FIELDS[now.aspectName], ...DECLARED_ONLY_FIELDS].every((field) =>
        sameField(now.aspectName, field, before.fields[field], now.fields[field]),
      ) && jsonEqual(stableAspects(before), stableAspects(now))
    );
  };
  const associationKeys = (entity: DesiredEntity | undefined, aspect: string): string => {
    if (aspect === 'dataProductProperties')
      return (entity?.assets ?? [])
        .map((asset) => asset.urn)
        .sort()
        .join('\n');
    const lines = entity?.associations;
    if (lines === undefined) return '';
    if (aspect === 'structuredProperties') return propertyKeys(lines.properties);
    if (aspect === 'ownership')
      return lines.owners
        .map((owner) => `${owner.owner} ${owner.typeUrn ?? owner.type}`)
        .sort()
        .join('\n');
    if (aspect === 'globalTags')
      return lines.tags
        .map((tag) => tag.tagUrn)
        .sort()
        .join('\n');
    return lines.links
      .map((link) => `${link.url} ${link.description}`)
      .sort()
      .join('\n');
  };
  const declaredAtBase = (datasetUrn: string, edge: TermEdge): boolean => {
    const dataset = baseDatasets.get(datasetUrn);
    if (dataset === undefined) return false;
    if (edge.fieldPath === undefined) return dataset.terms.some((term) => term.termUrn === edge.termUrn);
    const simple = simplifyFieldPath(edge.fieldPath);
    return dataset.columns.some(
      (column) => column.simplePath === simple && column.terms.some((term) => term.termUrn === edge.termUrn),
    );
  };

  const originOf = (change: Change): ChangeOrigin => {
    switch (change.kind) {
      case 'upsertAspect':
      case 'createGlossaryTerm':
        return sameAsBase(change.urn) ? 'drift' : 'manifest';
      case 'status':
        // Deleting what main still declares, or restoring what main already declared, is about the live side.
        return baseEntities.has(change.urn) === (change.action === 'restore') ? 'drift' : 'manifest';
      case 'associations':
        if (change.aspect === 'forms')
          return formKeys(baseForms, change.urn) === formKeys(headForms, change.urn) ? 'drift' : 'manifest';
        if (change.entityType === 'dataset' || change.entityType === 'schemaField')
          return propertyKeys(datasetValues(base, change.urn)) ===
            propertyKeys(datasetValues(head, change.urn))
            ? 'drift'
            : 'manifest';
        return associationKeys(baseEntities.get(change.urn), change.aspect) ===
          associationKeys(headEntities.get(change.urn), change.aspect)
          ? 'drift'
          : 'manifest';
      case 'termEdges': {
        // A claim is the manifests' doing when they newly declare the edge (an adoption pull request).
        const manifest =
          change.added.some((edge) => !declaredAtBase(change.urn, edge)) ||
          change.removed.some((edge) => declaredAtBase(change.urn, edge)) ||
          (change.claimed ?? []).some((edge) => !declaredAtBase(change.urn, edge));
        return manifest ? 'manifest' : 'drift';
      }
      default:
        return assertNever(change);
    }
  };

  const changes = plan.changes.map((change) => ({ ...change, origin: originOf(change) }));
  const drift = changes.filter((change) => change.origin === 'drift').length;
  return {
    ...plan,
    changes,
    summary: { ...plan.summary, byOrigin: { manifest: changes.length - drift, drift } },
  };
}

/** The forms assigned to an entity, in a comparable form. */
function formKeys(forms: ReadonlyMap<string, readonly WantedForm[]>, urn: string): string {
  return (forms.get(urn) ?? [])
    .map((form) => form.formUrn)
    .sort()
    .join('\n');
}

/** Property values in a comparable form. */
function propertyKeys(values: readonly DesiredPropertyValue[] | undefined): string {
  return (values ?? [])
    .map((value) => `${value.propertyUrn} ${JSON.stringify(value.values)}`)
    .sort()
    .join('\n');
}

/**
 * The values a state declares for a dataset or one of its columns (a schemaField URN names the dataset and the
 * column's field path; the column is found by its simple path).
 */
function datasetValues(state: DesiredState, urn: string): readonly DesiredPropertyValue[] | undefined {
  const raw = parseRawUrn(urn);
  if (!raw.ok) return undefined;
  if (raw.value.entityType === 'dataset')
    return state.datasets.find((dataset) => dataset.datasetUrn === urn)?.properties;
  const [datasetUrn, fieldPath] = raw.value.parts;
  const simple = simplifyFieldPath(decodeUrnPart(fieldPath ?? ''));
  return state.datasets
    .find((dataset) => dataset.datasetUrn === datasetUrn)
    ?.columns.find((column) => column.simplePath === simple)?.properties;
}

/** The declarable aspects of an entity in a comparable form. */
function stableAspects(entity: DesiredEntity): JsonValue {
  return (entity.aspects ?? []).map((aspect) => ({ name: aspect.aspectName, value: aspect.value }));
}
