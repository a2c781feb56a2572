/**
 * Fields of Chart, Dashboard, DataFlow and DataJob beyond the shared ones, after DataHub's mappers
 * (datahub-graphql-core .../types/chart/mappers/ChartMapper, DashboardMapper, DataFlowMapper, DataJobMapper):
 * the tool or orchestrator and the ids come from the URN's key, the platform is the tool's or orchestrator's
 * data platform, and `properties` are the info aspect with DataHub's renames (title → name, chartUrl /
 * dashboardUrl → externalUrl, the change stamps of `lastModified` → created / lastModified / deleted).
 */
import type { JsonObject, JsonValue } from '../../../model/json.js';
import {
  auditStamp,
  customProperties,
  number,
  object,
  objects,
  text,
  whenPresent,
  type View,
} from './aspect-views.js';

type Latest = (aspect: string) => JsonObject | undefined;
type ViewOf = (urn: string) => View;

const CHART_TYPES = new Set([
  'BAR', 'PIE', 'SCATTER', 'TABLE', 'TEXT', 'LINE', 'AREA', 'HISTOGRAM', 'BOX_PLOT', 'WORD_CLOUD', 'COHORT',
]); // prettier-ignore
const ACCESS_LEVELS = new Set(['PUBLIC', 'PRIVATE']);

export function chartFields(urn: string, key: JsonObject, latest: Latest, viewOf: ViewOf): View {
  const tool = text(key['dashboardTool']) ?? '';
  const info = (withInputs: boolean) => () => {
    const aspect = latest('chartInfo');
    if (aspect === undefined) return null;
    const properties = biProperties(urn, aspect, text(aspect['chartUrl']));
    const type = text(aspect['type']);
    return {
      ...properties,
      type: type !== null && CHART_TYPES.has(type) ? type : null,
      ...(withInputs ? { inputs: inputUrns(aspect).map(viewOf) } : {}),
    };
  };
  return {
    tool,
    chartId: text(key['chartId']) ?? '',
    platform: () => viewOf(`urn:li:dataPlatform:${tool}`),
    properties: info(false),
    info: info(true),
    editableProperties: () => editable(latest('editableChartProperties')),
  };
}

export function dashboardFields(urn: string, key: JsonObject, latest: Latest, viewOf: ViewOf): View {
  const tool = text(key['dashboardTool']) ?? '';
  return {
    tool,
    dashboardId: text(key['dashboardId']) ?? '',
    platform: () => viewOf(`urn:li:dataPlatform:${tool}`),
    properties: () =>
      whenPresent(latest('dashboardInfo'), (aspect) =>
        biProperties(urn, aspect, text(aspect['dashboardUrl'])),
      ),
    editableProperties: () => editable(latest('editableDashboardProperties')),
  };
}

export function dataFlowFields(urn: string, key: JsonObject, latest: Latest, viewOf: ViewOf): View {
  const orchestrator = text(key['orchestrator']) ?? '';
  const properties = () =>
    whenPresent(latest('dataFlowInfo'), (aspect) => ({
      name: text(aspect['name']) ?? text(key['flowId']) ?? '',
      description: text(aspect['description']),
      project: text(aspect['project']),
      externalUrl: text(aspect['externalUrl']),
      customProperties: customProperties(aspect['customProperties'], urn),
    }));
  return {
    orchestrator,
    flowId: text(key['flowId']) ?? '',
    cluster: text(key['cluster']) ?? '',
    platform: () => viewOf(`urn:li:dataPlatform:${orchestrator}`),
    properties,
    info: properties,
    editableProperties: () => editable(latest('editableDataFlowProperties')),
  };
}

export function dataJobFields(urn: string, key: JsonObject, latest: Latest, viewOf: ViewOf): View {
  const flow = text(key['flow']);
  return {
    jobId: text(key['jobId']) ?? '',
    dataFlow: () => (flow === null ? null : viewOf(flow)),
    properties: () =>
      whenPresent(latest('dataJobInfo'), (aspect) => ({
        name: text(aspect['name']) ?? text(key['jobId']) ?? '',
        description: text(aspect['description']),
        externalUrl: text(aspect['externalUrl']),
        customProperties: customProperties(aspect['customProperties'], urn),
      })),
    editableProperties: () => editable(latest('editableDataJobProperties')),
  };
}

/** ChartInfo / DashboardInfo → their GraphQL properties (shared shape). */
function biProperties(urn: string, aspect: JsonObject, url: string | null): View {
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

function editable(aspect: JsonObject | undefined): View | null {
  return aspect === undefined ? null : { description: text(aspect['description']) };
}
