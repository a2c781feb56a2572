export interface FileResult {
  file: string;
  passed: number;
  failed: number;
  skipped: number;
  specSkipped: number;
  firstError: string;
}
export declare function readReport(report: unknown): FileResult[];
export declare function countResults(rows: readonly FileResult[]): { passed: number; counted: number };
export declare function renderTable(rows: readonly FileResult[]): string;
