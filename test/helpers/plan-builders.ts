/** The smallest whole Plan value and the common fields of a change, for tests that build plans by hand. */
import { PLAN_FORMAT_VERSION, type Change, type Plan, type PlanSummary } from '../../src/plan/types.js';

export const EMPTY_SUMMARY: PlanSummary = {
  create: 0,
  update: 0,
  delete: 0,
  termsAttached: 0,
  termsDetached: 0,
  associationsAdded: 0,
  associationsRemoved: 0,
  claimed: 0,
  unchanged: 0,
};

/** A plan of these changes against the embedded catalog, with pruning allowed; `overrides` replace fields. */
export function plan(changes: Change[], overrides: Partial<Plan> = {}): Plan {
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    tool: { name: 'catalog', version: 'test' },
    target: 'embedded',
    actor: 'urn:li:corpuser:bot',
    git: { revision: null, dirty: false, manifestDir: { local: '.', recorded: '.' } },
    options: { prune: true, maxDeletes: 10 },
    summary: EMPTY_SUMMARY,
    changes,
    notes: [],
    ...overrides,
  };
}

/** The fields every change has: its id, entity, aspect and the version it saw. */
export const base = (urn: string, entityType: string, aspect: string) => ({
  id: `${aspect} ${urn}`,
  urn,
  entityType,
  aspect,
  versionSeen: '1',
});
