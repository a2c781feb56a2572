import { describe, expect, it } from 'vitest';
import { countResults, readReport, renderTable } from '../../scripts/datahub-e2e/report.mjs';

/** A Playwright JSON report (reporter `json`) of two spec files, in the shape Playwright writes. */
const REPORT = {
  suites: [
    {
      title: 'glossary/glossary.spec.ts',
      file: 'glossary/glossary.spec.ts',
      specs: [
        { title: 'creates a term', tests: [{ annotations: [], results: [{ status: 'passed' }] }] },
        {
          title: 'renames a term',
          tests: [
            {
              annotations: [],
              results: [
                {
                  status: 'failed',
                  error: { message: '\u001b[31mError: expect(locator).toBeVisible()\u001b[39m\n\nmore' },
                },
              ],
            },
          ],
        },
      ],
      suites: [
        {
          title: 'serial block',
          file: 'glossary/glossary.spec.ts',
          specs: [
            // Skipped because the serial describe's earlier test failed: not DataHub's skip, counts as not passing.
            { title: 'deletes the term', tests: [{ annotations: [], results: [{ status: 'skipped' }] }] },
            {
              title: 'times out',
              tests: [
                {
                  annotations: [],
                  results: [
                    { status: 'timedOut', errors: [{ message: 'Test timeout of 60000ms exceeded.' }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      title: 'mutations/deprecations.spec.ts',
      file: 'mutations/deprecations.spec.ts',
      suites: [
        {
          title: 'V1 UI (describe.skip)',
          specs: [
            {
              title: 'deprecates',
              tests: [{ annotations: [{ type: 'skip' }], results: [{ status: 'skipped' }] }],
            },
          ],
        },
      ],
    },
  ],
};

describe("the e2e harness's report", () => {
  it('counts each spec file: DataHub skips apart, other skips and time-outs as not passing, the first error', () => {
    const rows = readReport(REPORT);
    expect(rows).toEqual([
      {
        file: 'glossary/glossary.spec.ts',
        passed: 1,
        failed: 2,
        skipped: 1,
        specSkipped: 0,
        firstError: 'renames a term: Error: expect(locator).toBeVisible()',
      },
      {
        file: 'mutations/deprecations.spec.ts',
        passed: 0,
        failed: 0,
        skipped: 0,
        specSkipped: 1,
        firstError: '',
      },
    ]);
    expect(countResults(rows)).toEqual({ passed: 1, counted: 4 });
    expect(renderTable(rows).split('\n')[2]).toBe(
      '| glossary/glossary.spec.ts | 1 | 2 | 1 | 0 | renames a term: Error: expect(locator).toBeVisible() |',
    );
  });
});
