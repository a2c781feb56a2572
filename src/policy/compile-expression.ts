/**
 * CEL through Buf's library (@bufbuild/cel, which runs cel-spec's conformance suite): an expression is parsed,
 * checked for names it cannot mean and planned once, then evaluated on every entity. Never `eval`.
 */
import {
  CelScalar,
  celEnv,
  isCelError,
  isCelList,
  isCelMap,
  isCelUint,
  parse,
  plan,
  type CelInput,
} from '@bufbuild/cel';
import type { SourceLocation } from '../errors.js';
import { didYouMean } from '../model/did-you-mean.js';
import { errorMessage } from '../model/error-message.js';
import { isJsonObject, type JsonValue } from '../model/json.js';
import type { CompiledExpression, ExpressionResult, PolicyBindings } from './types.js';

/** The variables every expression sees; both are dynamic (maps of JSON values). */
export const POLICY_VARIABLES = ['entity', 'after'] as const;

const ENV = celEnv({ variables: { entity: CelScalar.DYN, after: CelScalar.DYN } });

/** Type names CEL lets an expression use as values (`type(x) == string`). */
const TYPE_NAMES = new Set([
  'bool',
  'bytes',
  'double',
  'dyn',
  'int',
  'list',
  'map',
  'null_type',
  'string',
  'type',
  'uint',
]);

/** Macros the parser expands when their arguments fit; a call left with one of these names was misused. */
const MACRO_USAGE: Readonly<Record<string, string>> = {
  has: 'has() takes one field selection, e.g. has(entity.description)',
  all: 'all() takes a variable and a condition, e.g. entity.tags.all(t, t.startsWith("urn:li:tag:"))',
  exists:
    'exists() takes a variable and a condition, e.g. entity.owners.exists(o, o.type == "TECHNICAL_OWNER")',
  exists_one: 'exists_one() takes a variable and a condition, e.g. entity.groups.exists_one(g, true)',
  map: 'map() takes a variable and an expression, e.g. entity.owners.map(o, o.owner)',
  filter: 'filter() takes a variable and a condition, e.g. entity.owners.filter(o, o.type == "DATA_STEWARD")',
};

export type CompileOutcome =
  | { readonly ok: true; readonly expression: CompiledExpression }
  | { readonly ok: false; readonly message: string; readonly hint?: string };

type ParsedCel = ReturnType<typeof parse>;
type CelExpr = ParsedCel['expr'];

/**
 * Parses and plans one expression. A syntax error, a variable other than `entity`, `after` and the macros' own,
 * and a function CEL does not have are compile errors (each with where in the expression it is), so that they
 * are reported once at the policy instead of as a failure on every entity.
 */
export function compileExpression(text: string, source: SourceLocation): CompileOutcome {
  let parsed: ParsedCel;
  try {
    parsed = parse(text);
  } catch (error) {
    return { ok: false, message: syntaxErrorMessage(text, error) };
  }
  const problem = checkNames(parsed.expr, new Set(), (id) => positionOf(parsed, id));
  if (problem !== undefined) {
    const at = problem.offset === undefined ? '' : ` (${describePosition(text, problem.offset)})`;
    return {
      ok: false,
      message: `${problem.message}${at}`,
      ...(problem.hint === undefined ? {} : { hint: problem.hint }),
    };
  }
  let run: (bindings: { entity: CelInput; after: CelInput }) => unknown;
  try {
    run = plan(ENV, parsed);
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
  const evaluate = (bindings: PolicyBindings): ExpressionResult => {
    let result: unknown;
    try {
      result = run({ entity: bindings.entity, after: bindings.after });
    } catch (error) {
      // The library returns its errors; a throw would be its bug, and one entity must not stop the run.
      return { ok: false, error: errorMessage(error) };
    }
    if (isCelError(result)) return { ok: false, error: result.message };
    if (typeof result === 'boolean') return { ok: true, value: result };
    return { ok: false, error: `it gave ${describeValue(result)}, not true or false` };
  };
  return { ok: true, expression: { text, source, usesAfter: namesAfter(parsed.expr), evaluate } };
}

/**
 * A JSON value as the CEL library takes it: objects as maps (so no key is looked up on a prototype), and
 * integers as CEL ints (bigint) so that `entity.n + 1` works; YAML cannot tell 1.0 from 1, so 1.0 is an int too.
 */
export function toCelValue(value: JsonValue): CelInput {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(toCelValue);
  if (isJsonObject(value)) {
    const map = new Map<string, CelInput>();
    for (const [key, item] of Object.entries(value)) map.set(key, toCelValue(item));
    return map;
  }
  return null;
}

function syntaxErrorMessage(text: string, error: unknown): string {
  const located = error as { rawMessage?: unknown; location?: { start?: { offset?: unknown } } };
  const offset = located.location?.start?.offset;
  if (typeof located.rawMessage === 'string' && typeof offset === 'number')
    return `${located.rawMessage} (${describePosition(text, offset)})`;
  return errorMessage(error);
}

/** "column 14 of the expression", or "line 2, column 3 of the expression" for one written over several lines. */
function describePosition(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return text.includes('\n')
    ? `line ${line}, column ${column} of the expression`
    : `column ${column} of the expression`;
}

function positionOf(parsed: ParsedCel, id: bigint): number | undefined {
  const positions = parsed.sourceInfo?.positions as Readonly<Record<string, number>> | undefined;
  return positions?.[String(id)];
}

interface NameProblem {
  readonly message: string;
  readonly hint?: string;
  readonly offset?: number;
}

function checkNames(
  expr: CelExpr | undefined,
  scope: ReadonlySet<string>,
  position: (id: bigint) => number | undefined,
): NameProblem | undefined {
  if (expr === undefined) return undefined;
  const kind = expr.exprKind;
  switch (kind.case) {
    case 'identExpr': {
      const { name } = kind.value;
      if (scope.has(name) || TYPE_NAMES.has(name) || (POLICY_VARIABLES as readonly string[]).includes(name))
        return undefined;
      const candidates = [...POLICY_VARIABLES, ...[...scope].filter((item) => !item.startsWith('@'))];
      return {
        message: `unknown variable '${name}'`,
        hint: didYouMean(name, candidates) ?? 'an expression sees `entity` and `after`',
        ...offsetOf(position, expr.id),
      };
    }
    case 'selectExpr':
      return checkNames(kind.value.operand, scope, position);
    case 'callExpr': {
      const call = kind.value;
      const name = call.function;
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && ENV.funcs.find(name) === undefined) {
        const usage = MACRO_USAGE[name];
        if (usage !== undefined)
          return { message: `wrong use of ${name}()`, hint: usage, ...offsetOf(position, expr.id) };
        return {
          message: `unknown function '${name}'`,
          hint:
            didYouMean(name, functionNames()) ?? 'see the CEL language definition for the functions it has',
          ...offsetOf(position, expr.id),
        };
      }
      for (const child of [call.target, ...call.args]) {
        const problem = checkNames(child, scope, position);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    case 'listExpr':
      for (const element of kind.value.elements) {
        const problem = checkNames(element, scope, position);
        if (problem !== undefined) return problem;
      }
      return undefined;
    case 'structExpr':
      for (const entry of kind.value.entries) {
        const key = entry.keyKind.case === 'mapKey' ? entry.keyKind.value : undefined;
        const problem = checkNames(key, scope, position) ?? checkNames(entry.value, scope, position);
        if (problem !== undefined) return problem;
      }
      return undefined;
    case 'comprehensionExpr': {
      const loop = kind.value;
      const inner = new Set([
        ...scope,
        loop.accuVar,
        loop.iterVar,
        ...(loop.iterVar2 === '' ? [] : [loop.iterVar2]),
      ]);
      return (
        checkNames(loop.iterRange, scope, position) ??
        checkNames(loop.accuInit, scope, position) ??
        checkNames(loop.loopCondition, inner, position) ??
        checkNames(loop.loopStep, inner, position) ??
        checkNames(loop.result, inner, position)
      );
    }
    case 'constExpr':
    case undefined:
      return undefined;
  }
}

function offsetOf(position: (id: bigint) => number | undefined, id: bigint): { offset?: number } {
  const offset = position(id);
  return offset === undefined ? {} : { offset };
}

let names: string[] | undefined;

/** The functions CEL's standard environment has, by name (operators left out). */
function functionNames(): string[] {
  names ??= [...new Set([...ENV.funcs].map((func) => func.name))]
    .filter((name) => /^[A-Za-z]/.test(name))
    .sort();
  return names;
}

/** Whether the expression names `after` anywhere (a macro variable called `after` would shadow it: rare, harmless). */
function namesAfter(expr: CelExpr | undefined): boolean {
  if (expr === undefined) return false;
  const kind = expr.exprKind;
  switch (kind.case) {
    case 'identExpr':
      return kind.value.name === 'after';
    case 'selectExpr':
      return namesAfter(kind.value.operand);
    case 'callExpr':
      return [kind.value.target, ...kind.value.args].some(namesAfter);
    case 'listExpr':
      return kind.value.elements.some(namesAfter);
    case 'structExpr':
      return kind.value.entries.some(
        (entry) =>
          (entry.keyKind.case === 'mapKey' && namesAfter(entry.keyKind.value)) || namesAfter(entry.value),
      );
    case 'comprehensionExpr': {
      const loop = kind.value;
      return [loop.iterRange, loop.accuInit, loop.loopCondition, loop.loopStep, loop.result].some(namesAfter);
    }
    case 'constExpr':
    case undefined:
      return false;
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `a string (${JSON.stringify(value)})`;
  if (typeof value === 'bigint') return `an int (${value})`;
  if (typeof value === 'number') return `a double (${value})`;
  if (isCelList(value)) return 'a list';
  if (isCelMap(value)) return 'a map';
  if (isCelUint(value)) return 'a uint';
  return 'a value of another type';
}
