/**
 * Domains as DataHub v1.7.0's resolvers manage them (resolvers/domain: CreateDomainResolver, DeleteDomainResolver,
 * SetDomainResolver, UnsetDomainResolver; resolvers/mutate: MoveDomainResolver, BatchSetDomainResolver;
 * util/DomainUtils): a domain's name is unique among its siblings (409), it may not move under itself or its
 * descendants, and a domain with child domains is not deleted. Assets belong to one domain (the `domains` aspect).
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../model/json.js';
import { isAuthorized } from '../auth/privileges.js';
import { AssetMutations, type OwnerInput } from './asset-mutations.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { MutationWriter, badRequest, entityTypeOf, serverError, wrapped } from './mutation-writes.js';
import { guard, present, type RootResolverBuilder } from './resolver-context.js';
import { DataHubGraphQLError, validateResource, type ResourceRef } from './term-mutations.js';

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
const PROPERTIES = 'domainProperties';

interface CreateDomainInput {
  readonly id?: string | null;
  readonly name: string;
  readonly description?: string | null;
  readonly parentDomain?: string | null;
  readonly owners?: readonly OwnerInput[] | null;
}

export class DomainMutations {
  constructor(private readonly writer: MutationWriter) {}

  createDomain(input: CreateDomainInput): string {
    this.authorize(['CREATE_DOMAINS', 'MANAGE_DOMAINS']);
    const parent = input.parentDomain ?? null;
    const id = input.id ?? randomUUID();
    const urn = `urn:li:domain:${id}`;
    const failure = `Failed to create Domain with id: ${input.id ?? 'null'}, name: ${input.name}`;
    if (this.writer.exists(urn)) throw wrapped(failure, 'This Domain already exists!');
    if (parent !== null && !this.writer.exists(parent))
      throw wrapped(failure, 'Parent Domain does not exist!');
    if (this.hasNameConflict(input.name, parent))
      throw new DataHubGraphQLError(
        409,
        `"${input.name}" already exists in this domain. Please pick a unique name.`,
      );
    const properties: JsonObject = {
      name: input.name,
      ...(input.description === undefined || input.description === null
        ? {}
        : { description: input.description }),
      created: this.writer.stamp(),
      ...(parent === null ? {} : { parentDomain: parent }),
    };
    this.writer.persist(this.writer.proposal(urn, PROPERTIES, properties));
    const owners = input.owners ?? [];
    if (owners.length > 0) new AssetMutations(this.writer).addOwners(owners, urn);
    return urn;
  }

  moveDomain(input: { readonly resourceUrn: string; readonly parentDomain?: string | null }): boolean {
    this.authorize(['MANAGE_DOMAINS']);
    const urn = input.resourceUrn;
    const parent = input.parentDomain ?? null;
    const failure = `Failed to move domain ${urn} to parent ${parent ?? 'null'}`;
    if (entityTypeOf(urn) !== 'domain') throw wrapped(failure, 'Resource is not a domain.');
    const properties = this.writer.latest(urn, PROPERTIES);
    if (properties === undefined) throw wrapped(failure, 'Domain properties do not exist.');
    if (parent !== null) {
      if (entityTypeOf(parent) !== 'domain') throw wrapped(failure, 'Parent entity is not a domain.');
      if (!this.writer.exists(parent)) throw wrapped(failure, 'Parent entity does not exist.');
      if (parent === urn || this.ancestors(parent).includes(urn))
        throw badRequest('Cannot move a domain under one of its own descendants.');
    }
    const name = typeof properties['name'] === 'string' ? properties['name'] : '';
    if (this.hasNameConflict(name, parent))
      throw new DataHubGraphQLError(409, `"${name}" already exists in the destination domain. Please pick a unique name.`); // prettier-ignore
    const { parentDomain: _previous, ...rest } = properties;
    this.writer.persistAspect(urn, PROPERTIES, parent === null ? rest : { ...rest, parentDomain: parent });
    return true;
  }

  /** UpdateNameResolver.updateDomainName: MANAGE_DOMAINS; the new name unique among the domain's siblings. */
  rename(urn: string, name: string): boolean {
    this.authorize(['MANAGE_DOMAINS']);
    const properties = this.writer.latest(urn, PROPERTIES);
    const failure = `Failed to perform update against input ${JSON.stringify({ name, urn })}`;
    if (properties === undefined) throw wrapped(failure, 'Domain does not exist');
    const parent = typeof properties['parentDomain'] === 'string' ? properties['parentDomain'] : null;
    if (this.hasNameConflict(name, parent))
      throw new DataHubGraphQLError(
        409,
        `"${name}" already exists in this domain. Please pick a unique name.`,
      );
    this.writer.persistAspect(urn, PROPERTIES, { ...properties, name });
    return true;
  }

  deleteDomain(urn: string): boolean {
    if (!isAuthorized(this.writer.service, this.writer.actor, ['MANAGE_DOMAINS', 'DELETE_ENTITY'], urn))
      throw new DataHubGraphQLError(403, UNAUTHORIZED);
    const failure = `Failed to perform delete against domain with urn ${urn}`;
    if (this.domains().some((domain) => domain.parent === urn))
      throw wrapped(failure, `Cannot delete domain ${urn} which has child domains`);
    deleteEntityAndReferences(this.writer, urn, failure);
    return true;
  }

  /**
   * setDomain / unsetDomain / batchSetDomain: each resource's `domains` becomes [domain] (or []). SetDomainResolver
   * checks the domain and the entity with its own messages; BatchSetDomainResolver with DomainUtils' and LabelUtils'.
   */
  setDomain(
    domainUrn: string | null,
    resources: readonly ResourceRef[],
    failure: string,
    batch: boolean,
  ): boolean {
    for (const resource of resources)
      if (
        !isAuthorized(
          this.writer.service,
          this.writer.actor,
          ['EDIT_DOMAINS_PRIVILEGE', 'EDIT_ENTITY'],
          resource.resourceUrn,
        )
      )
        // prettier-ignore
        throw new DataHubGraphQLError(403, UNAUTHORIZED);
    if (batch) {
      if (domainUrn !== null && !this.writer.exists(domainUrn))
        throw badRequest(`Failed to validate Domain with urn ${domainUrn}. Urn does not exist.`);
      for (const resource of resources) validateResource(this.writer.service, resource);
    } else {
      const entity = resources[0]?.resourceUrn ?? '';
      if (domainUrn !== null && !this.writer.exists(domainUrn))
        throw badRequest(`Failed to add Entity ${entity} to Domain ${domainUrn}. Domain does not exist.`);
      if (!this.writer.exists(entity))
        throw badRequest(
          `Failed to add Entity ${entity} to Domain ${domainUrn ?? '%s'}. Entity does not exist.`,
        );
    }
    try {
      this.writer.persist(
        ...resources.map((resource) =>
          this.writer.proposal(resource.resourceUrn, 'domains', {
            domains: domainUrn === null ? [] : [domainUrn],
          }),
        ),
      );
    } catch (error) {
      if (error instanceof DataHubGraphQLError) throw error;
      throw serverError(failure);
    }
    return true;
  }

  private authorize(anyOf: readonly string[]): void {
    if (!isAuthorized(this.writer.service, this.writer.actor, anyOf))
      throw new DataHubGraphQLError(403, UNAUTHORIZED);
  }

  /** Every domain with its name and parent (domains are few). */
  private domains(): { urn: string; name: unknown; parent: unknown }[] {
    return this.writer.service.listUrns('domain', 0, 100_000).urns.map((urn) => {
      const properties = this.writer.latest(urn, PROPERTIES);
      return { urn, name: properties?.['name'], parent: properties?.['parentDomain'] ?? null };
    });
  }

  /** DomainUtils.hasNameConflict: a domain of the same name under the same parent (or at the top). */
  private hasNameConflict(name: string, parent: string | null): boolean {
    return this.domains().some((domain) => domain.name === name && domain.parent === parent);
  }

  /** The domains above one, nearest first (a cycle stops the walk). */
  private ancestors(urn: string): string[] {
    const seen: string[] = [];
    let current: unknown = this.writer.latest(urn, PROPERTIES)?.['parentDomain'];
    while (typeof current === 'string' && !seen.includes(current)) {
      seen.push(current);
      current = this.writer.latest(current, PROPERTIES)?.['parentDomain'];
    }
    return seen;
  }
}

export const domainMutationRoots: RootResolverBuilder = ({ service, actor }) => {
  const writer = new MutationWriter(service, actor);
  const domains = new DomainMutations(writer);
  return {
    createDomain: (args: { input: CreateDomainInput }) => guard(() => domains.createDomain(args.input)),
    moveDomain: (args: { input: { resourceUrn: string; parentDomain?: string | null } }) =>
      guard(() => domains.moveDomain(args.input)),
    deleteDomain: (args: { urn: string }) => guard(() => domains.deleteDomain(args.urn)),
    setDomain: (args: { entityUrn: string; domainUrn: string }) =>
      guard(
        () =>
        domains.setDomain(args.domainUrn, [{ resourceUrn: args.entityUrn }], `Failed to set Domain to resource with entity urn ${args.entityUrn}, domain urn ${args.domainUrn}`, false), // prettier-ignore
      ),
    unsetDomain: (args: { entityUrn: string }) =>
      guard(
        () =>
        domains.setDomain(null, [{ resourceUrn: args.entityUrn }], `Failed to unset Domains for resource with entity urn ${args.entityUrn}`, false), // prettier-ignore
      ),
    batchSetDomain: (args: { input: { domainUrn?: string | null; resources: (ResourceRef | null)[] } }) =>
      guard(
        () =>
        domains.setDomain(args.input.domainUrn ?? null, present(args.input.resources), `Failed to perform update against input ${JSON.stringify(args.input)}`, true), // prettier-ignore
      ),
  };
};
