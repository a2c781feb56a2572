/**
 * The glossary mutations with DataHub's semantics and messages (datahub-graphql-core resolvers/mutate:
 * AddTermsResolver, BatchAddTermsResolver, RemoveTermResolver, BatchRemoveTermsResolver, util/LabelUtils,
 * MutationUtils; resolvers/glossary/CreateGlossaryTermResolver). Every mutation's writes go through the same
 * ingest path as Rest.li writes, in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { isJsonObject, stringOr, type JsonObject, type JsonValue } from '../../model/json.js';
import type { Proposal } from '../../model/proposal.js';
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import { creatorOwnership } from './ownership-aspect.js';

/** An error GraphQL clients see with DataHub's extensions: {code: 400, type: "BAD_REQUEST"}. */
export class DataHubGraphQLError extends Error {
  constructor(
    readonly code: 400 | 403 | 404 | 409 | 500,
    message: string,
  ) {
    super(message);
  }
}

export interface ResourceRef {
  readonly resourceUrn: string;
  readonly subResourceType?: string | null;
  readonly subResource?: string | null;
}

const badRequest = (message: string): DataHubGraphQLError => new DataHubGraphQLError(400, message);

export class TermMutations {
  constructor(
    private readonly service: CatalogService,
    private readonly actor: string,
  ) {}

  createGlossaryTerm(input: {
    id?: string | null;
    name: string;
    description?: string | null;
    parentNode?: string | null;
  }): string {
    const id = input.id ?? randomUUID();
    const urn = `urn:li:glossaryTerm:${id}`;
    if (this.service.exists(urn)) throw badRequest('This Glossary Term already exists!');
    const now = this.service.now();
    const info: Record<string, JsonValue> = {
      name: input.name,
      definition: input.description ?? '',
      termSource: 'INTERNAL',
    };
    if (input.parentNode !== undefined && input.parentNode !== null) info['parentNode'] = input.parentNode;
    // OwnerUtils.addCreatorAsOwner: technical owner, source MANUAL, ownerTypes as GMS's hook stores them.
    const ownership = creatorOwnership(undefined, this.actor, { time: now, actor: this.actor });
    this.service.ingest(
      [this.upsert(urn, 'glossaryTermInfo', info), this.upsert(urn, 'ownership', ownership)],
      this.actor,
    );
    return urn;
  }

  addTerms(termUrns: readonly string[], resource: ResourceRef): boolean {
    termUrns.forEach((termUrn) => this.validateLabel(termUrn));
    this.validateResource(resource);
    this.service.ingest([this.changeTerms(resource, termUrns, 'add')], this.actor);
    return true;
  }

  batchAddTerms(termUrns: readonly string[], resources: readonly ResourceRef[]): boolean {
    termUrns.forEach((termUrn) => this.validateLabel(termUrn));
    resources.forEach((resource) => this.validateResource(resource));
    this.service.ingest(this.changeEach(resources, termUrns, 'add'), this.actor);
    return true;
  }

  removeTerms(termUrns: readonly string[], resources: readonly ResourceRef[]): boolean {
    resources.forEach((resource) => this.validateResource(resource));
    this.service.ingest(this.changeEach(resources, termUrns, 'remove'), this.actor);
    return true;
  }

  private validateLabel(termUrn: string): void {
    validateLabel(this.service, termUrn, 'glossaryTerm');
  }

  private validateResource(resource: ResourceRef): void {
    validateResource(this.service, resource);
  }

  /** One proposal per aspect: several resources on the same dataset aspect are folded together. */
  private changeEach(
    resources: readonly ResourceRef[],
    termUrns: readonly string[],
    mode: 'add' | 'remove',
  ): Proposal[] {
    const byAspect = new Map<string, Proposal>();
    for (const resource of resources) {
      const aspectName = isSet(resource.subResource) ? 'editableSchemaMetadata' : 'glossaryTerms';
      const key = `${resource.resourceUrn}|${aspectName}`;
      const previous = byAspect.get(key);
      byAspect.set(key, this.changeTerms(resource, termUrns, mode, previous?.aspect));
    }
    return [...byAspect.values()];
  }

  private changeTerms(
    resource: ResourceRef,
    termUrns: readonly string[],
    mode: 'add' | 'remove',
    base?: JsonObject,
  ): Proposal {
    const stamp = { time: this.service.now(), actor: this.actor };
    const { resourceUrn, subResource } = resource;
    if (!isSet(subResource)) {
      const current = base ?? this.service.latest(resourceUrn, 'glossaryTerms');
      return this.upsert(resourceUrn, 'glossaryTerms', {
        ...editTerms(current, termUrns, mode),
        auditStamp: stamp,
      });
    }
    const current = base ?? this.service.latest(resourceUrn, 'editableSchemaMetadata');
    const entries = Array.isArray(current?.['editableSchemaFieldInfo'])
      ? current['editableSchemaFieldInfo'].filter(isJsonObject)
      : [];
    const index = entries.findIndex((entry) => entry['fieldPath'] === subResource);
    const entry: JsonObject = entries[index] ?? { fieldPath: subResource };
    const existingTerms = isJsonObject(entry['glossaryTerms']) ? entry['glossaryTerms'] : undefined;
    const updated = {
      ...entry,
      glossaryTerms: { ...editTerms(existingTerms, termUrns, mode), auditStamp: stamp },
    };
    const nextEntries =
      index >= 0 ? entries.map((item, i) => (i === index ? updated : item)) : [...entries, updated];
    return this.upsert(resourceUrn, 'editableSchemaMetadata', {
      ...(current ?? {}),
      created: isJsonObject(current?.['created']) ? current['created'] : stamp,
      lastModified: stamp,
      editableSchemaFieldInfo: nextEntries,
    });
  }

  private upsert(urn: string, aspectName: string, aspect: JsonObject): Proposal {
    const raw = parseRawUrn(urn);
    return {
      entityType: raw.ok ? raw.value.entityType : '',
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName,
      aspect,
    };
  }
}

/** LabelUtils.validateLabel: the label (a term or a tag) has the expected type and exists. */
export function validateLabel(service: CatalogService, labelUrn: string, labelEntityType: string): void {
  const raw = parseRawUrn(labelUrn);
  if (!raw.ok || raw.value.entityType !== labelEntityType) {
    throw badRequest(
      `Failed to validate label with urn ${labelUrn}. Urn type does not match entity type ${labelEntityType}..`,
    );
  }
  if (!service.exists(labelUrn))
    throw badRequest(`Failed to validate label with urn ${labelUrn}. Urn does not exist.`);
}

/** LabelUtils.validateResource: the entity exists and a sub-resource (a dataset field) is named completely. */
export function validateResource(
  service: CatalogService,
  { resourceUrn, subResourceType, subResource }: ResourceRef,
): void {
  if (!parseRawUrn(resourceUrn).ok || !service.exists(resourceUrn)) {
    throw badRequest(`Failed to update resource with urn ${resourceUrn}. Entity does not exist.`);
  }
  if (isSet(subResourceType) && !isSet(subResource)) {
    throw badRequest(
      `Failed to update resource with urn ${resourceUrn}. SubResourceType (${subResourceType}) provided without a subResource.`,
    );
  }
  if (isSet(subResource) && !isSet(subResourceType)) {
    throw badRequest(
      `Failed to updates resource with urn ${resourceUrn}. SubResource (${subResource}) provided without a subResourceType.`,
    );
  }
  if (subResourceType === 'DATASET_FIELD' && isSet(subResource))
    validateFieldExists(service, resourceUrn, subResource);
}

/** MutationUtils.validateSubresourceExists for DATASET_FIELD. */
export function validateFieldExists(
  service: CatalogService,
  resourceUrn: string,
  fieldPath: string | null,
): void {
  const schema = service.latest(resourceUrn, 'schemaMetadata');
  if (schema === undefined) {
    throw badRequest(`Failed to update ${resourceUrn} & field ${fieldPath}. ${resourceUrn} has no schema.`);
  }
  const fields = Array.isArray(schema['fields']) ? schema['fields'].filter(isJsonObject) : [];
  // DataHub's Java side matches the field path exactly (no v2 → simple conversion).
  if (!fields.some((field) => field['fieldPath'] === fieldPath)) {
    throw badRequest(
      `Failed to update ${resourceUrn} & field ${fieldPath}. Field ${fieldPath} does not exist in the datasets schema.`,
    );
  }
}

/** Adds associations (no actor/context, as DataHub's mutations write them) or removes them by urn. */
function editTerms(
  current: JsonObject | undefined,
  termUrns: readonly string[],
  mode: 'add' | 'remove',
): { terms: JsonValue[] } {
  const terms = Array.isArray(current?.['terms']) ? current['terms'].filter(isJsonObject) : [];
  if (mode === 'remove') return { terms: terms.filter((term) => !termUrns.includes(stringOr(term['urn']))) };
  const present = new Set(terms.map((term) => stringOr(term['urn'])));
  return {
    terms: [...terms, ...[...new Set(termUrns)].filter((urn) => !present.has(urn)).map((urn) => ({ urn }))],
  };
}

function isSet(value: string | null | undefined): value is string {
  return value !== undefined && value !== null && value !== '';
}
