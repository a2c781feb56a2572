/** Types of scripts/pdl.mjs, for the TypeScript tests that exercise it. */
export type TypeRef =
  | { kind: 'primitive'; name: string }
  | { kind: 'named'; name: string }
  | { kind: 'array'; items: TypeRef }
  | { kind: 'map'; values: TypeRef }
  | { kind: 'union'; members: UnionMember[] }
  | { kind: 'record'; record: PdlRecord }
  | { kind: 'enum'; named: PdlEnum }
  | { kind: 'typeref'; named: PdlTyperef }
  | { kind: 'fixed'; named: PdlFixed };
export interface UnionMember {
  alias: string | undefined;
  type: TypeRef;
  annotations: Record<string, unknown>;
}
export interface PdlField {
  name: string;
  type: TypeRef;
  optional: boolean;
  hasDefault: boolean;
  default?: unknown;
  annotations: Record<string, unknown>;
}
export interface PdlRecord {
  kind: 'record';
  name: string;
  fullName: string;
  includes: string[];
  fields: PdlField[];
  annotations: Record<string, unknown>;
}
export interface PdlEnum {
  kind: 'enum';
  name: string;
  fullName: string;
  symbols: string[];
  annotations: Record<string, unknown>;
}
export interface PdlTyperef {
  kind: 'typeref';
  name: string;
  fullName: string;
  ref: TypeRef;
  annotations: Record<string, unknown>;
}
export interface PdlFixed {
  kind: 'fixed';
  name: string;
  fullName: string;
  size: number;
  annotations: Record<string, unknown>;
}
export type PdlNamed = PdlRecord | PdlEnum | PdlTyperef | PdlFixed;
export interface PdlFile {
  namespace: string;
  imports: string[];
  main: PdlNamed;
  named: PdlNamed[];
  record: PdlRecord | undefined;
}
export const PRIMITIVES: ReadonlySet<string>;
export function tokenize(text: string): { kind: string; text: string; line: number }[];
export function parsePdl(text: string): PdlFile;
export function resolveTypeName(name: string, file: PdlFile): string;
export function collectRelationships(
  record: PdlRecord,
  file: PdlFile,
  lookup: (fqn: string) => { record: PdlRecord; file: PdlFile } | undefined,
): { name: string; path: string[]; entityTypes: string[] }[];
