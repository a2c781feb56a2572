#!/usr/bin/env node
// @ts-check
/**
 * Moves the project to another DataHub release in one command:
 *
 *   npm run datahub:update -- <tag> [--mirror <bare-git-dir>]
 *
 * 1. src/datahub/release.ts gets the tag and its commit (what /config reports and every header names);
 * 2. scripts/generate-datahub-release.mjs regenerates the entity registry and the aspect validators;
 * 3. scripts/vendor-datahub-graphql.mjs vendors the release's GraphQL SDL and its web app's documents;
 * 4. scripts/extract-datahub-privileges.mjs lists the release's privileges (PoliciesConfig.java) for `me` and appConfig.
 * Then review the diff and run `npm test` (docs/datahub-release.md says what to look at).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATAHUB_MIRROR } from './datahub-mirror.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '..');
const args = process.argv.slice(2);
const tag = args.find((arg, index) => !arg.startsWith('-') && args[index - 1] !== '--mirror');
const mirrorAt = args.indexOf('--mirror');
const mirror = path.resolve(mirrorAt >= 0 ? (args[mirrorAt + 1] ?? '') : DEFAULT_DATAHUB_MIRROR);
if (tag === undefined) {
  console.error('usage: npm run datahub:update -- <tag> [--mirror <bare-git-dir>]');
  process.exit(1);
}

/** The tag's commit, before anything is written: a tag the mirror lacks changes nothing. */
function commitOf(tagName) {
  try {
    return execFileSync('git', ['--git-dir', mirror, 'rev-list', '-n', '1', tagName], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    console.error(
      `${tagName} is not a tag of the DataHub mirror at ${mirror} (--mirror or DATAHUB_MIRROR); nothing was changed`,
    );
    process.exit(1);
  }
}
const commit = commitOf(tag);
const releaseFile = path.join(projectRoot, 'src/datahub/release.ts');
writeFileSync(
  releaseFile,
  `/**
 * The DataHub release the embedded catalog implements and the client is built against: every file under
 * src/datahub/ that was taken or generated from DataHub comes from this tag and commit of
 * datahub-project/datahub (read from a git mirror of its release tags). Moving to a newer release is one run
 * of \`npm run datahub:update -- <tag>\` and a review of its diff (see docs/datahub-release.md).
 * Written by scripts/update-datahub-release.mjs.
 */
export const DATAHUB_RELEASE = {
  tag: '${tag}',
  commit: '${commit}',
} as const;

/** The version string GMS reports in \`/config\` (versions["acryldata/datahub"].version). */
export const DATAHUB_VERSION = DATAHUB_RELEASE.tag;
`,
);
console.log(`src/datahub/release.ts: ${tag} (${commit})`);
const steps = [
  ['generate-datahub-release.mjs', tag, '--mirror', mirror],
  ['vendor-datahub-graphql.mjs', tag, '--mirror', mirror],
  ['extract-datahub-privileges.mjs', tag, mirror],
];
for (const [script, ...scriptArgs] of steps) {
  execFileSync(process.execPath, [path.join(here, script), ...scriptArgs], {
    stdio: 'inherit',
    cwd: projectRoot,
  });
}
