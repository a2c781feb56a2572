import { DEFAULT_DEPENDENCY_WALK, readDependencyGraph } from '../client/read-dependency-graph.js';
import { errorMessage } from '../model/error-message.js';
import { computeChangeGraph, DEFAULT_PICTURE_NODES } from '../plan/change-graph.js';
import type { DependencyGraph } from '../plan/dependency-graph.js';
import { computeImpact, DEFAULT_IMPACT_LIMIT, impactSeeds } from '../plan/impact.js';
import type { Plan } from '../plan/types.js';
import type { EventListener } from './events.js';
import type { Connection } from './open-target.js';

/** The relationships an impact is computed from, or why they could not be read (never rejects). */
export type ImpactRead = Promise<DependencyGraph | { readonly error: unknown }>;

/**
 * Starts reading what depends on a plan's changes (one GraphQL request per hop and 100 URNs). It goes on while
 * the plan is checked and judged: judging annotates the changes (origin, policies) and never adds or drops one,
 * so the seeds stay the same.
 */
export function startImpactRead(plan: Plan, connection: Connection): ImpactRead {
  return readDependencyGraph(connection.client.graphql, impactSeeds(plan), DEFAULT_DEPENDENCY_WALK).catch(
    (error: unknown) => ({ error }),
  );
}

/**
 * What depends on the changes, and the picture of them, from the relationships read for them. Never in the way of
 * a plan: a catalog that cannot answer gets a warning instead.
 */
export async function withImpact(
  plan: Plan,
  impactRead: ImpactRead,
  options: { readonly picture: boolean; readonly onEvent?: EventListener },
): Promise<Plan> {
  if (plan.changes.length === 0) return plan;
  const graph = await impactRead;
  if ('error' in graph) {
    options.onEvent?.({
      type: 'warning',
      message: `the impact of the plan could not be read: ${errorMessage(graph.error)}`,
    });
    return plan;
  }
  for (const problem of graph.problems ?? [])
    options.onEvent?.({ type: 'warning', message: `impact: ${problem}` });
  const changeGraph = options.picture
    ? computeChangeGraph(plan, graph, { maxNodes: DEFAULT_PICTURE_NODES })
    : undefined;
  return {
    ...plan,
    impact: computeImpact(plan, graph, { limit: DEFAULT_IMPACT_LIMIT }),
    ...(changeGraph === undefined ? {} : { changeGraph }),
  };
}
