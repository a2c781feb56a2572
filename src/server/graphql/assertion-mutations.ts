/**
 * Custom assertions as DataHub v1.7.0's resolvers manage them (datahub-graphql-core resolvers/assertion:
 * UpsertCustomAssertionResolver, ReportAssertionResultResolver, DeleteAssertionResolver, AssertionUtils; and
 * metadata-service's AssertionService): an assertion is its `assertionInfo` and `dataPlatformInstance`, its runs
 * `assertionRunEvent` events, and each resolver needs EDIT_ENTITY_ASSERTIONS (or EDIT_ENTITY) on the asserted
 * entity.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../model/json.js';
import type { Proposal } from '../../model/proposal.js';
import { encodeUrnPart, parseRawUrn } from '../../model/urn.js';
import { isAuthorized } from '../auth/privileges.js';
import { ServiceError } from '../catalog-service.js';
import { assertionEntityOf } from '../search/assertion-entity.js';
import { MutationWriter, badRequest, serverError } from './mutation-writes.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import { DataHubGraphQLError } from './term-mutations.js';
import { schemaFieldUrn } from './views/schema-views.js';

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';

interface UpsertCustomAssertionInput {
  readonly entityUrn: string;
  readonly type: string;
  readonly description: string;
  readonly fieldPath?: string | null;
  readonly platform: { readonly urn?: string | null; readonly name?: string | null };
  readonly externalUrl?: string | null;
  readonly logic?: string | null;
}

interface AssertionResultInput {
  readonly timestampMillis?: number | null;
  readonly type: string;
  readonly properties?: readonly { readonly key: string; readonly value: string }[] | null;
  readonly externalUrl?: string | null;
  readonly error?: { readonly type: string; readonly message: string } | null;
  readonly severity?: string | null;
}

/** UrnUtils.getUrn: a malformed URN fails before anything is read (DataHub's default error). */
function checkUrn(urn: string): void {
  if (!parseRawUrn(urn).ok) throw new Error(`Invalid urn ${urn}`);
}

export class AssertionMutations {
  constructor(private readonly writer: MutationWriter) {}

  /**
   * UpsertCustomAssertionResolver: a CUSTOM assertion on the entity (a new id without `urn`), its source
   * EXTERNAL, and the platform it runs on. Answers the assertion's URN.
   */
  upsertCustomAssertion(maybeUrn: string | null, input: UpsertCustomAssertionInput): string {
    checkUrn(input.entityUrn);
    const urn = maybeUrn ?? `urn:li:assertion:${randomUUID()}`;
    checkUrn(urn);
    this.authorize(input.entityUrn);
    const platform = platformOf(input.platform);
    const custom: JsonObject = {
      type: input.type,
      entity: input.entityUrn,
      ...(input.logic === undefined || input.logic === null ? {} : { logic: input.logic }),
      ...fieldOf(input.entityUrn, input.fieldPath),
    };
    const info: JsonObject = {
      type: 'CUSTOM',
      description: input.description,
      ...(input.externalUrl === undefined || input.externalUrl === null
        ? {}
        : { externalUrl: input.externalUrl }),
      source: { type: 'EXTERNAL' },
      customAssertion: custom,
    };
    this.ingest(
      [this.proposal(urn, 'assertionInfo', info), this.proposal(urn, 'dataPlatformInstance', { platform })],
      `Failed to upsert Custom Assertion with urn ${urn}`,
    );
    return urn;
  }

  /** ReportAssertionResultResolver: a COMPLETE run event of the assertion on the entity it asserts. */
  reportAssertionResult(urn: string, input: AssertionResultInput): boolean {
    checkUrn(urn);
    const info = this.writer.latest(urn, 'assertionInfo');
    const assertee = info === undefined ? undefined : assertionEntityOf(info);
    if (assertee === undefined)
      throw serverError(`Failed to report Assertion Run Event. Assertion with urn ${urn} does not exist or is not associated with any entity.`); // prettier-ignore
    this.authorize(assertee);
    const timestampMillis = input.timestampMillis ?? this.writer.service.now();
    const event: JsonObject = {
      timestampMillis,
      runId: String(timestampMillis),
      assertionUrn: urn,
      asserteeUrn: assertee,
      status: 'COMPLETE',
      result: resultOf(input),
    };
    this.ingest([this.proposal(urn, 'assertionRunEvent', event)], `Failed to upsert Assertion Run Event for assertion with urn ${urn}`); // prettier-ignore
    return true;
  }

  /**
   * DeleteAssertionResolver: true for an assertion that does not exist; otherwise EDIT_ENTITY_ASSERTIONS on what
   * it asserts (anyone may delete one without info), then the assertion and the references to it.
   */
  deleteAssertion(urn: string): boolean {
    checkUrn(urn);
    if (!this.writer.service.exists(urn)) return true;
    const info = this.writer.latest(urn, 'assertionInfo');
    const assertee = info === undefined ? undefined : assertionEntityOf(info);
    if (assertee !== undefined) this.authorize(assertee);
    try {
      this.writer.service.deleteEntity(urn, { references: true });
    } catch (error) {
      if (error instanceof ServiceError) throw serverError(`Failed to perform delete against assertion with urn ${urn}`); // prettier-ignore
      throw error;
    }
    return true;
  }

  private authorize(entity: string): void {
    if (
      !isAuthorized(this.writer.service, this.writer.actor, ['EDIT_ENTITY_ASSERTIONS', 'EDIT_ENTITY'], entity)
    )
      throw new DataHubGraphQLError(403, UNAUTHORIZED);
  }

  /** AspectUtils.buildMetadataChangeProposal, ingested by entityClient: no UI system metadata. */
  private proposal(urn: string, aspectName: string, aspect: JsonObject): Proposal {
    const { systemMetadata: _ui, ...proposal } = this.writer.proposal(urn, aspectName, aspect);
    return proposal;
  }

  private ingest(proposals: readonly Proposal[], failure: string): void {
    try {
      this.writer.persist(...proposals);
    } catch (error) {
      if (error instanceof ServiceError) throw serverError(failure);
      throw error;
    }
  }
}

/** mapAssertionPlatform: the platform's URN, else the URN of its name. */
function platformOf(platform: UpsertCustomAssertionInput['platform']): string {
  if (platform.urn !== undefined && platform.urn !== null) {
    checkUrn(platform.urn);
    return platform.urn;
  }
  if (platform.name !== undefined && platform.name !== null)
    return `urn:li:dataPlatform:${encodeUrnPart(platform.name)}`;
  throw badRequest('Failed to upsert Custom Assertion. Platform Name or Platform Urn must be specified.');
}

/** createCustomAssertionInfo: a column's assertion names the column's schemaField URN. */
function fieldOf(entityUrn: string, fieldPath: string | null | undefined): JsonObject {
  if (fieldPath === undefined || fieldPath === null) return {};
  if (fieldPath.trim() === '')
    throw badRequest('Failed to upsert Custom Assertion. fieldPath must not be blank when provided; omit fieldPath for dataset-level assertions.'); // prettier-ignore
  return { field: schemaFieldUrn(entityUrn, fieldPath) };
}

/** mapAssertionResult: an error only on ERROR, a severity only on FAILURE. */
function resultOf(input: AssertionResultInput): JsonObject {
  const properties = input.properties ?? [];
  return {
    type: input.type,
    ...(input.externalUrl === undefined || input.externalUrl === null
      ? {}
      : { externalUrl: input.externalUrl }),
    ...(input.type === 'ERROR' && input.error !== undefined && input.error !== null
      ? { error: { type: input.error.type, properties: { message: input.error.message } } }
      : {}),
    ...(properties.length === 0 ? {} : { nativeResults: Object.fromEntries(properties.map(({ key, value }) => [key, value])) }), // prettier-ignore
    ...(input.type === 'FAILURE' && input.severity !== undefined && input.severity !== null ? { severity: input.severity } : {}), // prettier-ignore
  };
}

export const assertionMutationRoots: RootResolverBuilder = ({ service, views, actor }) => {
  const assertions = new AssertionMutations(new MutationWriter(service, actor));
  return {
    // The resolver answers the assertion as AssertionMapper maps what was written.
    upsertCustomAssertion: (args: { urn?: string | null; input: UpsertCustomAssertionInput }) =>
      guard(() => views.view(assertions.upsertCustomAssertion(args.urn ?? null, args.input))),
    reportAssertionResult: (args: { urn: string; result: AssertionResultInput }) =>
      guard(() => assertions.reportAssertionResult(args.urn, args.result)),
    deleteAssertion: (args: { urn: string }) => guard(() => assertions.deleteAssertion(args.urn)),
  };
};
