/**
 * The resolver's passes, one per kind that declares entities, in the order they run: each kind after the kinds
 * whose names its documents use (its `resolve.after`, followed depth-first), the others in registry order. Domains
 * come first (every kind may name one), data products after the ML kinds they gather.
 */
import { isJsonObject } from '../model/json.js';
import type { DeclaringKind } from './kind.js';
import { KINDS, type EntityKind, type Manifest, type ValidatedDocument } from './registry.js';
import type { ResolveContext } from './resolve-context.js';

export interface ResolvePass {
  readonly kind: EntityKind;
  /** Runs the kind's pass over its documents among `documents`. */
  readonly run: (documents: readonly ValidatedDocument[], context: ResolveContext) => void;
}

type AnyDeclaring = Extract<(typeof KINDS)[number], { readonly resolve: unknown }>;

const DECLARING: readonly AnyDeclaring[] = KINDS.flatMap((module) => ('resolve' in module ? [module] : []));

function passOf(module: AnyDeclaring): ResolvePass {
  const { kind, resolve }: DeclaringKind<Manifest> = module;
  return {
    kind: module.kind,
    run: (documents, context) =>
      resolve.run(
        documents.filter((doc) => doc.manifest.kind === kind),
        context,
      ),
  };
}

function resolveOrder(): AnyDeclaring[] {
  const byKind = new Map<string, AnyDeclaring>(DECLARING.map((module) => [module.kind, module]));
  const ordered: AnyDeclaring[] = [];
  const visiting = new Set<string>();
  const visit = (module: AnyDeclaring): void => {
    if (ordered.includes(module)) return;
    if (visiting.has(module.kind)) throw new Error(`kinds: ${module.kind} is resolved after itself`);
    visiting.add(module.kind);
    for (const kind of module.resolve.after) {
      const before = byKind.get(kind);
      if (before === undefined)
        throw new Error(`kinds: ${module.kind} is resolved after ${kind}, no such kind`);
      visit(before);
    }
    ordered.push(module);
  };
  for (const module of DECLARING) visit(module);
  return ordered;
}

export const RESOLVE_PASSES: readonly ResolvePass[] = resolveOrder().map(passOf);

const SHADOW_NAMES = new Map(
  DECLARING.flatMap((module) =>
    'shadowNames' in module && module.shadowNames !== undefined
      ? [[module.kind as string, module.shadowNames] as const]
      : [],
  ),
);

/**
 * The names that broken documents (rejected by their schema, or with YAML errors) still declare, by kind. A
 * reference to one of them is not reported as unknown: the document's own error is the one to fix, and a second
 * error would mislead.
 */
export function shadowNamesOf(rejected: readonly unknown[]): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  for (const value of rejected) {
    if (!isJsonObject(value)) continue;
    const kind = value['kind'];
    const namesOf = typeof kind === 'string' ? SHADOW_NAMES.get(kind) : undefined;
    for (const [named, name] of namesOf?.(value) ?? []) {
      let set = names.get(named);
      if (set === undefined) names.set(named, (set = new Set()));
      set.add(name);
    }
  }
  return names;
}
