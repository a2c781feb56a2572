import { CatalogError, DiagnosticsError } from '../errors.js';
import { linesOf, renderDiagnostics } from './render-diagnostics.js';
import type { Style } from './style.js';

/**
 * How a failure reads (the CLI's stderr, the Action's failure comment): every located problem with its code frame
 * and a closing line; an environment failure with its code; anything else is a bug of `version`, with its stack.
 * Redact secrets from the text before showing it (redactSecrets).
 */
export function renderError(error: unknown, style: Style, version: string): string {
  if (error instanceof DiagnosticsError) {
    return (
      renderDiagnostics(error.diagnostics, linesOf(error.files), style) +
      `${style.red('✖')} ${error.message}\n`
    );
  }
  if (error instanceof CatalogError) {
    return `${style.red('error')} ${error.message} ${style.dim(`[${error.code}]`)}\n`;
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `${style.red('internal error')} (a bug in catalog ${version}; please report it):\n${detail}\n`;
}
