import { describeEvent, type EngineEvent, type EventListener } from '../engine/events.js';
import { ProgressLine, ProgressLog, type Progress } from '../render/render-progress.js';
import { createStyle, useColor } from '../render/style.js';
import type { CliIo } from './io.js';
import { rememberTokenVariable } from './token-variables.js';

/**
 * The engine's events as the CLI reports them on stderr (describeEvent's lines). Progress (reading the manifests
 * and the catalog, planning, applying) is one status line redrawn a few times a second on a terminal, and a line
 * every tenth (or every few seconds) in a log (render-progress.ts); never anything on stdout. An environment's
 * token variable is remembered, so that the error boundary redacts its value.
 */
export function reportEvents(io: CliIo, now: () => number = Date.now): EventListener {
  const style = createStyle(useColor(io.stderr, io.env));
  const progress = progressOf(io, now);
  return (event: EngineEvent) => {
    if (event.type === 'token-variable') rememberTokenVariable(io, event.variable);
    else if (event.type === 'progress') progress(event);
    else if (event.type === 'applied') progress({ phase: 'applying', done: event.done, total: event.total });
    else io.stderr.write(describeEvent(event, style.yellow));
  };
}

/** Erases a terminal's status line (before the result is printed); nothing elsewhere. */
export function endProgress(io: CliIo): void {
  if (io.stderr.status !== undefined) io.stderr.status('');
  else if (io.stderr.isTTY && drawn.has(io)) io.stderr.write('\n');
  drawn.delete(io);
}

/** The streams (of tests, say) that are a terminal without a status line, and had progress drawn on them. */
const drawn = new WeakSet<CliIo>();

function progressOf(io: CliIo, now: () => number): (progress: Progress) => void {
  if (!io.stderr.isTTY) {
    const log = new ProgressLog(now);
    return (progress) => {
      const line = log.update(progress);
      if (line !== undefined) io.stderr.write(line);
    };
  }
  const line = new ProgressLine(now, createStyle(useColor(io.stderr, io.env)));
  return (progress) => {
    const text = line.update(progress);
    if (text === undefined) return;
    if (io.stderr.status !== undefined) return io.stderr.status(text);
    drawn.add(io);
    io.stderr.write(`\r${text}`);
  };
}
