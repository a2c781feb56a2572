import { escapeControl } from '../model/escape-control.js';
import type { Diagnostic } from '../errors.js';
import type { Style } from './style.js';

/** Looks up the text of a source line, for the code frame under each diagnostic. */
export type LineSource = (file: string, line: number) => string | undefined;

export function linesOf(files: readonly { path: string; text: string }[]): LineSource {
  const byPath = new Map(files.map((file) => [file.path, file.text.split(/\r?\n/)]));
  return (file, line) => byPath.get(file)?.[line - 1];
}

/**
 * Renders diagnostics like compilers do:
 *
 *   catalog/features.yaml:12:5 error unknown field 'descripton' in features[0] [UNKNOWN_FIELD]
 *     12 |     descripton: Age
 *        |     ^
 *     hint: did you mean 'description'?
 */
export function renderDiagnostics(
  diagnostics: readonly Diagnostic[],
  lines: LineSource,
  style: Style,
): string {
  return diagnostics.map((diagnostic) => renderDiagnostic(diagnostic, lines, style)).join('');
}

function renderDiagnostic(diagnostic: Diagnostic, lines: LineSource, style: Style): string {
  const { location } = diagnostic;
  const where = location === undefined ? '' : `${location.file}:${location.line}:${location.column} `;
  const severity = diagnostic.severity === 'error' ? style.red('error') : style.yellow('warning');
  let text = `${style.bold(escapeControl(where, true))}${severity} ${escapeControl(diagnostic.message, true)} ${style.dim(`[${diagnostic.code}]`)}\n`;
  if (location !== undefined) {
    const source = lines(location.file, location.line);
    if (source !== undefined) {
      const gutter = String(location.line);
      const pad = ' '.repeat(gutter.length);
      text += `  ${style.dim(`${gutter} |`)} ${escapeControl(source, true)}\n`;
      text += `  ${style.dim(`${pad} |`)} ${' '.repeat(Math.max(0, location.column - 1))}${style.red('^')}\n`;
    }
  }
  if (diagnostic.hint !== undefined)
    text += `  ${style.cyan('hint:')} ${escapeControl(diagnostic.hint, true)}\n`;
  if (diagnostic.related !== undefined && diagnostic.hint?.includes(diagnostic.related.file) !== true) {
    const { file, line, column } = diagnostic.related;
    text += `  ${style.dim(`see also ${file}:${line}:${column}`)}\n`;
  }
  return text;
}

/** The JSON form of a diagnostic (`--output json`): flat, stable keys. */
export function diagnosticToJson(diagnostic: Diagnostic): Record<string, unknown> {
  return {
    code: diagnostic.code,
    severity: diagnostic.severity,
    message: diagnostic.message,
    file: diagnostic.location?.file ?? null,
    line: diagnostic.location?.line ?? null,
    column: diagnostic.location?.column ?? null,
    hint: diagnostic.hint ?? null,
    ...(diagnostic.related === undefined ? {} : { related: diagnostic.related }),
  };
}
