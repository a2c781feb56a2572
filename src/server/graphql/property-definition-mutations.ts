/**
 * Structured property entities, each mutation as its DataHub v1.7.0 resolver does it (datahub-graphql-core
 * resolvers/structuredproperties: CreateStructuredPropertyResolver, UpdateStructuredPropertyResolver,
 * DeleteStructuredPropertyResolver), answered with the entity as StructuredPropertyMapper reads it back.
 *
 * Each needs the platform privilege MANAGE_STRUCTURED_PROPERTIES (AuthorizationUtils.canManageStructuredProperties).
 * GMS writes the definition as a PATCH of propertyDefinition (StructuredPropertyDefinitionPatchBuilder over
 * StructuredPropertyDefinitionTemplate); the catalog has no PATCH, so the patch is applied here to the stored
 * aspect (or the template's default) and the result written whole: fields set, entity types and platforms added
 * as a set, allowed values appended. The catalog's ingest then runs GMS's validators (PropertyDefinitionValidator,
 * HidePropertyValidator, ShowPropertyAsBadgeValidator; catalog/structured-property-rules.ts), and a refusal is
 * DataHub's 400 with the validator's message.
 */
import { randomUUID } from 'node:crypto';
import { hidesWhileShown, INVALID_SETTINGS_MESSAGE } from '../../datahub/property-definition-rules.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../model/json.js';
import { isAuthorized } from '../auth/privileges.js';
import { ServiceError } from '../catalog-service.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { badRequest, stringsIn, wrapped, type MutationWriter } from './mutation-writes.js';
import { DataHubGraphQLError } from './term-mutations.js';

export interface AllowedValueInput {
  readonly stringValue?: string | null;
  readonly numberValue?: number | null;
  readonly description?: string | null;
}

export interface PropertySettingsInput {
  readonly isHidden?: boolean | null;
  readonly showInSearchFilters?: boolean | null;
  readonly showInAssetSummary?: boolean | null;
  readonly hideInAssetSummaryWhenEmpty?: boolean | null;
  readonly showAsAssetBadge?: boolean | null;
  readonly showInColumnsTable?: boolean | null;
}

export interface CreateStructuredPropertyInput {
  readonly id?: string | null;
  readonly qualifiedName?: string | null;
  readonly displayName?: string | null;
  readonly description?: string | null;
  readonly immutable?: boolean | null;
  readonly valueType: string;
  readonly typeQualifier?: { readonly allowedTypes?: readonly string[] | null } | null;
  readonly allowedValues?: readonly AllowedValueInput[] | null;
  readonly cardinality?: 'SINGLE' | 'MULTIPLE' | null;
  readonly entityTypes: readonly string[];
  readonly allowedPlatforms?: readonly string[] | null;
  readonly settings?: PropertySettingsInput | null;
}

export interface UpdateStructuredPropertyInput {
  readonly urn: string;
  readonly displayName?: string | null;
  readonly description?: string | null;
  readonly immutable?: boolean | null;
  readonly typeQualifier?: { readonly newAllowedTypes?: readonly string[] | null } | null;
  readonly newAllowedValues?: readonly AllowedValueInput[] | null;
  readonly setCardinalityAsMultiple?: boolean | null;
  readonly newEntityTypes?: readonly string[] | null;
  readonly newAllowedPlatforms?: readonly string[] | null;
  readonly settings?: PropertySettingsInput | null;
}

const DEFINITION = 'propertyDefinition';
const SETTINGS = 'structuredPropertySettings';
const SETTING_FIELDS = [
  'isHidden',
  'showInSearchFilters',
  'showInAssetSummary',
  'hideInAssetSummaryWhenEmpty',
  'showAsAssetBadge',
  'showInColumnsTable',
] as const;

/** StructuredPropertyDefinitionTemplate.getDefault: what a patch of a property without a definition starts from. */
const DEFAULT_DEFINITION: JsonObject = {
  qualifiedName: '',
  valueType: 'urn:li:dataType:datahub.string',
  entityTypes: [],
};

/**
 * StructuredPropertyUtils.getPropertyId: the qualified name, else the id, else a random UUID; both given must match.
 */
export function propertyIdOf(
  id: string | null | undefined,
  qualifiedName: string | null | undefined,
): string {
  if (
    id !== undefined &&
    id !== null &&
    qualifiedName !== undefined &&
    qualifiedName !== null &&
    id !== qualifiedName
  )
    throw badRequest('Qualified name and the ID of a structured property must match');
  return qualifiedName ?? id ?? randomUUID();
}

/** The patch's `add /<field>/<key>`: the list as a set, its items in order, new ones after (arrayFieldToMap). */
function withAdded(current: JsonValue | undefined, added: readonly string[]): string[] {
  const items = Array.isArray(current)
    ? current.filter((item): item is string => typeof item === 'string')
    : [];
  return [...new Set([...items, ...added])];
}

/**
 * addAllowedValue for each input: a PropertyValue {value, description?}. The patch keys a new value by its
 * PrimitivePropertyValue's text, which never equals the key of one already stored: the new values are appended
 * (two equal new ones are one).
 */
function withAllowedValues(
  current: JsonValue | undefined,
  inputs: readonly AllowedValueInput[],
): JsonObject[] {
  const added = new Map<string, JsonObject>();
  for (const input of inputs) {
    const value: JsonObject =
      input.stringValue !== undefined && input.stringValue !== null
        ? { string: input.stringValue }
        : input.numberValue !== undefined && input.numberValue !== null
          ? { double: input.numberValue }
          : {};
    const description = input.description ?? undefined;
    added.set(JSON.stringify(value), { value, ...(description === undefined ? {} : { description }) });
  }
  const stored = Array.isArray(current) ? current.filter(isJsonObject) : [];
  return [...stored, ...added.values()];
}

/** StructuredPropertySettings from the input's set flags over `base` (createPropertySettings, updateSettings). */
function settingsFrom(base: JsonObject, input: PropertySettingsInput): JsonObject {
  const settings: Record<string, JsonValue> = { ...base };
  for (const field of SETTING_FIELDS) {
    const value = input[field];
    if (field !== 'hideInAssetSummaryWhenEmpty' && value !== undefined && value !== null)
      settings[field] = value;
  }
  // hideInAssetSummaryWhenEmpty depends on showInAssetSummary: showing nothing hides nothing.
  if (input.showInAssetSummary === false) settings['hideInAssetSummaryWhenEmpty'] = false;
  else if (input.hideInAssetSummaryWhenEmpty !== undefined && input.hideInAssetSummaryWhenEmpty !== null)
    settings['hideInAssetSummaryWhenEmpty'] = input.hideInAssetSummaryWhenEmpty;
  return settings;
}

/** A settings flag as Pegasus reads it: the stored value, else the field's default (false). */
const flag = (settings: JsonObject, field: string): boolean => settings[field] === true;

/** StructuredPropertyUtils.validatePropertySettings, which the resolvers call before writing. */
function validateSettings(settings: JsonObject): void {
  if (hidesWhileShown(settings)) throw badRequest(INVALID_SETTINGS_MESSAGE);
}

export class PropertyDefinitionMutations {
  constructor(private readonly writer: MutationWriter) {}

  /** CreateStructuredPropertyResolver: answers the new property's URN. */
  createStructuredProperty(input: CreateStructuredPropertyInput): string {
    return this.run('create', input, () => {
      const id = propertyIdOf(input.id, input.qualifiedName);
      const urn = `urn:li:structuredProperty:${id}`;
      if (this.writer.exists(urn)) throw badRequest('A structured property already exists with this urn');
      const stamp = this.writer.stamp();
      const definition: Record<string, JsonValue> = {
        ...DEFAULT_DEFINITION,
        qualifiedName: id,
        valueType: input.valueType,
        entityTypes: withAdded(undefined, input.entityTypes),
      };
      if (input.displayName !== undefined && input.displayName !== null)
        definition['displayName'] = input.displayName;
      if (input.description !== undefined && input.description !== null)
        definition['description'] = input.description;
      if (input.immutable !== undefined && input.immutable !== null)
        definition['immutable'] = input.immutable;
      const allowedTypes = input.typeQualifier?.allowedTypes;
      if (allowedTypes !== undefined && allowedTypes !== null)
        definition['typeQualifier'] = { allowedTypes: [...allowedTypes] };
      if (input.allowedValues !== undefined && input.allowedValues !== null)
        definition['allowedValues'] = withAllowedValues(undefined, input.allowedValues);
      if (input.cardinality !== undefined && input.cardinality !== null)
        definition['cardinality'] = input.cardinality;
      if (input.allowedPlatforms !== undefined && input.allowedPlatforms !== null)
        definition['allowedPlatforms'] = withAdded(undefined, input.allowedPlatforms);
      definition['created'] = stamp;
      definition['lastModified'] = stamp;
      const proposals = [this.writer.proposal(urn, DEFINITION, definition)];
      if (input.settings !== undefined && input.settings !== null) {
        const settings = { ...settingsFrom({}, input.settings), lastModified: stamp };
        validateSettings(settings);
        proposals.push(this.writer.proposal(urn, SETTINGS, settings));
      }
      this.writer.persist(...proposals);
      return urn;
    });
  }

  /** UpdateStructuredPropertyResolver: answers the property's URN. */
  updateStructuredProperty(input: UpdateStructuredPropertyInput): string {
    return this.run('update', input, () => {
      const urn = input.urn;
      const existing = this.writer.latest(urn, DEFINITION);
      if (existing === undefined)
        throw badRequest('Attempting to update a structured property with no definition aspect.');
      const proposals = [];
      const definition = this.updatedDefinition(existing, input);
      if (definition !== undefined) proposals.push(this.writer.proposal(urn, DEFINITION, definition));
      if (input.settings !== undefined && input.settings !== null) {
        const stored = this.writer.latest(urn, SETTINGS) ?? {};
        const changed = SETTING_FIELDS.some((field) => {
          const value = input.settings?.[field];
          return value !== undefined && value !== null && value !== flag(stored, field);
        });
        const settings = settingsFrom(
          changed ? { ...stored, lastModified: this.writer.stamp() } : stored,
          input.settings,
        );
        validateSettings(settings);
        proposals.push(this.writer.proposal(urn, SETTINGS, settings));
      }
      this.writer.persist(...proposals);
      return urn;
    });
  }

  /**
   * DeleteStructuredPropertyResolver: a hard delete, then the references to the property. The catalog's delete
   * also takes the property's values off every entity that carries them, as GMS's PropertyDefinitionDeleteSideEffect
   * does (catalog/property-assignment-cleanup.ts). A property that was never stored deletes nothing.
   */
  deleteStructuredProperty(input: { readonly urn: string }): boolean {
    return this.run('delete', input, () => {
      deleteEntityAndReferences(this.writer, input.urn, `Failed to perform update against input ${JSON.stringify(input)}`); // prettier-ignore
      return true;
    });
  }

  /** The patched definition, or undefined when the input changes none of it (no write, lastModified unchanged). */
  private updatedDefinition(
    existing: JsonObject,
    input: UpdateStructuredPropertyInput,
  ): JsonObject | undefined {
    const next: Record<string, JsonValue> = { ...existing };
    if (input.displayName !== undefined && input.displayName !== null)
      next['displayName'] = input.displayName;
    if (input.description !== undefined && input.description !== null)
      next['description'] = input.description;
    if (input.immutable !== undefined && input.immutable !== null) next['immutable'] = input.immutable;
    const newAllowedTypes = input.typeQualifier?.newAllowedTypes;
    if (newAllowedTypes !== undefined && newAllowedTypes !== null) {
      // The type qualifier is set whole: the stored allowed types, then the new ones (GMS does not dedupe them).
      const qualifier = isJsonObject(existing['typeQualifier']) ? existing['typeQualifier'] : undefined;
      next['typeQualifier'] = { allowedTypes: [...stringsIn(qualifier, 'allowedTypes'), ...newAllowedTypes] };
    }
    if (input.newAllowedValues !== undefined && input.newAllowedValues !== null)
      next['allowedValues'] = withAllowedValues(existing['allowedValues'], input.newAllowedValues);
    if (input.setCardinalityAsMultiple === true) next['cardinality'] = 'MULTIPLE';
    if (input.newEntityTypes !== undefined && input.newEntityTypes !== null)
      next['entityTypes'] = withAdded(existing['entityTypes'], input.newEntityTypes);
    if (input.newAllowedPlatforms !== undefined && input.newAllowedPlatforms !== null)
      next['allowedPlatforms'] = withAdded(existing['allowedPlatforms'], input.newAllowedPlatforms);
    const given: readonly unknown[] = [
      input.displayName,
      input.description,
      input.immutable,
      input.typeQualifier,
      input.newAllowedValues,
      input.newEntityTypes,
      input.newAllowedPlatforms,
    ];
    const touched =
      given.some((value) => value !== undefined && value !== null) || input.setCardinalityAsMultiple === true;
    return touched ? { ...next, lastModified: this.writer.stamp() } : undefined;
  }

  /**
   * The resolvers' shared frame: the privilege first (AuthorizationException: 403 with its own message), then the
   * work, whose failures DataHub wraps in "Failed to perform update against input …"; its handler answers the
   * first DataHubGraphQLException, ValidationException or IllegalArgumentException among the causes with that
   * cause's message (400), anything else with the wrapper's message and its causes' (500).
   */
  private run<T>(verb: 'create' | 'update' | 'delete', input: unknown, work: () => T): T {
    if (!isAuthorized(this.writer.service, this.writer.actor, ['MANAGE_STRUCTURED_PROPERTIES']))
      throw new DataHubGraphQLError(403, `Unable to ${verb} structured property. Please contact your admin.`);
    try {
      return work();
    } catch (error) {
      if (error instanceof DataHubGraphQLError) throw error;
      if (error instanceof ServiceError && error.status < 500) throw badRequest(error.message);
      throw wrapped(
        `Failed to perform update against input ${JSON.stringify(input)}`,
        error instanceof Error ? error.message : String(error),
      );
    }
  }
}
