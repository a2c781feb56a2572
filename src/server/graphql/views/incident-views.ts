/**
 * An incident entity as DataHub v1.7.0's IncidentMapper answers it (datahub-graphql-core types/incident), from its
 * incidentInfo (metadata-models com/linkedin/incident/IncidentInfo.pdl) and globalTags.
 */
import type { JsonObject } from '../../../model/json.js';
import { parseRawUrn } from '../../../model/urn.js';
import { auditStamp } from './aspect-views.js';
import { PRIORITY_VALUES } from './entity-incidents.js';
import { commonView, latestOf, type ViewContext } from './entity-base.js';
import { number, object, objects, strings, text } from './json-readers.js';
import type { AuditStampView, CommonEntityView, EntityView, ViewOf } from './view-types.js';

const PRIORITY_NAMES: ReadonlyMap<number, string> = new Map(
  Object.entries(PRIORITY_VALUES).map(([name, value]) => [value, name]),
);

export interface IncidentStatusView {
  readonly state: string;
  readonly stage: string | null;
  readonly message: string | null;
  readonly lastUpdated: AuditStampView;
}

export interface IncidentView extends Omit<CommonEntityView, 'status'> {
  readonly incidentType: () => string | null;
  readonly customType: () => string | null;
  readonly title: () => string | null;
  readonly description: () => string | null;
  readonly priority: () => string | null;
  readonly assignees: () => EntityView[] | null;
  readonly entity: () => EntityView | null;
  readonly startedAt: () => number | null;
  readonly source: () => { readonly type: string; readonly source: () => EntityView | null } | null;
  readonly incidentStatus: () => IncidentStatusView | null;
  readonly status: () => IncidentStatusView | null;
  readonly created: () => AuditStampView;
}

/** IncidentMapper.map: the incidentInfo's fields; an incident without it is an error ("Incident does not exist!"). */
export function incidentView(urn: string, context: ViewContext): IncidentView {
  const { viewOf } = context;
  const latest = latestOf(urn, context);
  const info = (): JsonObject => {
    const value = latest('incidentInfo');
    if (value === undefined) throw new Error(`Incident does not exist!. urn: ${urn}`);
    return value;
  };
  const status = (): IncidentStatusView | null => statusView(object(info()['status']));
  return {
    ...commonView(urn, 'incident', context),
    incidentType: () => text(info()['type']),
    customType: () => text(info()['customType']),
    title: () => text(info()['title']),
    description: () => text(info()['description']),
    priority: () => {
      const priority = number(info()['priority']);
      return priority === null ? null : (PRIORITY_NAMES.get(priority) ?? null);
    },
    assignees: () => assigneesOf(info(), viewOf),
    // "TODO: Support multiple entities per incident": the first entity only.
    entity: () => {
      const first = strings(info()['entities'])?.[0];
      return first === undefined ? null : viewOf(first);
    },
    startedAt: () => number(info()['startedAt']),
    source: () => {
      const source = object(info()['source']);
      const type = text(source?.['type']);
      if (source === undefined || type === null) return null;
      const sourceUrn = text(source['sourceUrn']);
      return { type, source: () => (sourceUrn === null ? null : viewOf(sourceUrn)) };
    },
    incidentStatus: () => status(),
    status: () => status(),
    created: () => auditStamp(info()['created']),
  };
}

function statusView(status: JsonObject | undefined): IncidentStatusView | null {
  const state = text(status?.['state']);
  if (status === undefined || state === null) return null;
  return {
    state,
    stage: text(status['stage']),
    message: text(status['message']),
    lastUpdated: auditStamp(status['lastUpdated']),
  };
}

/** IncidentMapper.mapAssignee: a user or a group; any other URN is refused ("Invalid assignee urn"). */
function assigneesOf(info: JsonObject, viewOf: ViewOf): EntityView[] | null {
  if (!Array.isArray(info['assignees'])) return null;
  return objects(info['assignees']).map((assignee) => {
    const actor = text(assignee['actor']) ?? '';
    const raw = parseRawUrn(actor);
    if (!raw.ok || (raw.value.entityType !== 'corpuser' && raw.value.entityType !== 'corpGroup'))
      throw new Error(`Invalid assignee urn: ${actor}`);
    return viewOf(actor);
  });
}
