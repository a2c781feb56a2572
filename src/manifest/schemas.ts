import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import type { Ajv2020 as Ajv2020Type } from 'ajv/dist/2020.js';
import { KIND_SCHEMA_FILES, MANIFEST_KINDS, type KindName } from '../kinds/registry.js';

/**
 * The manifest kinds and the schema file of each, from the registry (kinds/registry.ts); exported from here too for
 * the commands and for scripts/compile-schemas.mjs, which reads them from the build.
 */
export { KIND_SCHEMA_FILES, MANIFEST_KINDS } from '../kinds/registry.js';
export type ManifestKind = KindName;

/** schemas/ sits two levels above this module both in src/manifest and in dist/manifest. */
export const SCHEMAS_DIR = new URL('../../schemas/', import.meta.url);

export interface ManifestValidators {
  readonly envelope: ValidateFunction;
  readonly kinds: Readonly<Record<ManifestKind, ValidateFunction>>;
}

let cached: ManifestValidators | undefined;

/** The options the schemas are compiled with, here and by scripts/compile-schemas.mjs at build time. */
export const AJV_OPTIONS = { allErrors: true, verbose: true, strict: true } as const;

/** Where the build leaves the schemas compiled to JavaScript (see scripts/compile-schemas.mjs). */
const PRECOMPILED = new URL('./validators.cjs', import.meta.url);

/**
 * The validators: precompiled by the build when it is there (compiling the schemas costs about 0.2 s a run),
 * else compiled here once per process (reading them is the only I/O here).
 */
export function loadValidators(): ManifestValidators {
  if (cached !== undefined) return cached;
  if (existsSync(fileURLToPath(PRECOMPILED))) {
    const compiled = createRequire(import.meta.url)(fileURLToPath(PRECOMPILED)) as Record<
      string,
      ValidateFunction
    >;
    const kinds = Object.fromEntries(MANIFEST_KINDS.map((kind) => [kind, compiled[kind]])) as Record<
      ManifestKind,
      ValidateFunction
    >;
    if (compiled['envelope'] !== undefined && MANIFEST_KINDS.every((kind) => compiled[kind] !== undefined)) {
      cached = { envelope: compiled['envelope'], kinds };
      return cached;
    }
  }
  return compileValidators();
}

/** Compiles the schemas (no precompiled validators: tests from the TypeScript sources, or a partial build). */
export function compileValidators(): ManifestValidators {
  // Loaded only here: with the build's precompiled validators a run never needs Ajv's compiler (about 0.1 s).
  const require = createRequire(import.meta.url);
  const { Ajv2020 } = require('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020Type };
  const addFormats = require('ajv-formats') as { default: (ajv: Ajv2020Type) => void };
  const ajv = new Ajv2020(AJV_OPTIONS);
  addFormats.default(ajv);
  for (const name of readdirSync(SCHEMAS_DIR).filter((file) => file.endsWith('.schema.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(new URL(name, SCHEMAS_DIR), 'utf8')) as object);
  }
  const get = (id: string): ValidateFunction => {
    const validate = ajv.getSchema(id);
    if (validate === undefined) throw new Error(`schema ${id} is missing from ${SCHEMAS_DIR.pathname}`);
    return validate;
  };
  const kinds = Object.fromEntries(
    MANIFEST_KINDS.map((kind) => [kind, get(KIND_SCHEMA_FILES[kind])]),
  ) as Record<ManifestKind, ValidateFunction>;
  cached = { envelope: get('envelope.schema.json'), kinds };
  return cached;
}
