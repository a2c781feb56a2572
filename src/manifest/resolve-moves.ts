/**
 * The `Moved` documents resolved to URNs (pure). `to` must name a declared entity; `from` is the old one, of the
 * same entity type, and must no longer be declared. A name is read in the terms of `to`'s kind: a term's id, a
 * table's or model's name (on `to`'s platform and env), `<table>.<feature>` for a feature.
 */
import type { Diagnostic, SourceLocation } from '../errors.js';
import type { DesiredEntity, DesiredMove } from '../model/desired-state.js';
import { didYouMean } from '../model/did-you-mean.js';
import { formatUrn, parseUrn, type EntityUrn } from '../model/urn.js';
import type { MovedManifest } from '../kinds/moved.js';
import type { ValidatedDocument } from '../kinds/registry.js';

export interface ResolvedMoves {
  readonly moves: readonly DesiredMove[];
  readonly diagnostics: readonly Diagnostic[];
}

/** The name a manifest gives an entity, read from its URN (what `from:` and `to:` may write). */
function manifestNameOf(urn: EntityUrn): string | undefined {
  switch (urn.entityType) {
    case 'mlFeature':
      return `${urn.namespace}.${urn.name}`;
    case 'mlFeatureTable':
    case 'mlModel':
    case 'mlModelGroup':
      return urn.name;
    case 'glossaryTerm':
    case 'glossaryNode':
    case 'tag':
    case 'domain':
    case 'dataProduct':
      return urn.id;
    default:
      return undefined;
  }
}

/** The URN `name` would have as an entity of `to`'s kind, beside it (same platform and env). */
function renamedUrn(to: EntityUrn, name: string): EntityUrn | undefined {
  switch (to.entityType) {
    case 'mlFeature': {
      const dot = name.indexOf('.');
      return dot <= 0 || dot === name.length - 1
        ? undefined
        : { entityType: 'mlFeature', namespace: name.slice(0, dot), name: name.slice(dot + 1) };
    }
    case 'mlFeatureTable':
    case 'mlModel':
    case 'mlModelGroup':
      return { ...to, name };
    case 'glossaryTerm':
    case 'glossaryNode':
    case 'tag':
    case 'domain':
    case 'dataProduct':
      return { entityType: to.entityType, id: name };
    default:
      return undefined;
  }
}

/** The declared features whose URN names this table (namespace). */
function featuresOf(
  entities: readonly MoveCandidate[],
  table: string,
): { readonly urn: string; readonly name: string }[] {
  return entities.flatMap((entity) => {
    const parsed = parseUrn(entity.urn);
    return parsed.ok && parsed.value.entityType === 'mlFeature' && parsed.value.namespace === table
      ? [{ urn: entity.urn, name: parsed.value.name }]
      : [];
  });
}

/** What resolving needs of an entity: its URN and kind (a declared entity, or a live one for `catalog export`). */
export type MoveCandidate = Pick<DesiredEntity, 'urn' | 'entityType'>;

/**
 * `entities` are the entities `to` may name. With `fromMayExist` (export: the candidates are the live catalog,
 * where the old entity is still stored, deprecated or not), `from` being among them is no error, and a renamed
 * table's features are moved even when their old URNs are among them.
 */
export function resolveMoves(
  documents: readonly ValidatedDocument<MovedManifest>[],
  entities: readonly MoveCandidate[],
  options: { readonly fromMayExist?: boolean } = {},
): ResolvedMoves {
  const fromMayExist = options.fromMayExist === true;
  const diagnostics: Diagnostic[] = [];
  const error = (
    code: Diagnostic['code'],
    message: string,
    location: SourceLocation,
    hint?: string,
  ): void => {
    diagnostics.push({ code, severity: 'error', message, location, ...(hint === undefined ? {} : { hint }) });
  };
  // Most catalogs have no Moved document: nothing to index by name (a URN parse per entity).
  if (documents.length === 0) return { moves: [], diagnostics };
  const declared = new Map(entities.map((entity) => [entity.urn, entity]));
  const byName = new Map<string, MoveCandidate[]>();
  for (const entity of entities) {
    const parsed = parseUrn(entity.urn);
    const name = parsed.ok ? manifestNameOf(parsed.value) : undefined;
    if (name !== undefined) byName.set(name, [...(byName.get(name) ?? []), entity]);
  }

  const moves: DesiredMove[] = [];
  const movedFrom = new Map<string, SourceLocation>();
  const movedTo = new Map<string, SourceLocation>();
  for (const doc of documents) {
    const { from, to } = doc.manifest;
    const toAt = doc.source.locate(['to']);
    const fromAt = doc.source.locate(['from']);

    let target: MoveCandidate | undefined;
    if (to.startsWith('urn:')) {
      const parsed = parseUrn(to);
      if (!parsed.ok) {
        error('MALFORMED_URN', `malformed URN '${to}'`, toAt, parsed.error);
        continue;
      }
      target = declared.get(formatUrn(parsed.value));
      if (target === undefined) {
        error(
          'UNKNOWN_REFERENCE',
          `'${to}' is not declared`,
          toAt,
          'a Moved document names the entity the manifests now declare in `to`',
        );
        continue;
      }
    } else {
      const candidates = byName.get(to) ?? [];
      if (candidates.length > 1) {
        error(
          'INVALID_VALUE',
          `'${to}' names ${candidates.length} declared entities`,
          toAt,
          `write the URN of the one meant: ${candidates.map((entity) => entity.urn).join(', ')}`,
        );
        continue;
      }
      target = candidates[0];
      if (target === undefined) {
        error(
          'UNKNOWN_REFERENCE',
          `unknown entity '${to}'`,
          toAt,
          didYouMean(to, byName.keys()) ?? 'write the id, name or URN of an entity the manifests declare',
        );
        continue;
      }
    }
    const toUrn = parseUrn(target.urn);
    if (!toUrn.ok) continue;

    let fromUrn: string | undefined;
    if (from.startsWith('urn:')) {
      const parsed = parseUrn(from);
      if (!parsed.ok) {
        error('MALFORMED_URN', `malformed URN '${from}'`, fromAt, parsed.error);
        continue;
      }
      if (parsed.value.entityType !== target.entityType) {
        error(
          'INVALID_VALUE',
          `'${from}' is a ${parsed.value.entityType}, but '${to}' is a ${target.entityType}`,
          fromAt,
          'a rename keeps the kind: `from` and `to` name entities of the same kind',
        );
        continue;
      }
      fromUrn = formatUrn(parsed.value);
    } else {
      const built = renamedUrn(toUrn.value, from);
      if (built === undefined) {
        error(
          'INVALID_VALUE',
          `'${from}' is not a name of a ${target.entityType}`,
          fromAt,
          'write <table>.<feature>, or the URN',
        );
        continue;
      }
      fromUrn = formatUrn(built);
    }
    if (fromUrn === target.urn) {
      error(
        'INVALID_VALUE',
        `'${from}' and '${to}' name the same entity`,
        fromAt,
        'a rename moves an entity to a new name',
      );
      continue;
    }
    if (declared.has(fromUrn) && !fromMayExist) {
      error(
        'INVALID_VALUE',
        `'${from}' is still declared (${fromUrn})`,
        fromAt,
        'a renamed entity is declared under its new name only: remove its old declaration',
      );
      continue;
    }
    const earlierFrom = movedFrom.get(fromUrn);
    const earlierTo = movedTo.get(target.urn);
    const earlier = earlierFrom ?? earlierTo;
    if (earlier !== undefined) {
      diagnostics.push({
        code: 'DUPLICATE_DECLARATION',
        severity: 'error',
        message: `${earlierFrom === undefined ? target.urn : fromUrn} is moved twice`,
        location: earlierFrom === undefined ? toAt : fromAt,
        hint: `first at ${earlier.file}:${earlier.line}:${earlier.column}`,
        related: earlier,
      });
      continue;
    }
    movedFrom.set(fromUrn, fromAt);
    movedTo.set(target.urn, toAt);
    const source = doc.source.locate(['kind']);
    moves.push({ from: fromUrn, to: target.urn, entityType: target.entityType, source });
    // A feature's URN names its table: renaming a table renames the features declared in it, which move with it.
    const fromTable = parseUrn(fromUrn);
    if (
      toUrn.value.entityType === 'mlFeatureTable' &&
      fromTable.ok &&
      fromTable.value.entityType === 'mlFeatureTable'
    )
      for (const feature of featuresOf(entities, toUrn.value.name)) {
        const old = formatUrn({
          entityType: 'mlFeature',
          namespace: fromTable.value.name,
          name: feature.name,
        });
        if ((declared.has(old) && !fromMayExist) || movedFrom.has(old) || movedTo.has(feature.urn)) continue;
        movedFrom.set(old, fromAt);
        movedTo.set(feature.urn, toAt);
        moves.push({ from: old, to: feature.urn, entityType: 'mlFeature', source });
      }
  }
  moves.sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
  return { moves, diagnostics };
}
