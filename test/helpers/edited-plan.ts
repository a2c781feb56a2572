import { writeFileSync } from 'node:fs';
import { serializePlan } from '../../src/plan/plan-json.js';
import type { Plan } from '../../src/plan/types.js';

/**
 * Writes a plan a test edited (to stand for a run stopped half way) as catalog writes plans: with the digest of its
 * new content, which `catalog apply` checks. Only a test may do this; an edited plan without it is refused.
 */
export function writeEditedPlan(file: string, edited: object): void {
  const { digest: _digest, ...content } = edited as { digest?: unknown };
  writeFileSync(file, serializePlan(content as unknown as Plan));
}
