/**
 * The compact form of DataHub's Pegasus aspect schemas that scripts/generate-datahub-release.mjs writes (for the
 * reference release into src/datahub/generated/aspect-schemas.ts, for other releases into
 * test/fixtures/datahub-releases/<tag>/aspects.json) and validate-aspect.ts reads.
 *
 * Named types are stored once and referenced by FQN, as Pegasus itself does, so that AuditStamp or Urn are not
 * copied into every aspect that uses them.
 */

export type PrimitiveName = 'null' | 'boolean' | 'int' | 'long' | 'float' | 'double' | 'string' | 'bytes';

/** A primitive by name, a named type by FQN (always dotted), or an anonymous array, map or union. */
export type SchemaType =
  | string
  | { readonly array: SchemaType }
  | { readonly map: SchemaType }
  | { readonly union: readonly UnionMember[] };

/**
 * `key` is what the member is called in data (`{"<key>": value}`): its alias in an aliased union, else the FQN
 * of a named type, else the primitive's name, `array` or `map`.
 */
export interface UnionMember {
  readonly key: string;
  readonly type: SchemaType;
}

export interface FieldSchema {
  readonly name: string;
  readonly type: SchemaType;
  readonly optional?: true;
  /** The field has a default value, so it may be absent even when required (RequiredMode.CAN_BE_ABSENT_IF_HAS_DEFAULT). */
  readonly default?: true;
}

export type NamedSchema =
  | { readonly kind: 'record'; readonly fields: readonly FieldSchema[] }
  | { readonly kind: 'enum'; readonly symbols: readonly string[] }
  | { readonly kind: 'fixed'; readonly size: number }
  | {
      readonly kind: 'typeref';
      readonly ref: SchemaType;
      /** Typed URN typerefs (TypedUrnValidator): the entity type their Java Urn class accepts. */
      readonly urnEntityType?: string;
    };

export interface AspectSchemas {
  readonly release: { readonly tag: string; readonly commit: string };
  /** Aspect name → FQN of its record. */
  readonly aspects: Readonly<Record<string, string>>;
  readonly types: Readonly<Record<string, NamedSchema>>;
  /** Compatibility artefacts also list which entities carry the aspects (and their key aspect). */
  readonly entities?: Readonly<
    Record<string, { readonly keyAspect: string; readonly aspects: readonly string[] }>
  >;
  /** Compatibility artefacts name the requested aspects the release does not have. */
  readonly missingAspects?: readonly string[];
}

/** One refusal, as rest.li's ValidateDataAgainstSchema reports it: where in the value, and what. */
export interface AspectProblem {
  /** JSON path from the aspect's root, `/`-separated (`/terms/0/urn`); `''` is the root itself. */
  readonly path: string;
  readonly message: string;
}
