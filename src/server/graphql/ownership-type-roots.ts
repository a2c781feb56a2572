/**
 * Custom ownership types as DataHub v1.7.0 manages them (datahub-graphql-core resolvers/ownership:
 * CreateOwnershipTypeResolver, UpdateOwnershipTypeResolver, DeleteOwnershipTypeResolver, over
 * metadata-service/services OwnershipTypeService): a new type gets a random id and an ownershipTypeInfo stamped
 * by the signed-in user; an update changes the name or description given; a delete hard-deletes a custom type
 * and the references to it, and soft-deletes a system one (`__system__…`). Each needs MANAGE_GLOBAL_OWNERSHIP_TYPES.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../model/json.js';
import { hasPlatformPrivilege } from '../auth/privileges.js';
import { ServiceError } from '../catalog-service.js';
import { MutationWriter, wrapped } from './mutation-writes.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import { DataHubGraphQLError } from './term-mutations.js';
import { SYSTEM_OWNERSHIP_TYPES } from './views/ownership-types.js';

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
const INFO = 'ownershipTypeInfo';
const SYSTEM_PREFIX = 'urn:li:ownershipType:__system__';

interface OwnershipTypeInput {
  readonly name?: string | null;
  readonly description?: string | null;
}

export const ownershipTypeRoots: RootResolverBuilder = ({ service, views, actor }) => {
  const writer = new MutationWriter(service, actor);
  const authorize = () => {
    if (!hasPlatformPrivilege(service, actor, 'MANAGE_GLOBAL_OWNERSHIP_TYPES'))
      throw new DataHubGraphQLError(403, UNAUTHORIZED);
  };
  return {
    createOwnershipType: (args: { input: OwnershipTypeInput & { name: string } }) =>
      guard(() => {
        authorize();
        const urn = `urn:li:ownershipType:${randomUUID()}`;
        const stamp = writer.stamp();
        const info: JsonObject = {
          name: args.input.name,
          ...(args.input.description === undefined || args.input.description === null ? {} : { description: args.input.description }), // prettier-ignore
          created: stamp,
          lastModified: stamp,
        };
        persist(writer, urn, info, 'Failed to create Ownership Type');
        return views.view(urn);
      }),
    updateOwnershipType: (args: { urn: string; input: OwnershipTypeInput }) =>
      guard(() => {
        authorize();
        const current = writer.latest(args.urn, INFO) ?? systemInfo(args.urn);
        if (current === undefined)
          throw wrapped(
            `Failed to perform update against View with urn ${args.urn}`,
            `Failed to update Ownership Type. Ownership Type with urn ${args.urn} does not exist.`,
          );
        const info: JsonObject = {
          ...current,
          ...(args.input.name === undefined || args.input.name === null ? {} : { name: args.input.name }),
          ...(args.input.description === undefined || args.input.description === null ? {} : { description: args.input.description }), // prettier-ignore
          lastModified: writer.stamp(),
        };
        persist(writer, args.urn, info, `Failed to perform update against View with urn ${args.urn}`);
        return views.view(args.urn);
      }),
    deleteOwnershipType: (args: { urn: string; deleteReferences?: boolean | null }) =>
      guard(() => {
        authorize();
        const failure = `Failed to delete ownership type with urn ${args.urn}`;
        try {
          if (args.urn.startsWith(SYSTEM_PREFIX)) writer.persistAspect(args.urn, 'status', { removed: true });
          else service.deleteEntity(args.urn, { references: args.deleteReferences !== false });
        } catch (error) {
          if (error instanceof ServiceError) throw wrapped(failure, error.message);
          throw error;
        }
        return true;
      }),
  };
};

/** The info GMS bootstraps for a system type (ownership-types.yaml), as an aspect to update. */
function systemInfo(urn: string): JsonObject | undefined {
  const system = SYSTEM_OWNERSHIP_TYPES[urn];
  return system === undefined ? undefined : { name: system.name, description: system.description };
}

/** Writes the info; a value the catalog refuses is answered as the resolver wraps the failure. */
function persist(writer: MutationWriter, urn: string, info: JsonObject, failure: string): void {
  try {
    writer.persistAspect(urn, INFO, info);
  } catch (error) {
    if (error instanceof ServiceError) throw wrapped(failure, error.message);
    throw error;
  }
}
