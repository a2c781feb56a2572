/** What the catalog holds now, as read by the client: produced by client/, consumed by plan/. */
import type { JsonObject } from './json.js';

export interface LiveAspect {
  readonly value: JsonObject;
  /** systemMetadata.version, the version If-Version-Match compares; undefined when the server does not send it. */
  readonly version?: string;
  /**
   * As the catalog sent it; in a plan's read (read-live-state.ts planView) only the tool's marker properties,
   * except for the editable aspects, which keep it whole (their stamps say who edited them).
   */
  readonly systemMetadata?: JsonObject;
  /**
   * The audit stamp GMS keeps with the stored aspect (EnvelopedAspect.created), when the client passes it on; in a
   * plan's read, only on the editable aspects.
   */
  readonly created?: JsonObject;
}

export interface LiveEntity {
  readonly urn: string;
  /** The entity's key aspect is stored (soft-deleted entities exist). */
  readonly exists: boolean;
  readonly aspects: ReadonlyMap<string, LiveAspect>;
}

export interface LiveState {
  readonly entities: ReadonlyMap<string, LiveEntity>;
  /**
   * Entities of the managed types that the manifests do not declare, read only for --prune; with their owned
   * aspect and status, so that the planner can tell which ones this tool managed.
   */
  readonly undeclared?: ReadonlyMap<string, LiveEntity>;
  /**
   * Entities the plan does not otherwise read that name a renamed entity's old URN (kind Moved), with the aspects
   * holding those edges: read only when a renamed entity still exists, so that the plan can report the edges
   * others added to it (plan-renames.ts).
   */
  readonly referrers?: ReadonlyMap<string, LiveEntity>;
}

export const MISSING_VERSION = '-1';

/** The version to send as If-Version-Match for an aspect: its version, or -1 when it does not exist. */
export function versionSeen(entity: LiveEntity | undefined, aspect: string): string {
  const live = entity?.aspects.get(aspect);
  if (live === undefined) return MISSING_VERSION;
  return live.version ?? '';
}
