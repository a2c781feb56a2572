/**
 * Column-level lineage as DataHub's FineGrainedLineagesMapper (v1.7.0) answers it: each FineGrainedLineage's
 * upstream and downstream columns as SchemaFieldRefs (the URN of the column's dataset and the column's path; entries
 * that are not columns are left out), its query and its transform operation. A dataset's comes from its
 * UpstreamLineage (UpstreamLineagesMapper), a job's from its DataJobInputOutput (DataJobMapper.mapDataJobInputOutput).
 */
import type { JsonObject } from '../../../model/json.js';
import { parseRawUrn } from '../../../model/urn.js';
import { objects, strings, text } from './json-readers.js';
import type { EntityView, ViewOf } from './view-types.js';

export interface SchemaFieldRefView {
  readonly urn: string;
  readonly path: string;
}

export interface FineGrainedLineageView {
  readonly upstreams: readonly SchemaFieldRefView[] | null;
  readonly downstreams: readonly SchemaFieldRefView[] | null;
  readonly query: string | null;
  readonly transformOperation: string | null;
}

export interface DataJobInputOutputView {
  readonly inputDatasets: readonly EntityView[];
  readonly outputDatasets: readonly EntityView[];
  readonly inputDatajobs: readonly EntityView[];
  readonly fineGrainedLineages: readonly FineGrainedLineageView[] | null;
}

function schemaFieldRefs(urns: readonly string[] | null): SchemaFieldRefView[] | null {
  if (urns === null) return null;
  return urns.flatMap((urn) => {
    const raw = parseRawUrn(urn);
    if (!raw.ok || raw.value.entityType !== 'schemaField') return [];
    const [parent, path] = raw.value.parts;
    return parent === undefined || path === undefined ? [] : [{ urn: parent, path }];
  });
}

/** The `fineGrainedLineages` of an aspect; null when it has none. */
export function fineGrainedLineagesView(aspect: JsonObject | undefined): FineGrainedLineageView[] | null {
  if (aspect === undefined || !Array.isArray(aspect['fineGrainedLineages'])) return null;
  return objects(aspect['fineGrainedLineages']).map((lineage) => ({
    upstreams: schemaFieldRefs(strings(lineage['upstreams'])),
    downstreams: schemaFieldRefs(strings(lineage['downstreams'])),
    query: text(lineage['query']),
    transformOperation: text(lineage['transformOperation']),
  }));
}

/** DataJob.inputOutput: the deprecated URN lists (empty when absent) and the column-level lineage. */
export function dataJobInputOutputView(aspect: JsonObject, viewOf: ViewOf): DataJobInputOutputView {
  const entities = (field: string) => (strings(aspect[field]) ?? []).map((urn) => viewOf(urn));
  return {
    inputDatasets: entities('inputDatasets'),
    outputDatasets: entities('outputDatasets'),
    inputDatajobs: entities('inputDatajobs'),
    fineGrainedLineages: fineGrainedLineagesView(aspect),
  };
}
