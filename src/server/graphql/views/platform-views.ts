/**
 * Data platforms and containers, after DataHub's DataPlatformMapper and ContainerMapper: a platform's name from its
 * URN's key and its info aspect (the type an enum value DataHub knows, else OTHERS), the one GMS bootstraps when
 * none is stored; a container's properties with
 * its guid as the name where they have none, its platform from dataPlatformInstance, the containers it is in, and
 * its entities as a search by its facet.
 */
import { stringOr, type JsonObject } from '../../../model/json.js';
import { decodeUrnPart } from '../../../model/urn.js';
import { customProperties, platformName } from './aspect-views.js';
import { commonView, latestOf, type ViewContext } from './entity-base.js';
import {
  containerOf,
  editableDescription,
  keyOf,
  parentContainers,
  type ParentContainersView,
} from './entity-parts.js';
import { text, whenPresent } from './json-readers.js';
import type { EntitiesInput, SearchResultsView } from './search-views.js';
import type {
  CommonEntityView,
  CustomPropertyView,
  EditableDescriptionView,
  EntityView,
} from './view-types.js';

const PLATFORM_TYPES = new Set([
  'FILE_SYSTEM', 'KEY_VALUE_STORE', 'MESSAGE_BROKER', 'OBJECT_STORE', 'OLAP_DATASTORE',
  'QUERY_ENGINE', 'RELATIONAL_DB', 'SEARCH_ENGINE', 'OTHERS',
]); // prettier-ignore

export interface DataPlatformInfoView {
  readonly type: string;
  readonly displayName: string | null;
  readonly datasetNameDelimiter: string;
  readonly logoUrl: string | null;
}

export interface DataPlatformView extends CommonEntityView {
  readonly name: string;
  readonly properties: () => DataPlatformInfoView | null;
  readonly info: () => DataPlatformInfoView | null;
  readonly displayName: () => string | null;
}

export interface ContainerView extends CommonEntityView {
  readonly platform: () => EntityView;
  readonly container: () => EntityView | null;
  readonly parentContainers: () => ParentContainersView;
  readonly properties: () => {
    readonly name: string;
    readonly description: string | null;
    readonly customProperties: readonly CustomPropertyView[] | null;
    readonly externalUrl: string | null;
    readonly qualifiedName: string | null;
  } | null;
  readonly editableProperties: () => EditableDescriptionView | null;
  readonly entities: (args: { readonly input?: EntitiesInput | null }) => SearchResultsView;
}

export function dataPlatformView(urn: string, context: ViewContext): DataPlatformView {
  const name = decodeUrnPart(stringOr(keyOf(urn, context)['platformName'], platformName(urn)));
  // GMS writes every platform of data-platforms.yaml at start-up; the catalog answers them unless one was stored.
  const stored = (): JsonObject | undefined => latestOf(urn, context)('dataPlatformInfo');
  const info = (): DataPlatformInfoView | null =>
    whenPresent(stored(), (aspect) => {
      const type = text(aspect['type']);
      return {
        type: type !== null && PLATFORM_TYPES.has(type) ? type : 'OTHERS',
        displayName: text(aspect['displayName']),
        datasetNameDelimiter: stringOr(aspect['datasetNameDelimiter']),
        logoUrl: text(aspect['logoUrl']),
      };
    });
  return {
    ...commonView(urn, 'dataPlatform', context),
    name,
    properties: info,
    info,
    displayName: () => text(stored()?.['displayName']),
  };
}

export function containerView(urn: string, context: ViewContext): ContainerView {
  const latest = latestOf(urn, context);
  const guid = decodeUrnPart(stringOr(keyOf(urn, context)['guid'], urn));
  return {
    ...commonView(urn, 'container', context),
    // ContainerMapper takes the platform from dataPlatformInstance; DataPlatform! needs one either way.
    platform: () =>
      context.viewOf(stringOr(latest('dataPlatformInstance')?.['platform'], 'urn:li:dataPlatform:unknown')),
    container: () => containerOf(latest('container'), context),
    parentContainers: () => parentContainers(urn, context),
    properties: () =>
      whenPresent(latest('containerProperties'), (aspect) => ({
        name: text(aspect['name']) ?? guid,
        description: text(aspect['description']),
        customProperties: customProperties(aspect['customProperties'], urn),
        externalUrl: text(aspect['externalUrl']),
        qualifiedName: text(aspect['qualifiedName']),
      })),
    editableProperties: () => editableDescription(urn, 'editableContainerProperties', context),
    entities: (args) => context.childSearch({ facet: 'container', urn, input: args.input ?? {} }),
  };
}
