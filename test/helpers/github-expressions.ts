/**
 * Just enough of GitHub's expression language to run action.yml's steps locally: context references
 * (`inputs.x`, `github.y`, `steps.s.outputs.o`), string literals, `==`, `!=`, `&&`, `||`, `!`, parentheses and
 * `always()`. Anything else throws, so a step that needs more fails the test instead of being misread.
 */

export type Contexts = Readonly<Record<string, unknown>>;

type Value = string | boolean | number | null;

/** `${{ … }}` in a string replaced by the values of the expressions. */
export function interpolate(text: string, contexts: Contexts): string {
  return text.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) => toText(evaluate(expression, contexts)));
}

/** An `if:` condition (with or without `${{ }}`). */
export function condition(text: string, contexts: Contexts): boolean {
  const bare = text.trim().replace(/^\$\{\{(.*)\}\}$/s, '$1');
  return truthy(evaluate(bare, contexts));
}

function toText(value: Value): string {
  return value === null ? '' : String(value);
}

function truthy(value: Value): boolean {
  return value !== null && value !== false && value !== '' && value !== 0;
}

const TOKEN = /\s*(\(|\)|==|!=|&&|\|\||!|'(?:[^']|'')*'|[A-Za-z_][\w.-]*\(\)|[A-Za-z_][\w.-]*|\d+)/y;

export function evaluate(expression: string, contexts: Contexts): Value {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  const source = expression.trim();
  while (TOKEN.lastIndex < source.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (match === null) throw new Error(`cannot read expression ${JSON.stringify(expression)} at ${start}`);
    tokens.push(match[1] as string);
  }
  let position = 0;
  const peek = (): string | undefined => tokens[position];
  const take = (): string => {
    const token = tokens[position];
    if (token === undefined) throw new Error(`expression ended early: ${expression}`);
    position += 1;
    return token;
  };
  const primary = (): Value => {
    const token = take();
    if (token === '(') {
      const value = or();
      if (take() !== ')') throw new Error(`missing ) in ${expression}`);
      return value;
    }
    if (token === '!') return !truthy(primary());
    if (token.startsWith("'")) return token.slice(1, -1).replace(/''/g, "'");
    if (/^\d+$/.test(token)) return Number(token);
    if (token === 'always()') return true;
    if (token === 'true' || token === 'false') return token === 'true';
    if (token.endsWith('()')) throw new Error(`function ${token} is not supported here`);
    return lookup(token, contexts);
  };
  const comparison = (): Value => {
    const left = primary();
    const operator = peek();
    if (operator !== '==' && operator !== '!=') return left;
    take();
    const right = primary();
    const equal = looseEqual(left, right);
    return operator === '==' ? equal : !equal;
  };
  const and = (): Value => {
    let value = comparison();
    while (peek() === '&&') {
      take();
      const right = comparison();
      value = truthy(value) ? right : value;
    }
    return value;
  };
  const or = (): Value => {
    let value = and();
    while (peek() === '||') {
      take();
      const right = and();
      value = truthy(value) ? value : right;
    }
    return value;
  };
  const value = or();
  if (position !== tokens.length) throw new Error(`unexpected ${tokens[position]} in ${expression}`);
  return value;
}

/** GitHub compares strings case-insensitively, and a missing value as null. */
function looseEqual(left: Value, right: Value): boolean {
  if (typeof left === 'string' && typeof right === 'string')
    return left.toLowerCase() === right.toLowerCase();
  return left === right;
}

function lookup(path: string, contexts: Contexts): Value {
  let current: unknown = contexts;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[part];
  }
  if (current === undefined || current === null) return null;
  if (typeof current === 'string' || typeof current === 'boolean' || typeof current === 'number')
    return current;
  throw new Error(`${path} is not a value`);
}
