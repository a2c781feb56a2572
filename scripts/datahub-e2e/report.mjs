// @ts-check
/**
 * Playwright's JSON report → one row per spec file: passed, failed, skipped, and the first error. A test DataHub
 * itself skips in the spec (`test.skip`, `describe.skip`: a `skip` annotation) is not counted; any other skip (a
 * serial describe skipping the rest after a failure, a test that never ran) counts as not passing.
 */

/**
 * @typedef {{ file: string, passed: number, failed: number, skipped: number, specSkipped: number, firstError: string }} FileResult
 * @typedef {{ status?: string, error?: { message?: string }, errors?: { message?: string }[] }} TestRun
 * @typedef {{ annotations?: { type: string }[], results?: TestRun[], status?: string }} TestEntry
 * @typedef {{ title?: string, file?: string, tests?: TestEntry[] }} SpecEntry
 * @typedef {{ title?: string, file?: string, specs?: SpecEntry[], suites?: SuiteEntry[] }} SuiteEntry
 */

/** @param {{ suites?: SuiteEntry[] }} report @returns {FileResult[]} */
export function readReport(report) {
  /** @type {Map<string, FileResult>} */
  const byFile = new Map();
  /** @param {SuiteEntry} suite @param {string} file */
  const visit = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const row = rowOf(byFile, spec.file ?? here);
      for (const test of spec.tests ?? []) count(row, test, spec.title ?? '');
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file ?? suite.title ?? '?');
  return [...byFile.values()].sort((a, b) => a.file.localeCompare(b.file));
}

/** @param {Map<string, FileResult>} byFile @param {string} file */
function rowOf(byFile, file) {
  let row = byFile.get(file);
  if (row === undefined) {
    row = { file, passed: 0, failed: 0, skipped: 0, specSkipped: 0, firstError: '' };
    byFile.set(file, row);
  }
  return row;
}

/** @param {FileResult} row @param {TestEntry} test @param {string} title */
function count(row, test, title) {
  const last = test.results?.at(-1);
  const status = last?.status ?? 'skipped';
  if ((test.annotations ?? []).some((annotation) => annotation.type === 'skip') && status === 'skipped') {
    row.specSkipped += 1;
  } else if (status === 'passed') {
    row.passed += 1;
  } else if (status === 'skipped') {
    row.skipped += 1;
  } else {
    row.failed += 1;
    if (row.firstError === '') {
      const message = last?.error?.message ?? last?.errors?.[0]?.message ?? status;
      row.firstError = `${title}: ${firstLine(message)}`;
    }
  }
}

/** @param {string} message */
function firstLine(message) {
  // eslint-disable-next-line no-control-regex
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  return (plain.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 160);
}

/** @param {readonly FileResult[]} rows */
export function countResults(rows) {
  const passed = rows.reduce((sum, row) => sum + row.passed, 0);
  const counted = rows.reduce((sum, row) => sum + row.passed + row.failed + row.skipped, 0);
  return { passed, counted };
}

/** @param {readonly FileResult[]} rows */
export function renderTable(rows) {
  const lines = [
    '| spec file | pass | fail | skip | skipped by DataHub | first error |',
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const error = row.firstError.replace(/\|/g, '\\|');
    lines.push(
      `| ${row.file} | ${row.passed} | ${row.failed} | ${row.skipped} | ${row.specSkipped} | ${error} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
