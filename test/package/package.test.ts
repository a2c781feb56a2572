import { execFile, spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_REPOSITORY, PACKAGE_NAME } from '../../src/engine/package-info.js';
import { VERSION } from '../../src/engine/version.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * The packed tarball, installed into an empty project with nothing else, runs every command. Packing and
 * installing happen once for the file (the costly part); each test then runs the installed `catalog` bin.
 */

const run = promisify(execFile);
const REPO = process.cwd();

interface PackageJson {
  name: string;
  version: string;
  engines: { node: string };
  repository: { url: string };
  bin: Record<string, string>;
  files: string[];
  dependencies: Record<string, string>;
}
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson;

interface Packed {
  filename: string;
  files: { path: string }[];
}

describe('the npm package', () => {
  const project = tempDir();
  let packed: Packed;
  let tarball: string;
  // No DataHub configured and a HOME of its own (no ~/.datahubenv): the embedded catalog is the target.
  const env = { PATH: process.env['PATH'] ?? '', HOME: project.dir, NO_COLOR: '1' };
  const catalog = (args: string[], cwd = project.dir) =>
    run(path.join(project.dir, 'node_modules/.bin/catalog'), args, { cwd, env, encoding: 'utf8' });

  beforeAll(async () => {
    // The tests run after `npm run build` (pretest); --ignore-scripts skips prepack's second build.
    const pack = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', project.dir], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    packed = (JSON.parse(pack.stdout) as Packed[])[0] as Packed;
    tarball = path.join(project.dir, packed.filename);
    writeFileSync(path.join(project.dir, 'package.json'), '{ "name": "metadata", "private": true }\n');
    // --prefer-offline: the dependencies come from the npm cache `npm ci` filled when it can.
    // --ignore-scripts: better-sqlite3's install fetches a prebuilt binary from GitHub, which is unreachable in
    // some CI sandboxes, and else compiles for a minute; the binary the repository's own `npm ci` made is the
    // same module for the same Node, so it is copied in below. Everything else is what a user's install gets.
    await run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball],
      { cwd: project.dir, encoding: 'utf8' },
    );
    const native = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    const version = (dir: string) =>
      (
        JSON.parse(readFileSync(path.join(dir, 'node_modules/better-sqlite3/package.json'), 'utf8')) as {
          version: string;
        }
      ).version;
    expect(version(project.dir)).toBe(version(REPO));
    mkdirSync(path.dirname(path.join(project.dir, native)), { recursive: true });
    copyFileSync(path.join(REPO, native), path.join(project.dir, native));
  }, 180_000);
  afterAll(() => project.cleanup());

  it('is named as published, with the catalog bin and the version the CLI reports', () => {
    expect(manifest.name).toBe(PACKAGE_NAME);
    expect(manifest.version).toBe(VERSION);
    expect(manifest.repository.url).toContain(`github.com/${ACTION_REPOSITORY}.git`);
    expect(Object.keys(manifest.bin)).toEqual(['catalog']);
    expect(packed.filename).toBe(`${PACKAGE_NAME}-${VERSION}.tgz`);
  });

  it('packs what run time reads, and no sources, tests or fixtures', () => {
    const files = packed.files.map((file) => file.path);
    for (const needed of [
      'dist/cli/main.js',
      'dist/index.js',
      'dist/server/graphql/extensions.graphql',
      'schemas/catalog.schema.json',
      'schemas/settings.schema.json',
      // The sample datasets `catalog init --sample` loads.
      'examples/datasets.json',
      'README.md',
      'package.json',
    ])
      expect(files, needed).toContain(needed);
    expect(files.some((file) => /^dist\/datahub\/graphql\/.+\.graphql$/.test(file))).toBe(true);
    expect(files.some((file) => file.startsWith('dist/server/ui/assets/'))).toBe(true);
    expect(files.filter((file) => /^(src|test|bench|scripts|catalog|examples)\//.test(file))).toEqual([
      'examples/datasets.json',
    ]);
    expect(files.filter((file) => /\.test\.(js|ts)$/.test(file))).toEqual([]);
  });

  it('declares a Node.js version every run-time dependency accepts (an install warns EBADENGINE otherwise)', () => {
    const minimum = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(manifest.engines.node)?.[1];
    expect(minimum, manifest.engines.node).toBeDefined();
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { version?: string; dev?: boolean; engines?: { node?: string } }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([where, entry]) => where !== '' && entry.dev !== true && entry.engines?.node !== undefined)
      .filter(([, entry]) => !acceptsNode(entry.engines?.node ?? '*', minimum ?? '0'))
      .map(([where, entry]) => `${where}@${entry.version ?? '?'} wants node ${entry.engines?.node ?? ''}`);
    expect(refusing).toEqual([]);
    expect(acceptsNode('>=20.18.1', '20.18.0')).toBe(false);
    expect(acceptsNode('^12.22.0 || ^14.16.0 || >=17.0.0', '20.18.1')).toBe(true);
    expect(acceptsNode('20.x || 22.x', '20.18.1')).toBe(true);
  });

  it('depends at run time on exactly what its code imports', () => {
    const imported = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.js'))
          for (const match of readFileSync(full, 'utf8').matchAll(
            /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'".][^'"]*)['"]|(?:import|require)\(['"]([^'".][^'"]*)['"]\)/gm,
          )) {
            const specifier = (match[1] ?? match[2]) as string;
            const name = specifier.startsWith('@')
              ? specifier.split('/').slice(0, 2).join('/')
              : (specifier.split('/')[0] as string);
            if (!specifier.startsWith('node:') && !builtinModules.includes(name)) imported.add(name);
          }
      }
    };
    walk(path.join(project.dir, 'node_modules', PACKAGE_NAME, 'dist'));
    expect([...imported].sort()).toEqual(Object.keys(manifest.dependencies).sort());
    // An install of the package alone brings no development tool.
    for (const dev of ['vitest', 'typescript', 'playwright-core', '@sparticuz/chromium', 'eslint'])
      expect(existsSync(path.join(project.dir, 'node_modules', dev)), dev).toBe(false);
  });

  it('runs init, validate, reconcile (twice: the second plans nothing), get and export', async () => {
    const init = await catalog(['init']);
    expect(init.stdout).toContain('wrote catalog/example.yaml');
    // The editor setting points at the schema inside the installed package.
    const settings = readFileSync(path.join(project.dir, '.vscode/settings.json'), 'utf8');
    const schema = Object.keys((JSON.parse(settings) as { 'yaml.schemas': object })['yaml.schemas'])[0];
    expect(existsSync(path.join(project.dir, String(schema)))).toBe(true);

    expect((await catalog(['validate'])).stdout).toMatch(/valid/i);
    const reconcile = await catalog(['reconcile']);
    expect(reconcile.stdout).toContain('urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,user_features)');
    const again = await catalog(['reconcile', '--dry-run', '--detailed-exitcode']);
    expect(again.stdout).toMatch(/no changes/i);

    const get = await catalog([
      'get',
      '--urn',
      'urn:li:glossaryTerm:Classification.PII',
      '--aspect',
      'glossaryTermInfo',
    ]);
    expect(JSON.parse(get.stdout)).toMatchObject({ glossaryTermInfo: { name: 'PII' } });

    const exported = await catalog(['export', '--out', 'exported']);
    expect(exported.stdout).toMatch(/^exported \d+ files to exported/);
    expect((await catalog(['validate', 'exported'])).stdout).toMatch(/MLFeatureTable/);

    // The sample datasets come with the package: a DatasetTerms manifest applies on the first try.
    const sampled = path.join(project.dir, 'sampled');
    mkdirSync(sampled);
    const seeded = await catalog(['init', '--sample'], sampled);
    expect(seeded.stdout).toMatch(/loaded the sample datasets \(3 entities\)/);
    const applied = await catalog(['reconcile'], sampled);
    expect(applied.stdout).toContain(
      'column terms of users.profile (urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD))',
    );
  }, 60_000);

  it('is a library too: the exports entry loads, and the CLI runs in-process from its own entry', async () => {
    const script = `Promise.all([import('${PACKAGE_NAME}'), import('${PACKAGE_NAME}/cli')]).then(([m, cli]) => console.log(typeof m.planCatalog, typeof cli.runCli, m.VERSION))`;
    const loaded = await run(process.execPath, ['-e', script], { cwd: project.dir, env, encoding: 'utf8' });
    expect(loaded.stdout).toBe(`function function ${VERSION}\n`);
  });

  it('is a typed library: a strict TypeScript program validates, plans against the embedded catalog, applies, and plans no change after', async () => {
    // A directory of its own (its embedded catalog too), under the project whose node_modules has the package.
    const dir = path.join(project.dir, 'library');
    mkdirSync(dir);
    cpSync(path.join(REPO, 'catalog'), path.join(dir, 'catalog'), { recursive: true });
    cpSync(path.join(REPO, 'examples'), path.join(dir, 'examples'), { recursive: true });
    writeFileSync(path.join(dir, 'program.mts'), LIBRARY_PROGRAM);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2023',
          lib: ['ES2023'],
          // Node's types from the repository: the empty project installed the package and nothing else.
          typeRoots: [path.join(REPO, 'node_modules/@types')],
          types: ['node'],
          skipLibCheck: true,
          outDir: 'out',
        },
        files: ['program.mts'],
      }),
    );
    // The repository's TypeScript, against the types the installed package ships (package.json `types`).
    await run(path.join(REPO, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const program = await run(process.execPath, ['out/program.mjs'], {
      cwd: dir,
      env: { ...env, HOME: dir },
      encoding: 'utf8',
    });
    expect(program.stdout).toContain('valid: true');
    expect(program.stdout).toContain('ingested: ingested');
    expect(program.stdout).toContain('urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,user_features)');
    expect(program.stdout).toMatch(
      /^Apply complete: \d+ applied, 0 failed, 0 skipped; verified (\d+)\/\1\.$/m,
    );
    expect(program.stdout).toContain('changes after the apply: 0');
    expect(program.stderr).toContain(
      `reading the embedded catalog (${path.join(dir, '.catalog/catalog.db')})`,
    );
  }, 120_000);

  it('imports a business-glossary file', async () => {
    const source = path.join(REPO, 'test/fixtures/business-glossary/multiple_owners_same_type.yml');
    const imported = await catalog(['import', 'business-glossary', source, '--out', 'glossary']);
    // execFile rejects on a non-zero exit, so reaching here means it succeeded.
    expect(imported.stdout).toMatch(/wrote|GlossaryTerm|\d/);
    expect(readdirSync(path.join(project.dir, 'glossary')).length).toBeGreaterThan(0);
    expect((await catalog(['validate', 'glossary'])).stdout).toMatch(/GlossaryTerm/);
  }, 60_000);

  it('serves the embedded catalog with its web UI, and stops on SIGTERM', async () => {
    const child = spawn(
      path.join(project.dir, 'node_modules/.bin/catalog'),
      ['serve', '--port', '0', '--db', '.catalog/serve.db'],
      { cwd: project.dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1] as string);
        });
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
      });
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const html = await page.text();
      // The page's own stylesheet and script come from the packed assets.
      const assets = [...html.matchAll(/(?:href|src)="(\/[^"]+\.(?:css|js))"/g)].map((m) => m[1] as string);
      expect(assets.length).toBeGreaterThan(0);
      for (const asset of assets) expect((await fetch(`${url}${asset}`)).status, asset).toBe(200);
      // The GraphQL schema is the vendored DataHub SDL plus the extensions file, both read from dist/.
      const graphql = await fetch(`${url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __type(name: "GlossaryTerm") { name } }' }),
      });
      expect(await graphql.json()).toMatchObject({ data: { __type: { name: 'GlossaryTerm' } } });
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 60_000);
});

/**
 * A program that uses the package as a library (docs/api.md's example): validate, load the example's datasets into
 * the embedded catalog, plan, print the plan as the CLI does, apply, and plan again.
 */
const LIBRARY_PROGRAM = `import {
  createStyle,
  describeEvent,
  ingestFiles,
  planCatalog,
  renderApplyLine,
  renderPlan,
  validateCatalog,
  type EngineContext,
  type Plan,
} from '${PACKAGE_NAME}';

const context: EngineContext = {
  cwd: process.cwd(),
  env: process.env,
  onEvent: (event) => void process.stderr.write(describeEvent(event)),
};
const plain = createStyle(false);

const validation = await validateCatalog({ dir: 'catalog', cwd: context.cwd });
console.log(\`valid: \${validation.errors === 0} (\${validation.load.documents.length} documents)\`);

const ingested = await ingestFiles({ ...context, files: ['examples/datasets.json'] });
console.log(\`ingested: \${ingested.map((outcome) => outcome.kind).join(', ')}\`);

const run = await planCatalog({ ...context, dir: 'catalog' });
try {
  const plan: Plan = await run.withImpact();
  process.stdout.write(renderPlan(plan, 'text', plain));
  await run.impactRead;
  const result = await run.apply();
  console.log(renderApplyLine(result, plain));
} finally {
  await run.close();
}

const again = await planCatalog({ ...context, dir: 'catalog', impact: false });
try {
  console.log(\`changes after the apply: \${again.plan.changes.length}\`);
} finally {
  await again.close();
}
`;

/** Whether a package's `engines.node` (the forms npm packages use: `>=a.b`, `^a.b.c`, `a.x`, `*`, joined by `||`) accepts `version`. */
function acceptsNode(range: string, version: string): boolean {
  const parts = (text: string): number[] => text.split('.').map((part) => Number(part) || 0);
  const compare = (a: number[], b: number[]): number => {
    for (let index = 0; index < 3; index += 1) {
      const difference = (a[index] ?? 0) - (b[index] ?? 0);
      if (difference !== 0) return difference;
    }
    return 0;
  };
  const wanted = parts(version);
  return range.split('||').some((alternative) => {
    const term = alternative.trim().replace(/^>=\s+/, '>=');
    if (term === '*' || term === '') return true;
    if (term.startsWith('>=')) return compare(wanted, parts(term.slice(2))) >= 0;
    if (term.startsWith('^')) {
      const floor = parts(term.slice(1));
      return wanted[0] === floor[0] && compare(wanted, floor) >= 0;
    }
    const major = /^(\d+)\.x$/.exec(term)?.[1];
    if (major !== undefined) return wanted[0] === Number(major);
    throw new Error(`an engines.node this test does not read: ${range}`);
  });
}
