/**
 * What the steward mutations share: reading the current aspect, writing the next one as DataHub's GraphQL
 * resolvers persist it (MutationUtils.persistAspect: an UPSERT stamped with the signed-in user, system metadata
 * marking the UI as its source), and DataHub's two error classes (IllegalArgumentException → 400 with its message,
 * any other RuntimeException → 500 with its message).
 */
import { isJsonObject, type JsonObject } from '../../model/json.js';
import type { Proposal } from '../../model/proposal.js';
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import { DataHubGraphQLError } from './term-mutations.js';
import { isBootstrapped } from './views/bootstrapped.js';

/** IllegalArgumentException (and DataHubGraphQLException BAD_REQUEST) in DataHub's exception handler. */
export const badRequest = (message: string): DataHubGraphQLError => new DataHubGraphQLError(400, message);
/** Any other RuntimeException: DataHub answers 500 with the exception's message (and its causes'). */
export const serverError = (message: string): DataHubGraphQLError => new DataHubGraphQLError(500, message);

/** DataHub's message for a RuntimeException wrapping another: "<outer>. Root cause: <inner>". */
export const wrapped = (outer: string, cause: string): DataHubGraphQLError =>
  serverError(`${outer}. Root cause: ${cause}`);

/**
 * The entity type of a URN. Urn.createFromString throws a checked URISyntaxException on a malformed URN, which
 * DataHub's handler answers with its default message; a plain Error gets the same answer from `guard`.
 */
export function entityTypeOf(urn: string): string {
  const raw = parseRawUrn(urn);
  if (!raw.ok) throw new Error(`Invalid urn ${urn}: ${raw.error}`);
  return raw.value.entityType;
}

/** The last part of a URN (Urn.getId()): the tag name of urn:li:tag:pii. */
export function idOf(urn: string): string {
  const raw = parseRawUrn(urn);
  if (!raw.ok) throw new Error(`Invalid urn ${urn}: ${raw.error}`);
  return raw.value.parts.join(',');
}

/** SystemMetadataUtils.createDefaultSystemMetadata plus MutationUtils' `appSource: ui` property. */
const UI_SYSTEM_METADATA: JsonObject = { runId: 'no-run-id-provided', properties: { appSource: 'ui' } };

export class MutationWriter {
  constructor(
    readonly service: CatalogService,
    readonly actor: string,
  ) {}

  /** EntityUtils.getAuditStamp(actor): now, by the signed-in user. */
  stamp(): JsonObject {
    return { time: this.service.now(), actor: this.actor };
  }

  /** EntityService.exists(urn, includeSoftDeleted = true); what GMS bootstraps (the root user) exists too. */
  exists(urn: string): boolean {
    return this.service.exists(urn) || isBootstrapped(urn);
  }

  /** The latest value of an aspect, undefined when the entity has none (getAspectFromEntity's default). */
  latest(urn: string, aspectName: string): JsonObject | undefined {
    return this.service.latest(urn, aspectName);
  }

  /** One UPSERT as buildMetadataChangeProposalWithUrn makes it. */
  proposal(urn: string, aspectName: string, aspect: JsonObject): Proposal {
    return {
      entityType: entityTypeOf(urn),
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName,
      aspect,
      systemMetadata: { ...UI_SYSTEM_METADATA },
    };
  }

  /** Writes proposals through the service (versions, history and the search index follow) in one go. */
  persist(...proposals: readonly Proposal[]): void {
    if (proposals.length > 0) this.service.ingest(proposals, this.actor);
  }

  /** persistAspect: read-modify-write of one aspect. */
  persistAspect(urn: string, aspectName: string, aspect: JsonObject): void {
    this.persist(this.proposal(urn, aspectName, aspect));
  }
}

/** The object items of a JSON array field, [] when absent. */
export function objectsIn(value: JsonObject | undefined, field: string): JsonObject[] {
  const items = value?.[field];
  return Array.isArray(items) ? items.filter(isJsonObject) : [];
}

/** The string items of a JSON array field, [] when absent. */
export function stringsIn(value: JsonObject | undefined, field: string): string[] {
  const items = value?.[field];
  return Array.isArray(items) ? items.filter((item): item is string => typeof item === 'string') : [];
}

/** Set when a GraphQL string argument is neither absent, null nor empty (DataHub's `x != null && !x.isEmpty()`). */
export function isSet(value: string | null | undefined): value is string {
  return value !== undefined && value !== null && value !== '';
}
