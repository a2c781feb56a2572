#!/usr/bin/env node
/**
 * Writes the GraphQL half of the compatibility matrix's per-release artefacts (test/compat/datahub-versions.test.ts):
 * for each DataHub release tag, test/fixtures/datahub-releases/<tag>/
 *   schema.graphql.gz  the release's whole GraphQL SDL (every datahub-graphql-core/src/main/resources/*.graphql at
 *                      the tag, concatenated in name order), with descriptions dropped and gzipped: every type,
 *                      field, argument and directive stays, so any document can be validated against it, at
 *                      16-26 KB a release instead of 300-500 KB
 *   release.json       tag, commit, the source files, and the fields of the aspect-write envelope
 *                      (MetadataChangeProposal, SystemMetadata); other keys already in the file are kept (the aspect
 *                      half, aspects.json, is written by scripts/generate-datahub-release.mjs --compat-out)
 *   PROVENANCE.md      where the files come from and DataHub's Apache-2.0 notice
 *
 * Usage: node scripts/generate-compat-artefacts.mjs [--mirror <bare git dir>] [--out <dir>] [tag...]
 * The mirror defaults to $DATAHUB_MIRROR or /work/.mirror/saxo-datagov+datahub/repo; the tags to the matrix.
 * Output is deterministic (gzip without a timestamp), so re-running on the same tags changes nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildASTSchema, parse, print, visit } from 'graphql';
import { DEFAULT_DATAHUB_MIRROR } from './datahub-mirror.mjs';

/** One tag per release line the client supports, oldest first (the matrix). */
export const MATRIX_TAGS = [
  'v0.13.0',
  'v0.14.0',
  'v0.15.0',
  'v1.0.0',
  'v1.1.0',
  'v1.2.0',
  'v1.3.0',
  'v1.4.0',
  'v1.5.0',
  'v1.6.0',
  'v1.7.0',
];

const GRAPHQL_DIR = 'datahub-graphql-core/src/main/resources';
const UPSTREAM = 'https://github.com/datahub-project/datahub';

function parseArgs(argv) {
  const options = {
    mirror: DEFAULT_DATAHUB_MIRROR,
    out: 'test/fixtures/datahub-releases',
    tags: [],
  };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--mirror' || arg === '--out') {
      const value = argv[index + 1];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      options[arg.slice(2)] = value;
      index += 1;
    } else if (arg.startsWith('--')) {
      throw new Error(`unknown option ${arg}`);
    } else {
      options.tags.push(arg);
    }
  }
  if (options.tags.length === 0) options.tags = MATRIX_TAGS;
  return options;
}

function git(mirror, args) {
  return execFileSync('git', ['--git-dir', mirror, ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

/** The records around an aspect write (not aspects, so not in aspects.json): proposal and system metadata. */
const ENVELOPE_RECORDS = {
  MetadataChangeProposal: 'metadata-models/src/main/pegasus/com/linkedin/mxe/MetadataChangeProposal.pdl',
  SystemMetadata: 'metadata-models/src/main/pegasus/com/linkedin/mxe/SystemMetadata.pdl',
};

/** The field names of a flat PDL record: its lines `  name: type` (fields sit two spaces in; nothing else does). */
function pdlFieldNames(pdl) {
  return [...pdl.matchAll(/^ {2}([A-Za-z_][A-Za-z0-9_]*)\s*:/gm)].map((match) => match[1]);
}

/** Drops descriptions (doc strings): they are most of the bytes and play no part in validation. */
function withoutDescriptions(document) {
  return visit(document, {
    enter(node) {
      return 'description' in node && node.description !== undefined
        ? { ...node, description: undefined }
        : undefined;
    },
  });
}

function generate(mirror, out, tag) {
  const commit = git(mirror, ['rev-parse', `${tag}^{commit}`]).trim();
  const files = git(mirror, ['ls-tree', '-r', '--name-only', tag, `${GRAPHQL_DIR}/`])
    .split('\n')
    .filter((file) => file.endsWith('.graphql'))
    .sort();
  if (files.length === 0) throw new Error(`${tag} has no ${GRAPHQL_DIR}/*.graphql`);
  const sdl = files.map((file) => git(mirror, ['show', `${tag}:${file}`])).join('\n');
  const document = withoutDescriptions(parse(sdl, { noLocation: true }));
  // Refuse to write a schema graphql-js cannot build: the matrix test would fail on it with a worse message.
  buildASTSchema(document);
  const printed = `${print(document)}\n`;
  const dir = path.join(out, tag);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'schema.graphql.gz'), gzipSync(printed, { level: 9 }));

  // The envelope of every aspect write: which of its fields the release accepts (Rest.li refuses unknown ones).
  const envelope = Object.fromEntries(
    Object.entries(ENVELOPE_RECORDS).map(([name, file]) => [
      name,
      { source: file, fields: pdlFieldNames(git(mirror, ['show', `${tag}:${file}`])) },
    ]),
  );

  const releaseFile = path.join(dir, 'release.json');
  const existing = existsSync(releaseFile) ? JSON.parse(readFileSync(releaseFile, 'utf8')) : {};
  const release = {
    ...existing,
    tag,
    commit,
    upstream: UPSTREAM,
    graphql: { file: 'schema.graphql.gz', sources: files, descriptions: 'dropped' },
    envelope,
  };
  writeFileSync(releaseFile, `${JSON.stringify(release, null, 2)}\n`);
  writeFileSync(path.join(dir, 'PROVENANCE.md'), provenance(tag, commit, files));
  return { tag, commit, files: files.length, bytes: printed.length };
}

function provenance(tag, commit, files) {
  return `# DataHub ${tag}: compatibility-matrix artefacts

Taken from DataHub (${UPSTREAM}), release tag \`${tag}\`, commit \`${commit}\`, by
\`node scripts/generate-compat-artefacts.mjs ${tag}\` (GraphQL) and
\`node scripts/generate-datahub-release.mjs ${tag} --compat-out …\` (aspects.json). Do not edit by hand.

- \`schema.graphql.gz\`: the concatenation of these files at the tag, descriptions dropped, gzipped:
${files.map((file) => `  - \`${file}\``).join('\n')}
- \`aspects.json\`: compact Pegasus schemas of the aspects the client writes, from the tag's PDL files.

Used only by test/compat/datahub-versions.test.ts.

## Notice

DataHub is licensed under the Apache License, Version 2.0. Its NOTICE reads:

    (c) 2015 LinkedIn Corp. All rights reserved.

    Licensed under the Apache License, Version 2.0 (the "License"); you may not use
    this file except in compliance with the License. You may obtain a copy of the
    License at  http://www.apache.org/licenses/LICENSE-2.0

    Unless required by applicable law or agreed to in writing, software distributed
    under the License is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR
    CONDITIONS OF ANY KIND, either express or implied.
`;
}

const options = parseArgs(process.argv.slice(2));
for (const tag of options.tags) {
  const result = generate(options.mirror, options.out, tag);
  process.stderr.write(
    `${result.tag} ${result.commit.slice(0, 12)}: ${result.files} files, ${result.bytes} bytes of SDL\n`,
  );
}
