import type { Diagnostic, SourceLocation } from '../errors.js';

/**
 * Glossary nodes form a tree: following `parent` from any node must end at a root. A cycle (a node that is its
 * own ancestor) is reported once, at the `parent` line of each node on it, naming the whole loop.
 */
export function checkNodeTree(
  parents: ReadonlyMap<string, { readonly parent: string; readonly source: SourceLocation }>,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const done = new Set<string>();
  for (const start of parents.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current: string | undefined = start;
    while (current !== undefined && !done.has(current) && !onPath.has(current)) {
      path.push(current);
      onPath.add(current);
      current = parents.get(current)?.parent;
    }
    if (current !== undefined && onPath.has(current)) {
      const loop = path.slice(path.indexOf(current));
      for (const urn of loop) {
        const edge = parents.get(urn);
        if (edge === undefined) continue;
        diagnostics.push({
          code: 'REFERENCE_CYCLE',
          severity: 'error',
          message: `glossary node ${urn} is its own ancestor (${[...loop, current].join(' → ')})`,
          location: edge.source,
          hint: 'a node tree has no cycles: remove or change one of these parents',
        });
      }
    }
    for (const urn of path) done.add(urn);
  }
  return diagnostics;
}
