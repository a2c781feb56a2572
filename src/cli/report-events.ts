import { describeEvent, type EngineEvent, type EventListener } from '../engine/events.js';
import { createStyle, useColor } from '../render/style.js';
import type { CliIo } from './io.js';
import { rememberTokenVariable } from './token-variables.js';

/**
 * The engine's events as the CLI reports them on stderr (describeEvent's lines). An apply's progress is shown on a
 * terminal only; an environment's token variable is remembered, so that the error boundary redacts its value.
 */
export function reportEvents(io: CliIo): EventListener {
  const warn = createStyle(useColor(io.stderr, io.env)).yellow;
  return (event: EngineEvent) => {
    if (event.type === 'token-variable') rememberTokenVariable(io, event.variable);
    else if (event.type !== 'applied' || io.stderr.isTTY) io.stderr.write(describeEvent(event, warn));
  };
}
