/**
 * The variables an environment's `tokenEnv` named in this run: the error boundary (program.ts redactSecrets)
 * redacts their values as it does DATAHUB_GMS_TOKEN's. Kept per CliIo (one per run, several in tests), and in a
 * module of its own so that the program does not load the client to know them.
 */
import type { CliIo } from './io.js';

const tokenVariables = new WeakMap<CliIo, Set<string>>();

export function rememberTokenVariable(io: CliIo, name: string): void {
  const names = tokenVariables.get(io) ?? new Set<string>();
  names.add(name);
  tokenVariables.set(io, names);
}

export function tokenVariablesOf(io: CliIo): readonly string[] {
  return [...(tokenVariables.get(io) ?? [])].sort();
}
