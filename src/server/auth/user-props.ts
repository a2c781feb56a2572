/**
 * DataHub's file of users and passwords, `user.props` (datahub-frontend/conf/user.props at v1.7.0, read by its
 * JAAS PropertyFileLoginModule through java.util.Properties): one `user:password` (or `user=password`) a line,
 * `#` and `!` comments, backslash escapes and continued lines as Properties reads them. DataHub's own file holds
 * the root user, `datahub:datahub`.
 *
 * Parsing is pure: the engine reads the file and reports the problems at file:line:column. A problem never
 * quotes a password, and the lines are not shown (they hold passwords).
 */
import type { SourceLocation } from '../../errors.js';

export interface UserEntry {
  readonly username: string;
  readonly password: string;
  readonly location: SourceLocation;
}

export interface UserPropsProblem {
  readonly code: 'INVALID_VALUE' | 'DUPLICATE_DECLARATION' | 'MISSING_FIELD';
  readonly message: string;
  readonly hint: string;
  readonly location: SourceLocation;
  readonly related?: SourceLocation;
}

export interface ParsedUserProps {
  readonly users: readonly UserEntry[];
  readonly problems: readonly UserPropsProblem[];
}

/** A user name the catalog can make a corpuser URN of: no spaces, controls or the URN's tuple characters. */
const USERNAME = /^[^\s(),\p{Cc}]{1,256}$/u;

export function parseUserProps(text: string, file: string): ParsedUserProps {
  const users: UserEntry[] = [];
  const problems: UserPropsProblem[] = [];
  const seen = new Map<string, SourceLocation>();
  for (const line of logicalLines(text)) {
    const parsed = splitEntry(line.text);
    const location = { file, line: line.number, column: line.indent + 1 };
    const username = parsed.key;
    if (!USERNAME.test(username)) {
      problems.push({
        code: 'INVALID_VALUE',
        location,
        message: 'this user name cannot name a DataHub user',
        hint: 'a user name is 1 to 256 characters without spaces, commas or parentheses',
      });
      continue;
    }
    if (parsed.value === '') {
      problems.push({
        code: 'INVALID_VALUE',
        location,
        message: `user ${username} has an empty password`,
        hint: `write it as ${username}:<password>`,
      });
      continue;
    }
    const first = seen.get(username);
    if (first !== undefined) {
      problems.push({
        code: 'DUPLICATE_DECLARATION',
        location,
        related: first,
        message: `user ${username} is listed twice (first on line ${first.line})`,
        hint: 'keep one line per user',
      });
      continue;
    }
    seen.set(username, location);
    users.push({ username, password: parsed.value, location });
  }
  if (users.length === 0 && problems.length === 0) {
    problems.push({
      code: 'MISSING_FIELD',
      location: { file, line: 1, column: 1 },
      message: 'the file lists no users',
      hint: "add a line user:password, e.g. the root user's datahub:<password>",
    });
  }
  return { users, problems };
}

interface LogicalLine {
  readonly text: string;
  /** 1-based number of the physical line it starts on. */
  readonly number: number;
  /** Characters of whitespace before it. */
  readonly indent: number;
}

/** Properties.load's logical lines: comments and blank lines dropped, `\`-continued lines joined. */
function logicalLines(text: string): LogicalLine[] {
  const physical = text.replace(/^\uFEFF/u, '').split(/\r\n|\r|\n/u);
  const result: LogicalLine[] = [];
  for (let index = 0; index < physical.length; index += 1) {
    const raw = physical[index] ?? '';
    const stripped = raw.replace(/^[ \t\f]+/u, '');
    if (stripped === '' || stripped.startsWith('#') || stripped.startsWith('!')) continue;
    const start = index;
    let joined = stripped;
    while (endsInEscape(joined) && index + 1 < physical.length) {
      index += 1;
      joined = joined.slice(0, -1) + (physical[index] ?? '').replace(/^[ \t\f]+/u, '');
    }
    if (endsInEscape(joined)) joined = joined.slice(0, -1);
    result.push({ text: joined, number: start + 1, indent: raw.length - stripped.length });
  }
  return result;
}

/** Whether a line ends in an odd number of backslashes (a continuation, not an escaped backslash). */
function endsInEscape(line: string): boolean {
  let count = 0;
  for (let at = line.length - 1; at >= 0 && line[at] === '\\'; at -= 1) count += 1;
  return count % 2 === 1;
}

/** The key up to the first unescaped `=`, `:` or whitespace; the value after that separator. */
function splitEntry(line: string): { key: string; value: string } {
  let at = 0;
  while (at < line.length) {
    const char = line[at] as string;
    if (char === '\\') at += 2;
    else if (char === '=' || char === ':' || char === ' ' || char === '\t' || char === '\f') break;
    else at += 1;
  }
  const key = line.slice(0, Math.min(at, line.length));
  let rest = line.slice(at).replace(/^[ \t\f]+/u, '');
  if (rest.startsWith('=') || rest.startsWith(':')) rest = rest.slice(1).replace(/^[ \t\f]+/u, '');
  return { key: unescape(key), value: unescape(rest) };
}

const ESCAPES: Readonly<Record<string, string>> = { t: '\t', n: '\n', r: '\r', f: '\f' };

function unescape(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/gsu, (_match, escaped: string) =>
    escaped.length === 5
      ? String.fromCharCode(parseInt(escaped.slice(1), 16))
      : (ESCAPES[escaped] ?? escaped),
  );
}
