/**
 * The mutations glossary and tag stewards use in DataHub's web app (issue 17 item 3): glossary nodes and term
 * relations, tags, descriptions, owners, tags on assets and links. Each root field is wired here to the module
 * that does what DataHub v1.7.0's resolver does; see docs/steward-mutations.md.
 */
import { AssetMutations, type LinkInput, type OwnerInput, type UpdateLinkInput } from './asset-mutations.js';
import { updateDataset, type DatasetUpdateInput } from './dataset-update.js';
import { updateDescription, type DescriptionUpdateInput } from './description-mutation.js';
import {
  GlossaryMutations,
  type CreateGlossaryEntityInput,
  type RelatedTermsInput,
} from './glossary-mutations.js';
import { MutationWriter } from './mutation-writes.js';
import { guard, present, type RootResolverBuilder } from './resolver-context.js';
import { TagMutations, type CreateTagInput, type TagUpdateInput } from './tag-mutations.js';
import type { ResourceRef } from './term-mutations.js';

interface TagAssociationInput extends ResourceRef {
  readonly tagUrn: string;
}

interface BatchResources {
  readonly resources: readonly (ResourceRef | null)[];
}

export const stewardMutationRoots: RootResolverBuilder = ({ service, views, actor }) => {
  const writer = new MutationWriter(service, actor);
  const glossary = new GlossaryMutations(writer);
  const tags = new TagMutations(writer);
  const assets = new AssetMutations(writer);
  return {
    createGlossaryNode: (args: { input: CreateGlossaryEntityInput }) =>
      guard(() => glossary.createGlossaryNode(args.input)),
    updateParentNode: (args: { input: { resourceUrn: string; parentNode?: string | null } }) =>
      guard(() => glossary.updateParentNode(args.input)),
    addRelatedTerms: (args: { input: RelatedTermsInput }) =>
      guard(() => glossary.addRelatedTerms(args.input)),
    removeRelatedTerms: (args: { input: RelatedTermsInput }) =>
      guard(() => glossary.removeRelatedTerms(args.input)),
    deleteGlossaryEntity: (args: { urn: string }) => guard(() => glossary.deleteGlossaryEntity(args.urn)),
    updateName: (args: { input: { urn: string; name: string } }) =>
      guard(() => glossary.updateName(args.input)),

    createTag: (args: { input: CreateTagInput }) => guard(() => tags.createTag(args.input)),
    // TagType.update answers the tag as read back after the write.
    updateTag: (args: { urn: string; input: TagUpdateInput }) =>
      guard(() => {
        tags.updateTag(args.urn, args.input);
        return views.entity(args.urn, 'tag');
      }),
    deleteTag: (args: { urn: string }) => guard(() => tags.deleteTag(args.urn)),
    setTagColor: (args: { urn: string; colorHex: string }) =>
      guard(() => tags.setTagColor(args.urn, args.colorHex)),

    updateDescription: (args: { input: DescriptionUpdateInput }) =>
      guard(() => updateDescription(writer, args.input)),

    addTag: (args: { input: TagAssociationInput }) =>
      guard(() => assets.addTags([args.input.tagUrn], args.input)),
    addTags: (args: { input: ResourceRef & { tagUrns: string[] } }) =>
      guard(() => assets.addTags(args.input.tagUrns, args.input)),
    removeTag: (args: { input: TagAssociationInput }) =>
      guard(() => assets.removeTag(args.input.tagUrn, args.input)),
    batchAddTags: (args: { input: BatchResources & { tagUrns: string[] } }) =>
      guard(() => assets.batchAddTags(args.input.tagUrns, present(args.input.resources))),
    batchRemoveTags: (args: { input: BatchResources & { tagUrns: string[] } }) =>
      guard(() => assets.batchRemoveTags(args.input.tagUrns, present(args.input.resources))),

    addOwner: (args: { input: OwnerInput & { resourceUrn: string } }) =>
      guard(() => assets.addOwner(args.input, args.input.resourceUrn)),
    addOwners: (args: { input: { owners: OwnerInput[]; resourceUrn: string } }) =>
      guard(() => assets.addOwners(args.input.owners, args.input.resourceUrn)),
    removeOwner: (args: {
      input: { ownerUrn: string; ownershipTypeUrn?: string | null; resourceUrn: string };
    }) =>
      guard(() =>
        assets.removeOwner(args.input.ownerUrn, args.input.ownershipTypeUrn, args.input.resourceUrn),
      ),
    batchAddOwners: (args: { input: BatchResources & { owners: OwnerInput[] } }) =>
      guard(() => assets.batchAddOwners(args.input.owners, present(args.input.resources))),
    batchRemoveOwners: (args: {
      input: BatchResources & { ownerUrns: string[]; ownershipTypeUrn?: string | null };
    }) =>
      guard(() =>
        assets.batchRemoveOwners(
          args.input.ownerUrns,
          args.input.ownershipTypeUrn,
          present(args.input.resources),
        ),
      ),

    // DatasetType.update answers the dataset as read back after the write.
    updateDataset: (args: { urn: string; input: DatasetUpdateInput }) =>
      guard(() => {
        updateDataset(writer, args.urn, args.input);
        return views.entity(args.urn, 'dataset');
      }),

    addLink: (args: { input: LinkInput }) => guard(() => assets.addLink(args.input)),
    updateLink: (args: { input: UpdateLinkInput }) => guard(() => assets.updateLink(args.input)),
    removeLink: (args: { input: { linkUrl: string; label?: string | null; resourceUrn: string } }) =>
      guard(() => assets.removeLink(args.input)),
  };
};
