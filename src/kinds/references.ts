/**
 * References a manifest makes to other entities, resolved against the symbol table: a URN written out, or a name
 * a kind declares (an id, `<table>.<feature>`, a dataset as its parts). An unknown name is an error at its node,
 * with a suggestion; a URN the manifests do not declare must exist in the catalog.
 */
import type { SourceLocation } from '../errors.js';
import type { DesiredAspect, DesiredTermEdge } from '../model/desired-state.js';
import { didYouMean } from '../model/did-you-mean.js';
import { formatUrn, parseUrn } from '../model/urn.js';
import type { ResolveContext, ResolveScope } from './resolve-context.js';
import type { DocumentPath, KindDocument } from './source.js';
import type { DatasetRefValue } from './values.js';

/** Parses a URN the schema already checked by shape; the full parse also names what is wrong. */
export function parsedUrn(
  scope: ResolveScope,
  text: string,
  entityType: string,
  source: SourceLocation,
): string | undefined {
  const parsed = parseUrn(text);
  if (parsed.ok && parsed.value.entityType === entityType) return formatUrn(parsed.value);
  const reason = parsed.ok ? `it is a ${parsed.value.entityType} URN` : parsed.error;
  scope.error('MALFORMED_URN', `malformed ${entityType} URN '${text}'`, source, { hint: reason });
  return undefined;
}

const KIND_OF = { tag: 'Tag', domain: 'Domain', glossaryNode: 'GlossaryNode' } as const;

/**
 * A reference to a tag, glossary node or domain: a URN, or an id. An id declared in the manifests resolves to
 * it; any other id must name an entity that already exists (checked against the catalog before writing).
 */
export function simpleRef(
  context: ResolveContext,
  entityType: keyof typeof KIND_OF,
  ref: string,
  source: SourceLocation,
  mustExist = true,
): string | undefined {
  if (ref.startsWith('urn:')) return parsedUrn(context, ref, entityType, source);
  const kind = KIND_OF[entityType];
  const urn = formatUrn({ entityType, id: ref });
  if (!mustExist || context.urnNamed(kind, ref) !== undefined) return urn;
  const shadow = context.shadowed(kind);
  if (shadow.has(ref)) return urn;
  context.requireEntity(
    urn,
    source,
    () =>
      didYouMean(ref, [...context.namesOf(kind), ...shadow]) ??
      `declare a ${kind} with id '${ref}' in the manifests, or create it in DataHub first`,
  );
  return urn;
}

/**
 * A `domain:` reference. A declared Domain's id resolves to it; while the manifests declare no Domain at all, an
 * id is taken as the id of a domain kept in DataHub (as before the Domain kind existed); once they declare some,
 * an undeclared id must name a domain that exists (a typo is caught before writing, with a suggestion).
 */
export function domainRef(context: ResolveContext, ref: string, source: SourceLocation): string | undefined {
  return simpleRef(context, 'domain', ref, source, context.hasNames('Domain'));
}

/** The domains aspect of a declaration: the declared domain, or null (not declared: left alone). */
export function domainAspect(
  context: ResolveContext,
  doc: KindDocument<unknown>,
  domain: string | undefined,
  at: DocumentPath,
  fallback: SourceLocation,
): { aspect: DesiredAspect; urn: string | undefined } {
  const source = domain === undefined ? fallback : doc.source.locate([...at, 'domain']);
  const urn = domain === undefined ? undefined : domainRef(context, domain, source);
  return {
    aspect: { aspectName: 'domains', value: urn === undefined ? null : { domains: [urn] }, source },
    urn,
  };
}

/**
 * The env of a URN the catalog builds: the selected environment's, over the one written, over defaults.env. A
 * URN written out in full is not built here and keeps the env it is written with (docs/environments.md).
 */
export function envOf(scope: ResolveScope, written: string | undefined): string {
  return scope.environmentEnv ?? written ?? scope.settings.defaultEnv;
}

/** A document's platform, or defaults.platform; missing both is an error at the document. */
export function platformOf(
  scope: ResolveScope,
  doc: KindDocument<{ readonly kind: string }>,
  platform: string | undefined,
): string | undefined {
  const resolved = platform ?? scope.settings.defaultPlatform;
  if (resolved === undefined) {
    scope.error('MISSING_FIELD', `missing 'platform' in ${doc.manifest.kind}`, doc.source.locate([]), {
      hint: 'set platform here, or defaults.platform in the Settings document',
    });
  }
  return resolved;
}

export function datasetUrn(
  scope: ResolveScope,
  doc: KindDocument<unknown>,
  ref: DatasetRefValue,
  at: DocumentPath,
): string | undefined {
  if (typeof ref === 'string') return parsedUrn(scope, ref, 'dataset', doc.source.locate(at));
  const env = envOf(scope, ref.env);
  return formatUrn({ entityType: 'dataset', platform: ref.platform, name: ref.name, env });
}

/** Term edges from a list of term references, each term once (at its first mention). */
export function termEdges(
  context: ResolveContext,
  doc: KindDocument<unknown>,
  refs: readonly string[],
  at: DocumentPath,
): DesiredTermEdge[] {
  const edges = new Map<string, DesiredTermEdge>();
  refs.forEach((ref, index) => {
    const source = doc.source.locate([...at, index]);
    const termUrn = termRef(context, ref, source);
    if (termUrn !== undefined && !edges.has(termUrn)) edges.set(termUrn, { termUrn, source });
  });
  return [...edges.values()];
}

function termRef(context: ResolveContext, ref: string, source: SourceLocation): string | undefined {
  if (ref.startsWith('urn:')) {
    const urn = parsedUrn(context, ref, 'glossaryTerm', source);
    if (urn !== undefined && !context.isDeclared(urn)) context.requireTerm(urn, source);
    return urn;
  }
  const urn = context.urnNamed('GlossaryTerm', ref);
  if (urn !== undefined) return urn;
  const shadow = context.shadowed('GlossaryTerm');
  if (shadow.has(ref)) return undefined;
  const hint =
    didYouMean(ref, [...context.namesOf('GlossaryTerm'), ...shadow]) ??
    'declare it as a GlossaryTerm, or write the URN of an existing term';
  context.error('UNKNOWN_REFERENCE', `unknown glossary term '${ref}'`, source, { hint });
  return undefined;
}

/** A feature: `<table>.<feature>` (or `<namespace>.<feature>`) of a declared one, or a URN. */
export function featureRef(
  scope: ResolveScope,
  doc: KindDocument<unknown>,
  ref: string,
  at: DocumentPath,
): string | undefined {
  const source = doc.source.locate(at);
  if (ref.startsWith('urn:')) return parsedUrn(scope, ref, 'mlFeature', source);
  const urn = scope.urnNamed('MLFeature', ref);
  if (urn !== undefined) return urn;
  const shadow = scope.shadowed('MLFeature');
  if (shadow.has(ref)) return undefined;
  const hint =
    didYouMean(ref, [...scope.namesOf('MLFeature'), ...shadow]) ??
    'write <feature table>.<feature> of a declared feature, or the URN of an existing feature';
  scope.error('UNKNOWN_REFERENCE', `unknown feature '${ref}'`, source, { hint });
  return undefined;
}
