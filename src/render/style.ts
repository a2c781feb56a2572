/** ANSI styles, or plain text when colour is off. The decision is made once per stream (useColor). */
export interface Style {
  readonly red: (text: string) => string;
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly cyan: (text: string) => string;
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
}

const wrap =
  (open: number, close: number) =>
  (text: string): string =>
    `\u001b[${open}m${text}\u001b[${close}m`;

const identity = (text: string): string => text;

export function createStyle(enabled: boolean): Style {
  if (!enabled)
    return {
      red: identity,
      green: identity,
      yellow: identity,
      cyan: identity,
      bold: identity,
      dim: identity,
    };
  return {
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
    bold: wrap(1, 22),
    dim: wrap(2, 22),
  };
}

/** Colour only on a terminal, never with NO_COLOR; FORCE_COLOR turns it on (house rule 7). */
export function useColor(
  stream: { readonly isTTY: boolean },
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  if (env['FORCE_COLOR'] !== undefined && env['FORCE_COLOR'] !== '0') return true;
  return stream.isTTY && env['TERM'] !== 'dumb';
}
