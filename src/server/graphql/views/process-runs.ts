/**
 * The runs (data process instances) of a data job, a data flow or a dataset: the `runs` field, as DataHub v1.7.0
 * answers it (datahub-graphql-core .../resolvers/jobs/):
 *
 * - ExecutionRunsResolver (DataJob, DataFlow): the instances whose `parentTemplate` search field
 *   (dataProcessInstanceRelationships.parentTemplate) is the entity and that have run events (`hasRunEvents`, the
 *   hasValuesFieldName of DataProcessInstanceRunEvent.status, true once an instance has a run event);
 * - EntityRunsResolver (Dataset): the instances whose `inputs` (dataProcessInstanceInput.inputs; direction
 *   INCOMING, the default) or `outputs` (dataProcessInstanceOutput.outputs; OUTGOING) name the dataset.
 *
 * Both read a page of the search index sorted by `created` (dataProcessInstanceProperties.created.time) newest
 * first, an instance without one last, then by URN (ESUtils.buildSortOrder's tie-breaker), soft-deleted instances
 * left out, and answer `count` as the page size asked for (SearchResult.pageSize), `start`, `total` and the runs.
 * Those search fields index the same paths as the InstanceOf, Consumes and Produces relationships of the same
 * aspects, so the catalog reads the instances from its relationship index.
 */
import type { CatalogService } from '../../catalog-service.js';
import type { ViewContext } from './entity-base.js';
import { number, object } from './json-readers.js';
import type { EntityView } from './view-types.js';

export interface RunsArgs {
  readonly start?: number | null;
  readonly count?: number | null;
  /** Dataset.runs only: INCOMING (the default) for the runs that read the dataset, OUTGOING for those that write it. */
  readonly direction?: 'INCOMING' | 'OUTGOING' | null;
}

export interface DataProcessInstanceResultView {
  readonly start: number;
  readonly count: number;
  readonly total: number;
  readonly runs: readonly EntityView[];
}

const DEFAULT_COUNT = 20;
/** The most instances read for one entity: DataHub's search serves no page beyond its 10,000th hit either. */
const MAX_INSTANCES = 10_000;
const INSTANCE_PREFIX = 'urn:li:dataProcessInstance:';

/** ExecutionRunsResolver: the runs of a data job or data flow (instances of it that have run events). */
export function executionRuns(
  urn: string,
  args: RunsArgs,
  context: ViewContext,
): DataProcessInstanceResultView {
  const { service } = context;
  const instances = instancesRelatedBy(service, urn, 'InstanceOf').filter((instance) => hasRunEvents(service, instance)); // prettier-ignore
  return page(instances, args, context);
}

/** EntityRunsResolver: the runs that read (INCOMING) or write (OUTGOING) a dataset. */
export function entityRuns(urn: string, args: RunsArgs, context: ViewContext): DataProcessInstanceResultView {
  const relationship = args.direction === 'OUTGOING' ? 'Produces' : 'Consumes';
  return page(instancesRelatedBy(context.service, urn, relationship), args, context);
}

/** The data process instances with a relationship of this name to the entity (other entity types declare it too). */
function instancesRelatedBy(service: CatalogService, urn: string, relationship: string): string[] {
  return service
    .relationships({
      urn,
      types: [relationship],
      direction: 'INCOMING',
      start: 0,
      count: MAX_INSTANCES,
      includeRemoved: false,
    }) // prettier-ignore
    .items.map((item) => item.urn)
    .filter((related) => related.startsWith(INSTANCE_PREFIX));
}

function hasRunEvents(service: CatalogService, instance: string): boolean {
  return (
    service.timeseriesValues({ urn: instance, aspect: 'dataProcessInstanceRunEvent', limit: 1 }).length > 0
  );
}

function page(
  instances: readonly string[],
  args: RunsArgs,
  { service, viewOf }: ViewContext,
): DataProcessInstanceResultView {
  const start = Math.max(0, Math.trunc(args.start ?? 0));
  const count = Math.max(0, Math.trunc(args.count ?? DEFAULT_COUNT));
  const created = new Map(instances.map((instance) => [instance, createdTime(service, instance)]));
  const sorted = [...new Set(instances)].sort((a, b) => {
    const [left, right] = [created.get(a) ?? null, created.get(b) ?? null];
    if (left !== right) {
      if (left === null) return 1;
      if (right === null) return -1;
      return right - left;
    }
    return a < b ? -1 : a > b ? 1 : 0;
  });
  return {
    start,
    count,
    total: sorted.length,
    runs: sorted.slice(start, start + count).map((instance) => viewOf(instance)),
  };
}

function createdTime(service: CatalogService, instance: string): number | null {
  return number(object(service.latest(instance, 'dataProcessInstanceProperties')?.['created'])?.['time']);
}
