#!/usr/bin/env node
// @ts-check
/**
 * Builds DataHub's own web app (datahub-web-react) at the reference release, for `catalog serve --datahub-ui`:
 *
 *   npm run datahub-ui:build -- [--tag v1.7.0] [--mirror <bare-git-dir> | --source <checkout>] [--out <dir>]
 *
 * Where the source comes from, first that applies:
 *   --source <checkout>   a local checkout of datahub-project/datahub (its working tree is copied, not changed);
 *   --mirror <git-dir>    a bare git mirror holding the tag (default: $DATAHUB_MIRROR, or the project's mirror
 *                         /work/.mirror/saxo-datagov+datahub/repo when it exists);
 *   otherwise             a shallow `git clone --depth 1 --branch <tag>` of github.com/datahub-project/datahub.
 * Only datahub-web-react/ and the GraphQL SDL its code generator reads (datahub-graphql-core/src/main/resources)
 * are taken. The build runs in .catalog/datahub-ui-src/<tag>/ (kept, so a rebuild reuses node_modules) and its
 * dist/ is copied to the cache folder (default .catalog/datahub-ui/<tag>/, gitignored) with PROVENANCE.json.
 * Nothing of DataHub's is committed. The build needs only the npm registry; vite peaks near 4.7 GB of heap.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATAHUB_MIRROR } from './datahub-mirror.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '..');
const UPSTREAM = 'https://github.com/datahub-project/datahub.git';
/** What the build reads from DataHub's tree: the app and the SDL `yarn generate` (codegen.yml) points at. */
const PATHS = ['datahub-web-react', 'datahub-graphql-core/src/main/resources'];

/** @param {string} name */
function option(name) {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) {
    console.error(`${name} needs a value`);
    process.exit(1);
  }
  return value;
}

/** The tag the rest of the project implements (src/datahub/release.ts), so the UI and the server agree. */
function readReferenceTag() {
  const text = readFileSync(path.join(projectRoot, 'src/datahub/release.ts'), 'utf8');
  const match = /tag: '([^']+)'/.exec(text);
  if (match?.[1] === undefined) throw new Error('src/datahub/release.ts names no tag');
  return match[1];
}

/**
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 */
function run(command, args, options = {}) {
  console.error(`$ ${[command, ...args].join(' ')}${options.cwd ? `   (in ${options.cwd})` : ''}`);
  execFileSync(command, args, { stdio: 'inherit', cwd: options.cwd, env: options.env ?? process.env });
}

/** @param {string} command */
function hasCommand(command) {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const tag = option('--tag') ?? readReferenceTag();
const sourceCheckout = option('--source');
const mirrorOption = option('--mirror');
const mirror = mirrorOption ?? (existsSync(DEFAULT_DATAHUB_MIRROR) ? DEFAULT_DATAHUB_MIRROR : undefined);
const outDir = path.resolve(option('--out') ?? path.join(projectRoot, '.catalog/datahub-ui', tag));
const workDir = path.join(projectRoot, '.catalog/datahub-ui-src', tag);

/** Puts the tag's app source into workDir and returns where it came from and its commit. */
function extractSource() {
  mkdirSync(workDir, { recursive: true });
  if (sourceCheckout !== undefined) {
    const root = path.resolve(sourceCheckout);
    for (const part of PATHS) {
      // node_modules and dist of the checkout are its own; the build makes fresh ones here.
      cpSync(path.join(root, part), path.join(workDir, part), {
        recursive: true,
        filter: (from) => !/[/\\](node_modules|dist)([/\\]|$)/.test(path.relative(root, from)),
      });
    }
    const commit = execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    return { from: `checkout ${root}`, commit };
  }
  let gitDir = mirror;
  let from = `git mirror ${mirror}`;
  if (gitDir === undefined) {
    const clone = path.join(projectRoot, '.catalog/datahub-ui-src', `${tag}.clone`);
    if (!existsSync(clone)) {
      run('git', ['clone', '--depth', '1', '--branch', tag, '--no-checkout', UPSTREAM, clone]);
    }
    gitDir = path.join(clone, '.git');
    from = `shallow clone of ${UPSTREAM}`;
  }
  const commit = execFileSync('git', ['--git-dir', gitDir, 'rev-list', '-n', '1', tag], {
    encoding: 'utf8',
  }).trim();
  const archive = execFileSync('git', ['--git-dir', gitDir, 'archive', '--format=tar', tag, ...PATHS], {
    maxBuffer: 1024 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', workDir], { input: archive });
  return { from, commit };
}

const { from, commit } = extractSource();
const appDir = path.join(workDir, 'datahub-web-react');
if (!hasCommand('yarn')) run('npm', ['i', '-g', 'yarn@1']);
const env = {
  ...process.env,
  CYPRESS_INSTALL_BINARY: '0',
  HUSKY: '0',
  // The app's own script asks for 5 GB; vite's peak is near 4.7 GB, so leave headroom.
  NODE_OPTIONS: '--max-old-space-size=6144',
};
run('yarn', ['install', '--frozen-lockfile'], { cwd: appDir, env });
run('node', ['scripts/generate-lazy-icon-stubs.js'], { cwd: appDir, env });
// `yarn build` sets its own NODE_OPTIONS (5120 MB); vite build is run the same way with more room.
run('yarn', ['run', 'generate'], { cwd: appDir, env });
run('yarn', ['exec', 'vite', 'build'], { cwd: appDir, env: { ...env, CI: 'false' } });

rmSync(outDir, { recursive: true, force: true });
mkdirSync(path.dirname(outDir), { recursive: true });
cpSync(path.join(appDir, 'dist'), outDir, { recursive: true });
const provenance = {
  project: 'datahub-project/datahub',
  path: 'datahub-web-react',
  tag,
  commit,
  source: from,
  builtAt: new Date().toISOString(),
  node: process.version,
  command: [
    'CYPRESS_INSTALL_BINARY=0 HUSKY=0 yarn install --frozen-lockfile',
    'node scripts/generate-lazy-icon-stubs.js',
    'yarn run generate',
    "CI=false NODE_OPTIONS='--max-old-space-size=6144' vite build",
  ].join(' && '),
  license: 'Apache-2.0 (DataHub, https://github.com/datahub-project/datahub)',
};
writeFileSync(path.join(outDir, 'PROVENANCE.json'), `${JSON.stringify(provenance, null, 2)}\n`);
console.error(`DataHub web app ${tag} (${commit}) built into ${outDir}`);
console.error(`serve it with: catalog serve --datahub-ui ${path.relative(process.cwd(), outDir) || '.'}`);
