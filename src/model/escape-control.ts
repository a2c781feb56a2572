/**
 * Control characters from manifests or from the catalog are shown, never obeyed: a name holding ESC must not
 * recolour, move the cursor of, or retitle the terminal that prints it. They are written as \u001B, as JSON
 * writes them.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/gu;
// eslint-disable-next-line no-control-regex
const CONTROL_AND_LINE_BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/gu;

const escapeOne = (char: string): string =>
  `\\u${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;

/** Escapes control characters; tab and newline are kept unless `singleLine`. */
export function escapeControl(text: string, singleLine = false): string {
  const control = singleLine ? CONTROL_AND_LINE_BREAKS : CONTROL;
  // Nearly every string has none: looking is cheaper than a replace that finds nothing (search() starts at 0
  // whatever the global regex's lastIndex).
  return text.search(control) < 0 ? text : text.replace(control, escapeOne);
}

/**
 * A JSON-like value with every string (and key) escaped: for rendering data to people. Parts without a control
 * character are the originals, not copies (a large plan has almost none, and copying it whole doubled the
 * memory its rendering took).
 */
export function escapeControlDeep<T>(value: T): T {
  if (typeof value === 'string') return escapeControl(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const escaped = escapeControlDeep(item);
      if (escaped !== item) (copy ??= [...(value as unknown[])])[index] = escaped;
    }
    return (copy ?? value) as T;
  }
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  let copy: Record<string, unknown> | undefined;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    const escapedKey = escapeControl(key, true);
    const escaped = escapeControlDeep(source[key]);
    if (copy === undefined && (escapedKey !== key || escaped !== source[key])) {
      copy = {};
      for (const earlier of keys.slice(0, index)) copy[earlier] = source[earlier];
    }
    if (copy !== undefined) copy[escapedKey] = escaped;
  }
  return (copy ?? value) as T;
}

/** JSON text with DEL and C1 controls escaped too (JSON.stringify leaves them raw): same value, no raw control. */
export function escapeJsonControls(json: string): string {
  return json.replace(/[\u007f-\u009f\u2028\u2029]/gu, escapeOne);
}

// eslint-disable-next-line no-control-regex
const TERMINAL_UNSAFE = /(\u001b\[[0-9;]*m)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/gu;

/**
 * The last line of defence on a terminal stream: every control character is escaped except line breaks, tab,
 * and the colour sequences (SGR, ESC [ … m) the tool's own styling writes.
 */
export function sanitizeTerminalOutput(text: string): string {
  if (text.search(TERMINAL_UNSAFE) < 0) return text;
  return text.replace(TERMINAL_UNSAFE, (match, sgr) => (sgr === undefined ? escapeOne(match) : match));
}
