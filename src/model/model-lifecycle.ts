/**
 * The forms DataHub's SDK gives the ML lifecycle aspects (metadata-ingestion/src/datahub/sdk at v1.7.0), so that a
 * model versioned by this tool looks exactly like one versioned by the SDK.
 */
import { createHash } from 'node:crypto';

/**
 * The version set HasVersion.set_version creates: urn:li:versionSet:(<datahub_guid({"urn": urn})>,<entity type>).
 * datahub_guid is the md5 of the dict as compact JSON with sorted keys (emitter/mce_builder.py); Python's
 * json.dumps escapes every non-ASCII character, which JSON.stringify does not, so those are escaped here too.
 */
export function versionSetUrnOf(urn: string, entityType: string): string {
  const json = JSON.stringify({ urn }).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const guid = createHash('md5').update(json, 'utf8').digest('hex');
  return `urn:li:versionSet:(${guid},${entityType})`;
}

/** sortId as set_version writes it: the version zero-padded to 10 (Python's str.zfill(10), unsigned). */
export function sortIdOf(version: string): string {
  return version.padStart(10, '0');
}

/**
 * A manifest's decommission date as Deprecation.decommissionTime (epoch milliseconds): YYYY-MM-DD is midnight
 * UTC; a date-time must carry its zone. Undefined for a date the calendar does not have (2027-02-30).
 */
export function decommissionTimeOf(text: string): number | undefined {
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (date === null) return undefined;
  const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(time)) return undefined;
  // Date.parse rolls 2027-02-30 over to March; a date that does not read back the same is not a date.
  const back = new Date(time);
  if (text.length === 10 && back.toISOString().slice(0, 10) !== text) return undefined;
  return time;
}
