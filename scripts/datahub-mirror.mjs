// @ts-check
/**
 * Where the scripts that take files from DataHub find its release tags: a bare git mirror of
 * datahub-project/datahub's tags (read with `git --git-dir <mirror> show <tag>:<path>`). $DATAHUB_MIRROR, else
 * the mirror this workplace's `fetch` leaves; every script also takes --mirror.
 */
export const DEFAULT_DATAHUB_MIRROR =
  process.env['DATAHUB_MIRROR'] ?? '/work/.mirror/saxo-datagov+datahub/repo';
