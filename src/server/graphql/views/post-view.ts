/**
 * Post as DataHub v1.7.0's PostMapper maps it (datahub-graphql-core types/post/PostMapper): postType, content
 * (contentType, title, description, link, media) and lastModified from the postInfo aspect (PostInfo.pdl), the
 * audit stamp's actor as lastModified's actor.
 */
import type { JsonObject } from '../../../model/json.js';
import { commonView, latestOf, type ViewContext } from './entity-base.js';
import { number, object, text } from './json-readers.js';
import type { CommonEntityView } from './view-types.js';

export interface PostContentView {
  readonly contentType: string;
  readonly title: string;
  readonly description: string | null;
  readonly link: string | null;
  readonly media: { readonly type: string; readonly location: string } | null;
}

export interface PostView extends CommonEntityView {
  readonly postType: () => string | null;
  readonly content: () => PostContentView | null;
  readonly lastModified: () => { readonly time: number; readonly actor: string | null } | null;
}

export function postView(urn: string, context: ViewContext): PostView {
  const info = (): JsonObject | undefined => latestOf(urn, context)('postInfo');
  return {
    ...commonView(urn, 'post', context),
    postType: () => text(info()?.['type']),
    content: () => postContent(object(info()?.['content'])),
    lastModified: () => {
      const aspect = info();
      if (aspect === undefined) return null;
      return {
        time: number(aspect['lastModified']) ?? 0,
        actor: text(object(aspect['auditStamp'])?.['actor']),
      };
    },
  };
}

function postContent(content: JsonObject | undefined): PostContentView | null {
  if (content === undefined) return null;
  const media = object(content['media']);
  return {
    contentType: text(content['type']) ?? 'TEXT',
    title: text(content['title']) ?? '',
    description: text(content['description']),
    link: text(content['link']),
    media:
      media === undefined
        ? null
        : { type: text(media['type']) ?? 'IMAGE', location: text(media['location']) ?? '' },
  };
}
