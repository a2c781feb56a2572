/**
 * Structured property values set in DataHub (by a steward in its UI, or by anyone but this tool and other catalogs)
 * brought back into a manifest's `properties:`: a declared property whose value someone changed takes the live
 * value (drift; with a base revision, a property the pull request changed too is a conflict, left as it is), and
 * with `--unmanaged` a property the manifest does not declare is added. The tool's own values are never adopted:
 * they are the manifest's already.
 */
import type { DesiredPropertyValue } from '../model/desired-state.js';
import { isJsonObject, stringOr, type JsonObject, type JsonValue } from '../model/json.js';
import type { LiveEntity } from '../model/live-state.js';
import { isMarkedByAnotherCatalog, isOwnedTag } from '../plan/ownership.js';
import type { DocumentPath } from '../kinds/source.js';
import type { AdoptionRecorder } from './adoption-recorder.js';
import { valueAt, type DeclarationSite } from './declaration-sites.js';

export interface PropertyAdoption {
  readonly urn: string;
  readonly live: LiveEntity | undefined;
  readonly declaration: DeclarationSite;
  /** The path of the `properties` map, from the document's root (`[...at, 'properties']`). */
  readonly path: DocumentPath;
  /** How adoptions name the map: `properties`, `columnProperties.email`. */
  readonly label: string;
  readonly declared: readonly DesiredPropertyValue[] | undefined;
  /** The values the base revision declares; absent without a base revision. */
  readonly base?: { readonly values: readonly DesiredPropertyValue[] };
}

export function adoptPropertyValues(
  recorder: AdoptionRecorder,
  actor: string,
  unmanaged: boolean,
  target: PropertyAdoption,
): void {
  const lines = target.live?.aspects.get('structuredProperties')?.value['properties'];
  const others = (Array.isArray(lines) ? lines.filter(isJsonObject) : []).filter(
    (line) => !isOwnedTag(line, actor) && !isMarkedByAnotherCatalog(line, actor),
  );
  const declared = new Map((target.declared ?? []).map((value) => [value.propertyUrn, value]));
  const added: Record<string, JsonValue> = {};
  for (const line of others) {
    const propertyUrn = stringOr(line['propertyUrn']);
    const live = manifestValue(line);
    if (live === undefined) continue;
    const mine = declared.get(propertyUrn);
    if (mine === undefined) {
      if (unmanaged) added[propertyUrn.replace(/^urn:li:structuredProperty:/, '')] = live;
      continue;
    }
    if (valuesKey(mine.values) === valuesKey(valuesOf(line))) continue;
    const field = `${target.label}.${mine.name}`;
    const written = valueAt(target.declaration.doc.source.value, [...target.path, mine.name]);
    const base = target.base?.values.find((value) => value.propertyUrn === propertyUrn);
    if (
      target.base !== undefined &&
      (base === undefined || valuesKey(base.values) !== valuesKey(mine.values))
    ) {
      recorder.conflict({
        urn: target.urn,
        field,
        source: mine.source,
        ...optionalBase(base === undefined ? undefined : manifestValues(base.values)),
        ...(written === undefined ? {} : { manifest: written }),
        live,
      });
      continue;
    }
    if (
      recorder.writtenWithVariable(
        target.urn,
        target.declaration,
        [...relative(target), mine.name],
        live,
        field,
      )
    )
      continue;
    recorder.record(
      target.urn,
      target.declaration,
      { kind: 'set', path: [...target.path, mine.name], value: live },
      {
        reason: 'drift',
        field,
        source: mine.source,
        ...(written === undefined ? {} : { manifest: written }),
        live,
      },
    );
  }
  if (Object.keys(added).length === 0) return;
  const map = valueAt(target.declaration.doc.source.value, target.path);
  const edits: [DocumentPath, JsonValue][] =
    map === undefined
      ? [[target.path, added]]
      : Object.entries(added).map(([key, value]) => [[...target.path, key], value]);
  for (const [path, value] of edits)
    recorder.record(
      target.urn,
      target.declaration,
      { kind: 'set', path, value },
      {
        reason: 'unmanaged',
        field: target.label,
        source: recorder.fieldSource(target.declaration, target.path[target.path.length - 1] as string),
        live: value,
      },
    );
}

/** The path of the map from the entity's mapping (what writtenWithVariable takes). */
function relative(target: PropertyAdoption): DocumentPath {
  return target.path.slice(target.declaration.at.length);
}

function valuesOf(line: JsonObject): JsonObject[] {
  return Array.isArray(line['values']) ? line['values'].filter(isJsonObject) : [];
}

function valuesKey(values: readonly JsonObject[]): string {
  return JSON.stringify(values.map((value) => JSON.stringify(value)).sort());
}

/** Values as a manifest writes them: one as itself, more as a list. */
function manifestValues(values: readonly JsonObject[]): JsonValue | undefined {
  const items = values.flatMap((value): (string | number)[] => {
    const item = value['string'] ?? value['double'];
    return typeof item === 'string' || typeof item === 'number' ? [item] : [];
  });
  if (items.length === 0) return undefined;
  return items.length === 1 ? items[0] : items;
}

function manifestValue(line: JsonObject): JsonValue | undefined {
  return manifestValues(valuesOf(line));
}

function optionalBase(value: JsonValue | undefined): { base?: JsonValue } {
  return value === undefined ? {} : { base: value };
}
