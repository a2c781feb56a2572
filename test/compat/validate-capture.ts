/** Validation of a capture against one release: its GraphQL schema, its proposal envelope and its PDL. */
import { getVariableValues, Kind, parse, validate, type OperationDefinitionNode } from 'graphql';
import { ENTITY_ASPECT_FEATURES, FEATURES, type Feature } from '../../src/client/server-capabilities.js';
import { validateAspectValue } from '../../src/datahub/pegasus/validate-aspect.js';
import { isJsonObject, stringOr } from '../../src/model/json.js';
import type { ReleaseArtefacts } from './release-artefacts.js';
import type { Capture, GraphQLSent } from './release-run.js';

export interface Gap {
  /** What the release lacks, e.g. "MetadataChangeProposal.headers" or "globalTags /tags/0/attribution: …". */
  readonly what: string;
  /** The FEATURES entry that accounts for it; undefined: unexplained (a new incompatibility). */
  readonly feature: Feature | undefined;
}

export interface Validation {
  readonly graphqlRequests: number;
  readonly graphqlErrors: string[];
  readonly aspectNames: ReadonlySet<string>;
  readonly badAspects: ReadonlySet<string>;
  readonly gaps: Gap[];
}

export function validateGraphQL(release: ReleaseArtefacts, request: GraphQLSent): string[] {
  const document = parse(request.query);
  const errors = validate(release.schema, document).map((error) => error.message);
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (errors.length === 0 && operation !== undefined) {
    const coerced = getVariableValues(release.schema, operation.variableDefinitions ?? [], request.variables);
    errors.push(...(coerced.errors ?? []).map((error) => error.message));
  }
  return errors;
}

/** Which FEATURES entry a gap is (server-capabilities.ts says what each release lacks; this checks it). */
export function featureOf(
  kind: 'proposal' | 'aspect' | 'entity',
  aspect: string,
  where: string,
): Feature | undefined {
  if (kind === 'proposal' && where === 'headers') return 'proposalHeaders';
  if (kind === 'aspect' && aspect === 'globalTags' && /^\/tags\/\d+\/attribution\b/.test(where))
    return 'tagAttribution';
  if (
    kind === 'aspect' &&
    aspect === 'structuredProperties' &&
    /^\/properties\/\d+\/attribution\b/.test(where)
  )
    return 'propertyAttribution';
  if (kind === 'aspect' && aspect === 'propertyDefinition' && where === '/immutable')
    return 'propertyImmutable';
  if (kind === 'entity') {
    return ENTITY_ASPECT_FEATURES.find(
      (feature) => FEATURES[feature].entityType === where && FEATURES[feature].aspect === aspect,
    );
  }
  return undefined;
}

export function validateCapture(release: ReleaseArtefacts, capture: Capture): Validation {
  const gaps = new Map<string, Gap>();
  const addGap = (what: string, feature: Feature | undefined) => gaps.set(what, { what, feature });
  const graphqlErrors: string[] = [];
  for (const request of capture.graphql) {
    for (const error of validateGraphQL(release, request)) {
      graphqlErrors.push(error);
      addGap(`GraphQL: ${error}`, undefined);
    }
  }
  const aspectNames = new Set<string>();
  const badAspects = new Set<string>();
  for (const proposal of capture.proposals) {
    for (const field of Object.keys(proposal)) {
      if (!release.proposalFields.has(field))
        addGap(`MetadataChangeProposal.${field}`, featureOf('proposal', '', field));
    }
    const systemMetadata = proposal['systemMetadata'];
    for (const field of Object.keys(isJsonObject(systemMetadata) ? systemMetadata : {})) {
      if (!release.systemMetadataFields.has(field)) addGap(`SystemMetadata.${field}`, undefined);
    }
    const aspectName = stringOr(proposal['aspectName']);
    const entityType = stringOr(proposal['entityType']);
    aspectNames.add(aspectName);
    const entity = release.aspects.entities?.[entityType];
    if (entity !== undefined && !entity.aspects.includes(aspectName) && entity.keyAspect !== aspectName) {
      badAspects.add(aspectName);
      addGap(`${entityType} has no aspect ${aspectName}`, featureOf('entity', aspectName, entityType));
      // An aspect the release does not have at all has no schema there to check the value against.
      if (release.aspects.aspects[aspectName] === undefined) continue;
    }
    const aspect = proposal['aspect'];
    const value: unknown = isJsonObject(aspect) ? JSON.parse(stringOr(aspect['value'])) : undefined;
    const problems = validateAspectValue(release.aspects, aspectName, value, {
      unrecognizedFields: 'DISALLOW',
    });
    for (const problem of problems) {
      badAspects.add(aspectName);
      // Indexes differ from write to write; the gap is the same field.
      const where = problem.path.replace(/\/\d+(?=\/|$)/g, '/0');
      addGap(`${aspectName} ${where}: ${problem.message}`, featureOf('aspect', aspectName, where));
    }
  }
  return {
    graphqlRequests: capture.graphql.length,
    graphqlErrors,
    aspectNames,
    badAspects,
    gaps: [...gaps.values()].sort((a, b) => a.what.localeCompare(b.what)),
  };
}
