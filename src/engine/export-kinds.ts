/**
 * The kinds `catalog export` writes (derived from the kinds registry): its own module, so that the CLI builds its
 * options without loading the commands.
 */
export { EXPORT_KINDS } from '../kinds/registry.js';
