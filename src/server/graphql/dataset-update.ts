/**
 * updateDataset, as DataHub v1.7.0's DatasetType.update writes it (DatasetUpdateInputMapper): each part of the
 * input given replaces its aspect whole (ownership, datasetDeprecation, institutionalMemory, globalTags,
 * editableSchemaMetadata, editableDatasetProperties), stamped now by the signed-in user, in one batch; the answer
 * is the dataset as read back. The app's description editor saves through it.
 */
import type { JsonObject } from '../../model/json.js';
import { badRequest, entityTypeOf, type MutationWriter } from './mutation-writes.js';

interface TagsUpdate {
  readonly tags?: readonly { readonly tag: { readonly urn: string } }[] | null;
}

export interface DatasetUpdateInput {
  readonly ownership?: {
    readonly owners: readonly { readonly owner: string; readonly type?: string | null; readonly ownershipTypeUrn?: string | null }[]; // prettier-ignore
  } | null;
  readonly deprecation?: { readonly deprecated: boolean; readonly decommissionTime?: number | null; readonly note: string } | null; // prettier-ignore
  readonly institutionalMemory?: {
    readonly elements: readonly { readonly url: string; readonly description?: string | null; readonly author: string; readonly createdAt?: number | null }[]; // prettier-ignore
  } | null;
  readonly globalTags?: TagsUpdate | null;
  readonly tags?: TagsUpdate | null;
  readonly editableSchemaMetadata?: {
    readonly editableSchemaFieldInfo: readonly { readonly fieldPath: string; readonly description?: string | null; readonly globalTags?: TagsUpdate | null }[]; // prettier-ignore
  } | null;
  readonly editableProperties?: { readonly description: string; readonly name?: string | null } | null;
}

const tagsOf = (update: TagsUpdate): JsonObject => ({ tags: (update.tags ?? []).map((item) => ({ tag: item.tag.urn })) }); // prettier-ignore
const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** Writes the aspects of the update; the caller answers the dataset as read back. */
export function updateDataset(writer: MutationWriter, urn: string, input: DatasetUpdateInput): void {
  if (entityTypeOf(urn) !== 'dataset') throw badRequest(`Invalid urn ${urn}: not a dataset`);
  const stamp = writer.stamp();
  const aspects: [string, JsonObject][] = [];
  if (given(input.ownership)) {
    // OwnershipUpdateMapper / OwnerUpdateMapper: a custom type when a type URN is given; source SERVICE.
    const owners = input.ownership.owners.map((owner) => ({
      owner: owner.owner,
      type: given(owner.ownershipTypeUrn) ? 'CUSTOM' : (owner.type ?? 'CUSTOM'),
      ...(given(owner.ownershipTypeUrn) ? { typeUrn: owner.ownershipTypeUrn } : {}),
      source: { type: 'SERVICE' },
    }));
    aspects.push(['ownership', { owners, lastModified: stamp }]);
  }
  if (given(input.deprecation)) {
    const { deprecated, decommissionTime, note } = input.deprecation;
    aspects.push(['datasetDeprecation', { deprecated, ...(given(decommissionTime) ? { decommissionTime } : {}), note, actor: writer.actor }]); // prettier-ignore
  }
  if (given(input.institutionalMemory)) {
    const elements = input.institutionalMemory.elements.map((element) => ({
      url: element.url,
      ...(given(element.description) ? { description: element.description } : {}),
      createStamp: { actor: element.author, time: element.createdAt ?? writer.service.now() },
    }));
    aspects.push(['institutionalMemory', { elements }]);
  }
  // The `tags` field overrides the deprecated `globalTags`.
  const tags = input.tags ?? input.globalTags;
  if (given(tags)) aspects.push(['globalTags', tagsOf(tags)]);
  if (given(input.editableSchemaMetadata)) {
    const editableSchemaFieldInfo = input.editableSchemaMetadata.editableSchemaFieldInfo.map((field) => ({
      fieldPath: field.fieldPath,
      ...(given(field.description) ? { description: field.description } : {}),
      ...(given(field.globalTags) ? { globalTags: tagsOf(field.globalTags) } : {}),
    }));
    aspects.push([
      'editableSchemaMetadata',
      { editableSchemaFieldInfo, created: stamp, lastModified: stamp },
    ]);
  }
  if (given(input.editableProperties)) {
    const { description, name } = input.editableProperties;
    aspects.push(['editableDatasetProperties', { description, ...(given(name) ? { name } : {}), created: stamp, lastModified: stamp }]); // prettier-ignore
  }
  writer.persist(...aspects.map(([aspect, value]) => writer.proposal(urn, aspect, value)));
}
