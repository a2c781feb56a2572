/** The ids and URNs DataHub's business-glossary source makes (create_id, clean_url, datahub_guid, make_*_urn). */
import { createHash } from 'node:crypto';
import { modelList, type Context, type ImportOptions, type Path, type Raw } from './glossary-config.js';

/** mce_builder.datahub_guid: md5 of json.dumps(obj, separators=(",", ":"), sort_keys=True) (ASCII-escaped). */
export function datahubGuid(object: Readonly<Record<string, string>>): string {
  const sorted = Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  // json.dumps escapes everything outside ' '..'~' (ensure_ascii), UTF-16 surrogates one by one, as here.
  const json = JSON.stringify(sorted).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return createHash('md5').update(json, 'utf8').digest('hex');
}

/** business_glossary.clean_url. */
export function cleanId(text: string): string {
  return text
    .replace(/ /g, '-')
    .replace(/[^a-zA-Z0-9.-]/g, '')
    .replace(/-+/g, '-')
    .replace(/\.+/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '');
}

/** UrnEncoder.RESERVED_CHARS_EXTENDED. */
export const EXTENDED_RESERVED = /[,()\u241F%]/;
/** UrnEncoder.RESERVED_CHARS: what a manifest id is encoded for, and DataHub's glossary URNs carry raw. */
export const URN_RESERVED = /[,()\u241F]/;

/** business_glossary.create_id without a default id (a given id is used as it is). */
export function createId(
  path: readonly string[],
  options: Pick<ImportOptions, 'enableAutoId' | 'legacyIds'>,
): string {
  const joined = path.join('.');
  if (options.legacyIds) {
    return options.enableAutoId || EXTENDED_RESERVED.test(joined) ? datahubGuid({ path: joined }) : joined;
  }
  // Non-ASCII is checked before cleaning, which would otherwise drop it.
  // eslint-disable-next-line no-control-regex
  if (/[^\u0000-\u007f]/.test(joined)) return datahubGuid({ path: joined });
  if (options.enableAutoId) return datahubGuid({ path: joined });
  const cleaned = cleanId(joined);
  // The source falls back to a guid of the cleaned id when it still holds a reserved character.
  return EXTENDED_RESERVED.test(cleaned) ? datahubGuid({ path: cleaned }) : cleaned;
}

/** make_glossary_{node,term}_urn: a given id (a URN of the type as it is), else create_id of the path. */
export function entityUrn(
  entityType: 'glossaryNode' | 'glossaryTerm',
  names: readonly string[],
  givenId: unknown,
  options: ImportOptions,
): string {
  const prefix = `urn:li:${entityType}:`;
  if (typeof givenId === 'string') return givenId.startsWith(prefix) ? givenId : `${prefix}${givenId}`;
  return `${prefix}${createId(names, options)}`;
}

/** The manifest id of a URN DataHub builds (it leaves the id raw; a manifest id is encoded). */
export function idOf(urn: string, entityType: string, path: Path, context: Context): string | undefined {
  const id = urn.slice(`urn:li:${entityType}:`.length);
  const kind = entityType === 'glossaryNode' ? 'node' : 'term';
  if (id === '') {
    context.error(
      [...path, 'name'],
      `the ${kind}'s id is empty (nothing is left of its path after clean_url); give it an id`,
    );
    return undefined;
  }
  if (URN_RESERVED.test(id)) {
    context.error(
      [...path, 'id'],
      `'${id}' holds , ( or ), which DataHub leaves raw in the URN and a manifest id cannot reproduce; give the ${kind} an id without them`,
    );
    return undefined;
  }
  if (id.startsWith('urn:')) {
    context.error(
      [...path, 'id'],
      `DataHub makes ${urn} of this id (a URN of another type); a manifest id cannot be a URN`,
    );
    return undefined;
  }
  return id;
}

/**
 * materialize_all_node_urns and populate_path_vs_id: every node's and term's URN first, by path of names, and how a
 * related term's reference (`make_glossary_term_urn([ref], path_vs_id.get(ref), enable_auto_id)`) is written in a
 * manifest (the id of a term the file declares, else its URN).
 */
export function glossaryUrns(
  root: Raw,
  context: Context,
): {
  readonly urnOf: ReadonlyMap<Raw, string>;
  readonly termRef: (ref: string, path: Path) => string | undefined;
} {
  // materialize_all_node_urns and populate_path_vs_id: every URN first, by path of names.
  const pathToUrn = new Map<string, string>();
  const urnOf = new Map<Raw, string>();
  const visit = (container: Raw, names: readonly string[], path: Path): void => {
    for (const [term] of modelList(container, 'terms', path, quiet(context))) {
      const name = term['name'];
      if (typeof name !== 'string') continue;
      const urn = entityUrn('glossaryTerm', [...names, name], term['id'], context.options);
      urnOf.set(term, urn);
      pathToUrn.set([...names, name].join('.'), urn);
    }
    for (const [node, at] of modelList(container, 'nodes', path, quiet(context))) {
      const name = node['name'];
      if (typeof name !== 'string') continue;
      const urn = entityUrn('glossaryNode', [...names, name], node['id'], context.options);
      urnOf.set(node, urn);
      pathToUrn.set([...names, name].join('.'), urn);
      visit(node, [...names, name], at);
    }
  };
  visit(root, [], []);

  const declaredTerms = new Map<string, string>();
  for (const urn of urnOf.values()) {
    if (urn.startsWith('urn:li:glossaryTerm:'))
      declaredTerms.set(urn, urn.slice('urn:li:glossaryTerm:'.length));
  }
  const termRef = (ref: string, path: Path): string | undefined => {
    const known = pathToUrn.get(ref);
    const urn =
      known !== undefined && known.startsWith('urn:li:glossaryTerm:')
        ? known
        : `urn:li:glossaryTerm:${known ?? createId([ref], context.options)}`;
    const declared = declaredTerms.get(urn);
    if (declared !== undefined) return declared;
    if (URN_RESERVED.test(urn.slice('urn:li:glossaryTerm:'.length))) {
      context.error(path, `'${ref}' makes ${urn}, which holds , ( or ) raw; a manifest cannot name that URN`);
      return undefined;
    }
    return urn;
  };
  return { urnOf, termRef };
}

/** A context whose problems are dropped: the URN pass sees shapes that the emitting pass reports once. */
function quiet(context: Context): Context {
  return { ...context, errors: [], warnings: [], error: () => undefined };
}
