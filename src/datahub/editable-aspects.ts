/**
 * Where DataHub's UI writes an ML entity's description (issue 19). Its updateDescription (DescriptionUtils, v1.7.0)
 * does not edit the entity's properties aspect: it writes to an editable aspect of the entity's own, and DataHub's
 * GraphQL mappers show that one over the properties' description (the app falls back to the properties' value when
 * the edit is empty or blank). Read by the plan (which notes a shadowed description), by the embedded catalog's
 * views and updateDescription, and by its entity pages.
 *
 * Glossary terms and nodes, and tags, have no editable aspect: updateDescription writes their properties aspect.
 */

export interface EditableAspect {
  /** The aspect DataHub's UI writes. */
  readonly aspect: string;
  /** The aspect whose fields it shadows (the one the manifests declare). */
  readonly shadows: string;
  /** The fields of `shadows` that DataHub shows from the editable aspect when it has them. */
  readonly fields: readonly string[];
}

/** The editable aspect of each entity type whose UI edits go to one. */
export const UI_EDITABLE_ASPECTS = {
  mlFeature: {
    aspect: 'editableMlFeatureProperties',
    shadows: 'mlFeatureProperties',
    fields: ['description'],
  },
  mlFeatureTable: {
    aspect: 'editableMlFeatureTableProperties',
    shadows: 'mlFeatureTableProperties',
    fields: ['description'],
  },
  mlModel: {
    aspect: 'editableMlModelProperties',
    shadows: 'mlModelProperties',
    fields: ['description'],
  },
  mlModelGroup: {
    aspect: 'editableMlModelGroupProperties',
    shadows: 'mlModelGroupProperties',
    fields: ['description'],
  },
  mlPrimaryKey: {
    aspect: 'editableMlPrimaryKeyProperties',
    shadows: 'mlPrimaryKeyProperties',
    fields: ['description'],
  },
} as const satisfies Readonly<Record<string, EditableAspect>>;

const EDITABLE_ASPECT_OF: ReadonlyMap<string, EditableAspect> = new Map(Object.entries(UI_EDITABLE_ASPECTS));

/** The editable aspect DataHub's UI writes for an entity type; undefined for types it edits in place. */
export function editableAspectOf(entityType: string): EditableAspect | undefined {
  return EDITABLE_ASPECT_OF.get(entityType);
}
