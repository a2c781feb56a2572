import { jsonEqual, type JsonObject } from '../../model/json.js';
import type { AspectStatements } from './aspect-statements.js';
import { stampedMetadata, versionOf, withoutVersion, type StoredAspect } from './stored-aspect.js';

export interface WriteResult {
  /** False when the value equals the stored one (DataHub keeps the version and only refreshes lastObserved). */
  readonly changed: boolean;
  /** The aspect's version after the write (systemMetadata.version). */
  readonly version: string;
}

/** A new latest value of an aspect, written by `actor` at `now`. */
export interface AspectWrite {
  readonly urn: string;
  readonly aspect: string;
  readonly value: JsonObject;
  readonly systemMetadata: JsonObject;
  readonly actor: string;
  readonly now: number;
  /** The JSON text of `value`, when the caller has it already (serialized once). */
  readonly text: string | undefined;
}

/**
 * Writes the latest value of an aspect whose latest stored version is `current`, keeping that one as a history
 * row; an equal value only refreshes the stored system metadata. `preloaded`, the entity's aspects the open
 * transaction preloaded, is kept equal to what is written.
 */
export function writeAspect(
  statements: AspectStatements,
  write: AspectWrite,
  current: StoredAspect | undefined,
  preloaded: Map<string, StoredAspect> | undefined,
): WriteResult {
  const { urn, aspect, value, actor, now, text } = write;
  // GMS keeps the run that wrote the value before as lastRunId (EntityServiceImpl.applyUpsert at v1.7.0).
  const previousRun = current?.systemMetadata['runId'];
  const systemMetadata =
    typeof previousRun === 'string'
      ? { ...write.systemMetadata, lastRunId: previousRun }
      : write.systemMetadata;
  if (current !== undefined && jsonEqual(current.value, value)) {
    // The value stays; the write's run becomes the aspect's run, as in GMS (no run: DataHub's default, none).
    const { runId: _run, ...kept } = current.systemMetadata;
    const refreshed = { ...kept, ...withoutVersion(systemMetadata), lastObserved: now };
    statements.touch.run(JSON.stringify(refreshed), urn, aspect);
    preloaded?.set(aspect, { ...current, systemMetadata: refreshed });
    return { changed: false, version: versionOf(current) };
  }
  const nextVersion = current === undefined ? '1' : String(Number(versionOf(current)) + 1);
  const metadata = text ?? JSON.stringify(value);
  const stamped = stampedMetadata(systemMetadata, now, nextVersion);
  const systemmetadata = JSON.stringify(stamped);
  if (current === undefined) {
    statements.insert.run(urn, aspect, 0, metadata, systemmetadata, now, actor);
  } else {
    const history = (statements.maxVersion.get(urn, aspect)?.max ?? 0) + 1;
    statements.insert.run(
      urn,
      aspect,
      history,
      JSON.stringify(current.value),
      JSON.stringify(current.systemMetadata),
      current.createdOn,
      current.createdBy,
    );
    statements.updateLatest.run(metadata, systemmetadata, now, actor, urn, aspect);
  }
  preloaded?.set(aspect, {
    urn,
    aspect,
    version: 0,
    value,
    systemMetadata: stamped,
    createdOn: now,
    createdBy: actor,
  });
  return { changed: true, version: nextVersion };
}
