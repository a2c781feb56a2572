/** Owners, tags and links others added to a declared entity, brought into its manifest (`adopt --unmanaged`). */
import type { DesiredEntity } from '../model/desired-state.js';
import { isJsonObject, stringOr, type JsonObject, type JsonValue } from '../model/json.js';
import type { LiveEntity } from '../model/live-state.js';
import { ownerTypeKey } from '../model/owner-type.js';
import { isMarkedByAnotherCatalog, isOwnedLink, isOwnedOwner, isOwnedTag } from '../plan/ownership.js';
import type { AdoptionRecorder } from './adoption-recorder.js';
import type { DeclarationSite } from './declaration-sites.js';

/** Owners, tags and links others added (no marker of any catalog) that the manifest does not declare. */
export function adoptAssociations(
  recorder: AdoptionRecorder,
  actor: string,
  entity: DesiredEntity,
  live: LiveEntity,
  declaration: DeclarationSite,
): void {
  const declared = entity.associations;
  const others = (aspect: string, list: string, isOwned: (line: JsonValue, actor: string) => boolean) => {
    const lines = live.aspects.get(aspect)?.value[list];
    return (Array.isArray(lines) ? lines.filter(isJsonObject) : []).filter(
      (line) => !isOwned(line, actor) && !isMarkedByAnotherCatalog(line, actor),
    );
  };
  const ownerKeys = new Set((declared?.owners ?? []).map((o) => `${o.owner} ${o.typeUrn ?? o.type}`));
  const owners = dedupe(
    others('ownership', 'owners', isOwnedOwner).filter(
      (line) => !ownerKeys.has(`${stringOr(line['owner'])} ${ownerTypeKey(line)}`),
    ),
    (line) => `${stringOr(line['owner'])} ${ownerTypeKey(line)}`,
  ).map((line) => ownerItem(line));
  const tagUrns = new Set((declared?.tags ?? []).map((tag) => tag.tagUrn));
  const tags = dedupe(
    others('globalTags', 'tags', isOwnedTag).filter((line) => !tagUrns.has(stringOr(line['tag']))),
    (line) => stringOr(line['tag']),
  ).map((line) => shortId(stringOr(line['tag']), 'tag'));
  const urls = new Set((declared?.links ?? []).map((link) => link.url));
  const links = dedupe(
    others('institutionalMemory', 'elements', isOwnedLink).filter((line) => !urls.has(stringOr(line['url']))),
    (line) => stringOr(line['url']),
  ).map((line) => {
    const description = stringOr(line['description']);
    return description === '' ? { url: stringOr(line['url']) } : { url: stringOr(line['url']), description };
  });
  for (const [key, items] of [
    ['owners', owners],
    ['tags', tags],
    ['links', links],
  ] as const) {
    if (items.length === 0) continue;
    recorder.record(
      entity.urn,
      declaration,
      { kind: 'append', path: [...declaration.at, key], items },
      { reason: 'unmanaged', field: key, source: recorder.fieldSource(declaration, key), live: items },
    );
  }
}

/** An owner line as a manifest writes it: the corpuser id or the URN, and the type unless it is the default. */
function ownerItem(line: JsonObject): JsonObject {
  const owner = stringOr(line['owner']);
  const type = ownerTypeKey(line);
  return {
    owner: shortId(owner, 'corpuser'),
    ...(type === 'TECHNICAL_OWNER' ? {} : { type }),
  };
}

/** `urn:li:<type>:<id>` → `<id>` for simple ids the manifests may write short. */
function shortId(urn: string, entityType: 'tag' | 'corpuser'): string {
  const prefix = `urn:li:${entityType}:`;
  return urn.startsWith(prefix) && !/[(),]/.test(urn.slice(prefix.length)) ? urn.slice(prefix.length) : urn;
}

function dedupe<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
