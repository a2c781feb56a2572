/**
 * Posts (announcements and pinned links on the home page) as DataHub v1.7.0 manages them: datahub-graphql-core
 * resolvers/post (CreatePostResolver, UpdatePostResolver, DeletePostResolver, ListPostsResolver) over
 * metadata-service/auth-impl PostService, stored as `post` entities with a postInfo aspect (PostInfo.pdl).
 * Creating and updating need CREATE_GLOBAL_ANNOUNCEMENTS or MANAGE_GLOBAL_ANNOUNCEMENTS, deleting the latter;
 * listing needs nothing.
 */
import { randomUUID } from 'node:crypto';
import { hasPlatformPrivilege } from '../auth/privileges.js';
import { MutationWriter, badRequest, wrapped } from './mutation-writes.js';
import { isJsonObject, type JsonObject } from '../../model/json.js';
import { matchesAnyGroup, valuesOf, type FilterGroup } from './document-filters.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import { DataHubGraphQLError } from './term-mutations.js';

interface PostContentInput {
  readonly contentType: string;
  readonly title: string;
  readonly description?: string | null;
  readonly link?: string | null;
  readonly media?: { readonly type: string; readonly location: string } | null;
}

interface CreatePostInput {
  readonly postType: string;
  readonly content: PostContentInput;
  readonly resourceUrn?: string | null;
  readonly subResource?: string | null;
}

interface UpdatePostInput {
  readonly urn: string;
  readonly postType: string;
  readonly content: PostContentInput;
}

interface ListPostsInput {
  readonly start?: number | null;
  readonly count?: number | null;
  readonly query?: string | null;
  readonly resourceUrn?: string | null;
  readonly orFilters?: readonly FilterGroup[] | null;
}

const POST_INFO = 'postInfo';

/** PostService.mapPostContent: type and title, then description, link and media where given. */
function postContent(content: PostContentInput): JsonObject {
  return {
    type: content.contentType,
    title: content.title,
    ...(content.description === undefined || content.description === null ? {} : { description: content.description }), // prettier-ignore
    ...(content.link === undefined || content.link === null ? {} : { link: content.link }),
    ...(content.media === undefined || content.media === null
      ? {}
      : { media: { type: content.media.type, location: content.media.location } }),
  };
}

export const postRoots: RootResolverBuilder = ({ service, views, actor }) => {
  const allowed = (privileges: readonly string[]): boolean =>
    privileges.some((privilege) => hasPlatformPrivilege(service, actor, privilege));
  const canCreate = () => allowed(['CREATE_GLOBAL_ANNOUNCEMENTS', 'MANAGE_GLOBAL_ANNOUNCEMENTS']);
  return {
    createPost: (args: { input: CreatePostInput }) =>
      guard(() => {
        if (!canCreate())
          throw new DataHubGraphQLError(403, 'Unauthorized to create posts. Please contact your DataHub administrator if this needs corrective action.'); // prettier-ignore
        const input = args.input;
        const writer = new MutationWriter(service, actor);
        // SchemaFieldUtils.generateSchemaFieldUrn: a sub-resource targets the column of the resource.
        const target = isGiven(input.subResource)
          ? `urn:li:schemaField:(${input.resourceUrn ?? ''},${input.subResource})`
          : input.resourceUrn;
        const now = service.now();
        const info: JsonObject = {
          type: input.postType,
          content: postContent(input.content),
          created: now,
          auditStamp: { time: now, actor },
          lastModified: now,
          ...(isGiven(target) ? { target } : {}),
        };
        const urn = `urn:li:post:${randomUUID()}`;
        writer.persist({ ...writer.proposal(urn, POST_INFO, info), systemMetadata: { runId: 'no-run-id-provided' } }); // prettier-ignore
        return true;
      }),
    updatePost: (args: { input: UpdatePostInput }) =>
      guard(() => {
        if (!canCreate())
          throw new DataHubGraphQLError(403, 'Unauthorized to update posts. Please contact your DataHub administrator if this needs corrective action.'); // prettier-ignore
        const { urn, postType, content } = args.input;
        const writer = new MutationWriter(service, actor);
        const existing = writer.latest(urn, POST_INFO);
        // PostService.updatePost's ValidationException: DataHub's handler answers it alone (400), not its wrapper.
        if (existing === undefined)
          throw badRequest(`Failed to edit/update post for urn ${urn} as post doesn't exist`);
        writer.persistAspect(urn, POST_INFO, {
          ...existing,
          content: postContent(content),
          type: postType,
          lastModified: service.now(),
        });
        return true;
      }),
    deletePost: (args: { urn: string }) =>
      guard(() => {
        if (!allowed(['MANAGE_GLOBAL_ANNOUNCEMENTS']))
          throw new DataHubGraphQLError(403, 'Unauthorized to delete posts. Please contact your DataHub administrator if this needs corrective action.'); // prettier-ignore
        // The resolver's message is "create" for a delete too, as DeletePostResolver words it.
        if (!service.exists(args.urn)) throw wrapped('Failed to create a new post', 'Post does not exist');
        service.deleteEntity(args.urn, { references: false });
        return true;
      }),
    /**
     * ListPostsResolver: a search of the posts (the query against the title, the filters against PostInfo's
     * searchable fields, `target` the resource when one is named), the last modified first.
     */
    listPosts: (args: { input: ListPostsInput }) =>
      guard(() => {
        const input = args.input;
        const start = Math.max(0, input.start ?? 0);
        const count = Math.max(0, input.count ?? 20);
        const groups = [...(input.orFilters ?? [])];
        if (isGiven(input.resourceUrn))
          groups.push({ and: [{ field: 'target', values: [input.resourceUrn], condition: 'EQUAL' }] });
        const query = (input.query ?? '').trim().toLowerCase();
        const posts = service
          .listUrns('post', 0, 10_000)
          .urns.flatMap((urn) => {
            const info = service.latest(urn, POST_INFO);
            return info === undefined ? [] : [{ urn, info }];
          })
          .filter(({ urn, info }) =>
            matchesAnyGroup((field) => valuesOf(postField(urn, info, field)), groups),
          )
          .filter(
            ({ info }) => query === '' || query === '*' || postTitle(info).toLowerCase().includes(query),
          )
          .sort((a, b) => lastModified(b.info) - lastModified(a.info) || a.urn.localeCompare(b.urn));
        const page = posts.slice(start, start + count);
        return {
          start,
          // SearchResult.pageSize: the page size asked for, as the resolver answers it.
          count,
          total: posts.length,
          posts: page.map(({ urn }) => views.view(urn)),
        };
      }),
  };
};

function isGiven(value: string | null | undefined): value is string {
  return value !== undefined && value !== null;
}

/** The title of a post's content. */
function postTitle(info: JsonObject): string {
  const content = info['content'];
  const title = isJsonObject(content) ? content['title'] : undefined;
  return typeof title === 'string' ? title : '';
}

/** A searchable field of a post as PostInfo.pdl declares them: type, created, lastModified, target, title; urn. */
function postField(urn: string, info: JsonObject, field: string): unknown {
  if (field === 'urn') return urn;
  if (field === 'title') return postTitle(info);
  return ['type', 'created', 'lastModified', 'target'].includes(field) ? info[field] : undefined;
}

function lastModified(info: JsonObject): number {
  return typeof info['lastModified'] === 'number' ? info['lastModified'] : 0;
}
