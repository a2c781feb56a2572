import { setFlagsFromString } from 'node:v8';
import type { CliIo } from './io.js';

/**
 * How far V8 lets the heap grow past what was live after a full collection before it collects again, in percent.
 * Its own choice, up to four times on a machine with memory to spare, made most of a large plan's peak memory
 * garbage not yet collected; 30% keeps the peak near what is live for a few percent more CPU time (the runs behind
 * the number: bench/results/README.md, "Memory"). A setting of the CLI's process, not of the library.
 */
const HEAP_GROWING_PERCENT = 30;

/** Bounds the heap's growth, unless the user tunes V8's heap themselves (NODE_OPTIONS or node's own flags); true if it did. */
export function boundHeapGrowth(env: CliIo['env']): boolean {
  const flags = `${env['NODE_OPTIONS'] ?? ''} ${process.execArgv.join(' ')}`;
  if (/heap-growing-percent|max-old-space-size|optimize-for-size|max-semi-space-size/.test(flags))
    return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}

/**
 * Once the peak is behind (the states are released, the plan is made): the apply's short-lived request bodies are
 * collected at V8's own pace, which took a 50,000-entity converge's CPU time down by about a sixth.
 */
export function releaseHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=0');
}
