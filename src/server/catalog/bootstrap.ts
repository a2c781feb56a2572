/**
 * The root user GMS writes at start-up (v1.7.0 bootstrap_mcps/root-user.yaml, the `root-user` step of
 * bootstrap_mcps.yaml): `urn:li:corpuser:datahub` with its info and editable info, written once, when the catalog
 * does not hold the user yet (a later edit of the user is kept). Like GMS, the catalog then finds the user in
 * search: the app's owner pickers offer it. The data platforms and roles GMS also bootstraps are answered without
 * being written (graphql/views/bootstrapped.ts): written, they would fill every listing of the catalog.
 */
import { ROOT_USER_ASPECTS, ROOT_USER_URN } from '../../datahub/bootstrap-root-user.js';
import type { CatalogService } from '../catalog-service.js';
import { SYSTEM_ACTOR } from './enveloped-aspects.js';

export function bootstrapRootUser(service: CatalogService): void {
  if (service.exists(ROOT_USER_URN)) return;
  service.ingest(
    Object.entries(ROOT_USER_ASPECTS).map(([aspectName, aspect]) => ({
      entityType: 'corpuser',
      entityUrn: ROOT_USER_URN,
      changeType: 'UPSERT',
      aspectName,
      aspect,
    })),
    SYSTEM_ACTOR,
  );
}
