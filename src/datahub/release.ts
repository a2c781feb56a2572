/**
 * The DataHub release the embedded catalog implements and the client is built against: every file under
 * src/datahub/ that was taken or generated from DataHub comes from this tag and commit of
 * datahub-project/datahub (read from a git mirror of its release tags). Moving to a newer release is one run
 * of `npm run datahub:update -- <tag>` and a review of its diff (see docs/datahub-release.md).
 * Written by scripts/update-datahub-release.mjs.
 */
export const DATAHUB_RELEASE = {
  tag: 'v1.7.0',
  commit: '7f81ccbfe27b9acc947f5f600fcf9ddb72138a80',
} as const;

/** The version string GMS reports in `/config` (versions["acryldata/datahub"].version). */
export const DATAHUB_VERSION = DATAHUB_RELEASE.tag;
