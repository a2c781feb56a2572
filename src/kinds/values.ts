/**
 * The manifest values several kinds share (schemas/common.schema.json defines them): references to datasets,
 * owners, links, deprecation, and the associations every kind that declares an entity may carry.
 */

export type DatasetRefValue =
  string | { readonly platform: string; readonly name: string; readonly env?: string };

/** An owner line: a corpuser id, or a corpuser/corpGroup URN, with an OwnershipType or ownership type URN. */
export interface OwnerValue {
  readonly owner: string;
  readonly type?: string;
}

export interface LinkValue {
  readonly url: string;
  readonly description?: string;
}

/** The deprecation aspect as a manifest writes it: `true`, `false`, or a block. */
export type DeprecatedValue =
  | boolean
  | {
      readonly note?: string;
      /** A declared entity of the same kind by name (id for terms and tags, <table>.<name> for features), or a URN. */
      readonly replacement?: string;
      /** YYYY-MM-DD or an ISO date-time with its zone. */
      readonly decommissionTime?: string;
    };

/** One value of a structured property as a manifest writes it: a string, or a number for a number property. */
export type PropertyInput = string | number;

/** `properties:`: a structured property (qualified name, id or URN) to its value, or its values. */
export type PropertyValues = Readonly<Record<string, PropertyInput | readonly PropertyInput[]>>;

/**
 * owners, tags, links and structured property values: accepted on every kind that declares an entity (as its
 * entity has the aspect); `deprecated` on all but GlossaryNode.
 */
export interface Associations {
  readonly owners?: readonly OwnerValue[];
  readonly tags?: readonly string[];
  readonly links?: readonly LinkValue[];
  readonly properties?: PropertyValues;
  readonly deprecated?: DeprecatedValue;
}

/** `domain:` on every kind whose entity has DataHub's domains aspect: a Domain id or URN. */
export interface InDomain {
  readonly domain?: string;
}
