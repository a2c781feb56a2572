/**
 * A plan's digest: what a reviewer approves and what `catalog apply` checks a saved plan against, so that a plan
 * cannot change between review and apply without it showing (Terraform's saved plans, gitops-anchors.md). Every
 * write of an apply carries it (systemMetadata.properties.planDigest), so the catalog records which reviewed plan
 * wrote what.
 *
 * It is the SHA-256 of the plan's canonical JSON: the plan without its changes, `digest`, `impact` and
 * `changeGraph`, keys sorted, no spaces; then for each change in order a line break and the change the same way.
 * The impact and the change graph are left out: they are what the catalog's relationships showed around the
 * changes when the plan was made, worked out alongside it (and after the first write, when a plan is applied as
 * it is made), and decide nothing the apply does. Everything else is covered: the changes with every value they
 * write and every version they read, the target, the environment, the actor, the commit, the notes and the
 * warnings. Pure (hashing is computation).
 */
import { createHash } from 'node:crypto';
import { stableStringify } from '../model/json.js';
import type { Plan } from './types.js';

const PREFIX = 'sha256:';

/** A plan's digest is worked out once per plan value (a large plan's JSON is tens of megabytes). */
const digests = new WeakMap<Plan, string>();

/** `sha256:<64 hex digits>` of the plan's canonical JSON (see above). */
export function planDigest(plan: Plan): string {
  const known = digests.get(plan);
  if (known !== undefined) return known;
  const {
    changes,
    impact: _impact,
    changeGraph: _graph,
    ...rest
  } = plan as Plan & { readonly digest?: unknown };
  const { digest: _digest, ...head } = rest as typeof rest & { readonly digest?: unknown };
  const hash = createHash('sha256');
  hash.update(stableStringify(head));
  for (const change of changes) hash.update(`\n${stableStringify(change)}`);
  const digest = `${PREFIX}${hash.digest('hex')}`;
  digests.set(plan, digest);
  return digest;
}

/** The first 12 hex digits, as a reviewer compares them at a glance (the whole digest is in the JSON). */
export function shortDigest(digest: string): string {
  return digest.startsWith(PREFIX) ? digest.slice(PREFIX.length, PREFIX.length + 12) : digest.slice(0, 12);
}

/** Whether a text is a digest in the form planDigest gives. */
export function isPlanDigest(text: string): boolean {
  return /^sha256:[0-9a-f]{64}$/.test(text);
}
