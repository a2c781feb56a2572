import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/** The manifest kinds and the schema file of each (schemas/ is also published for editors). */
export const KIND_SCHEMA_FILES = {
  Settings: 'settings.schema.json',
  GlossaryNode: 'glossary-node.schema.json',
  GlossaryTerm: 'glossary-term.schema.json',
  Tag: 'tag.schema.json',
  MLFeature: 'ml-feature.schema.json',
  MLFeatureTable: 'ml-feature-table.schema.json',
  MLModelGroup: 'ml-model-group.schema.json',
  MLModel: 'ml-model.schema.json',
  DatasetTerms: 'dataset-terms.schema.json',
} as const;

export type ManifestKind = keyof typeof KIND_SCHEMA_FILES;
export const MANIFEST_KINDS = Object.keys(KIND_SCHEMA_FILES) as ManifestKind[];

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
  // ajv-formats is CommonJS; its default export arrives wrapped under NodeNext resolution.
  const addFormats = addFormatsModule as unknown as { default: (ajv: Ajv2020) => void };
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
