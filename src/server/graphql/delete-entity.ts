/**
 * What DataHub v1.7.0's delete resolvers (DeleteGlossaryEntityResolver, DeleteTagResolver) do once they have
 * checked their input: EntityClient.deleteEntity (EntityService.deleteUrn: a hard delete), then
 * EntityClient.deleteEntityReferences (DeleteEntityService.deleteReferencesTo). GMS runs the second asynchronously
 * and only logs its failures; the embedded catalog runs both in one transaction (CatalogService.deleteEntity).
 */
import { ServiceError } from '../catalog-service.js';
import type { MutationWriter } from './mutation-writes.js';
import { wrapped } from './mutation-writes.js';

/**
 * Hard-deletes `urn` and removes the references to it. A failure of the delete is answered as the resolver wraps
 * it: `failure`, then the cause.
 */
export function deleteEntityAndReferences(writer: MutationWriter, urn: string, failure: string): void {
  try {
    writer.service.deleteEntity(urn, { references: true });
  } catch (error) {
    if (error instanceof ServiceError) throw wrapped(failure, error.message);
    throw error;
  }
}
