/**
 * The parts of a Form document as DataHub's CLI writes them (metadata-ingestion/src/datahub/api/entities/forms/
 * forms.py at v1.7.0: validate_prompts, create_form_actors, format_users/format_groups, create_form_filters with
 * FIELD_FILTER_TEMPLATE; the filter as FormUtils.mapDynamicFormAssignment builds it in GMS): its prompts, the actors
 * it is assigned to, its filter as a dynamicFormAssignment, and the entities `assignedTo` names.
 */
import type { SourceLocation } from '../errors.js';
import type { DesiredAsset } from '../model/desired-state.js';
import { didYouMean, editDistance } from '../model/did-you-mean.js';
import type { JsonObject, JsonValue } from '../model/json.js';
import { entityHasAspect } from '../model/registry.js';
import { encodeUrnPart, formatUrn, parseRawUrn, parseUrn } from '../model/urn.js';
import { declaredProperties } from './property-definitions.js';
import type { ResolveContext } from './resolve-context.js';
import type { KindDocument } from './source.js';

export interface FormPromptValue {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly type?: 'STRUCTURED_PROPERTY' | 'FIELDS_STRUCTURED_PROPERTY';
  readonly property: string;
  readonly required?: boolean;
}

export type FormFilterValue = Readonly<
  Partial<
    Record<
      | 'types'
      | 'subTypes'
      | 'platforms'
      | 'platformInstances'
      | 'domains'
      | 'containers'
      | 'owners'
      | 'tags'
      | 'terms',
      readonly string[]
    >
  >
>;

export interface FormManifest {
  readonly kind: 'Form';
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  readonly type?: 'COMPLETION' | 'VERIFICATION';
  readonly prompts?: readonly FormPromptValue[];
  readonly actors?: {
    readonly owners?: boolean;
    readonly users?: readonly string[];
    readonly groups?: readonly string[];
  };
  readonly owners?: readonly { readonly owner: string; readonly type?: string }[];
  readonly assignedTo?: readonly string[];
  readonly filter?: FormFilterValue;
}

type Doc = KindDocument<FormManifest>;

/** The prompts as FormPromptClass writes them; a property the manifests do not declare must exist. */
export function formPrompts(doc: Doc, context: ResolveContext): JsonObject[] {
  const properties = declaredProperties(context);
  return (doc.manifest.prompts ?? []).flatMap((prompt, index): JsonObject[] => {
    const at = ['prompts', index];
    const type = prompt.type ?? 'STRUCTURED_PROPERTY';
    if (type === 'FIELDS_STRUCTURED_PROPERTY' && prompt.required === true)
      context.error(
        'INVALID_VALUE',
        'a prompt for columns cannot be required',
        doc.source.locate([...at, 'required']),
        {
          hint: "DataHub's CLI refuses it: Schema field prompts cannot be marked as required",
        },
      );
    const source = doc.source.locate([...at, 'property']);
    const urn = propertyUrn(context, prompt.property, source, properties);
    if (urn === undefined) return [];
    return [
      {
        id: prompt.id,
        title: prompt.title,
        ...(prompt.description === undefined ? {} : { description: prompt.description }),
        type,
        structuredPropertyParams: { urn },
        required: prompt.required ?? false,
      },
    ];
  });
}

function propertyUrn(
  context: ResolveContext,
  name: string,
  source: SourceLocation,
  properties: ReturnType<typeof declaredProperties>,
): string | undefined {
  const declared = properties.get(name);
  if (declared !== undefined) return declared.urn;
  if (name.startsWith('urn:')) {
    const parsed = parseUrn(name);
    if (!parsed.ok || parsed.value.entityType !== 'structuredProperty') {
      context.error('MALFORMED_URN', `'${name}' is not a structured property URN`, source, {
        hint: 'write urn:li:structuredProperty:<id>, or the id of a StructuredProperty',
      });
      return undefined;
    }
  }
  if (context.shadowed('StructuredProperty').has(name)) return undefined;
  const declaredNames = [...properties.keys()].filter((key) => !key.startsWith('urn:'));
  const typo = declaredNames.find((known) => editDistance(name.toLowerCase(), known.toLowerCase()) <= 2);
  if (typo !== undefined) {
    context.error('UNKNOWN_REFERENCE', `unknown property '${name}'`, source, {
      hint: `did you mean '${typo}'?`,
    });
    return undefined;
  }
  // As the CLI: structured_property_id → urn:li:structuredProperty:<id>, which must exist.
  const urn = name.startsWith('urn:') ? name : formatUrn({ entityType: 'structuredProperty', id: name });
  context.requireEntity(
    urn,
    source,
    () =>
      didYouMean(
        name,
        [...properties.keys()].filter((key) => !key.startsWith('urn:')),
      ) ??
      `declare a StructuredProperty with id '${name}', or create it in DataHub first (Structured property ${urn} does not exist. Unable to create form.)`,
  );
  return urn;
}

/** formInfo.actors (FormActorAssignment): the owners (default true), and users and groups as URNs. */
export function formActors(manifest: FormManifest): JsonObject {
  const { actors } = manifest;
  const users = actors?.users?.map((user) =>
    user.startsWith('urn:li:') ? user : formatUrn({ entityType: 'corpuser', username: user }),
  );
  const groups = actors?.groups?.map((group) =>
    group.startsWith('urn:li:') ? group : formatUrn({ entityType: 'corpGroup', id: group }),
  );
  return {
    owners: actors?.owners ?? true,
    ...(groups === undefined ? {} : { groups }),
    ...(users === undefined ? {} : { users }),
  };
}

/** The filter's lists in the order create_form_filters adds them, with the search field and URN maker of each. */
const FILTER_FIELDS: readonly [keyof FormFilterValue, string, (value: string) => string | undefined][] = [
  ['types', '_entityType', (value) => value],
  ['subTypes', 'typeNames.keyword', (value) => value],
  ['platforms', 'platform.keyword', (value) => prefixed(value, 'urn:li:dataPlatform:')],
  [
    'platformInstances',
    'dataPlatformInstance.keyword',
    (value) => (value.startsWith('urn:li:dataPlatformInstance:') ? value : undefined),
  ],
  ['domains', 'domains.keyword', (value) => prefixed(value, 'urn:li:domain:')],
  [
    'containers',
    'container.keyword',
    (value) => (value.startsWith('urn:li:container') ? value : `urn:li:container:${value}`),
  ],
  [
    'owners',
    'owners.keyword',
    (value) => (value.startsWith('urn:li:') ? value : formatUrn({ entityType: 'corpuser', username: value })),
  ],
  ['tags', 'tags.keyword', (value) => prefixed(value, 'urn:li:tag:')],
  ['terms', 'glossaryTerms.keyword', (value) => prefixed(value, 'urn:li:glossaryTerm:')],
];

function prefixed(value: string, prefix: string): string {
  return value.startsWith(prefix) ? value : `${prefix}${encodeUrnPart(value)}`;
}

/** dynamicFormAssignment: one conjunction of the filter's lists, each an EQUAL criterion over its values. */
export function dynamicAssignment(doc: Doc, context: ResolveContext): JsonObject | null {
  const filter = doc.manifest.filter;
  if (filter === undefined) return null;
  const and: JsonValue[] = [];
  for (const [key, field, urnOf] of FILTER_FIELDS) {
    const values = filter[key];
    if (values === undefined || values.length === 0) continue;
    const urns = values.flatMap((value, index) => {
      const urn = urnOf(value);
      if (urn === undefined)
        context.error(
          'MALFORMED_URN',
          `'${value}' is not a urn:li:dataPlatformInstance URN`,
          doc.source.locate(['filter', key, index]),
          {
            hint: "DataHub's CLI skips a platform instance that is not a URN: write urn:li:dataPlatformInstance:(urn:li:dataPlatform:<platform>,<instance>)",
          },
        );
      return urn === undefined ? [] : [urn];
    });
    and.push({ field, values: urns, condition: 'EQUAL', negated: false });
  }
  return { filter: { or: [{ and }] } };
}

/** The kinds whose names `assignedTo` may use, in the order a name is looked up. */
export const NAMED_KINDS = [
  'MLModel',
  'MLModelGroup',
  'MLFeatureTable',
  'MLFeature',
  'GlossaryTerm',
  'GlossaryNode',
  'Domain',
  'DataProduct',
] as const;

/**
 * The entities the form is assigned to: a declared name of one of NAMED_KINDS (ambiguous: an error), or a URN
 * (declared, or it must exist). The entity type must have DataHub's `forms` aspect.
 */
export function assignedEntities(doc: Doc, context: ResolveContext): DesiredAsset[] {
  const assigned = new Map<string, DesiredAsset>();
  (doc.manifest.assignedTo ?? []).forEach((ref, index) => {
    const source = doc.source.locate(['assignedTo', index]);
    const urn = ref.startsWith('urn:') ? urnRef(context, ref, source) : nameRef(context, ref, source);
    if (urn === undefined || assigned.has(urn)) return;
    const raw = parseRawUrn(urn);
    if (raw.ok && !entityHasAspect(raw.value.entityType, 'forms')) {
      context.error(
        'INVALID_VALUE',
        `DataHub's ${raw.value.entityType} entity cannot be given a form`,
        source,
        {
          hint: `it has no forms aspect (DataHub's entity registry, entity ${raw.value.entityType})`,
        },
      );
      return;
    }
    assigned.set(urn, { urn, source });
  });
  return [...assigned.values()];
}

function urnRef(context: ResolveContext, ref: string, source: SourceLocation): string | undefined {
  const raw = parseRawUrn(ref);
  if (!raw.ok) {
    context.error('MALFORMED_URN', `malformed URN '${ref}'`, source, { hint: raw.error });
    return undefined;
  }
  const typed = parseUrn(ref);
  const urn = typed.ok ? formatUrn(typed.value) : ref;
  if (!context.isDeclared(urn))
    context.requireEntity(
      urn,
      source,
      () => 'a form is assigned to an entity of the manifests or of the catalog',
    );
  return urn;
}

function nameRef(context: ResolveContext, ref: string, source: SourceLocation): string | undefined {
  const urns = NAMED_KINDS.flatMap((kind) => context.urnsNamed(kind, ref));
  const unique = [...new Set(urns)];
  if (unique.length === 1) return unique[0];
  if (unique.length > 1) {
    context.error('INVALID_VALUE', `'${ref}' names ${unique.length} entities`, source, {
      hint: `write the URN of the one meant: ${unique.join(', ')}`,
    });
    return undefined;
  }
  if (NAMED_KINDS.some((kind) => context.shadowed(kind).has(ref))) return undefined;
  const names = NAMED_KINDS.flatMap((kind) => [...context.namesOf(kind)]);
  context.error('UNKNOWN_REFERENCE', `unknown entity '${ref}'`, source, {
    hint:
      didYouMean(ref, names) ??
      'name a declared model, group, feature table, feature, term, node, domain or data product, or write a URN',
  });
  return undefined;
}
