/**
 * Raising and updating incidents as DataHub v1.7.0's resolvers do (datahub-graphql-core resolvers/incident:
 * RaiseIncidentResolver, UpdateIncidentResolver, UpdateIncidentStatusResolver, IncidentUtils): an incident is its
 * `incidentInfo` (metadata-models com/linkedin/incident/IncidentInfo.pdl), and each resolver needs
 * EDIT_ENTITY_INCIDENTS (or EDIT_ENTITY, the ALL_PRIVILEGES group) on the assets it is on. The assets' incidents
 * summaries follow the write (server/catalog/incidents-summary.ts, GMS's IncidentsSummaryHook).
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../model/json.js';
import { parseRawUrn } from '../../model/urn.js';
import { isAuthorized } from '../auth/privileges.js';
import { ServiceError } from '../catalog-service.js';
import { MutationWriter, badRequest, serverError } from './mutation-writes.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import { DataHubGraphQLError } from './term-mutations.js';
import { PRIORITY_VALUES } from './views/entity-incidents.js';
import { strings } from './views/json-readers.js';

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
const INFO = 'incidentInfo';
const NOT_FOUND = 'Failed to update incident. Incident does not exist.';

/** IncidentStatusInput (and UpdateIncidentStatusInput). */
interface StatusInput {
  readonly state: string;
  readonly stage?: string | null;
  readonly message?: string | null;
}

interface RaiseIncidentInput {
  readonly type: string;
  readonly customType?: string | null;
  readonly title?: string | null;
  readonly description?: string | null;
  readonly resourceUrn?: string | null;
  readonly resourceUrns?: readonly string[] | null;
  readonly startedAt?: number | null;
  readonly status?: StatusInput | null;
  readonly priority?: string | null;
  readonly assigneeUrns?: readonly string[] | null;
}

interface UpdateIncidentInput {
  readonly title?: string | null;
  readonly description?: string | null;
  readonly status?: StatusInput | null;
  readonly priority?: string | null;
  readonly resourceUrns?: readonly string[] | null;
  readonly assigneeUrns?: readonly string[] | null;
}

/** IncidentUtils.stringsToUrns: the URNs that parse, each once, in order. */
function validUrns(urns: readonly string[]): string[] {
  return [...new Set(urns.filter((urn) => parseRawUrn(urn).ok))];
}

export class IncidentMutations {
  constructor(private readonly writer: MutationWriter) {}

  /** RaiseIncidentResolver: a new incident (a random id) on the resources, ACTIVE unless a status is given. */
  raiseIncident(input: RaiseIncidentInput): string {
    const resources = validUrns(input.resourceUrns ?? []);
    const resourceUrn = input.resourceUrn ?? null;
    if (resourceUrn !== null && !resources.includes(resourceUrn)) {
      checkUrn(resourceUrn);
      resources.push(resourceUrn);
    }
    if (resources.length === 0)
      throw serverError('At least 1 resource urn must be defined to raise an incident.');
    for (const resource of resources) this.authorize(resource);
    // Any failure to build or write the incident is answered with its message alone (RuntimeException(e.getMessage())).
    if (
      input.type === 'CUSTOM' &&
      (input.customType === undefined || input.customType === null || input.customType.trim() === '')
    )
      // prettier-ignore
      throw serverError('Failed to raise incident: customType is required when type is CUSTOM');
    const stamp = this.writer.stamp();
    const info: JsonObject = {
      type: input.type,
      ...optional('customType', input.customType),
      ...optional('title', input.title),
      ...optional('description', input.description),
      entities: resources,
      created: stamp,
      ...optional('startedAt', input.startedAt),
      // Raised in the UI: the source is always MANUAL (the input's source is not read).
      source: { type: 'MANUAL' },
      ...optional('priority', priorityValue(input.priority)),
      ...optional('assignees', assignees(input.assigneeUrns, stamp)),
      status: statusOf(input.status, stamp),
    };
    const urn = `urn:li:incident:${randomUUID()}`;
    this.write(urn, info, (message) => serverError(message));
    return urn;
  }

  /** UpdateIncidentStatusResolver: a new status (state, and stage and message when given), stamped now. */
  updateIncidentStatus(urn: string, input: StatusInput): boolean {
    checkUrn(urn);
    const info = this.writer.latest(urn, INFO);
    if (info === undefined) throw new DataHubGraphQLError(404, NOT_FOUND);
    // "Currently only supporting a single entity": the first asset is the one checked.
    const first = strings(info['entities'])?.[0];
    if (first === undefined || !this.allowed(first)) throw new DataHubGraphQLError(403, UNAUTHORIZED);
    const status: JsonObject = {
      state: input.state,
      lastUpdated: this.writer.stamp(),
      ...optional('message', input.message),
      ...optional('stage', input.stage),
    };
    this.write(urn, { ...info, status }, () => serverError('Failed to update incident status!'));
    return true;
  }

  /**
   * UpdateIncidentResolver: the title, description, status and assets given; the priority and assignees as given
   * (removed when not). The type and when it started stay as raised.
   */
  updateIncident(urn: string, input: UpdateIncidentInput): boolean {
    checkUrn(urn);
    const info = this.writer.latest(urn, INFO);
    if (info === undefined) throw new DataHubGraphQLError(404, NOT_FOUND);
    const existing = strings(info['entities']) ?? [];
    for (const resource of existing) this.authorize(resource);
    const given = input.resourceUrns ?? null;
    if (given !== null && given.length === 0) throw badRequest('resourceUrns cannot be empty if provided');
    const resourceUrns = given === null ? null : validUrns(given);
    for (const resource of resourceUrns ?? []) if (!existing.includes(resource)) this.authorize(resource);
    const stamp = this.writer.stamp();
    // SetMode.REMOVE_IF_NULL: the priority and the assignees are the input's, absent when it has none.
    const next: JsonObject = {
      ...withoutFields(info, ['priority', 'assignees']),
      ...optional('title', input.title),
      ...optional('description', input.description),
      ...(input.status === undefined || input.status === null
        ? {}
        : { status: statusOf(input.status, stamp) }),
      ...(resourceUrns === null ? {} : { entities: resourceUrns }),
      ...optional('priority', priorityValue(input.priority)),
      ...optional('assignees', assignees(input.assigneeUrns, stamp)),
    };
    this.write(urn, next, () => serverError('Failed to update incident status!'));
    return true;
  }

  private allowed(resource: string): boolean {
    return isAuthorized(this.writer.service, this.writer.actor, ['EDIT_ENTITY_INCIDENTS', 'EDIT_ENTITY'], resource); // prettier-ignore
  }

  private authorize(resource: string): void {
    if (!this.allowed(resource)) throw new DataHubGraphQLError(403, UNAUTHORIZED);
  }

  /** The incident's incidentInfo as entityClient.ingestProposal writes it; a refused write answers `failed`. */
  private write(urn: string, info: JsonObject, failed: (message: string) => DataHubGraphQLError): void {
    try {
      // entityClient.ingestProposal, not MutationUtils: no UI system metadata.
      const { systemMetadata: _ui, ...proposal } = this.writer.proposal(urn, INFO, info);
      this.writer.persist(proposal);
    } catch (error) {
      if (error instanceof ServiceError) throw failed(error.message);
      throw error;
    }
  }
}

/** Urn.createFromString: a malformed URN fails before anything is read (DataHub's default error). */
function checkUrn(urn: string): void {
  if (!parseRawUrn(urn).ok) throw new Error(`Invalid urn ${urn}`);
}

function withoutFields(value: JsonObject, fields: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([field]) => !fields.includes(field)));
}

function optional<T>(field: string, value: T | null | undefined): Record<string, T> {
  return value === undefined || value === null ? {} : { [field]: value };
}

function priorityValue(priority: string | null | undefined): number | undefined {
  return priority === undefined || priority === null ? undefined : PRIORITY_VALUES[priority];
}

/** IncidentUtils.mapIncidentAssignees: each assignee assigned now, by the signed-in user. */
function assignees(urns: readonly string[] | null | undefined, stamp: JsonObject): JsonObject[] | undefined {
  if (urns === undefined || urns === null) return undefined;
  return urns.map((actor) => {
    if (!parseRawUrn(actor).ok) throw new Error(`Invalid urn ${actor}`);
    return { actor, assignedAt: stamp };
  });
}

/** IncidentUtils.mapIncidentStatus: ACTIVE when none is given; the stage and message only when given. */
function statusOf(input: StatusInput | null | undefined, stamp: JsonObject): JsonObject {
  if (input === undefined || input === null) return { state: 'ACTIVE', lastUpdated: stamp };
  return {
    state: input.state,
    ...optional('stage', input.stage),
    ...optional('message', input.message),
    lastUpdated: stamp,
  };
}

export const incidentMutationRoots: RootResolverBuilder = ({ service, actor }) => {
  const incidents = new IncidentMutations(new MutationWriter(service, actor));
  return {
    raiseIncident: (args: { input: RaiseIncidentInput }) => guard(() => incidents.raiseIncident(args.input)),
    updateIncidentStatus: (args: { urn: string; input: StatusInput }) =>
      guard(() => incidents.updateIncidentStatus(args.urn, args.input)),
    updateIncident: (args: { urn: string; input: UpdateIncidentInput }) =>
      guard(() => incidents.updateIncident(args.urn, args.input)),
  };
};
