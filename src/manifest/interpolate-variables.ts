/**
 * `${var.name}` in manifests: replaced by the selected environment's variables after parsing and before the schemas
 * see the values, so a value that becomes invalid is reported as any other, and an unknown variable is reported at
 * the string that names it. Pure.
 *
 * Rules (docs/environments.md):
 * - only string values are interpolated, never mapping keys; the Settings document is taken as written (it
 *   declares the variables);
 * - `$${var.name}` is the literal text `${var.name}`; any other `${…}` is left as it is, so text that merely looks
 *   like a placeholder (a shell snippet in a description) keeps working;
 * - a replacement is not interpolated again.
 */
import { isJsonObject } from '../model/json.js';
import type { Diagnostic } from '../errors.js';
import type { ParsedDocument } from '../kinds/source.js';
import { readEnvironments, selectEnvironment, type Environment } from './select-environment.js';

export interface InterpolationOutcome {
  readonly documents: readonly ParsedDocument[];
  readonly diagnostics: readonly Diagnostic[];
  /** The environment selected (absent: none asked for, or an unknown one, which is among the diagnostics). */
  readonly environment?: Environment;
}

const REFERENCE = /\$(\$?)\{var\.([^}]*)\}/g;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Selects the environment named `environmentName` in the Settings document among `documents` and interpolates
 * its variables into every other document. Documents without a reference are returned as they are.
 */
export function interpolateVariables(
  documents: readonly ParsedDocument[],
  environmentName: string | undefined,
): InterpolationOutcome {
  const settings = documents.find((document) => isSettings(document.value));
  const choice = selectEnvironment(readEnvironments(settings?.value), environmentName);
  const diagnostics: Diagnostic[] = [];
  if (!choice.ok) {
    const location = settings?.locate(['environments'], 'key') ?? settings?.locate(['kind']);
    diagnostics.push({
      code: 'UNKNOWN_REFERENCE',
      severity: 'error',
      message: choice.message,
      ...(location === undefined ? {} : { location }),
      hint: choice.hint,
    });
    // Every variable would be unknown too: one error to fix, not a follow-on error at each reference.
    return { documents, diagnostics };
  }
  const environment = choice.ok ? choice.environment : undefined;
  const variables = environment?.variables ?? {};
  const unknown = (name: string): string =>
    environment !== undefined
      ? `environment '${environment.name}' declares ${describeNames(Object.keys(variables))}`
      : environmentName === undefined
        ? 'no environment is selected: pass --environment NAME (or set CATALOG_ENVIRONMENT)'
        : `declare '${name}' under environments.${environmentName}.variables`;
  const interpolated = documents.map((document) => {
    if (document === settings) return document;
    let changed = false;
    // A YAML alias may make a value contain itself (`&a [*a]`): that value is left as it is (its schema rejects it).
    const ancestors = new Set<unknown>();
    // One path, pushed and popped as the walk goes (copied only for an error): no array per node of a large catalog.
    const path: (string | number)[] = [];
    const walk = (value: unknown): unknown => {
      if (typeof value === 'string') {
        if (!value.includes('{var.')) return value;
        const result = value.replace(REFERENCE, (whole, escape: string, name: string) => {
          if (escape === '$') return whole.slice(1);
          const replacement = VARIABLE_NAME.test(name) ? variables[name] : undefined;
          if (replacement !== undefined && Object.hasOwn(variables, name)) return replacement;
          diagnostics.push({
            code: 'UNKNOWN_REFERENCE',
            severity: 'error',
            message: VARIABLE_NAME.test(name)
              ? `unknown variable '${name}' in \${var.${name}}`
              : `'\${var.${name}}' is not a variable reference (a name is letters, digits and _)`,
            location: document.locate([...path]),
            hint: unknown(name),
          });
          return whole;
        });
        if (result !== value) changed = true;
        return result;
      }
      if (ancestors.has(value)) return value;
      if (Array.isArray(value)) {
        const items: unknown[] = value;
        let copy: unknown[] | undefined;
        ancestors.add(value);
        items.forEach((item, index) => {
          path.push(index);
          const next = walk(item);
          path.pop();
          if (next !== item) (copy ??= [...items])[index] = next;
        });
        ancestors.delete(value);
        return copy ?? value;
      }
      if (isJsonObject(value)) {
        let copy: Record<string, unknown> | undefined;
        ancestors.add(value);
        for (const key of Object.keys(value)) {
          const field = value[key];
          path.push(key);
          const next = walk(field);
          path.pop();
          // Defined as data, so a key named __proto__ stays a key (the spread copies it as data too).
          if (next !== field) {
            copy ??= { ...value };
            Object.defineProperty(copy, key, {
              value: next,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          }
        }
        ancestors.delete(value);
        return copy ?? value;
      }
      return value;
    };
    const value = walk(document.value);
    return changed ? { ...document, value } : document;
  });
  return { documents: interpolated, diagnostics, ...(environment === undefined ? {} : { environment }) };
}

function isSettings(value: unknown): boolean {
  return isJsonObject(value) && value['kind'] === 'Settings';
}

function describeNames(names: readonly string[]): string {
  return names.length === 0 ? 'no variables' : `the variables ${[...names].sort().join(', ')}`;
}
