import { parse } from 'yaml';
import { adoptArgs, readInputs, reconcileArgs } from '../../src/action/inputs.js';
import { condition, interpolate, type Contexts, type Value } from '../helpers/github-expressions.js';

/**
 * Which catalog commands a workflow runs for one event: each job's `if:` and each action step's `if:` evaluated as
 * GitHub would, and the action's inputs turned into the command line by the action's own code (src/action/). A
 * matrix job runs once per row the test gives (the rows a `fromJSON` would make).
 */
export interface ActionRun {
  readonly job: string;
  readonly command: string;
  /** The environment the action runs for; '' for the manifests as written. */
  readonly environment: string;
  /** `catalog …` as the action runs it. */
  readonly args: readonly string[];
  /** The job's concurrency group, interpolated. */
  readonly concurrency: string | undefined;
  /** The step's env (names and their unevaluated values). */
  readonly env: Readonly<Record<string, string>>;
}

export interface WorkflowEvent {
  readonly name: 'push' | 'schedule' | 'workflow_dispatch';
  readonly schedule?: string;
}

interface Step {
  if?: string;
  uses?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  concurrency?: { group: string } | string;
  steps: Step[];
}

export function simulate(
  text: string,
  event: WorkflowEvent,
  options: {
    readonly isAction: (uses: string) => boolean;
    readonly vars?: Readonly<Record<string, string>>;
    readonly matrices?: Readonly<Record<string, readonly Record<string, Value>[]>>;
    readonly needs?: Readonly<Record<string, Value>>;
  },
): ActionRun[] {
  const workflow = parse(text) as { jobs: Record<string, Job> };
  const runs: ActionRun[] = [];
  for (const [id, job] of Object.entries(workflow.jobs)) {
    for (const matrix of options.matrices?.[id] ?? [{}]) {
      const contexts: Contexts = {
        github: { event_name: event.name, event: { schedule: event.schedule ?? null } },
        // An unset repository variable reads as ''.
        vars: new Proxy({ ...options.vars }, { get: (target, key: string) => target[key] ?? '' }),
        needs: options.needs ?? {},
        matrix,
        env: {},
        steps: {},
      };
      if (!condition(job.if, contexts)) continue;
      const group = typeof job.concurrency === 'string' ? job.concurrency : job.concurrency?.group;
      for (const step of job.steps) {
        if (step.uses === undefined || !options.isAction(step.uses) || !condition(step.if, contexts))
          continue;
        const input = (name: string): string => {
          const value = step.with?.[name];
          if (value === undefined) return '';
          return typeof value === 'string' ? interpolate(value, contexts) : JSON.stringify(value);
        };
        const inputs = readInputs({
          INPUT_COMMAND: input('command'),
          INPUT_DIRECTORY: input('directory'),
          INPUT_SERVER: input('server'),
          INPUT_ENVIRONMENTS: input('environments'),
        });
        const environment = input('environments');
        runs.push({
          job: id,
          command: inputs.command,
          environment,
          args:
            inputs.command === 'adopt'
              ? adoptArgs(inputs)
              : reconcileArgs(inputs, 'plan.json', environment === '' ? undefined : environment),
          concurrency: group === undefined ? undefined : interpolate(group, contexts),
          env: step.env ?? {},
        });
      }
    }
  }
  return runs;
}
