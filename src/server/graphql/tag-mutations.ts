/**
 * Tag entities, each mutation as its DataHub v1.7.0 resolver does it (datahub-graphql-core resolvers/tag:
 * CreateTagResolver, DeleteTagResolver, SetTagColorResolver; updateTag is MutableTypeResolver over
 * types/tag/TagType.update with mappers/TagUpdateInputMapper).
 */
import { randomUUID } from 'node:crypto';
import type { JsonValue } from '../../model/json.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import type { MutationWriter } from './mutation-writes.js';
import { badRequest, entityTypeOf, idOf, serverError } from './mutation-writes.js';
import { creatorOwnership, ownershipTypeUrnOf, withOwnerTypes } from './ownership-aspect.js';

export interface CreateTagInput {
  readonly id?: string | null;
  readonly name: string;
  readonly description?: string | null;
}

export interface TagUpdateInput {
  readonly urn: string;
  readonly name: string;
  readonly description?: string | null;
}

export class TagMutations {
  constructor(private readonly writer: MutationWriter) {}

  /** CreateTagResolver: tagProperties {name, description?}, then the creator as technical owner. */
  createTag(input: CreateTagInput): string {
    const id = input.id ?? randomUUID();
    const urn = `urn:li:tag:${id}`;
    if (this.writer.exists(urn)) throw badRequest('This Tag already exists!');
    const properties: Record<string, JsonValue> = { name: input.name };
    if (input.description !== undefined && input.description !== null)
      properties['description'] = input.description;
    this.writer.persistAspect(urn, 'tagProperties', properties);
    this.writer.persistAspect(
      urn,
      'ownership',
      creatorOwnership(this.writer.latest(urn, 'ownership'), this.writer.actor, this.writer.stamp()),
    );
    return urn;
  }

  /**
   * TagType.update: writes a whole new tagProperties {name, description} (a colour set before is dropped) and a
   * whole new ownership naming the signed-in user as the only owner (type NONE, source SERVICE), as DataHub does.
   * A tag that does not exist is created. Pegasus refuses a null description, so DataHub fails without one.
   */
  updateTag(urn: string, input: TagUpdateInput): void {
    entityTypeOf(urn);
    const failure = `Failed to perform update against input TagUpdateInput{urn=${input.urn}, name=${input.name}, description=${input.description ?? null}}`;
    if (input.description === undefined || input.description === null) {
      throw serverError(
        `${failure}. Root cause: Cannot set field description of com.linkedin.tag.TagProperties to null`,
      );
    }
    const ownership = withOwnerTypes({
      owners: [
        {
          owner: this.writer.actor,
          type: 'NONE',
          typeUrn: ownershipTypeUrnOf('NONE'),
          source: { type: 'SERVICE' },
        },
      ],
      lastModified: this.writer.stamp(),
    });
    this.writer.persist(
      this.writer.proposal(urn, 'ownership', ownership),
      this.writer.proposal(urn, 'tagProperties', { name: input.name, description: input.description }),
    );
  }

  /**
   * DeleteTagResolver: a hard delete without checking that the tag exists (nothing is deleted for a tag that was
   * never stored), then the references to it go from other entities' aspects (globalTags, and tags on columns),
   * even when the tag itself was never stored. DataHub's message on failure says "domain".
   */
  deleteTag(urn: string): boolean {
    entityTypeOf(urn);
    deleteEntityAndReferences(this.writer, urn, `Failed to perform delete against domain with urn ${urn}`);
    return true;
  }

  /** SetTagColorResolver: tagProperties.colorHex, the properties defaulting to {name: <tag id>}. */
  setTagColor(urn: string, colorHex: string): boolean {
    entityTypeOf(urn);
    if (!this.writer.exists(urn)) throw badRequest(`Failed to set Tag ${urn} color. Tag does not exist.`);
    const properties = this.writer.latest(urn, 'tagProperties') ?? { name: idOf(urn) };
    this.writer.persistAspect(urn, 'tagProperties', { ...properties, colorHex });
    return true;
  }
}
