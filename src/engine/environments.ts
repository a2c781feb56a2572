/**
 * Settings environments as callers name them (docs/environments.md): what a name may be, and what an environment
 * declares. The engine's operations take the name; these are for checking one before a run.
 */
export { ENVIRONMENT_NAME, type Environment } from '../manifest/select-environment.js';
