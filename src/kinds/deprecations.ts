/**
 * `deprecated:` lines, resolved once every entity is declared (a replacement may be declared after the entity it
 * replaces): the deprecation aspect of every declared entity that can have one.
 */
import type { SourceLocation } from '../errors.js';
import type { DesiredAspect } from '../model/desired-state.js';
import { didYouMean } from '../model/did-you-mean.js';
import { decommissionTimeOf } from '../model/model-lifecycle.js';
import { formatUrn, parseUrn } from '../model/urn.js';
import { KINDS } from './registry.js';
import type { PendingDeprecation, ResolveScope } from './resolve-context.js';
import { compact } from './resolve-helpers.js';

/**
 * Declared (`true` or a block) → the manifest's, with the Settings actor (Deprecation requires note and actor);
 * `false` or absent → null, so the diff un-deprecates only what the tool wrote. Absent is null in the map (no
 * position looked up: the late aspects locate it at the entity).
 */
export function resolveDeprecations(
  pending: readonly PendingDeprecation[],
  scope: ResolveScope,
): Map<string, DesiredAspect | null> {
  const aspects = new Map<string, DesiredAspect | null>();
  for (const line of pending) {
    const { source: doc, value, at, urn } = line;
    if (value === undefined) {
      aspects.set(urn, null);
      continue;
    }
    const source = doc.locate([...at, 'deprecated']);
    if (value === false) {
      aspects.set(urn, { aspectName: 'deprecation', value: null, source });
      continue;
    }
    const block = value === true ? {} : value;
    const replacement =
      block.replacement === undefined
        ? undefined
        : replacementUrn(scope, line, block.replacement, doc.locate([...at, 'deprecated', 'replacement']));
    let decommissionTime: number | undefined;
    if (block.decommissionTime !== undefined) {
      decommissionTime = decommissionTimeOf(block.decommissionTime);
      if (decommissionTime === undefined)
        scope.error(
          'INVALID_VALUE',
          `'${block.decommissionTime}' is not a date`,
          doc.locate([...at, 'deprecated', 'decommissionTime']),
          { hint: 'write a real calendar date as YYYY-MM-DD, or a date-time with its zone' },
        );
    }
    aspects.set(urn, {
      aspectName: 'deprecation',
      value: compact({
        deprecated: true,
        note: block.note ?? '',
        actor: scope.settings.actor,
        replacement,
        decommissionTime,
      }),
      source,
    });
  }
  return aspects;
}

/** How each kind's replacement is named, for the hint of an unknown one. */
const REPLACEMENT_NAMES = new Map<string, string>(
  KINDS.flatMap((module) =>
    'resolve' in module && module.resolve.replacementName !== undefined
      ? [[module.kind, module.resolve.replacementName] as const]
      : [],
  ),
);

/** A replacement: a URN, or the name of a declared entity of the same kind (ids for terms and tags). */
function replacementUrn(
  scope: ResolveScope,
  pending: PendingDeprecation,
  ref: string,
  source: SourceLocation,
): string | undefined {
  if (ref.startsWith('urn:')) {
    const parsed = parseUrn(ref);
    if (parsed.ok) return formatUrn(parsed.value);
    scope.error('MALFORMED_URN', `malformed replacement URN '${ref}'`, source, { hint: parsed.error });
    return undefined;
  }
  const what = REPLACEMENT_NAMES.get(pending.kind);
  // Looked up in place: copying a kind's whole table for each replacement was quadratic in large catalogs.
  const urns = what === undefined ? [] : scope.urnsNamed(pending.kind, ref);
  if (urns.length === 1) return urns[0];
  if (urns.length > 1) {
    // Same name on several platforms or envs: the one beside the deprecated entity, else it is ambiguous.
    const near = urns.find((urn) => {
      const parsed = parseUrn(urn);
      if (!parsed.ok) return false;
      const value = parsed.value as { platform?: string; env?: string };
      return value.platform === pending.platform && (pending.env === undefined || value.env === pending.env);
    });
    if (near !== undefined) return near;
    scope.error('INVALID_VALUE', `replacement '${ref}' names ${urns.length} entities`, source, {
      hint: `write the URN of the one meant: ${urns.join(', ')}`,
    });
    return undefined;
  }
  const hint =
    didYouMean(ref, what === undefined ? [] : [...scope.namesOf(pending.kind)]) ??
    `write the ${what ?? 'name'} of a declared ${pending.kind}, or the URN of the replacement`;
  scope.error('UNKNOWN_REFERENCE', `unknown replacement '${ref}'`, source, { hint });
  return undefined;
}
