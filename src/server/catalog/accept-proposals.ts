/**
 * The checks the catalog makes of proposals before anything is written, in the order GMS answers them (entity
 * registry, the URN's key, the aspect, its value), and what it makes of the proposals it accepts.
 */
import { ASPECT_SCHEMAS } from '../../datahub/generated/aspect-schemas.js';
import { describeAspectRefusal, trimUnrecognizedFields } from '../../datahub/pegasus/validate-aspect.js';
import { isJsonObject, type JsonObject } from '../../model/json.js';
import { checkAspectValue, UNRECOGNIZED_FIELDS, type CheckedProposal } from '../../model/metadata-file.js';
import type { Proposal } from '../../model/proposal.js';
import { entityHasAspect, isKnownEntityType, keyAspectFromUrn } from '../../model/registry.js';
import { parseRawUrn, parseUrn, URN_ENTITY_TYPES } from '../../model/urn.js';
import { ServiceError } from './service-error.js';

/** An entity's key aspect, derived from its URN. */
export interface KeyAspect {
  readonly aspectName: string;
  readonly value: JsonObject;
}

declare const accepted: unique symbol;

/**
 * A proposal the catalog has checked (CatalogService.ingest, acceptChecked) and writes as it is: its aspect as GMS
 * stores it, the JSON text of that aspect (serialized once: it is what is stored, and what callers size requests
 * by), and the entity's key aspect. Only the service makes them.
 */
export interface AcceptedProposal {
  readonly proposal: Proposal;
  readonly text: string;
  readonly key: KeyAspect;
  readonly [accepted]: true;
}

/** Every check of `CatalogService.ingest`, the value's included: answers the proposals ready to write. */
export function acceptProposals(proposals: readonly Proposal[]): AcceptedProposal[] {
  return acceptAll(proposals, validateValue);
}

/**
 * `CatalogService.acceptChecked`, which needs no catalog: a bulk load runs it in the thread that reads the file
 * (see server/bulk-load).
 */
export function acceptCheckedProposals(proposals: readonly CheckedProposal[]): AcceptedProposal[] {
  return acceptAll(proposals, (proposal) => proposal[UNRECOGNIZED_FIELDS]);
}

/**
 * A proposal `acceptCheckedProposals` accepted in another thread, made again from what crossed over (its aspect's
 * text parsed again). Only the bulk load makes them.
 */
export function acceptedAgain(proposal: Proposal, key: KeyAspect, text: string): AcceptedProposal {
  return { proposal, key, text } as AcceptedProposal;
}

/** The one place an AcceptedProposal is made: the proposal as it is written, its aspect serialized once. */
function acceptAs(proposal: Proposal, key: KeyAspect): AcceptedProposal {
  return { proposal, key, text: JSON.stringify(proposal.aspect) } as AcceptedProposal;
}

/** Refuses a value GMS refuses; answers whether it has fields to trim. */
function validateValue(proposal: Proposal): boolean {
  const { problems, unrecognizedFields } = checkAspectValue(proposal.aspectName, proposal.aspect);
  // GMS answers a ValidationException with 422 and its message (AspectResource.ingestProposals, v1.7.0).
  if (problems.length > 0) throw new ServiceError(422, describeAspectRefusal(proposal.aspectName, problems));
  return unrecognizedFields;
}

/**
 * Static checks, done before anything is written, in the order GMS answers them; then the value as GMS stores it
 * (UnrecognizedFieldMode.TRIM: fields its schema does not know are dropped) and its JSON text, made once.
 * `validate` checks the value (or knows it checked) and answers whether it has fields to trim.
 */
function acceptAll<P extends Proposal>(
  proposals: readonly P[],
  validate: (proposal: P) => boolean,
): AcceptedProposal[] {
  const keys = new Map<string, KeyAspect>();
  return proposals.map((proposal) => {
    const { entityType, entityUrn, aspectName } = proposal;
    if (!isKnownEntityType(entityType)) {
      throw new ServiceError(422, `Failed to find entity with name ${entityType} in EntityRegistry`);
    }
    let key = keys.get(entityUrn);
    if (key === undefined) {
      key = entityKeyOf(entityUrn);
      keys.set(entityUrn, key);
    }
    if (!entityHasAspect(entityType, aspectName)) {
      throw new ServiceError(422, `Unknown aspect ${aspectName} for entity ${entityType}`);
    }
    if (!validate(proposal)) return acceptAs(proposal, key);
    const aspect = trimUnrecognizedFields(ASPECT_SCHEMAS, aspectName, proposal.aspect);
    // Trimming an object answers an object: only its fields go.
    if (!isJsonObject(aspect)) throw new Error(`trimming ${aspectName} answered no object`);
    return acceptAs({ ...proposal, aspect }, key);
  });
}

/** The key aspect of a URN; a URN that does not fit its entity's key is refused. */
export function entityKeyOf(urn: string): KeyAspect {
  const raw = parseRawUrn(urn);
  if (!raw.ok) throw new ServiceError(400, `Failed to convert urn to Urn: ${urn}: ${raw.error}`);
  const { entityType, parts } = raw.value;
  if (URN_ENTITY_TYPES.some((type) => type === entityType)) {
    const typed = parseUrn(urn);
    if (!typed.ok) throw new ServiceError(400, `Invalid urn ${urn}: ${typed.error}`);
  }
  if (!isKnownEntityType(entityType)) {
    throw new ServiceError(400, `Failed to find entity with name ${entityType} in EntityRegistry`);
  }
  const key = keyAspectFromUrn(entityType, parts);
  if (key === undefined) {
    throw new ServiceError(
      400,
      `Failed to convert urn to entity key: urns parts and key fields do not have same length for ${urn}`,
    );
  }
  return key;
}

/** The entity type of a URN `entityKeyOf` has accepted. */
export function entityTypeOfKnown(urn: string): string {
  const raw = parseRawUrn(urn);
  if (!raw.ok) throw new ServiceError(400, `Failed to convert urn to Urn: ${urn}: ${raw.error}`);
  return raw.value.entityType;
}
