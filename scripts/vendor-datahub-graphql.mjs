#!/usr/bin/env node
// @ts-check
/**
 * Vendors DataHub's GraphQL SDL and its web app's GraphQL documents from one release tag:
 *
 *   node scripts/vendor-datahub-graphql.mjs <tag> [--mirror <git-dir>]
 *
 * - datahub-graphql-core/src/main/resources/*.graphql -> src/datahub/graphql/ (the schema the embedded catalog
 *   serves, byte for byte; our own additions live in src/server/graphql/extensions.graphql)
 * - datahub-web-react/src/graphql/*.graphql -> test/fixtures/datahub-web-react/ (the operations DataHub's web app
 *   sends; test/server/datahub-web-app.test.ts validates and runs them)
 *
 * Each folder gets a PROVENANCE.md naming the tag, the commit and every file, and DataHub's license notice.
 * Files of the previous release are removed first, so a file DataHub dropped does not linger.
 * The mirror is a bare git repository holding DataHub's release tags (DATAHUB_MIRROR or --mirror).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATAHUB_MIRROR } from './datahub-mirror.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const TARGETS = [
  {
    from: 'datahub-graphql-core/src/main/resources',
    to: 'src/datahub/graphql',
    what: "DataHub's GraphQL schema (SDL), served by the embedded catalog as it is",
  },
  {
    from: 'datahub-web-react/src/graphql',
    to: 'test/fixtures/datahub-web-react',
    what: "the GraphQL documents of DataHub's web app, validated and replayed by the tests",
  },
];

/** @param {string[]} argv */
function parseArgs(argv) {
  let tag = '';
  let mirror = DEFAULT_DATAHUB_MIRROR;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--mirror') mirror = path.resolve(argv[(i += 1)] ?? '');
    else if (arg.startsWith('-')) usage(1);
    else tag = arg;
  }
  if (tag === '') usage(1);
  return { tag, mirror };
}

/** @param {number} code @returns {never} */
function usage(code) {
  console.error('usage: node scripts/vendor-datahub-graphql.mjs <tag> [--mirror <bare-git-dir>]');
  process.exit(code);
}

/** @param {string} mirror @param {string[]} args */
function git(mirror, args) {
  return execFileSync('git', ['--git-dir', mirror, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

function main() {
  const { tag, mirror } = parseArgs(process.argv.slice(2));
  const commit = git(mirror, ['rev-list', '-n', '1', tag]).trim();
  for (const target of TARGETS) {
    const files = git(mirror, ['ls-tree', '--name-only', `${tag}:${target.from}`])
      .split('\n')
      .filter((name) => name.endsWith('.graphql'))
      .sort();
    if (files.length === 0) throw new Error(`${tag} has no *.graphql under ${target.from}`);
    const dir = path.join(projectRoot, target.to);
    mkdirSync(dir, { recursive: true });
    for (const old of readdirSync(dir)) if (old.endsWith('.graphql')) rmSync(path.join(dir, old));
    for (const name of files)
      writeFileSync(path.join(dir, name), git(mirror, ['show', `${tag}:${target.from}/${name}`]));
    writeFileSync(path.join(dir, 'PROVENANCE.md'), provenance(target, tag, commit, files));
    console.log(`${target.to}: ${files.length} files from ${tag} (${commit})`);
  }
}

/** @param {{from: string, what: string}} target @param {string} tag @param {string} commit @param {string[]} files */
function provenance(target, tag, commit, files) {
  return [
    `# Provenance`,
    '',
    `These files are ${target.what}. They are copied unchanged from DataHub`,
    `(https://github.com/datahub-project/datahub), release tag \`${tag}\`, commit \`${commit}\`,`,
    `folder \`${target.from}/\`, by \`node scripts/vendor-datahub-graphql.mjs ${tag}\`.`,
    '',
    'DataHub is Copyright the DataHub authors (originally LinkedIn Corporation) and licensed under the Apache',
    'License, Version 2.0 (http://www.apache.org/licenses/LICENSE-2.0). The files are redistributed under that',
    'license, unmodified.',
    '',
    '## Files',
    '',
    ...files.map((name) => `- \`${target.from}/${name}\``),
    '',
  ].join('\n');
}

main();
