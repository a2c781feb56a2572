/**
 * How the tool is published. Kept in step with package.json's `name` and `repository` (a test checks it), so
 * that `catalog init` writes workflows and editor settings that point at what users actually install.
 */
export const PACKAGE_NAME = 'datahub-gitops';

/** The GitHub repository that holds action.yml; workflows use it as `uses: <repository>@<ACTION_VERSION>`. */
export const ACTION_REPOSITORY = 'datahub-gitops/datahub-gitops';

/** The action's major-version tag: users follow v1's fixes without editing their workflows. */
export const ACTION_VERSION = 'v1';

export const ACTION_REF = `${ACTION_REPOSITORY}@${ACTION_VERSION}`;
