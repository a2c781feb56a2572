// Compiles the manifest JSON Schemas to JavaScript once, at build time (Ajv's standalone code), into
// dist/manifest/validators.cjs: loading the catalog then skips compiling them on every run (about 0.2 s).
// src/manifest/schemas.ts uses this file when it is there and compiles the schemas itself when it is not (tests
// run from the TypeScript sources); both use the same options, so they validate alike.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { AJV_OPTIONS, KIND_SCHEMA_FILES } from '../dist/manifest/schemas.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemasDir = path.join(root, 'schemas');
const addFormats = addFormatsModule.default ?? addFormatsModule;
const standaloneCode = standaloneModule.default ?? standaloneModule;

const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true } });
addFormats(ajv);
for (const name of readdirSync(schemasDir)
  .filter((file) => file.endsWith('.schema.json'))
  .sort()) {
  ajv.addSchema(JSON.parse(readFileSync(path.join(schemasDir, name), 'utf8')));
}
const exports = { envelope: 'envelope.schema.json', ...KIND_SCHEMA_FILES };
writeFileSync(path.join(root, 'dist/manifest/validators.cjs'), standaloneCode(ajv, exports));
