/**
 * Term edges of one dataset: the unit of ownership is one (dataset or column, term) edge. The tool adds the
 * edges its manifests declare (marked as its own) and removes only edges it owns. An edge someone else added
 * and the manifests do not declare is never touched; when the manifests declare it too (as `catalog adopt
 * --unmanaged` writes it), the plan claims it: the edge is re-written with the marker and is the tool's from then on.
 */
import type { DesiredDatasetTerms } from '../model/desired-state.js';
import { simplifyFieldPath } from '../model/field-path.js';
import { isJsonObject, stringOr, type JsonObject, type JsonValue, overlaid } from '../model/json.js';
import type { LiveEntity } from '../model/live-state.js';
import { isMarkedByAnotherCatalog, isOwnedAssociation, ownedAssociation } from './ownership.js';
import {
  aspectChangeBase,
  type Change,
  type PlanNote,
  type TermEdge,
  type TermEdgesChange,
} from './types.js';

export interface EdgeDiff {
  readonly changes: readonly Change[];
  readonly notes: readonly PlanNote[];
}

/** The audit stamp a planned aspect carries; the time is filled in when the aspect is written. */
export function plannedStamp(actor: string): JsonObject {
  return { time: 0, actor };
}

/**
 * Compares a dataset's declared edges with its live glossaryTerms and editableSchemaMetadata. `desired`
 * undefined means the manifests no longer declare the dataset (prune): every owned edge goes.
 */
export function diffDatasetTerms(
  datasetUrn: string,
  desired: DesiredDatasetTerms | undefined,
  live: LiveEntity | undefined,
  actor: string,
): EdgeDiff {
  const notes: PlanNote[] = [];
  const changes: Change[] = [];
  const dataset = diffDatasetLevel(datasetUrn, desired, live, actor, notes);
  if (dataset !== undefined) changes.push(dataset);
  const columns = diffColumns(datasetUrn, desired, live, actor, notes);
  if (columns !== undefined) changes.push(columns);
  return { changes, notes };
}

function diffDatasetLevel(
  datasetUrn: string,
  desired: DesiredDatasetTerms | undefined,
  live: LiveEntity | undefined,
  actor: string,
  notes: PlanNote[],
): TermEdgesChange | undefined {
  const current = live?.aspects.get('glossaryTerms')?.value;
  const associations = termsOf(current);
  const wanted = new Map((desired?.terms ?? []).map((edge) => [edge.termUrn, edge]));
  const present = new Set(associations.map((association) => stringOr(association['urn'])));

  const claimed: TermEdge[] = [];
  const claim = (association: JsonObject): JsonObject => {
    const edge = wanted.get(stringOr(association['urn']));
    if (edge === undefined || isOwnedAssociation(association, actor)) return association;
    if (isMarkedByAnotherCatalog(association, actor)) {
      notes.push(anotherCatalogNote(datasetUrn, edge.termUrn, undefined, edge.source));
      return association;
    }
    claimed.push(edgeOf(edge.termUrn, undefined, edge.source));
    return overlaid(association, ownedAssociation(edge.termUrn, actor));
  };
  const removed = associations.filter(
    (association) => isOwnedAssociation(association, actor) && !wanted.has(stringOr(association['urn'])),
  );
  const added = [...wanted.values()].filter((edge) => !present.has(edge.termUrn));
  const kept = associations.filter((association) => !removed.includes(association)).map(claim);
  if (added.length === 0 && removed.length === 0 && claimed.length === 0) return undefined;

  const after = overlaid(current, {
    terms: kept.concat(added.map((edge) => ownedAssociation(edge.termUrn, actor))),
    auditStamp: plannedStamp(actor),
  });
  return edgesChange(datasetUrn, 'glossaryTerms', desired, live, {
    added: added.map((edge) => edgeOf(edge.termUrn, undefined, edge.source)),
    removed: removed.map((association) => ({ termUrn: stringOr(association['urn']) })),
    claimed,
    after,
  });
}

function diffColumns(
  datasetUrn: string,
  desired: DesiredDatasetTerms | undefined,
  live: LiveEntity | undefined,
  actor: string,
  notes: PlanNote[],
): TermEdgesChange | undefined {
  const current = live?.aspects.get('editableSchemaMetadata')?.value;
  const entries = Array.isArray(current?.['editableSchemaFieldInfo'])
    ? current['editableSchemaFieldInfo'].filter(isJsonObject)
    : [];
  const schemaPaths = schemaFieldPaths(live);
  const columns = new Map((desired?.columns ?? []).map((column) => [column.simplePath, column]));
  const added: TermEdge[] = [];
  const removed: TermEdge[] = [];
  const claimed: TermEdge[] = [];

  // Remove owned edges that the manifests no longer declare, wherever they are.
  const nextEntries: JsonObject[] = entries.map((entry) => {
    const fieldPath = stringOr(entry['fieldPath']);
    const column = columns.get(simplifyFieldPath(fieldPath));
    const wanted = new Set(column?.terms.map((edge) => edge.termUrn) ?? []);
    const terms = termsOf(isJsonObject(entry['glossaryTerms']) ? entry['glossaryTerms'] : undefined);
    let touched = false;
    const keep = terms.flatMap((association) => {
      const urn = stringOr(association['urn']);
      if (isOwnedAssociation(association, actor) && !wanted.has(urn)) {
        removed.push({ termUrn: urn, fieldPath });
        touched = true;
        return [];
      }
      const edge = column?.terms.find((item) => item.termUrn === urn);
      if (edge !== undefined && isMarkedByAnotherCatalog(association, actor)) {
        notes.push(anotherCatalogNote(datasetUrn, urn, fieldPath, edge.source));
      } else if (edge !== undefined && !isOwnedAssociation(association, actor)) {
        claimed.push(edgeOf(urn, fieldPath, edge.source));
        touched = true;
        return [overlaid(association, ownedAssociation(urn, actor))];
      }
      return [association];
    });
    return touched ? withTerms(entry, keep, actor) : entry;
  });

  // Add declared edges that are missing, to the entry of the column (created when there is none).
  for (const column of columns.values()) {
    const matching = nextEntries.filter(
      (entry) => simplifyFieldPath(stringOr(entry['fieldPath'])) === column.simplePath,
    );
    const present = new Set(
      matching.flatMap((entry) =>
        termsOf(isJsonObject(entry['glossaryTerms']) ? entry['glossaryTerms'] : undefined).map((a) =>
          stringOr(a['urn']),
        ),
      ),
    );
    const missing = column.terms.filter((edge) => !present.has(edge.termUrn));
    if (missing.length === 0) continue;
    // Write to the schema's own field path when the dataset has a schema: that is the path DataHub's UI and
    // GraphQL mutations use for the column, so everyone edits the same entry.
    const exact = schemaPaths.find((path) => simplifyFieldPath(path) === column.simplePath);
    const target = matching.find((entry) => entry['fieldPath'] === exact) ?? matching[0];
    const fieldPath = target === undefined ? (exact ?? column.fieldPath) : stringOr(target['fieldPath']);
    const base = target ?? { fieldPath };
    const terms = termsOf(isJsonObject(base['glossaryTerms']) ? base['glossaryTerms'] : undefined);
    const updated = withTerms(
      base,
      terms.concat(missing.map((edge) => ownedAssociation(edge.termUrn, actor))),
      actor,
    );
    const index = target === undefined ? -1 : nextEntries.indexOf(target);
    if (index >= 0) nextEntries[index] = updated;
    else nextEntries.push(updated);
    added.push(...missing.map((edge) => edgeOf(edge.termUrn, fieldPath, edge.source)));
  }

  if (added.length === 0 && removed.length === 0 && claimed.length === 0) return undefined;
  const stamp = plannedStamp(actor);
  const after = overlaid(current, {
    created: isJsonObject(current?.['created']) ? current['created'] : stamp,
    lastModified: stamp,
    editableSchemaFieldInfo: nextEntries.slice(),
  });
  return edgesChange(datasetUrn, 'editableSchemaMetadata', desired, live, { added, removed, claimed, after });
}

/** A change of one term aspect of a dataset, with the version and value the plan read. */
function edgesChange(
  datasetUrn: string,
  aspect: 'glossaryTerms' | 'editableSchemaMetadata',
  desired: DesiredDatasetTerms | undefined,
  live: LiveEntity | undefined,
  edges: { added: TermEdge[]; removed: TermEdge[]; claimed: TermEdge[]; after: JsonObject },
): TermEdgesChange {
  const current = live?.aspects.get(aspect)?.value;
  // Copies of the exact length: an array built by push keeps room to grow, about 100 bytes per array of a plan.
  const { added, removed, claimed, after } = edges;
  return {
    kind: 'termEdges',
    action: current === undefined ? 'create' : 'update',
    ...aspectChangeBase(datasetUrn, 'dataset', aspect, live, desired?.source),
    added: added.slice(),
    removed: removed.slice(),
    after,
    ...(claimed.length === 0 ? {} : { claimed: claimed.slice() }),
    before: current ?? null,
  };
}

function edgeOf(termUrn: string, fieldPath: string | undefined, source: TermEdge['source']): TermEdge {
  // A literal for each case rather than conditional spreads: one edge is made per declared attachment.
  if (fieldPath === undefined) return source === undefined ? { termUrn } : { termUrn, source };
  return source === undefined ? { termUrn, fieldPath } : { termUrn, fieldPath, source };
}

function withTerms(entry: JsonObject, terms: readonly JsonValue[], actor: string): JsonObject {
  const glossaryTerms = isJsonObject(entry['glossaryTerms']) ? entry['glossaryTerms'] : {};
  return overlaid(entry, {
    glossaryTerms: overlaid(glossaryTerms, { terms, auditStamp: plannedStamp(actor) }),
  });
}

function termsOf(aspect: JsonObject | undefined): JsonObject[] {
  const terms = aspect?.['terms'];
  return Array.isArray(terms) ? terms.filter(isJsonObject) : [];
}

/** The terms attached to the dataset itself in the live catalog, by anyone. */
export function liveDatasetTermUrns(live: LiveEntity | undefined): Set<string> {
  return new Set(termsOf(live?.aspects.get('glossaryTerms')?.value).map((a) => stringOr(a['urn'])));
}

/** The terms attached to one column (any entry whose path names it) in editableSchemaMetadata, by anyone. */
export function liveColumnTermUrns(live: LiveEntity | undefined, simplePath: string): Set<string> {
  const entries = live?.aspects.get('editableSchemaMetadata')?.value['editableSchemaFieldInfo'];
  return new Set(
    (Array.isArray(entries) ? entries.filter(isJsonObject) : [])
      .filter((entry) => simplifyFieldPath(stringOr(entry['fieldPath'])) === simplePath)
      .flatMap((entry) => termsOf(isJsonObject(entry['glossaryTerms']) ? entry['glossaryTerms'] : undefined))
      .map((a) => stringOr(a['urn'])),
  );
}

/** The exact field paths of the dataset's schemaMetadata (empty when it has none). */
export function schemaFieldPaths(live: LiveEntity | undefined): string[] {
  const fields = live?.aspects.get('schemaMetadata')?.value['fields'];
  return Array.isArray(fields)
    ? fields
        .filter(isJsonObject)
        .flatMap((field) => (typeof field['fieldPath'] === 'string' ? [field['fieldPath']] : []))
    : [];
}

function anotherCatalogNote(
  datasetUrn: string,
  termUrn: string,
  fieldPath: string | undefined,
  source: TermEdge['source'],
): PlanNote {
  const where = fieldPath === undefined ? datasetUrn : `column ${fieldPath} of ${datasetUrn}`;
  return {
    kind: 'unownedEdge',
    urn: datasetUrn,
    message: `${termUrn} on ${where} is managed by another catalog (another actor); it is left as it is`,
    ...(source === undefined ? {} : { source }),
  };
}
