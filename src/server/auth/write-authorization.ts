/**
 * Whether a user may write what a request writes, as DataHub v1.7.0 checks it: GMS's Rest.li ingest needs
 * EDIT_ENTITY on every entity written (CREATE_ENTITY will do for a CREATE; AuthUtil.isAPIAuthorizedIngest with
 * PoliciesConfig.API_PRIVILEGE_MAP), and each GraphQL mutation the privilege of what it changes, or EDIT_ENTITY
 * (LabelUtils, OwnerUtils, DescriptionUtils, LinkUtils, DomainUtils, DeprecationUtils), or a platform privilege
 * for what it creates or deletes (glossaries, tags, domains, ownership types, structured properties). The
 * privileges come from DataHub's default policies (privileges.ts).
 */
import type { Proposal } from '../../model/proposal.js';
import { parseRawUrn } from '../../model/urn.js';
import { ServiceError, type CatalogService } from '../catalog-service.js';
import { Authorizer, isAuthorized } from './privileges.js';

/** What a mutation writing this aspect changes, by the privilege that allows it (besides EDIT_ENTITY). */
const ASPECT_PRIVILEGES: Readonly<Record<string, readonly string[]>> = {
  globalTags: ['EDIT_ENTITY_TAGS'],
  glossaryTerms: ['EDIT_ENTITY_GLOSSARY_TERMS'],
  ownership: ['EDIT_ENTITY_OWNERS'],
  institutionalMemory: ['EDIT_ENTITY_DOC_LINKS'],
  domains: ['EDIT_DOMAINS_PRIVILEGE'],
  deprecation: ['EDIT_DEPRECATION_PRIVILEGE'],
  datasetDeprecation: ['EDIT_ENTITY_STATUS'],
  status: ['EDIT_ENTITY_STATUS'],
  structuredProperties: ['EDIT_ENTITY_PROPERTIES'],
  dataProductProperties: ['MANAGE_DATA_PRODUCTS'],
  editableSchemaMetadata: ['EDIT_DATASET_COL_TAGS', 'EDIT_DATASET_COL_GLOSSARY_TERMS', 'EDIT_DATASET_COL_DESCRIPTION'], // prettier-ignore
  glossaryRelatedTerms: ['MANAGE_GLOSSARIES'],
  // What creating (or managing) these entities needs: platform privileges (AuthorizationUtils).
  glossaryTermInfo: ['MANAGE_GLOSSARIES'],
  glossaryNodeInfo: ['MANAGE_GLOSSARIES'],
  tagProperties: ['CREATE_TAGS', 'MANAGE_TAGS'],
  domainProperties: ['CREATE_DOMAINS', 'MANAGE_DOMAINS'],
  ownershipTypeInfo: ['MANAGE_GLOBAL_OWNERSHIP_TYPES'],
  propertyDefinition: ['MANAGE_STRUCTURED_PROPERTIES'],
  structuredPropertySettings: ['MANAGE_STRUCTURED_PROPERTIES'],
  formInfo: ['MANAGE_DOCUMENTATION_FORMS'],
  // Posts, policies, groups and service accounts (post-roots.ts, policy-roots.ts, group-mutations.ts,
  // service-account-roots.ts): CreatePostResolver, UpsertPolicyResolver, CreateGroupResolver, UpdateNameResolver,
  // CorpGroupType.update and CreateServiceAccountResolver check these; a user made by a mutation is a service account.
  postInfo: ['CREATE_GLOBAL_ANNOUNCEMENTS', 'MANAGE_GLOBAL_ANNOUNCEMENTS'],
  dataHubPolicyInfo: ['MANAGE_POLICIES'],
  corpGroupInfo: ['MANAGE_USERS_AND_GROUPS'],
  origin: ['MANAGE_USERS_AND_GROUPS', 'EDIT_GROUP_MEMBERS'],
  // updateDescription writes it too, with EDIT_ENTITY_DOCS (DescriptionUtils): a holder of EDIT_CONTACT_INFO alone,
  // whom CorpGroupType.update lets change slack and email, is refused here rather than let change descriptions.
  corpGroupEditableInfo: ['EDIT_ENTITY_DOCS'],
  corpUserInfo: ['MANAGE_SERVICE_ACCOUNTS'],
};

/**
 * Aspects whose resolvers decide for themselves who may write them: access tokens (the token resolvers); saved
 * views and the global views settings (ViewUtils and MANAGE_GLOBAL_VIEWS); a user's group memberships, which
 * AddGroupMembersResolver and RemoveGroupMembersResolver allow on EDIT_GROUP_MEMBERS of the group rather than of
 * the user.
 */
const SELF_AUTHORIZED = new Set([
  'dataHubAccessTokenInfo',
  'dataHubViewInfo',
  'globalSettingsInfo',
  'nativeGroupMembership',
  'groupMembership',
]);
/** Entity types whose delete resolvers decide for themselves who may delete them. */
const SELF_AUTHORIZED_DELETES = new Set(['dataHubAccessToken', 'dataHubView']);
/**
 * Entities whose resolvers decide who may write and delete them, by a privilege on the asset they are about:
 * incidents (EDIT_ENTITY_INCIDENTS, graphql/incident-mutations.ts) and assertions (EDIT_ENTITY_ASSERTIONS,
 * graphql/assertion-mutations.ts). GMS's entity client writes what those resolvers allowed without asking again.
 */
const SELF_AUTHORIZED_ENTITIES = new Set(['incident', 'assertion']);
/** A user's own profile and settings, which every user may edit (EDIT_USER_PROFILE for another's). */
const OWN_USER_ASPECTS = new Set(['corpUserEditableInfo', 'corpUserSettings']);

/** What deleting an entity of a type needs, besides DELETE_ENTITY on it. */
const DELETE_PRIVILEGES: Readonly<Record<string, readonly string[]>> = {
  glossaryTerm: ['MANAGE_GLOSSARIES'],
  glossaryNode: ['MANAGE_GLOSSARIES'],
  tag: ['MANAGE_TAGS'],
  domain: ['MANAGE_DOMAINS'],
  dataProduct: ['MANAGE_DATA_PRODUCTS'],
  ownershipType: ['MANAGE_GLOBAL_OWNERSHIP_TYPES'],
  structuredProperty: ['MANAGE_STRUCTURED_PROPERTIES'],
  form: ['MANAGE_DOCUMENTATION_FORMS'],
  post: ['MANAGE_GLOBAL_ANNOUNCEMENTS'],
  dataHubPolicy: ['MANAGE_POLICIES'],
  corpGroup: ['MANAGE_USERS_AND_GROUPS'],
  corpuser: ['MANAGE_SERVICE_ACCOUNTS', 'MANAGE_USERS_AND_GROUPS'],
};

/** The aspects DataHub's UI writes a description (and a display name) to: editableDatasetProperties and the like. */
function isEditableDescription(aspect: string): boolean {
  return aspect.startsWith('editable') && aspect.endsWith('Properties');
}

/** The entities of proposals a GraphQL mutation may not write, by URN (empty: every write is allowed). */
export function refusedMutationWrites(
  service: CatalogService,
  actor: string,
  proposals: readonly Proposal[],
): string[] {
  const authorizer = new Authorizer(service, actor);
  const refused = new Set<string>();
  // An entity created in the same request (its info written with it) is governed by what creating it needs.
  const creating = new Map<string, readonly string[]>();
  for (const proposal of proposals) {
    const privileges = ASPECT_PRIVILEGES[proposal.aspectName];
    if (
      privileges !== undefined &&
      proposal.aspectName.endsWith('Info') &&
      !service.exists(proposal.entityUrn)
    )
      creating.set(proposal.entityUrn, privileges);
  }
  for (const proposal of proposals) {
    const urn = proposal.entityUrn;
    if (SELF_AUTHORIZED.has(proposal.aspectName) || SELF_AUTHORIZED_ENTITIES.has(proposal.entityType))
      continue;
    if (OWN_USER_ASPECTS.has(proposal.aspectName) && urn === actor) continue;
    const privileges =
      creating.get(urn) ??
      (isEditableDescription(proposal.aspectName) ? ['EDIT_ENTITY_DOCS'] : undefined) ??
      (OWN_USER_ASPECTS.has(proposal.aspectName) ? ['EDIT_USER_PROFILE'] : (ASPECT_PRIVILEGES[proposal.aspectName] ?? [])); // prettier-ignore
    if (!authorizer.allows([...privileges, 'EDIT_ENTITY'], urn)) refused.add(urn);
  }
  return [...refused];
}

/** Whether a user may delete an entity (DELETE_ENTITY on it, or the privilege that manages its type). */
export function mayDelete(service: CatalogService, actor: string, urn: string): boolean {
  const raw = parseRawUrn(urn);
  const entityType = raw.ok ? raw.value.entityType : '';
  if (SELF_AUTHORIZED_DELETES.has(entityType) || SELF_AUTHORIZED_ENTITIES.has(entityType)) return true;
  return isAuthorized(service, actor, [...(DELETE_PRIVILEGES[entityType] ?? []), 'DELETE_ENTITY'], urn);
}

/** The entities of a Rest.li ingest the user may not write (GMS: EDIT_ENTITY, or CREATE_ENTITY for a CREATE). */
export function refusedApiWrites(
  service: CatalogService,
  actor: string,
  writes: readonly { readonly entityUrn: string; readonly changeType: string }[],
): string[] {
  const authorizer = new Authorizer(service, actor);
  const refused = new Set<string>();
  for (const { entityUrn, changeType } of writes) {
    const privileges = changeType === 'CREATE' || changeType === 'CREATE_ENTITY' ? ['CREATE_ENTITY', 'EDIT_ENTITY'] : ['EDIT_ENTITY']; // prettier-ignore
    if (!authorizer.allows(privileges, entityUrn)) refused.add(entityUrn);
  }
  return [...refused];
}

/**
 * Rest.li's refusals (AspectResource.ingestProposal, EntityResource.ingest/batchIngest/delete at v1.7.0): a 403
 * naming the user and what they may not write.
 */
export function authorizeApiIngest(
  service: CatalogService,
  actor: string,
  writes: readonly { readonly entityUrn: string; readonly changeType: string }[],
): void {
  const refused = refusedApiWrites(service, actor, writes);
  if (refused.length === 0) return;
  const urns = refused.map((urn) => `HttpStatus: 403 Urn: ${urn}`).join(', ');
  throw new ServiceError(403, `User ${actor} is unauthorized to modify entity: ${urns}`);
}

export function authorizeApiSnapshots(service: CatalogService, actor: string, urns: readonly string[]): void {
  const refused = refusedApiWrites(
    service,
    actor,
    urns.map((entityUrn) => ({ entityUrn, changeType: 'CREATE' })),
  );
  if (refused.length === 0) return;
  throw new ServiceError(
    403,
    urns.length === 1 ? `User ${actor} is unauthorized to edit entity ${urns[0]}` : `User ${actor} is unauthorized to edit entities.`, // prettier-ignore
  );
}

export function authorizeApiDelete(service: CatalogService, actor: string, urn: string): void {
  if (!isAuthorized(service, actor, ['DELETE_ENTITY'], urn))
    throw new ServiceError(403, `User is unauthorized to delete entity: ${urn}`);
}
