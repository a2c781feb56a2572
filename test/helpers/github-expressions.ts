/**
 * A small evaluator of GitHub Actions expressions, enough for action.yml's steps and the workflows' `if:`
 * conditions and `${{ }}` inputs (contexts, string literals, ==, !=, !, &&, ||, parentheses, `always()`), with
 * GitHub's rules: `&&` and `||` return an operand, strings compare ignoring case, and values of different types
 * compare as numbers. Anything else throws, so a step that needs more fails the test instead of being misread.
 * Tests use it to run an action's steps and a workflow's conditions for each event instead of matching their text.
 */
export type Value = string | number | boolean | null | { readonly [key: string]: Value };
export type Contexts = Readonly<Record<string, unknown>>;

const TOKEN =
  /\s*(\|\||&&|==|!=|!|\(|\)|'(?:[^']|'')*'|[A-Za-z_][\w-]*\(\)|[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*|\d+)/y;

export function evaluate(expression: string, contexts: Contexts): Value {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  const text = expression.trim();
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (match === null) throw new Error(`cannot read "${text.slice(start)}" in ${expression}`);
    tokens.push(match[1] as string);
  }
  let index = 0;
  const peek = (): string | undefined => tokens[index];
  const next = (): string => {
    const token = tokens[index++];
    if (token === undefined) throw new Error(`unexpected end of ${expression}`);
    return token;
  };
  const or = (): Value => {
    let left = and();
    while (peek() === '||') {
      next();
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  };
  const and = (): Value => {
    let left = comparison();
    while (peek() === '&&') {
      next();
      const right = comparison();
      left = truthy(left) ? right : left;
    }
    return left;
  };
  const comparison = (): Value => {
    const left = unary();
    const operator = peek();
    if (operator !== '==' && operator !== '!=') return left;
    next();
    const same = equal(left, unary());
    return operator === '==' ? same : !same;
  };
  const unary = (): Value => {
    if (peek() === '!') {
      next();
      return !truthy(unary());
    }
    return primary();
  };
  const primary = (): Value => {
    const token = next();
    if (token === '(') {
      const value = or();
      if (next() !== ')') throw new Error(`expected ) in ${expression}`);
      return value;
    }
    if (token.startsWith("'")) return token.slice(1, -1).replace(/''/g, "'");
    if (/^\d+$/.test(token)) return Number(token);
    if (token === 'true' || token === 'false') return token === 'true';
    if (token === 'null') return null;
    if (token === 'always()') return true;
    if (token.endsWith('()') || peek() === '(')
      throw new Error(`functions are not supported: ${token} in ${expression}`);
    let value: unknown = contexts;
    for (const part of token.split('.')) {
      value =
        value !== null && typeof value === 'object'
          ? ((value as Record<string, unknown>)[part] ?? null)
          : null;
    }
    return value as Value;
  };
  const value = or();
  if (index !== tokens.length) throw new Error(`unexpected ${tokens[index]} in ${expression}`);
  return value;
}

export function truthy(value: Value): boolean {
  return value !== null && value !== false && value !== '' && value !== 0 && !Number.isNaN(value);
}

function equal(left: Value, right: Value): boolean {
  if (typeof left === 'string' && typeof right === 'string')
    return left.toLowerCase() === right.toLowerCase();
  if (typeof left === 'object' || typeof right === 'object') return left === right;
  return toNumber(left) === toNumber(right);
}

function toNumber(value: string | number | boolean | null): number {
  if (value === null) return 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' ? value : Number(value.trim());
}

/** A job's or step's `if:` (with or without `${{ }}`); none is true. */
export function condition(text: string | undefined, contexts: Contexts): boolean {
  if (text === undefined) return true;
  const inner = /^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(text);
  return truthy(evaluate(inner === null ? text : (inner[1] as string), contexts));
}

/** A value with `${{ }}` templates replaced (an input, a concurrency group). */
export function interpolate(text: string, contexts: Contexts): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, inner: string) => {
    const value = evaluate(inner, contexts);
    return value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}
