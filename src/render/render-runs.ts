/**
 * `catalog runs` for people and programs: one line per run (id, time, status, commit, actor, counts), and the same
 * as JSON. Pure; every value read from the catalog is shown with its control characters escaped.
 */
import { escapeControl } from '../model/escape-control.js';
import { stableStringify } from '../model/json.js';

/** A run as `catalog runs` shows it (the engine's RunListing). */
export interface RunLine {
  readonly runId: string;
  readonly time: number;
  readonly rows: number;
  readonly record?: {
    readonly status?: string;
    readonly task?: string;
    readonly actor?: string;
    readonly commit?: string;
    readonly planDigest?: string;
    readonly rollbackOf?: string;
    readonly counts?: {
      readonly applied: number;
      readonly verified?: number;
      readonly checked?: number;
    };
  };
}

const HEADERS = ['RUN', 'TIME (UTC)', 'STATUS', 'COMMIT', 'ACTOR', 'ASPECTS', 'APPLIED', 'VERIFIED'] as const;

/** The runs as a table; a run that is not this tool's (an ingestion's) shows only what GMS lists of it. */
export function renderRunsText(runs: readonly RunLine[]): string {
  if (runs.length === 0) return 'No runs: no aspect in this catalog carries a run id.\n';
  const rows = runs.map((run) => {
    const record = run.record;
    const counts = record?.counts;
    return [
      run.runId,
      run.time === 0 ? '-' : new Date(run.time).toISOString().replace('T', ' ').slice(0, 19),
      record?.status ?? '-',
      record?.commit?.slice(0, 12) ?? '-',
      record?.actor ?? '-',
      String(run.rows),
      counts === undefined ? '-' : String(counts.applied),
      counts?.verified === undefined ? '-' : `${counts.verified}/${counts.checked ?? 0}`,
    ].map((cell) => escapeControl(cell, true));
  });
  const widths = HEADERS.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const notes = runs.flatMap((run) =>
    run.record?.rollbackOf === undefined ? [] : [`${run.runId} rolled back ${run.record.rollbackOf}`],
  );
  return `${[line(HEADERS), ...rows.map(line), ...(notes.length === 0 ? [] : ['', ...notes])].join('\n')}\n`;
}

/** The runs as JSON: one object per run, keys sorted. */
export function renderRunsJson(target: string, runs: readonly RunLine[]): string {
  return `${stableStringify({ target, runs }, 2)}\n`;
}
