/**
 * The CLI in-process (package.json `exports["./cli"]`): `runCli(argv, io)` runs a command line as `catalog` does and
 * returns its exit code; processIo() is the process's own streams, environment and working directory. Programs
 * that want values rather than printed text use the library entry (src/index.ts, docs/api.md).
 */
export { runCli, VERSION } from './program.js';
export { processIo, type CliIo, type OutputStream } from './io.js';
