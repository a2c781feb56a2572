/**
 * Parts of entity views that several areas share: the fields DataHub's mappers take from the URN's key (name,
 * platform, origin), the containers an entity is in, when an aspect was first written, and the description of an
 * editable aspect.
 */
import { stringOr, type JsonObject, type JsonValue } from '../../../model/json.js';
import { decodeUrnPart, isFabricType } from '../../../model/urn.js';
import { commonView, type ViewContext } from './entity-base.js';
import { text } from './json-readers.js';
import type {
  CommonEntityView,
  EditableDescriptionView,
  EntityView,
  ResolvedAuditStampView,
} from './view-types.js';

/** An entity whose name, and platform and origin where its key has them, come from its URN's key. */
export interface KeyedEntityView extends CommonEntityView {
  readonly name: string;
  readonly platform?: () => EntityView;
  readonly origin?: string;
}

/** The containers an entity is in, nearest first. */
export interface ParentContainersView {
  readonly count: number;
  readonly containers: readonly EntityView[];
}

/** The URN's key fields (the key aspect DataHub derives from the URN); none when the URN has no key. */
export function keyOf(urn: string, { service }: ViewContext): JsonObject {
  try {
    return service.keyOf(urn).value;
  } catch {
    return {};
  }
}

/** name, platform and origin, as DataHub's mappers take them from the key. */
export function keyedView(urn: string, entityType: string, context: ViewContext): KeyedEntityView {
  const key = keyOf(urn, context);
  const platform = key['platform'];
  return {
    ...commonView(urn, entityType, context),
    name: decodeUrnPart(stringOr(key['name'])),
    ...(typeof platform === 'string' ? { platform: () => context.viewOf(platform) } : {}),
    ...(typeof key['origin'] === 'string' ? { origin: fabric(key['origin']) } : {}),
  };
}

/** The fabric (environment) of a key's origin; PROD for a value DataHub's FabricType does not have. */
export function fabric(value: JsonValue | undefined): string {
  return typeof value === 'string' && isFabricType(value) ? value : 'PROD';
}

/** The container of the `container` aspect, as its entity. */
export function containerOf(aspect: JsonObject | undefined, { viewOf }: ViewContext): EntityView | null {
  const container = text(aspect?.['container']);
  return container === null ? null : viewOf(container);
}

/** Parents from the nearest up; a cycle in the data ends the walk instead of looping. */
export function parentContainers(urn: string, { service, viewOf }: ViewContext): ParentContainersView {
  const containers: EntityView[] = [];
  const seen = new Set<string>([urn]);
  let parent = text(service.latest(urn, 'container')?.['container']);
  while (parent !== null && !seen.has(parent) && containers.length < 100) {
    seen.add(parent);
    containers.push(viewOf(parent));
    parent = text(service.latest(parent, 'container')?.['container']);
  }
  return { count: containers.length, containers };
}

/** ResolvedAuditStamp of when an aspect was first written, as the glossary mappers take it from its envelope. */
export function createdOn(
  urn: string,
  aspectName: string,
  { service, viewOf }: ViewContext,
): ResolvedAuditStampView | null {
  const created = service.envelopedAspects(urn, [aspectName])[aspectName]?.created;
  return created === undefined ? null : { time: created.time, actor: () => viewOf(created.actor) };
}

/** The description of an editable aspect (`editableProperties`), null when the entity does not have it. */
export function editableDescription(
  urn: string,
  aspectName: string,
  { service }: ViewContext,
): EditableDescriptionView | null {
  const aspect = service.latest(urn, aspectName);
  return aspect === undefined ? null : { description: text(aspect['description']) };
}
