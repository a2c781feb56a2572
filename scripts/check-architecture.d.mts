export declare const MAY_IMPORT: Readonly<Record<string, readonly string[]>>;
export declare const MAX_LINES: number;
export declare function partOf(file: string): string;
export declare function readImports(): { files: string[]; edges: [string, string][] };
export declare function findCycles(
  files: readonly string[],
  edges: readonly (readonly [string, string])[],
): string[][];
export declare function findLayerViolations(edges: readonly (readonly [string, string])[]): string[];
export declare function findLongFiles(): { file: string; lines: number }[];
