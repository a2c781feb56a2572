/**
 * Tags, owners and links on any entity, as DataHub v1.7.0 writes them (datahub-graphql-core resolvers/mutate:
 * AddTag(s)Resolver, RemoveTagResolver, BatchAdd/RemoveTagsResolver, util/LabelUtils; AddOwner(s)Resolver,
 * RemoveOwnerResolver, BatchAdd/RemoveOwnersResolver, util/OwnerUtils; AddLinkResolver, UpdateLinkResolver,
 * RemoveLinkResolver, util/LinkUtils).
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../model/json.js';
import { editFieldInfo } from './description-mutation.js';
import type { MutationWriter } from './mutation-writes.js';
import { badRequest, entityTypeOf, isSet, objectsIn } from './mutation-writes.js';
import {
  addOwners,
  BOOTSTRAPPED_OWNERSHIP_TYPES,
  ownershipTypeUrnOf,
  removeOwners,
  type NewOwner,
} from './ownership-aspect.js';
import { validateLabel, validateResource, type ResourceRef } from './term-mutations.js';

export interface OwnerInput {
  readonly ownerUrn: string;
  readonly ownerEntityType: 'CORP_USER' | 'CORP_GROUP';
  readonly type?: string | null;
  readonly ownershipTypeUrn?: string | null;
}

export interface LinkInput {
  readonly linkUrl: string;
  readonly label: string;
  readonly resourceUrn: string;
  readonly settings?: { readonly showInAssetPreview?: boolean | null } | null;
}

export interface UpdateLinkInput extends LinkInput {
  readonly currentUrl: string;
  readonly currentLabel: string;
}

/** LinkUtils.ALLOWED_URL_SCHEMES. */
const ALLOWED_URL_SCHEMES = new Set(['http', 'https', 'ftp', 'mailto']);

export class AssetMutations {
  constructor(private readonly writer: MutationWriter) {}

  // ---- tags (LabelUtils) ----

  /** addTag / addTags: each tag is validated (type, exists), then the resource. */
  addTags(tagUrns: readonly string[], resource: ResourceRef): boolean {
    for (const tagUrn of tagUrns) {
      validateLabel(this.writer.service, tagUrn, 'tag');
      validateResource(this.writer.service, resource);
    }
    this.writer.persist(...this.changeTags([resource], tagUrns, 'add'));
    return true;
  }

  /** removeTag: the resource is validated; a URN that is not a tag's is answered `false` without a write. */
  removeTag(tagUrn: string, resource: ResourceRef): boolean {
    validateResource(this.writer.service, resource);
    if (entityTypeOf(tagUrn) !== 'tag') return false;
    this.writer.persist(...this.changeTags([resource], [tagUrn], 'remove'));
    return true;
  }

  batchAddTags(tagUrns: readonly string[], resources: readonly ResourceRef[]): boolean {
    tagUrns.forEach((tagUrn) => validateLabel(this.writer.service, tagUrn, 'tag'));
    resources.forEach((resource) => validateResource(this.writer.service, resource));
    this.writer.persist(...this.changeTags(resources, tagUrns, 'add'));
    return true;
  }

  batchRemoveTags(tagUrns: readonly string[], resources: readonly ResourceRef[]): boolean {
    resources.forEach((resource) => validateResource(this.writer.service, resource));
    this.writer.persist(...this.changeTags(resources, tagUrns, 'remove'));
    return true;
  }

  /**
   * globalTags of the entity, or globalTags of the column's editableSchemaMetadata entry. Associations carry only
   * the tag (no audit stamp: DataHub sets none on tags). Several resources on one aspect are folded into one write,
   * so that a later one does not overwrite an earlier one's change.
   */
  private changeTags(resources: readonly ResourceRef[], tagUrns: readonly string[], mode: 'add' | 'remove') {
    const next = new Map<string, { urn: string; aspect: string; value: JsonObject }>();
    for (const resource of resources) {
      const onField = isSet(resource.subResource);
      const aspect = onField ? 'editableSchemaMetadata' : 'globalTags';
      const key = `${resource.resourceUrn}\n${aspect}`;
      const current = next.get(key)?.value ?? this.writer.latest(resource.resourceUrn, aspect) ?? {};
      const value = onField
        ? editFieldInfo(current, resource.subResource, (info) => ({
            ...info,
            globalTags: editTags(objectOr(info['globalTags']), tagUrns, mode),
          }))
        : editTags(current, tagUrns, mode);
      next.set(key, { urn: resource.resourceUrn, aspect, value });
    }
    return [...next.values()].map(({ urn, aspect, value }) => this.writer.proposal(urn, aspect, value));
  }

  // ---- owners (OwnerUtils) ----

  /** addOwners: the resource must exist, then each owner is validated. */
  addOwners(owners: readonly OwnerInput[], resourceUrn: string): boolean {
    for (const owner of owners) {
      this.requireOwnershipResource(resourceUrn);
      this.validateOwner(owner);
    }
    this.writer.persist(this.ownersProposal(resourceUrn, owners));
    return true;
  }

  /**
   * addOwner: DataHub v1.7.0 validates the owner's URN where the resource belongs (AddOwnerResolver passes
   * ownerUrn as the resource), so a missing resource is not refused and is created by the write.
   */
  addOwner(owner: OwnerInput, resourceUrn: string): boolean {
    entityTypeOf(resourceUrn);
    this.requireOwnershipResource(owner.ownerUrn);
    this.validateOwner(owner);
    this.writer.persist(this.ownersProposal(resourceUrn, [owner]));
    return true;
  }

  removeOwner(ownerUrn: string, ownershipTypeUrn: string | null | undefined, resourceUrn: string): boolean {
    this.requireOwnershipResource(resourceUrn);
    this.writer.persist(this.removeOwnersProposal(resourceUrn, [ownerUrn], ownershipTypeUrn));
    return true;
  }

  /** batchAddOwners: owners first, then each resource (no sub-resources). The batch's ownershipTypeUrn is unused. */
  batchAddOwners(owners: readonly OwnerInput[], resources: readonly ResourceRef[]): boolean {
    owners.forEach((owner) => this.validateOwner(owner));
    for (const resource of resources) {
      if (resource.subResource !== undefined && resource.subResource !== null)
        throw badRequest('Malformed input provided: owners cannot be applied to subresources.');
      validateResource(this.writer.service, resource);
    }
    this.writer.persist(...uniqueUrns(resources).map((urn) => this.ownersProposal(urn, owners)));
    return true;
  }

  batchRemoveOwners(
    ownerUrns: readonly string[],
    ownershipTypeUrn: string | null | undefined,
    resources: readonly ResourceRef[],
  ): boolean {
    for (const resource of resources) {
      if (resource.subResource !== undefined && resource.subResource !== null)
        throw badRequest('Malformed input provided: owners cannot be removed from subresources.');
      validateResource(this.writer.service, resource);
    }
    this.writer.persist(
      ...uniqueUrns(resources).map((urn) => this.removeOwnersProposal(urn, ownerUrns, ownershipTypeUrn)),
    );
    return true;
  }

  /**
   * Each owner with its legacy `type` (NONE unless given) and its type URN (the one given, else the system type
   * of `type`), source MANUAL; ownership.lastModified is stamped.
   */
  private ownersProposal(resourceUrn: string, owners: readonly OwnerInput[]) {
    const entries: NewOwner[] = owners.map((owner) => {
      const type = owner.type ?? 'NONE';
      return {
        owner: owner.ownerUrn,
        type,
        typeUrn: owner.ownershipTypeUrn ?? ownershipTypeUrnOf(type),
        source: 'MANUAL',
      };
    });
    const current = this.writer.latest(resourceUrn, 'ownership');
    return this.writer.proposal(resourceUrn, 'ownership', addOwners(current, entries, this.writer.stamp()));
  }

  private removeOwnersProposal(
    resourceUrn: string,
    ownerUrns: readonly string[],
    ownershipTypeUrn: string | null | undefined,
  ) {
    const current = this.writer.latest(resourceUrn, 'ownership');
    return this.writer.proposal(
      resourceUrn,
      'ownership',
      removeOwners(current, ownerUrns, ownershipTypeUrn ?? undefined, this.writer.stamp()),
    );
  }

  /** OwnerUtils.validateAddOwnerInput / validateRemoveInput: the resource exists. */
  private requireOwnershipResource(resourceUrn: string): void {
    entityTypeOf(resourceUrn);
    if (!this.writer.exists(resourceUrn)) {
      throw badRequest(`Failed to change ownership for resource ${resourceUrn}. Resource does not exist.`);
    }
  }

  /** OwnerUtils.validateOwner. */
  private validateOwner(owner: OwnerInput): void {
    const { ownerUrn, ownerEntityType, ownershipTypeUrn } = owner;
    const entityType = entityTypeOf(ownerUrn);
    if (ownerEntityType === 'CORP_GROUP' && entityType !== 'corpGroup') {
      throw badRequest(
        `Failed to change ownership for resource(s). Expected a corp group urn, found ${ownerUrn}`,
      );
    }
    if (ownerEntityType === 'CORP_USER' && entityType !== 'corpuser') {
      throw badRequest(
        `Failed to change ownership for resource(s). Expected a corp user urn, found ${ownerUrn}.`,
      );
    }
    if (!this.writer.exists(ownerUrn)) {
      throw badRequest(
        `Failed to change ownership for resource(s). Owner with urn ${ownerUrn} does not exist.`,
      );
    }
    if (isSet(ownershipTypeUrn) && !this.ownershipTypeExists(ownershipTypeUrn)) {
      throw badRequest(
        `Failed to change ownership for resource(s). Custom Ownership type with urn ${ownershipTypeUrn} does not exist.`,
      );
    }
    if ((owner.type ?? null) === null && (ownershipTypeUrn ?? null) === null) {
      throw badRequest(
        'Failed to change ownership for resource(s). Expected either type or ownershipTypeUrn to be specified.',
      );
    }
  }

  private ownershipTypeExists(urn: string): boolean {
    return BOOTSTRAPPED_OWNERSHIP_TYPES.has(urn) || (entityTypeOf(urn) !== '' && this.writer.exists(urn));
  }

  // ---- links (LinkUtils) ----

  /** addLink: institutionalMemory gets {url, description: label, createStamp, settings?}; duplicates are refused. */
  addLink(input: LinkInput): boolean {
    const { linkUrl, label, resourceUrn } = input;
    this.validateLinkInput([linkUrl], resourceUrn);
    const current = this.writer.latest(resourceUrn, 'institutionalMemory') ?? {};
    const elements = objectsIn(current, 'elements');
    if (elements.some(sameLink(linkUrl, label)))
      throw badRequest(`The link '${linkUrl}' with label '${label}' already exists`);
    const link: Record<string, JsonValue> = {
      url: linkUrl,
      description: label,
      createStamp: this.writer.stamp(),
    };
    const settings = linkSettings(input.settings);
    if (settings !== undefined) link['settings'] = settings;
    this.writer.persistAspect(resourceUrn, 'institutionalMemory', {
      ...current,
      elements: [...elements, link],
    });
    return true;
  }

  /** updateLink: replaces the link (url + label) in place, keeping its createStamp and adding an updateStamp. */
  updateLink(input: UpdateLinkInput): boolean {
    const { currentUrl, currentLabel, linkUrl, label, resourceUrn } = input;
    this.validateLinkInput([currentUrl, linkUrl], resourceUrn);
    const current = this.writer.latest(resourceUrn, 'institutionalMemory') ?? {};
    const elements = objectsIn(current, 'elements');
    const index = Array.isArray(current['elements'])
      ? elements.findIndex(sameLink(currentUrl, currentLabel))
      : -1;
    const replaced = elements[index];
    if (replaced === undefined) {
      throw badRequest(
        `Failed to update the link '${currentUrl}' with label '${currentLabel}'. The link does not exist`,
      );
    }
    if (elements.filter((_, i) => i !== index).some(sameLink(linkUrl, label)))
      throw badRequest(`The link '${linkUrl}' with label '${label}' already exists`);
    const link: Record<string, JsonValue> = { url: linkUrl, description: label };
    if (replaced['createStamp'] !== undefined) link['createStamp'] = replaced['createStamp'];
    link['updateStamp'] = this.writer.stamp();
    const settings = linkSettings(input.settings);
    if (settings !== undefined) link['settings'] = settings;
    const next = elements.map((element, i) => (i === index ? link : element));
    this.writer.persistAspect(resourceUrn, 'institutionalMemory', { ...current, elements: next });
    return true;
  }

  /** removeLink: removes the links with that url (and that label, when given); writes even when none matched. */
  removeLink(input: { linkUrl: string; label?: string | null; resourceUrn: string }): boolean {
    const { linkUrl, label, resourceUrn } = input;
    this.validateLinkInput([linkUrl], resourceUrn);
    const current = this.writer.latest(resourceUrn, 'institutionalMemory') ?? {};
    const matches =
      label === undefined || label === null
        ? (link: JsonObject) => link['url'] === linkUrl
        : sameLink(linkUrl, label);
    const elements = objectsIn(current, 'elements').filter((link) => !matches(link));
    this.writer.persistAspect(resourceUrn, 'institutionalMemory', { ...current, elements });
    return true;
  }

  /** LinkUtils.validateAddRemoveInput / validateUpdateInput: allowed URL schemes, then the resource exists. */
  private validateLinkInput(urls: readonly string[], resourceUrn: string): void {
    entityTypeOf(resourceUrn);
    for (const url of urls) {
      const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1] ?? null;
      if (scheme === null || !ALLOWED_URL_SCHEMES.has(scheme.toLowerCase())) {
        throw badRequest(
          `Failed to change institutional memory for resource ${resourceUrn}. URL scheme '${scheme}' is not allowed.`,
        );
      }
    }
    if (!this.writer.exists(resourceUrn)) {
      throw badRequest(
        `Failed to change institutional memory for resource ${resourceUrn}. Resource does not exist.`,
      );
    }
  }
}

/** LabelUtils.addTagsIfNotExists / removeTagsIfExists on a GlobalTags value. */
function editTags(globalTags: JsonObject, tagUrns: readonly string[], mode: 'add' | 'remove'): JsonObject {
  const tags = objectsIn(globalTags, 'tags');
  if (mode === 'remove')
    return {
      ...globalTags,
      tags: tags.filter((tag) => !(typeof tag['tag'] === 'string' && tagUrns.includes(tag['tag']))),
    };
  const present = new Set(tags.map((tag) => tag['tag']));
  const added: JsonValue[] = [...new Set(tagUrns)].filter((urn) => !present.has(urn)).map((tag) => ({ tag }));
  return { ...globalTags, tags: [...tags, ...added] };
}

function objectOr(value: JsonValue | undefined): JsonObject {
  return isJsonObject(value) ? value : {};
}

/** LinkUtils.getPredicate: same url and same label (the element's description). */
function sameLink(url: string, label: string): (link: JsonObject) => boolean {
  return (link) => link['url'] === url && link['description'] === label;
}

/** LinkUtils.mapSettings: an empty settings record unless showInAssetPreview is given. */
function linkSettings(settings: LinkInput['settings']): JsonObject | undefined {
  if (settings === undefined || settings === null) return undefined;
  const showInAssetPreview = settings.showInAssetPreview;
  return showInAssetPreview === undefined || showInAssetPreview === null ? {} : { showInAssetPreview };
}

function uniqueUrns(resources: readonly ResourceRef[]): string[] {
  return [...new Set(resources.map((resource) => resource.resourceUrn))];
}
