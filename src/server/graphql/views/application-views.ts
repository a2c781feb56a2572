/**
 * Applications, after DataHub v1.7.0's ApplicationMapper (types/application/mappers): the properties with the URN's
 * id as the name where they have none; the shared aspects (ownership, tags, terms, domain, links) come from the
 * common view. The assets of an application carry the `applications` aspect, answered by every entity's
 * common view (aspect-views.ts: applicationAssociations).
 */
import { stringOr } from '../../../model/json.js';
import { decodeUrnPart } from '../../../model/urn.js';
import { commonView, type ViewContext } from './entity-base.js';
import { keyOf } from './entity-parts.js';
import { customProperties } from './aspect-views.js';
import { text, whenPresent } from './json-readers.js';
import type { CommonEntityView, CustomPropertyView } from './view-types.js';

export interface ApplicationView extends CommonEntityView {
  readonly properties: () => {
    readonly name: string;
    readonly description: string | null;
    readonly externalUrl: string | null;
    readonly customProperties: readonly CustomPropertyView[] | null;
  } | null;
}

export function applicationView(urn: string, context: ViewContext): ApplicationView {
  const id = decodeUrnPart(stringOr(keyOf(urn, context)['id']));
  return {
    ...commonView(urn, 'application', context),
    properties: () =>
      whenPresent(context.service.latest(urn, 'applicationProperties'), (aspect) => ({
        name: text(aspect['name']) ?? id,
        description: text(aspect['description']),
        externalUrl: text(aspect['externalUrl']),
        // CustomProperties.customProperties defaults to {} (CustomProperties.pdl): an empty list, not null.
        customProperties: customProperties(aspect['customProperties'] ?? {}, urn),
      })),
  };
}
