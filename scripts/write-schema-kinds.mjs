// Rewrites the kind lists of schemas/kinds.schema.json from the kinds registry (src/kinds/registry.ts), as the
// build compiled it: `npm run schemas` builds first. Each list keeps its order for the kinds it has and gains a new
// kind at its end (src/kinds/schema-lists.ts says how); src/kinds/schema-lists.test.ts fails while a list
// disagrees with the registry.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { KINDS_SCHEMA, withRegistryKinds } from '../dist/kinds/schema-lists.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'schemas', KINDS_SCHEMA);
const before = readFileSync(file, 'utf8');
const rewritten = withRegistryKinds(JSON.parse(before));
const options = await prettier.resolveConfig(file);
const after = await prettier.format(JSON.stringify(rewritten, null, 2), { ...options, filepath: file });
if (after !== before) {
  writeFileSync(file, after);
  process.stdout.write(`rewrote the kinds of schemas/${KINDS_SCHEMA}\n`);
}
