/** Types of scripts/pdl.mjs, for the TypeScript tests that exercise it. */
export type TypeRef =
  | { kind: 'named'; name: string }
  | { kind: 'array'; items: TypeRef }
  | { kind: 'map'; values: TypeRef }
  | { kind: 'record'; record: PdlRecord }
  | { kind: 'other' };
export interface PdlField {
  name: string;
  type: TypeRef;
  optional: boolean;
  annotations: Record<string, unknown>;
}
export interface PdlRecord {
  name: string;
  fullName: string;
  includes: string[];
  fields: PdlField[];
  annotations: Record<string, unknown>;
}
export interface PdlFile {
  namespace: string;
  imports: string[];
  record: PdlRecord | undefined;
}
export function tokenize(text: string): { kind: string; text: string }[];
export function parsePdl(text: string): PdlFile;
export function resolveTypeName(name: string, file: PdlFile): string;
export function collectRelationships(
  record: PdlRecord,
  file: PdlFile,
  lookup: (fqn: string) => { record: PdlRecord; file: PdlFile } | undefined,
): { name: string; path: string[]; entityTypes: string[] }[];
