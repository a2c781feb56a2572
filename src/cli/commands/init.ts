import { appendFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DiagnosticsError } from '../../errors.js';
import { loadCatalog } from '../../manifest/load-catalog.js';
import type { CliIo } from '../io.js';
import { CATALOG_DIR, GITIGNORE_LINES, scaffoldFiles } from '../init/scaffold.js';
import { ACTION_REF, PACKAGE_NAME } from '../package-info.js';
import { plural } from '../output/plural.js';

export interface InitOptions {
  /** A server to fill catalog/ from, by export, instead of the example manifest. */
  readonly from?: string;
  readonly force: boolean;
  readonly action?: string;
}

/**
 * `catalog init [dir]`: scaffolds a metadata repository. Existing files are kept (and named) unless --force;
 * .gitignore only ever gains lines. What it writes is validated before it says it is done.
 */
export async function runInit(dir: string, options: InitOptions, io: CliIo): Promise<number> {
  const root = path.resolve(io.cwd, dir);
  const files = scaffoldFiles({
    actionRef: options.action ?? ACTION_REF,
    example: options.from === undefined,
    ...(options.from === undefined ? {} : { server: options.from }),
  });
  const written: string[] = [];
  const kept: string[] = [];
  for (const [file, text] of files) {
    const target = path.join(root, file);
    if (!options.force && (await exists(target))) {
      kept.push(file);
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
    written.push(file);
  }
  if (await appendGitignore(path.join(root, '.gitignore'))) written.push('.gitignore');

  if (options.from !== undefined) {
    // Export refuses to overwrite manifests without --force, as init does.
    const { runExport } = await import('./export.js');
    const exported = await runExport(
      {
        out: path.relative(io.cwd, path.join(root, CATALOG_DIR)) || '.',
        urn: [],
        kind: [],
        force: options.force,
        server: options.from,
      },
      io,
    );
    if (exported !== 0) return exported;
  }

  // A kept file (no --force) may be the user's own and invalid: then say so now, with every problem located.
  const load = await loadCatalog(path.join(root, CATALOG_DIR), io.cwd);
  const errors = load.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) {
    throw new DiagnosticsError(
      'INVALID_MANIFESTS',
      load.diagnostics,
      `${plural(errors.length, 'problem')} in ${path.join(dir, CATALOG_DIR)}; fix them and run \`catalog validate\``,
      load.files,
    );
  }

  io.stdout.write(report(dir, written, kept, options.from !== undefined));
  return 0;
}

function report(dir: string, written: readonly string[], kept: readonly string[], exported: boolean): string {
  const lines: string[] = [];
  const shown = (file: string): string => (dir === '.' ? file : path.join(dir, file));
  for (const file of written) lines.push(`wrote ${shown(file)}`);
  for (const file of kept) lines.push(`kept  ${shown(file)} (it exists; --force overwrites it)`);
  const catalogDir = shown(CATALOG_DIR);
  const steps: [string, string][] = [
    [`npm install --save-dev ${PACKAGE_NAME}`, 'the editor schema and `npx catalog` come from here'],
    [
      `npx catalog validate ${catalogDir}`,
      exported
        ? 'the manifests exported from the server'
        : `edit ${shown(`${CATALOG_DIR}/example.yaml`)} first`,
    ],
    [
      `npx catalog reconcile ${catalogDir} --dry-run`,
      'the plan; the embedded catalog unless a server is set',
    ],
  ];
  const width = Math.max(...steps.map(([command]) => command.length));
  lines.push(
    '',
    'Next:',
    ...steps.map(([command, why]) => `  ${command.padEnd(width)}   # ${why}`),
    '  Then set the DATAHUB_GMS_URL and DATAHUB_GMS_TOKEN repository secrets: pull requests get a plan comment',
    '  and main is applied by the workflows in .github/workflows/.',
    '',
  );
  return lines.join('\n');
}

/** Adds the lines .gitignore lacks; true when it changed. */
async function appendGitignore(file: string): Promise<boolean> {
  const current = (await exists(file)) ? await readFile(file, 'utf8') : '';
  const present = new Set(current.split(/\r?\n/).map((line) => line.trim()));
  const missing = GITIGNORE_LINES.filter((line) => !present.has(line));
  if (missing.length === 0) return false;
  const separator = current === '' || current.endsWith('\n') ? '' : '\n';
  const header = "# catalog: the embedded catalog's data and the parse cache\n";
  await appendFile(file, `${separator}${header}${missing.join('\n')}\n`);
  return true;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
