/**
 * Owners, tags and links of one declared entity. Like term attachments, the unit of ownership is one line: the
 * tool adds the lines its manifests declare (with its marker) and removes only lines that carry its marker. A
 * line someone else added and the manifests do not declare is never touched. When the manifests declare it too
 * (as `catalog adopt --unmanaged` writes it), the plan claims it: the line is re-written with the marker, and is
 * the tool's from then on, as if the tool had added it.
 */
import { NO_ASSOCIATIONS, type DesiredAssociations, type DesiredEntity } from '../model/desired-state.js';
import { isJsonObject, stringOr, type JsonObject, type JsonValue, overlaid } from '../model/json.js';
import type { LiveEntity } from '../model/live-state.js';
import { plannedStamp } from './diff-term-edges.js';
import { ownerTypeKey } from '../model/owner-type.js';
import {
  isMarkedByAnotherCatalog,
  isOwnedLink,
  isOwnedOwner,
  isOwnedTag,
  ownerMarker,
  tagAttribution,
} from './ownership.js';
import { aspectChangeBase, type AssociationItem, type AssociationsChange, type PlanNote } from './types.js';

/** How one association aspect is read and written. */
interface AssociationAspect {
  readonly aspect: 'ownership' | 'globalTags' | 'institutionalMemory';
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
};

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
  ]);
}

interface WantedLine {
  readonly line: JsonObject;
  readonly source: DesiredAssociations['owners'][number]['source'];
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
  const nothingDeclared = declared.owners.length + declared.tags.length + declared.links.length === 0;
  // Most entities declare none and have none: nothing to compare (this runs for every entity of a plan).
  if (
    nothingDeclared &&
    [OWNERSHIP, TAGS, LINKS].every((spec) => live?.aspects.get(spec.aspect) === undefined)
  )
    return { changes, notes };
  const wanted = wantedLines(declared, actor);
  for (const [spec, lines] of wanted) {
    const change = diffOne(spec, desired, lines, live, actor, notes);
    if (change !== undefined) changes.push(change);
  }
  return { changes, notes };
}

function diffOne(
  spec: AssociationAspect,
  desired: DesiredEntity,
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
    if (owned && want !== undefined && spec === LINKS && line['description'] !== want.line['description']) {
      // The tool's own link with another description: replaced by the declared one.
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
    spec === OWNERSHIP ? { lastModified: plannedStamp(actor), [spec.list]: lines } : { [spec.list]: lines },
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
