/**
 * The glossary stewards' mutations, each as its DataHub v1.7.0 resolver does it (datahub-graphql-core
 * resolvers/glossary: CreateGlossaryNodeResolver, AddRelatedTermsResolver, RemoveRelatedTermsResolver,
 * DeleteGlossaryEntityResolver; resolvers/mutate: UpdateParentNodeResolver, UpdateNameResolver). Authorization is
 * not modelled: the signed-in user of the embedded catalog may do everything.
 */
import { randomUUID } from 'node:crypto';
import type { JsonValue } from '../../model/json.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { DomainMutations } from './domain-mutations.js';
import type { MutationWriter } from './mutation-writes.js';
import { badRequest, entityTypeOf, serverError, stringsIn, wrapped } from './mutation-writes.js';
import { creatorOwnership } from './ownership-aspect.js';

export interface CreateGlossaryEntityInput {
  readonly id?: string | null;
  readonly name: string;
  readonly description?: string | null;
  readonly parentNode?: string | null;
}

export interface RelatedTermsInput {
  readonly urn: string;
  readonly termUrns: readonly string[];
  readonly relationshipType: 'isA' | 'hasA';
}

/** GlossaryRelatedTerms field per TermRelationshipType: isA → isRelatedTerms, hasA → hasRelatedTerms. */
const RELATED_FIELD = { isA: 'isRelatedTerms', hasA: 'hasRelatedTerms' } as const;

export class GlossaryMutations {
  constructor(private readonly writer: MutationWriter) {}

  /** CreateGlossaryNodeResolver: glossaryNodeInfo {name, definition (or ""), parentNode?}, creator as owner. */
  createGlossaryNode(input: CreateGlossaryEntityInput): string {
    const id = input.id ?? randomUUID();
    const urn = `urn:li:glossaryNode:${id}`;
    if (this.writer.exists(urn)) throw badRequest('This Glossary Node already exists!');
    const info: Record<string, JsonValue> = { name: input.name, definition: input.description ?? '' };
    if (input.parentNode !== undefined && input.parentNode !== null) {
      // GlossaryNodeUrn.createFromString refuses another entity type; the resolver wraps that twice.
      if (entityTypeOfOrUndefined(input.parentNode) !== 'glossaryNode') {
        throw wrapped(
          `Failed to create GlossaryNode with id: ${input.id ?? null}, name: ${input.name}`,
          `Failed to create GlossaryNodeUrn from string: ${input.parentNode}`,
        );
      }
      info['parentNode'] = input.parentNode;
    }
    this.writer.persistAspect(urn, 'glossaryNodeInfo', info);
    // addCreatorAsOwner is a second write, as in DataHub (which logs and ignores its failure).
    this.writer.persistAspect(
      urn,
      'ownership',
      creatorOwnership(this.writer.latest(urn, 'ownership'), this.writer.actor, this.writer.stamp()),
    );
    return urn;
  }

  /** UpdateParentNodeResolver: sets or clears glossaryTermInfo.parentNode / glossaryNodeInfo.parentNode. */
  updateParentNode(input: { resourceUrn: string; parentNode?: string | null }): boolean {
    const { resourceUrn } = input;
    const targetType = entityTypeOf(resourceUrn);
    if (!this.writer.exists(resourceUrn))
      throw badRequest(`Failed to update ${resourceUrn}. ${resourceUrn} does not exist.`);
    const parentNode = input.parentNode ?? undefined;
    if (parentNode !== undefined) {
      // GlossaryNodeUrn.createFromString: a checked exception for another entity type (DataHub's default 500).
      if (entityTypeOf(parentNode) !== 'glossaryNode')
        throw new Error(`Not a glossaryNode urn: ${parentNode}`);
      if (!this.writer.exists(parentNode)) {
        throw badRequest(
          `Failed to update ${resourceUrn}. ${parentNode} either does not exist or is not a glossaryNode.`,
        );
      }
      if (
        targetType === 'glossaryNode' &&
        (parentNode === resourceUrn || this.isDescendant(parentNode, resourceUrn))
      )
        throw badRequest('Cannot move a glossary node under one of its own descendants.');
    }
    const aspectName =
      targetType === 'glossaryTerm'
        ? 'glossaryTermInfo'
        : targetType === 'glossaryNode'
          ? 'glossaryNodeInfo'
          : undefined;
    if (aspectName === undefined) {
      throw serverError(`Failed to update parentNode. Unsupported resource type ${resourceUrn} provided.`);
    }
    const info = this.writer.latest(resourceUrn, aspectName);
    if (info === undefined) {
      throw badRequest(
        `Info for this ${targetType === 'glossaryTerm' ? 'Glossary Term' : 'Glossary Node'} does not yet exist!`,
      );
    }
    // removeParentNode drops the field; setParentNode sets it.
    const next: Record<string, JsonValue> = { ...info };
    if (parentNode === undefined) delete next['parentNode'];
    else next['parentNode'] = parentNode;
    this.writer.persistAspect(resourceUrn, aspectName, next);
    return true;
  }

  /** AddRelatedTermsResolver: appends the terms not yet related (nothing is written when all are). */
  addRelatedTerms(input: RelatedTermsInput): boolean {
    const { urn, termUrns } = input;
    this.validateRelatedTermsTarget(urn);
    for (const termUrn of termUrns) {
      if (termUrn === urn)
        throw badRequest(`Failed to update ${urn}. Tried to create related term with itself.`);
      if (entityTypeOf(termUrn) !== 'glossaryTerm')
        throw badRequest(`Failed to update ${urn}. ${termUrn} is not a glossaryTerm.`);
      if (!this.writer.exists(termUrn))
        throw badRequest(`Failed to update ${urn}. ${termUrn} does not exist.`);
    }
    const field = RELATED_FIELD[input.relationshipType];
    const current = this.writer.latest(urn, 'glossaryRelatedTerms') ?? {};
    const existing = stringsIn(current, field);
    const toAdd = termUrns.filter(
      (termUrn, index) => !existing.includes(termUrn) && termUrns.indexOf(termUrn) === index,
    );
    if (toAdd.length === 0) return true;
    this.writer.persistAspect(urn, 'glossaryRelatedTerms', { ...current, [field]: [...existing, ...toAdd] });
    return true;
  }

  /** RemoveRelatedTermsResolver: removes the terms; refuses a term without related terms of that kind. */
  removeRelatedTerms(input: RelatedTermsInput): boolean {
    const { urn, termUrns } = input;
    this.validateRelatedTermsTarget(urn);
    const outer = `Failed to removes related terms from ${urn}`;
    const current = this.writer.latest(urn, 'glossaryRelatedTerms');
    if (current === undefined) throw wrapped(outer, `Related Terms for this Urn do not exist: ${urn}`);
    const field = RELATED_FIELD[input.relationshipType];
    if (!Array.isArray(current[field])) {
      throw wrapped(
        outer,
        'Failed to remove from GlossaryRelatedTerms as they do not exist for this Glossary Term',
      );
    }
    const remaining = stringsIn(current, field).filter((termUrn) => !termUrns.includes(termUrn));
    this.writer.persistAspect(urn, 'glossaryRelatedTerms', { ...current, [field]: remaining });
    return true;
  }

  /**
   * DeleteGlossaryEntityResolver: a hard delete of any existing URN, then the references to it go from other
   * entities' aspects (terms on datasets and columns, related terms, the parentNode of a deleted node's children).
   * DataHub's server does not refuse a node that still has children (its web app hides the action for such a
   * node).
   */
  deleteGlossaryEntity(urn: string): boolean {
    entityTypeOf(urn);
    if (!this.writer.exists(urn)) throw serverError(`This urn does not exist: ${urn}`);
    deleteEntityAndReferences(
      this.writer,
      urn,
      `Failed to perform delete against glossary entity with urn ${urn}`,
    );
    return true;
  }

  /**
   * UpdateNameResolver for glossary terms and nodes, datasets and groups. Domains, data products and business
   * attributes (which DataHub also renames, with a name-conflict search) are not served by the embedded catalog.
   */
  updateName(input: { urn: string; name: string }): boolean {
    const { urn, name } = input;
    const entityType = entityTypeOf(urn);
    if (!this.writer.exists(urn)) throw badRequest(`Failed to update ${urn}. ${urn} does not exist.`);
    switch (entityType) {
      case 'glossaryTerm':
        return this.rename(urn, 'glossaryTermInfo', name, 'Glossary Term does not exist');
      case 'glossaryNode':
        return this.rename(urn, 'glossaryNodeInfo', name, 'Glossary Node does not exist');
      case 'corpGroup': {
        // createDefaultCorpGroupInfo: a group without info gets empty member lists.
        const info = this.writer.latest(urn, 'corpGroupInfo') ?? { admins: [], members: [], groups: [] };
        this.writer.persistAspect(urn, 'corpGroupInfo', { ...info, displayName: name });
        return true;
      }
      case 'dataset':
        // DataHub writes a fresh editableDatasetProperties holding only the name: an edited description is lost.
        this.writer.persistAspect(urn, 'editableDatasetProperties', {
          name,
          lastModified: this.writer.stamp(),
        });
        return true;
      case 'domain':
        return new DomainMutations(this.writer).rename(urn, name);
      case 'dataProduct': {
        // UpdateNameResolver.updateDataProductName: the properties' name; none stored is refused.
        const properties = this.writer.latest(urn, 'dataProductProperties');
        if (properties === undefined)
          throw wrapped(`Failed to perform update against input ${JSON.stringify(input)}`, 'Data Product does not exist'); // prettier-ignore
        this.writer.persistAspect(urn, 'dataProductProperties', { ...properties, name });
        return true;
      }
      case 'businessAttribute':
        throw serverError(
          `Failed to update name. Renaming a ${entityType} is not supported by the embedded catalog.`,
        );
      default:
        throw serverError(`Failed to update name. Unsupported resource type ${urn} provided.`);
    }
  }

  private rename(urn: string, aspectName: string, name: string, missing: string): boolean {
    const info = this.writer.latest(urn, aspectName);
    if (info === undefined) throw badRequest(missing);
    this.writer.persistAspect(urn, aspectName, { ...info, name });
    return true;
  }

  private validateRelatedTermsTarget(urn: string): void {
    if (entityTypeOf(urn) !== 'glossaryTerm' || !this.writer.exists(urn)) {
      throw badRequest(`Failed to update ${urn}. ${urn} either does not exist or is not a glossaryTerm.`);
    }
  }

  /** Whether `node` lies below `ancestor`, following glossaryNodeInfo.parentNode upwards (cycles stop the walk). */
  private isDescendant(node: string, ancestor: string): boolean {
    const seen = new Set<string>();
    let current: string | undefined = node;
    while (current !== undefined && !seen.has(current)) {
      seen.add(current);
      const parent: unknown = this.writer.latest(current, 'glossaryNodeInfo')?.['parentNode'];
      if (parent === ancestor) return true;
      current = typeof parent === 'string' ? parent : undefined;
    }
    return false;
  }
}

function entityTypeOfOrUndefined(urn: string): string | undefined {
  try {
    return entityTypeOf(urn);
  } catch {
    return undefined;
  }
}
