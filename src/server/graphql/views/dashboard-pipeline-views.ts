/**
 * Charts, dashboards, data flows and jobs, after DataHub's mappers
 * (datahub-graphql-core .../types/chart/mappers/ChartMapper, DashboardMapper, DataFlowMapper, DataJobMapper):
 * the tool or orchestrator and the ids come from the URN's key, the platform is the tool's or orchestrator's
 * data platform, and `properties` are the info aspect with DataHub's renames (title → name, chartUrl /
 * dashboardUrl → externalUrl, the change stamps of `lastModified` → created / lastModified / deleted).
 */
import type { JsonObject, JsonValue } from '../../../model/json.js';
import { auditStamp, customProperties } from './aspect-views.js';
import { commonView, latestOf, type ViewContext } from './entity-base.js';
import { containerOf, keyOf, parentContainers, type ParentContainersView } from './entity-parts.js';
import { dataJobInputOutputView, type DataJobInputOutputView } from './fine-grained-lineage-views.js';
import { number, object, objects, text, whenPresent } from './json-readers.js';
import { executionRuns, type DataProcessInstanceResultView, type RunsArgs } from './process-runs.js';
import type {
  AuditStampView,
  CommonEntityView,
  CustomPropertyView,
  EditableDescriptionView,
  EntityView,
} from './view-types.js';

const CHART_TYPES = new Set([
  'BAR', 'PIE', 'SCATTER', 'TABLE', 'TEXT', 'LINE', 'AREA', 'HISTOGRAM', 'BOX_PLOT', 'WORD_CLOUD', 'COHORT',
]); // prettier-ignore
const ACCESS_LEVELS = new Set(['PUBLIC', 'PRIVATE']);

/** ChartProperties and DashboardProperties (the same shape). */
export interface BiPropertiesView {
  readonly name: string;
  readonly description: string | null;
  readonly externalUrl: string | null;
  readonly access: string | null;
  readonly customProperties: readonly CustomPropertyView[] | null;
  readonly lastRefreshed: number | null;
  readonly created: AuditStampView;
  readonly lastModified: AuditStampView;
  readonly deleted: AuditStampView | null;
}

export interface ChartPropertiesView extends BiPropertiesView {
  readonly type: string | null;
  /** Only in the deprecated `info`. */
  readonly inputs?: readonly EntityView[];
}

/** What charts, dashboards, data flows and jobs share: the containers they are in. */
interface InContainerView extends CommonEntityView {
  readonly container: () => EntityView | null;
  readonly parentContainers: () => ParentContainersView;
  readonly editableProperties: () => EditableDescriptionView | null;
}

export interface ChartView extends InContainerView {
  readonly tool: string;
  readonly chartId: string;
  readonly platform: () => EntityView;
  readonly properties: () => ChartPropertiesView | null;
  readonly info: () => ChartPropertiesView | null;
}

export interface DashboardView extends InContainerView {
  readonly tool: string;
  readonly dashboardId: string;
  readonly platform: () => EntityView;
  readonly properties: () => BiPropertiesView | null;
}

export interface DataFlowPropertiesView {
  readonly name: string;
  readonly description: string | null;
  readonly project: string | null;
  readonly externalUrl: string | null;
  readonly customProperties: readonly CustomPropertyView[] | null;
}

export interface DataFlowView extends InContainerView {
  readonly orchestrator: string;
  readonly flowId: string;
  readonly cluster: string;
  readonly platform: () => EntityView;
  readonly properties: () => DataFlowPropertiesView | null;
  readonly info: () => DataFlowPropertiesView | null;
  readonly runs: (args: RunsArgs) => DataProcessInstanceResultView;
}

export interface DataJobView extends InContainerView {
  readonly jobId: string;
  readonly inputOutput: () => DataJobInputOutputView | null;
  readonly dataFlow: () => EntityView | null;
  readonly properties: () => DataJobPropertiesView | null;
  /** The deprecated `info`: DataJobMapper (v1.7.0) maps dataJobInfo to it as to `properties`. */
  readonly info: () => DataJobPropertiesView | null;
  readonly runs: (args: RunsArgs) => DataProcessInstanceResultView;
}

interface DataJobPropertiesView {
  readonly name: string;
  readonly description: string | null;
  readonly externalUrl: string | null;
  readonly customProperties: readonly CustomPropertyView[] | null;
}

/** The shared fields, and the containers the entity is in (a chart in a Looker folder, a job in an Airflow DAG). */
function inContainer(
  urn: string,
  entityType: string,
  context: ViewContext,
): Omit<InContainerView, 'editableProperties'> {
  const latest = latestOf(urn, context);
  return {
    ...commonView(urn, entityType, context),
    container: () => containerOf(latest('container'), context),
    parentContainers: () => parentContainers(urn, context),
  };
}

export function chartView(urn: string, context: ViewContext): ChartView {
  const key = keyOf(urn, context);
  const latest = latestOf(urn, context);
  const tool = text(key['dashboardTool']) ?? '';
  const info = (withInputs: boolean) => (): ChartPropertiesView | null =>
    whenPresent(latest('chartInfo'), (aspect) => {
      const type = text(aspect['type']);
      return {
        ...biProperties(urn, aspect, text(aspect['chartUrl'])),
        type: type !== null && CHART_TYPES.has(type) ? type : null,
        ...(withInputs ? { inputs: inputUrns(aspect).map(context.viewOf) } : {}),
      };
    });
  return {
    ...inContainer(urn, 'chart', context),
    tool,
    chartId: text(key['chartId']) ?? '',
    platform: () => context.viewOf(`urn:li:dataPlatform:${tool}`),
    properties: info(false),
    info: info(true),
    editableProperties: () => editable(latest('editableChartProperties')),
  };
}

export function dashboardView(urn: string, context: ViewContext): DashboardView {
  const key = keyOf(urn, context);
  const latest = latestOf(urn, context);
  const tool = text(key['dashboardTool']) ?? '';
  return {
    ...inContainer(urn, 'dashboard', context),
    tool,
    dashboardId: text(key['dashboardId']) ?? '',
    platform: () => context.viewOf(`urn:li:dataPlatform:${tool}`),
    properties: () =>
      whenPresent(latest('dashboardInfo'), (aspect) =>
        biProperties(urn, aspect, text(aspect['dashboardUrl'])),
      ),
    editableProperties: () => editable(latest('editableDashboardProperties')),
  };
}

export function dataFlowView(urn: string, context: ViewContext): DataFlowView {
  const key = keyOf(urn, context);
  const latest = latestOf(urn, context);
  const orchestrator = text(key['orchestrator']) ?? '';
  const properties = (): DataFlowPropertiesView | null =>
    whenPresent(latest('dataFlowInfo'), (aspect) => ({
      name: text(aspect['name']) ?? text(key['flowId']) ?? '',
      description: text(aspect['description']),
      project: text(aspect['project']),
      externalUrl: text(aspect['externalUrl']),
      customProperties: customProperties(aspect['customProperties'], urn),
    }));
  return {
    ...inContainer(urn, 'dataFlow', context),
    orchestrator,
    flowId: text(key['flowId']) ?? '',
    cluster: text(key['cluster']) ?? '',
    platform: () => context.viewOf(`urn:li:dataPlatform:${orchestrator}`),
    properties,
    info: properties,
    editableProperties: () => editable(latest('editableDataFlowProperties')),
    runs: (args) => executionRuns(urn, args, context),
  };
}

export function dataJobView(urn: string, context: ViewContext): DataJobView {
  const key = keyOf(urn, context);
  const latest = latestOf(urn, context);
  const flow = text(key['flow']);
  const properties = (): DataJobPropertiesView | null =>
    whenPresent(latest('dataJobInfo'), (aspect) => ({
      name: text(aspect['name']) ?? text(key['jobId']) ?? '',
      description: text(aspect['description']),
      externalUrl: text(aspect['externalUrl']),
      customProperties: customProperties(aspect['customProperties'], urn),
    }));
  return {
    ...inContainer(urn, 'dataJob', context),
    jobId: text(key['jobId']) ?? '',
    dataFlow: () => (flow === null ? null : context.viewOf(flow)),
    properties,
    info: properties,
    editableProperties: () => editable(latest('editableDataJobProperties')),
    inputOutput: () =>
      whenPresent(latest('dataJobInputOutput'), (aspect) => dataJobInputOutputView(aspect, context.viewOf)),
    runs: (args) => executionRuns(urn, args, context),
  };
}

/** ChartInfo / DashboardInfo → their GraphQL properties (shared shape). */
function biProperties(urn: string, aspect: JsonObject, url: string | null): BiPropertiesView {
  const changes = object(aspect['lastModified']) ?? {};
  const access = text(aspect['access']);
  return {
    name: text(aspect['title']) ?? '',
    description: text(aspect['description']),
    externalUrl: url ?? text(aspect['externalUrl']),
    access: access !== null && ACCESS_LEVELS.has(access) ? access : null,
    customProperties: customProperties(aspect['customProperties'], urn),
    lastRefreshed: number(aspect['lastRefreshed']),
    created: auditStamp(changes['created']),
    lastModified: auditStamp(changes['lastModified']),
    deleted: object(changes['deleted']) === undefined ? null : auditStamp(changes['deleted']),
  };
}

/**
 * ChartInfo.inputs holds union members `{"string": urn}` (bare URNs from older writers), inputEdges holds edges
 * (newer writers).
 */
function inputUrns(aspect: JsonObject): string[] {
  const items: readonly JsonValue[] = Array.isArray(aspect['inputs']) ? aspect['inputs'] : [];
  const inputs = items.flatMap(
    (item) => (typeof item === 'string' ? item : text(object(item)?.['string'])) ?? [],
  );
  const edges = objects(aspect['inputEdges']).flatMap((edge) => text(edge['destinationUrn']) ?? []);
  return [...new Set([...inputs, ...edges])];
}

function editable(aspect: JsonObject | undefined): EditableDescriptionView | null {
  return aspect === undefined ? null : { description: text(aspect['description']) };
}
