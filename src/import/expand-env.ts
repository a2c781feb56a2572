/**
 * Environment variables in a business-glossary file, expanded as DataHub's config loader does
 * (metadata-ingestion/src/datahub/configuration/config_loader.py, EnvResolver._resolve_element, with the
 * `expandvars` package): a string value holding `${…}` is expanded and an unset variable is an error; a string
 * value starting with `$` is expanded, and left as it is when a variable is unset. Keys are never expanded.
 *
 * The forms handled are the ones `expandvars` documents for shells: `$NAME`, `${NAME}`, `${NAME:-default}`,
 * `${NAME-default}`, `${NAME:+alt}`, `${NAME+alt}`, `${NAME:?message}`, `${NAME?message}` and `\$` for a literal
 * dollar. Pure: the environment is passed in.
 */

export type Environment = Readonly<Record<string, string | undefined>>;

export class UnboundVariable extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/** expandvars.expand(text, nounset=True, environ=env). */
export function expandVariables(text: string, env: Environment): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '\\' && text[index + 1] === '$') {
      out += '$';
      index += 2;
      continue;
    }
    if (char !== '$') {
      out += char;
      index += 1;
      continue;
    }
    const rest = text.slice(index + 1);
    if (rest.startsWith('{')) {
      const close = matchingBrace(text, index + 1);
      if (close < 0) {
        out += text.slice(index);
        break;
      }
      out += expandBraced(text.slice(index + 2, close), env);
      index = close + 1;
      continue;
    }
    const name = NAME.exec(rest)?.[0];
    if (name === undefined) {
      out += '$';
      index += 1;
      continue;
    }
    const value = env[name];
    if (value === undefined) throw new UnboundVariable(`${name}: unbound variable`);
    out += value;
    index += 1 + name.length;
  }
  return out;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '{') depth += 1;
    else if (text[index] === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

function expandBraced(inner: string, env: Environment): string {
  const name = NAME.exec(inner)?.[0];
  if (name === undefined) throw new UnboundVariable(`\${${inner}}: bad substitution`);
  const value = env[name];
  const operator = /^(:?)([-+?=])/.exec(inner.slice(name.length));
  if (operator === null) {
    if (inner.length !== name.length) throw new UnboundVariable(`\${${inner}}: bad substitution`);
    if (value === undefined) throw new UnboundVariable(`${name}: unbound variable`);
    return value;
  }
  const [whole, colon, kind] = operator;
  const argument = inner.slice(name.length + whole.length);
  // With a colon, an empty value counts as unset.
  const unset = value === undefined || (colon === ':' && value === '');
  switch (kind) {
    case '-':
    case '=':
      return unset ? expandVariables(argument, env) : value;
    case '+':
      return unset ? '' : expandVariables(argument, env);
    default:
      if (unset)
        throw new UnboundVariable(`${name}: ${argument === '' ? 'parameter null or not set' : argument}`);
      return value;
  }
}

/** EnvResolver._resolve_element: which strings are expanded, and how an unset variable is treated. */
export function resolveElement(text: string, env: Environment): string {
  if (/(\$\{).+(\})/.test(text)) return expandVariables(text, env);
  if (text.startsWith('$')) {
    try {
      return expandVariables(text, env);
    } catch (error) {
      if (error instanceof UnboundVariable) return text;
      throw error;
    }
  }
  return text;
}
