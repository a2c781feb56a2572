import { assertNever } from '../errors.js';
import { lineLabel } from '../plan/line-names.js';
import type { Change } from '../plan/types.js';

/**
 * How a change is named in every rendering of a plan (text, markdown, the impact's blocks): its symbol (`+`
 * create, `~` update, `-` delete) and its one-line title. A module of its own, so that the plan's text and the
 * impact's blocks both use it without importing each other.
 */

export function changeSymbol(change: Change): '+' | '~' | '-' {
  if (change.kind === 'status') return change.action === 'delete' ? '-' : '~';
  if (change.kind === 'termEdges' || change.kind === 'associations') {
    const claims = (change.claimed?.length ?? 0) > 0;
    if (change.removed.length === 0 && !claims) return '+';
    if (change.added.length === 0 && !claims) return '-';
    return '~';
  }
  return change.action === 'create' ? '+' : '~';
}

const ASSOCIATION_TITLES: Readonly<Record<string, string>> = {
  ownership: 'owners',
  globalTags: 'tags',
  institutionalMemory: 'links',
  structuredProperties: 'properties',
  dataProductProperties: 'assets',
};

/** The change's one line: what it does, to which entity (its name and URN: line-names.ts), through which aspect. */
export function changeTitle(change: Change): string {
  const entity = lineLabel(change);
  switch (change.kind) {
    case 'createGlossaryTerm':
      return `create ${entity} (GraphQL createGlossaryTerm)`;
    case 'upsertAspect':
      return `${change.action} ${entity} ${change.aspect}`;
    case 'status':
      return change.action === 'delete'
        ? `soft-delete ${entity} (status.removed = true)`
        : `restore ${entity} (status.removed = false)`;
    case 'termEdges':
      return `${change.aspect === 'glossaryTerms' ? 'terms of' : 'column terms of'} ${entity}`;
    case 'associations':
      return `${ASSOCIATION_TITLES[change.aspect] ?? change.aspect} of ${entity}`;
    default:
      return assertNever(change);
  }
}
