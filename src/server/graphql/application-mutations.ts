/**
 * Applications as DataHub v1.7.0's resolvers manage them (resolvers/application: CreateApplicationResolver,
 * DeleteApplicationResolver, BatchSetApplicationResolver, BatchUnsetApplicationResolver, ApplicationAuthorizationUtils;
 * metadata-service's ApplicationService): an application is its `applicationProperties`, and an asset belongs to
 * the applications listed in its `applications` aspect.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../model/json.js';
import { isAuthorized } from '../auth/privileges.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { MutationWriter, badRequest, serverError, stringsIn, wrapped } from './mutation-writes.js';
import { creatorOwnership } from './ownership-aspect.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import { DataHubGraphQLError } from './term-mutations.js';

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
const MEMBERSHIP = 'applications';

interface CreateApplicationInput {
  readonly id?: string | null;
  readonly properties: { readonly name: string; readonly description?: string | null };
  readonly domainUrn?: string | null;
  readonly shouldAddCreatorAsOwner?: boolean | null;
}

interface BatchApplicationInput {
  readonly applicationUrn?: string | null;
  readonly resourceUrns: readonly string[];
}

export class ApplicationMutations {
  constructor(private readonly writer: MutationWriter) {}

  /** CreateApplicationResolver: properties, then the domain, then the creator as owner (unless told not to). */
  createApplication(input: CreateApplicationInput): string {
    // canCreateApplications: EDIT_ENTITY on the application entity type.
    if (!isAuthorized(this.writer.service, this.writer.actor, ['EDIT_ENTITY']))
      throw new DataHubGraphQLError(403, UNAUTHORIZED);
    const id =
      input.id !== undefined && input.id !== null && input.id.trim() !== '' ? input.id : randomUUID();
    const urn = `urn:li:application:${id}`;
    const failure = `Failed to create a new Application from input ${JSON.stringify(input)}`;
    if (this.writer.exists(urn)) throw wrapped(failure, 'This Application already exists!');
    const description = input.properties.description;
    const properties: JsonObject = {
      name: input.properties.name,
      ...(description === undefined || description === null ? {} : { description }),
    };
    this.writer.persistAspect(urn, 'applicationProperties', properties);
    if (input.domainUrn !== undefined && input.domainUrn !== null)
      this.writer.persistAspect(urn, 'domains', { domains: [input.domainUrn] });
    if (input.shouldAddCreatorAsOwner !== false)
      this.writer.persistAspect(
        urn,
        'ownership',
        creatorOwnership(this.writer.latest(urn, 'ownership'), this.writer.actor, this.writer.stamp()),
      );
    return urn;
  }

  /** DeleteApplicationResolver: the application must exist; EDIT_ENTITY on it; its references go with it. */
  deleteApplication(urn: string): boolean {
    if (!this.writer.exists(urn)) throw badRequest('The Application provided does not exist');
    if (!isAuthorized(this.writer.service, this.writer.actor, ['EDIT_ENTITY'], urn))
      throw new DataHubGraphQLError(403, UNAUTHORIZED);
    deleteEntityAndReferences(this.writer, urn, 'Failed to delete Application');
    return true;
  }

  /**
   * batchSetApplication: adds the application to each resource's list (ApplicationService
   * .batchSetApplicationAssets, no duplicate); without an application, each resource's list is emptied.
   */
  batchSetApplication(input: BatchApplicationInput): boolean {
    const application = input.applicationUrn ?? null;
    this.verifyResources(input.resourceUrns, 'set_application');
    if (application !== null && !this.writer.exists(application))
      throw serverError(`Failed to batch set Application, Application urn ${application} does not exist`);
    this.writer.persist(
      ...input.resourceUrns.map((resource) => {
        const current = stringsIn(this.writer.latest(resource, MEMBERSHIP), 'applications');
        const applications =
          application === null ? [] : current.includes(application) ? current : [...current, application];
        return this.writer.proposal(resource, MEMBERSHIP, { applications });
      }),
    );
    return true;
  }

  /** batchUnsetApplication: removes one application from each resource's list. */
  batchUnsetApplication(input: BatchApplicationInput & { readonly applicationUrn: string }): boolean {
    const application = input.applicationUrn;
    this.verifyResources(input.resourceUrns, 'unset_application');
    if (!this.writer.exists(application))
      throw serverError(`Failed to batch unset Application, Application urn ${application} does not exist`);
    this.writer.persist(
      ...input.resourceUrns.map((resource) => {
        const current = stringsIn(this.writer.latest(resource, MEMBERSHIP), 'applications');
        return this.writer.proposal(resource, MEMBERSHIP, {
          applications: current.filter((urn) => urn !== application),
        });
      }),
    );
    return true;
  }

  /** ApplicationAuthorizationUtils.verifyResourcesExistAndAuthorized. */
  private verifyResources(resources: readonly string[], operation: string): void {
    for (const resource of resources) {
      if (!this.writer.exists(resource))
        throw serverError(`Failed to ${operation}, ${resource} in resources does not exist`);
      if (
        !isAuthorized(
          this.writer.service,
          this.writer.actor,
          ['EDIT_ENTITY_APPLICATIONS_PRIVILEGE', 'EDIT_ENTITY'],
          resource,
        )
      )
        throw new DataHubGraphQLError(403, UNAUTHORIZED);
    }
  }
}

export const applicationMutationRoots: RootResolverBuilder = ({ service, views, actor }) => {
  const applications = new ApplicationMutations(new MutationWriter(service, actor));
  return {
    // The resolver answers the created application (ApplicationMapper over what was written).
    createApplication: (args: { input: CreateApplicationInput }) =>
      guard(() => views.entity(applications.createApplication(args.input), 'application')),
    deleteApplication: (args: { urn: string }) => guard(() => applications.deleteApplication(args.urn)),
    batchSetApplication: (args: { input: BatchApplicationInput }) =>
      guard(() => applications.batchSetApplication(args.input)),
    batchUnsetApplication: (args: { input: BatchApplicationInput & { applicationUrn: string } }) =>
      guard(() => applications.batchUnsetApplication(args.input)),
  };
};
