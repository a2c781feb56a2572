/**
 * updateDescription as DataHub v1.7.0 does it (datahub-graphql-core resolvers/mutate/UpdateDescriptionResolver
 * and DescriptionUtils): each entity type keeps its editable description in an aspect of its own, and a dataset
 * column's description lives in editableSchemaMetadata.
 */
import { UI_EDITABLE_ASPECTS } from '../../datahub/editable-aspects.js';
import type { JsonObject } from '../../model/json.js';
import { validateFieldExists } from './term-mutations.js';
import type { MutationWriter } from './mutation-writes.js';
import { badRequest, entityTypeOf, idOf, objectsIn, serverError } from './mutation-writes.js';

export interface DescriptionUpdateInput {
  readonly description: string;
  readonly resourceUrn: string;
  readonly subResourceType?: string | null;
  readonly subResource?: string | null;
}

/**
 * Where DescriptionUtils writes the description of each entity type: the aspect, the field, and what happens when
 * the entity has no such aspect yet: 'create' starts from an empty one, 'tag' from {name: <tag id>}, any other
 * value is the message DataHub refuses with (those aspects require a name).
 */
const DESCRIPTION_TARGETS: Readonly<
  Record<string, { aspect: string; field: 'description' | 'definition'; missing: string }>
> = {
  container: { aspect: 'editableContainerProperties', field: 'description', missing: 'create' },
  domain: {
    aspect: 'domainProperties',
    field: 'description',
    missing: 'Properties for this Domain do not yet exist!',
  },
  glossaryTerm: {
    aspect: 'glossaryTermInfo',
    field: 'definition',
    missing: 'Properties for this Glossary Term do not yet exist!',
  },
  glossaryNode: { aspect: 'glossaryNodeInfo', field: 'definition', missing: 'Glossary Node does not exist' },
  tag: { aspect: 'tagProperties', field: 'description', missing: 'tag' },
  corpGroup: { aspect: 'corpGroupEditableInfo', field: 'description', missing: 'create' },
  mlModel: { aspect: UI_EDITABLE_ASPECTS.mlModel.aspect, field: 'description', missing: 'create' },
  mlModelGroup: { aspect: UI_EDITABLE_ASPECTS.mlModelGroup.aspect, field: 'description', missing: 'create' },
  mlFeatureTable: {
    aspect: UI_EDITABLE_ASPECTS.mlFeatureTable.aspect,
    field: 'description',
    missing: 'create',
  },
  mlFeature: { aspect: UI_EDITABLE_ASPECTS.mlFeature.aspect, field: 'description', missing: 'create' },
  mlPrimaryKey: { aspect: UI_EDITABLE_ASPECTS.mlPrimaryKey.aspect, field: 'description', missing: 'create' },
  dataProduct: { aspect: 'dataProductProperties', field: 'description', missing: 'create' },
  businessAttribute: { aspect: 'businessAttributeInfo', field: 'description', missing: 'create' },
  application: { aspect: 'applicationProperties', field: 'description', missing: 'create' },
};

export function updateDescription(writer: MutationWriter, input: DescriptionUpdateInput): boolean {
  const { resourceUrn, description } = input;
  const entityType = entityTypeOf(resourceUrn);
  if (entityType === 'dataset') return updateDatasetDescription(writer, input);
  const target = DESCRIPTION_TARGETS[entityType];
  if (target === undefined) {
    throw serverError(`Failed to update description. Unsupported resource type ${resourceUrn} provided.`);
  }
  requireExists(writer, resourceUrn);
  let current = writer.latest(resourceUrn, target.aspect);
  if (current === undefined) {
    if (target.missing === 'tag') current = { name: idOf(resourceUrn) };
    else if (target.missing === 'create') current = {};
    else throw badRequest(target.missing);
  }
  writer.persistAspect(resourceUrn, target.aspect, { ...current, [target.field]: description });
  return true;
}

/**
 * A dataset: editableDatasetProperties.description, or (with a sub-resource type) the column's entry of
 * editableSchemaMetadata, which must name a field of the dataset's schema.
 */
function updateDatasetDescription(writer: MutationWriter, input: DescriptionUpdateInput): boolean {
  const { resourceUrn, description, subResourceType, subResource } = input;
  requireExists(writer, resourceUrn);
  if (subResourceType === undefined || subResourceType === null) {
    const current = writer.latest(resourceUrn, 'editableDatasetProperties') ?? {};
    writer.persistAspect(resourceUrn, 'editableDatasetProperties', { ...current, description });
    return true;
  }
  validateFieldExists(writer.service, resourceUrn, subResource ?? null);
  const fieldPath = subResource as string;
  const current = writer.latest(resourceUrn, 'editableSchemaMetadata') ?? {};
  writer.persistAspect(
    resourceUrn,
    'editableSchemaMetadata',
    editFieldInfo(current, fieldPath, (info) => ({ ...info, description })),
  );
  return true;
}

/**
 * MutationUtils.getFieldInfoFromSchema then an edit: the field's editableSchemaFieldInfo entry (a new one, appended,
 * when the field has none) is replaced by `edit` of it.
 */
export function editFieldInfo(
  editableSchemaMetadata: JsonObject,
  fieldPath: string,
  edit: (info: JsonObject) => JsonObject,
): JsonObject {
  const entries = objectsIn(editableSchemaMetadata, 'editableSchemaFieldInfo');
  const index = entries.findIndex((entry) => entry['fieldPath'] === fieldPath);
  const next =
    index >= 0
      ? entries.map((entry, i) => (i === index ? edit(entry) : entry))
      : [...entries, edit({ fieldPath })];
  return { ...editableSchemaMetadata, editableSchemaFieldInfo: next };
}

function requireExists(writer: MutationWriter, urn: string): void {
  if (!writer.exists(urn)) throw badRequest(`Failed to update ${urn}. ${urn} does not exist.`);
}
