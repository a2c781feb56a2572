// Copies the web UI's static files (stylesheet, script, icon) next to the compiled server: tsc compiles only
// TypeScript, and `catalog serve` reads these from dist/server/ui/assets at run time.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
cpSync(path.join(root, 'src/server/ui/assets'), path.join(root, 'dist/server/ui/assets'), {
  recursive: true,
});
