/**
 * Owners, tags, links and structured property values of one declared entity. Like term attachments, the unit of
 * ownership is one line: the tool adds the lines its manifests declare (with its marker) and removes only lines
 * that carry its marker. A line someone else added and the manifests do not declare is never touched. When the
 * manifests declare it too (as `catalog adopt --unmanaged` writes it), the plan claims it: the line is re-written
 * with the marker, and is the tool's from then on, as if the tool had added it. A property's line is its values:
 * one the manifests declare with other values, whoever set them, is replaced by the declared values.
 */
import type { SourceLocation } from '../errors.js';
import {
  NO_ASSOCIATIONS,
  type DesiredAssociations,
  type DesiredEntity,
  type DesiredPropertyValue,
} from '../model/desired-state.js';
import { isJsonObject, stringOr, type JsonObject, type JsonValue, overlaid } from '../model/json.js';
import type { LiveEntity } from '../model/live-state.js';
import { plannedStamp } from './diff-term-edges.js';
import { ownerTypeKey } from '../model/owner-type.js';
import {
  isMarkedByAnotherCatalog,
  isOwnedAssociation,
  isOwnedLink,
  isOwnedOwner,
  isOwnedTag,
  ownedAssociation,
  ownerMarker,
  OWNERSHIP_CONTEXT,
  tagAttribution,
} from './ownership.js';
import { aspectChangeBase, type AssociationItem, type AssociationsChange, type PlanNote } from './types.js';

/** How one association aspect is read and written. */
interface AssociationAspect {
  readonly aspect:
    'ownership' | 'globalTags' | 'institutionalMemory' | 'structuredProperties' | 'glossaryTerms';
  /** The list field of the aspect. */
  readonly list: string;
  /** What a line is called in notes. */
  readonly noun: string;
  readonly keyOf: (line: JsonObject) => string;
  readonly labelOf: (line: JsonObject) => string;
  readonly isOwned: (line: JsonValue, actor: string) => boolean;
  /** The line as the tool's own: the same line with the marker, keeping what else it says. */
  readonly claim: (line: JsonObject, actor: string) => JsonObject;
  /** The other fields a new aspect needs besides the list. */
  readonly envelope: (actor: string) => JsonObject;
  /** Whether a live line says something else than the declared line of the same key (then it is replaced). */
  readonly differs?: (line: JsonObject, wanted: JsonObject) => boolean;
  /** Whether a differing line someone else wrote is replaced too (else only the tool's own are). */
  readonly replacesOthers?: boolean;
}

const OWNERSHIP: AssociationAspect = {
  aspect: 'ownership',
  list: 'owners',
  noun: 'owner',
  keyOf: (line) => `${stringOr(line['owner'])} ${ownerTypeKey(line)}`,
  labelOf: (line) => `${stringOr(line['owner'])} (${ownerTypeKey(line)})`,
  isOwned: isOwnedOwner,
  claim: (line, actor) => overlaid(line, { source: ownerMarker(actor) }),
  envelope: (actor) => ({ lastModified: plannedStamp(actor) }),
};

const TAGS: AssociationAspect = {
  aspect: 'globalTags',
  list: 'tags',
  noun: 'tag',
  keyOf: (line) => stringOr(line['tag']),
  labelOf: (line) => stringOr(line['tag']),
  isOwned: isOwnedTag,
  claim: (line, actor) => overlaid(line, { attribution: tagAttribution(actor) }),
  envelope: () => ({}),
};

const LINKS: AssociationAspect = {
  aspect: 'institutionalMemory',
  list: 'elements',
  noun: 'link',
  keyOf: (line) => stringOr(line['url']),
  labelOf: (line) => {
    const description = stringOr(line['description']);
    return description === '' ? stringOr(line['url']) : `${stringOr(line['url'])} (${description})`;
  },
  isOwned: isOwnedLink,
  // A link's marker is its creator: claiming it records the tool as the one that keeps it from now on.
  claim: (line, actor) => overlaid(line, { createStamp: plannedStamp(actor) }),
  envelope: () => ({}),
  differs: (line, wanted) => line['description'] !== wanted['description'],
};

/** A property's values as a plan shows them: strings quoted, numbers as they are. */
function valuesLabel(line: JsonObject): string {
  const values = Array.isArray(line['values']) ? line['values'] : [];
  return values
    .map((value) => {
      if (!isJsonObject(value)) return '';
      const item = value['string'] ?? value['double'];
      return typeof item === 'string' ? JSON.stringify(item) : typeof item === 'number' ? String(item) : '';
    })
    .join(', ');
}

/** The values of a line compared as a set: DataHub's UI may keep them in another order. */
function valuesKey(line: JsonObject): string {
  const values = Array.isArray(line['values']) ? line['values'] : [];
  return JSON.stringify(values.map((value) => JSON.stringify(value)).sort());
}

const PROPERTIES: AssociationAspect = {
  aspect: 'structuredProperties',
  list: 'properties',
  noun: 'property',
  keyOf: (line) => stringOr(line['propertyUrn']),
  labelOf: (line) =>
    `${stringOr(line['propertyUrn']).replace(/^urn:li:structuredProperty:/, '')} = ${valuesLabel(line)}`,
  // A value's attribution (MetadataAttribution) is where the tool's marker goes, as on a tag.
  isOwned: isOwnedTag,
  claim: (line, actor) => overlaid(line, { attribution: tagAttribution(actor) }),
  envelope: () => ({}),
  differs: (line, wanted) => valuesKey(line) !== valuesKey(wanted),
  replacesOthers: true,
};

/**
 * A declared entity's glossary terms (a data product's `terms:`): each with the marker a dataset's term edges carry
 * (ownership.ts: context and actor), and the aspect's audit stamp (GlossaryTerms requires it) the tool's write.
 */
const TERMS: AssociationAspect = {
  aspect: 'glossaryTerms',
  list: 'terms',
  noun: 'term',
  keyOf: (line) => stringOr(line['urn']),
  labelOf: (line) => stringOr(line['urn']),
  isOwned: isOwnedAssociation,
  claim: (line, actor) => overlaid(line, { actor, context: OWNERSHIP_CONTEXT }),
  envelope: (actor) => ({ auditStamp: plannedStamp(actor) }),
};

/** A property's values as the tool writes them: with its marker and the stamps DataHub's UI shows. */
function propertyLines(values: readonly DesiredPropertyValue[], actor: string): WantedLine[] {
  return values.map((value) => ({
    line: {
      propertyUrn: value.propertyUrn,
      values: value.values,
      created: plannedStamp(actor),
      lastModified: plannedStamp(actor),
      attribution: tagAttribution(actor),
    },
    source: value.source,
  }));
}

/** The lines the manifests declare, as the tool writes them. */
function wantedLines(associations: DesiredAssociations, actor: string): Map<AssociationAspect, WantedLine[]> {
  return new Map<AssociationAspect, WantedLine[]>([
    [
      OWNERSHIP,
      associations.owners.map((owner) => ({
        line: {
          owner: owner.owner,
          type: owner.type,
          ...(owner.typeUrn === undefined ? {} : { typeUrn: owner.typeUrn }),
          source: ownerMarker(actor),
        },
        source: owner.source,
      })),
    ],
    [
      TAGS,
      associations.tags.map((tag) => ({
        line: { tag: tag.tagUrn, attribution: tagAttribution(actor) },
        source: tag.source,
      })),
    ],
    [
      LINKS,
      associations.links.map((link) => ({
        line: { url: link.url, description: link.description, createStamp: plannedStamp(actor) },
        source: link.source,
      })),
    ],
    [PROPERTIES, propertyLines(associations.properties ?? [], actor)],
    [
      TERMS,
      (associations.terms ?? []).map((edge) => ({
        line: ownedAssociation(edge.termUrn, actor),
        source: edge.source,
      })),
    ],
  ]);
}

interface WantedLine {
  readonly line: JsonObject;
  readonly source: SourceLocation;
}

/** What a line change is made for: the entity, and the manifest location that asks for it. */
interface Target {
  readonly urn: string;
  readonly entityType: string;
  /** Absent for a prune: no manifest asks for it. */
  readonly source?: SourceLocation;
}

export interface AssociationsDiff {
  readonly changes: AssociationsChange[];
  readonly notes: PlanNote[];
}

/**
 * Compares the declared owners, tags and links of an entity with the live ones. An entity that declares none
 * still loses the lines the tool added earlier (removing the last line of a list removes it from the catalog).
 */
export function diffAssociations(
  desired: DesiredEntity,
  live: LiveEntity | undefined,
  actor: string,
): AssociationsDiff {
  const changes: AssociationsChange[] = [];
  const notes: PlanNote[] = [];
  const declared = desired.associations ?? NO_ASSOCIATIONS;
  const nothingDeclared =
    declared.owners.length +
      declared.tags.length +
      declared.links.length +
      (declared.properties?.length ?? 0) +
      (declared.terms?.length ?? 0) ===
    0;
  // Most entities declare none and have none: nothing to compare (this runs for every entity of a plan).
  if (
    nothingDeclared &&
    [OWNERSHIP, TAGS, LINKS, PROPERTIES, TERMS].every((spec) => live?.aspects.get(spec.aspect) === undefined)
  )
    return { changes, notes };
  const wanted = wantedLines(declared, actor);
  for (const [spec, lines] of wanted) {
    const change = diffOne(spec, desired, lines, live, actor, notes);
    if (change !== undefined) changes.push(change);
  }
  return { changes, notes };
}

/**
 * The structured property values of an entity no kind declares (a dataset, a column's schemaField): the same
 * rules as a declared entity's. `declared` undefined: the manifest names the entity but declares no values.
 */
export function diffPropertyValues(
  target: Target,
  declared: readonly DesiredPropertyValue[] | undefined,
  live: LiveEntity | undefined,
  actor: string,
): AssociationsDiff {
  const notes: PlanNote[] = [];
  if ((declared ?? []).length === 0 && live?.aspects.get(PROPERTIES.aspect) === undefined)
    return { changes: [], notes };
  const change = diffOne(PROPERTIES, target, propertyLines(declared ?? [], actor), live, actor, notes);
  return { changes: change === undefined ? [] : [change], notes };
}

function diffOne(
  spec: AssociationAspect,
  desired: Target,
  wanted: readonly WantedLine[],
  live: LiveEntity | undefined,
  actor: string,
  notes: PlanNote[],
): AssociationsChange | undefined {
  const current = live?.aspects.get(spec.aspect)?.value;
  const list = current?.[spec.list];
  const present = Array.isArray(list) ? list.filter(isJsonObject) : [];
  const wantedByKey = new Map(wanted.map((item) => [spec.keyOf(item.line), item]));
  const removed: AssociationItem[] = [];
  const added: AssociationItem[] = [];
  const claimed: AssociationItem[] = [];
  const kept: JsonObject[] = [];
  const presentKeys = new Set<string>();
  const claimedKeys = new Set<string>();

  for (const line of present) {
    const key = spec.keyOf(line);
    const want = wantedByKey.get(key);
    const owned = spec.isOwned(line, actor);
    if (owned && (want === undefined || presentKeys.has(key))) {
      removed.push({ key, label: spec.labelOf(line) });
      continue;
    }
    if (
      want !== undefined &&
      (owned || spec.replacesOthers === true) &&
      spec.differs?.(line, want.line) === true &&
      !isMarkedByAnotherCatalog(line, actor)
    ) {
      // The tool's own link with another description, or a property with other values (whoever set them):
      // replaced by the declared one.
      removed.push({ key, label: spec.labelOf(line) });
      continue;
    }
    presentKeys.add(key);
    if (!owned && want !== undefined && isMarkedByAnotherCatalog(line, actor)) {
      notes.push({
        kind: 'unownedEdge',
        urn: desired.urn,
        message: `${spec.noun} ${spec.labelOf(line)} of ${desired.urn} is managed by another catalog (another actor); it is left as it is`,
        source: want.source,
      });
    } else if (!owned && want !== undefined && !claimedKeys.has(key)) {
      claimedKeys.add(key);
      claimed.push({ key, label: spec.labelOf(line), source: want.source });
      kept.push(spec.claim(line, actor));
      continue;
    }
    kept.push(line);
  }
  const additions = wanted.filter((item) => !presentKeys.has(spec.keyOf(item.line)));
  for (const item of additions)
    added.push({ key: spec.keyOf(item.line), label: spec.labelOf(item.line), source: item.source });
  if (added.length === 0 && removed.length === 0 && claimed.length === 0) return undefined;

  // The envelope's fields first, then the live aspect's, then the list (see overlaid for why not spreads).
  const envelope = spec.envelope(actor);
  const lines = kept.concat(additions.map((item) => item.line));
  const after = overlaid(
    current === undefined ? envelope : overlaid(envelope, current),
    spec === OWNERSHIP
      ? { lastModified: plannedStamp(actor), [spec.list]: lines }
      : spec === TERMS
        ? { auditStamp: plannedStamp(actor), [spec.list]: lines }
        : { [spec.list]: lines },
  );
  return {
    kind: 'associations',
    action: current === undefined ? 'create' : 'update',
    ...aspectChangeBase(desired.urn, desired.entityType, spec.aspect, live, desired.source),
    added,
    removed,
    ...(claimed.length === 0 ? {} : { claimed }),
    before: current ?? null,
    after,
  };
}
