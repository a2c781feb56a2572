// Copies the files the compiled code reads at run time next to it (tsc compiles only TypeScript): the web UI's
// static files (stylesheet, script, icon), DataHub's vendored GraphQL SDL and our schema extensions.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const copies = [
  ['src/server/ui/assets', 'dist/server/ui/assets'],
  ['src/datahub/graphql', 'dist/datahub/graphql'],
  ['src/server/graphql/extensions.graphql', 'dist/server/graphql/extensions.graphql'],
];
for (const [from, to] of copies) cpSync(path.join(root, from), path.join(root, to), { recursive: true });
