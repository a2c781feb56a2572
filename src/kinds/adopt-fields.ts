/**
 * A kind's part of `catalog adopt` (kind.ts, AdoptPart): where its documents declare entities, and for each owned
 * field adopt may bring back from the live catalog, the manifest key it is written at and how a live value is
 * written there. adopt/compute-adoption.ts applies them.
 */
import { isJsonObject, type JsonValue } from '../model/json.js';
import { parseUrn } from '../model/urn.js';
import type { DocumentPath } from './source.js';

/** The manifest key of an owned field the tool can bring back, and how a live value is written there. */
export interface FieldSpec {
  readonly key: string;
  readonly toManifest: (live: JsonValue, context: WriteContext) => JsonValue | undefined;
  /** A required manifest field is never removed, even if the live value is gone. */
  readonly required?: boolean;
  /** A list whose items are references: written short, and in the manifest's spelling where unchanged. */
  readonly references?: boolean;
}

export interface WriteContext {
  readonly declared: ReadonlySet<string>;
  /** The value the manifest has there now, to keep a list's items written as they are. */
  readonly current: JsonValue | undefined;
  /** The entity the value is written on: a group is named short only from a model of its platform and env. */
  readonly entityUrn: string;
  readonly featureKeys: ReadonlyMap<string, string>;
}

export interface AdoptPart<M> {
  /**
   * Where a document declares entities: the path of each declaration's mapping, and the key the desired state
   * locates its entity at (`id`, `name`, `dataset`). (A method, so that the registry can hold every kind's module
   * as one type.)
   */
  declarations(manifest: M): readonly (readonly [at: DocumentPath, key: string])[];
  /** The owned fields adopt may bring back, by the owned aspect's field name. */
  readonly fields?: Readonly<Record<string, FieldSpec>>;
}

/** A document that declares one entity, located at `key` of its mapping. */
export function declaredAt(key: string): () => readonly (readonly [DocumentPath, string])[] {
  const declarations = [[[], key]] as const;
  return () => declarations;
}

/** adopt does not look up the documents of the kind: none of its fields is brought back. */
export const NOT_ADOPTED = (): readonly (readonly [DocumentPath, string])[] => [];

export const asIs = (value: JsonValue): JsonValue => value;
export const text = (value: JsonValue): JsonValue | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
export const versionTagText = (value: JsonValue): JsonValue | undefined =>
  isJsonObject(value) ? text(value['versionTag'] ?? '') : undefined;
/** A reference to one entity (a parent node or domain), written short when the manifests declare it. */
export const referenceTo = (value: JsonValue, context: WriteContext): JsonValue | undefined =>
  typeof value === 'string' ? reference(value, context) : undefined;

/** A URN as the manifests write a reference: the short id when the manifests declare it, else the URN. */
export function reference(urn: string, context: WriteContext): string {
  if (!context.declared.has(urn)) return urn;
  const parsed = parseUrn(urn);
  if (!parsed.ok) return urn;
  const value = parsed.value;
  switch (value.entityType) {
    case 'glossaryTerm':
    case 'glossaryNode':
    case 'tag':
      return value.id;
    case 'mlFeature':
      return context.featureKeys.get(urn) ?? urn;
    case 'mlModelGroup': {
      const model = parseUrn(context.entityUrn);
      return model.ok &&
        model.value.entityType === 'mlModel' &&
        model.value.platform === value.platform &&
        model.value.env === value.env
        ? value.name
        : urn;
    }
    default:
      return urn;
  }
}

/** A list of references: items still live keep the manifest's own spelling, new ones are written short. */
export function references(live: JsonValue, context: WriteContext, resolved: readonly string[]): JsonValue {
  const urns = Array.isArray(live) ? live.filter((item): item is string => typeof item === 'string') : [];
  const written: readonly JsonValue[] = Array.isArray(context.current)
    ? (context.current as JsonValue[])
    : [];
  return urns.map((urn): JsonValue => {
    const index = resolved.indexOf(urn);
    const kept = index >= 0 ? written[index] : undefined;
    return kept ?? reference(urn, context);
  });
}
