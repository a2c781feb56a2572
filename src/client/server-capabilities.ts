/**
 * Which DataHub release the tool is talking to, and what that release lacks of what the tool writes. Pure: the
 * /config answer comes in, a release and its gaps come out (the call is in datahub-client.ts, the use in apply).
 *
 * The facts come from the compatibility matrix (test/compat/datahub-versions.test.ts), which validates every
 * GraphQL document and every aspect the client sends against each release's own schema and PDL: a gap found there
 * is listed in FEATURES, and the matrix fails until it is.
 */
import { DATAHUB_RELEASE } from '../datahub/release.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../model/json.js';
import { lineLabel } from '../plan/line-names.js';

/** One release tag per supported release line, oldest first: the compatibility matrix. */
export const MATRIX_RELEASES = [
  'v0.13.0',
  'v0.14.0',
  'v0.15.0',
  'v1.0.0',
  'v1.1.0',
  'v1.2.0',
  'v1.3.0',
  'v1.4.0',
  'v1.5.0',
  'v1.6.0',
  'v1.7.0',
] as const;

export type MatrixRelease = (typeof MATRIX_RELEASES)[number];

/** The release the tool is built against (src/datahub/release.ts); the newest of the matrix. */
export const REFERENCE_RELEASE: MatrixRelease = DATAHUB_RELEASE.tag;

/** An aspect an entity type gained in a release (DataHub's entity-registry.yml): writing it earlier is refused. */
interface EntityAspectFeature {
  readonly since: MatrixRelease;
  readonly what: string;
  readonly entityType: string;
  readonly aspect: string;
  /** The manifest lines that write it, for the hint. */
  readonly lines: string;
}

const entityAspect = (
  since: MatrixRelease,
  entityType: string,
  aspect: string,
  lines: string,
): EntityAspectFeature => ({
  since,
  what: `the ${aspect} aspect on ${entityType}`,
  entityType,
  aspect,
  lines,
});

/** What the tool writes that some supported releases lack, with the release that brought it. */
export const FEATURES = {
  /** Carries If-Version-Match: without it the server cannot refuse a write made from a stale read. */
  proposalHeaders: {
    since: 'v0.14.0',
    what: 'MetadataChangeProposal.headers (conditional writes with If-Version-Match)',
  },
  /** Marks the tag lines the tool adds as its own (ownership.ts): without it they cannot be told apart. */
  tagAttribution: { since: 'v0.14.0', what: 'TagAssociation.attribution' },
  /** Marks the structured property values the tool sets as its own, as on a tag (diff-associations.ts). */
  propertyAttribution: { since: 'v1.3.0', what: 'StructuredPropertyValueAssignment.attribution' },
  /** `immutable: false` is the PDL default, so it is left out (adaptChanges); only `immutable: true` needs it. */
  propertyImmutable: { since: 'v0.14.0', what: 'StructuredPropertyDefinition.immutable' },
  modelGroupLinks: entityAspect('v1.3.0', 'mlModelGroup', 'institutionalMemory', 'the links of model groups'),
  glossaryNodeTags: entityAspect('v1.7.0', 'glossaryNode', 'globalTags', 'the tags of glossary nodes'),
  glossaryTermTags: entityAspect('v1.7.0', 'glossaryTerm', 'globalTags', 'the tags of glossary terms'),
  modelVersionProperties: entityAspect('v0.15.0', 'mlModel', 'versionProperties', 'the aliases of models'),
  glossaryNodeDomains: entityAspect('v1.7.0', 'glossaryNode', 'domains', 'the domain of glossary nodes'),
  domainDeprecation: entityAspect('v1.7.0', 'domain', 'deprecation', '`deprecated` on domains'),
  dataProductDeprecation: entityAspect(
    'v1.7.0',
    'dataProduct',
    'deprecation',
    '`deprecated` on data products',
  ),
  propertySettings: entityAspect(
    'v0.15.0',
    'structuredProperty',
    'structuredPropertySettings',
    '`settings` of structured properties',
  ),
} as const satisfies Record<string, { since: MatrixRelease; what: string }>;

export type Feature = keyof typeof FEATURES;

export interface ServerRelease {
  /** The version as the server reported it ("v1.2.0.1", "v0.14.0rc2"); undefined when it reported none. */
  readonly reported: string | undefined;
  /** The matrix release whose capabilities apply: the newest one not newer than the reported version. */
  readonly release: MatrixRelease;
  /** Why the mapping is an assumption (unknown version, newer than the matrix, DataHub Cloud). */
  readonly note?: string;
}

export type ServerReleaseOutcome =
  { readonly ok: true; readonly value: ServerRelease } | { readonly ok: false; readonly error: string };

type Version = readonly [number, number, number];

/**
 * "v1.2.0", "1.2.0", "v0.14.0.2", "v1.3.0rc1", "v1.0.0-SNAPSHOT" → [major, minor, patch]; the build number and
 * any suffix are ignored, as DataHub's Python client does (server_config_util.py).
 */
export function parseVersion(text: string): Version | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:\.\d+)?(?:rc\d+|-.*)?$/i.exec(text.trim());
  if (match === null) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function versionOf(release: MatrixRelease): Version {
  const version = parseVersion(release);
  if (version === undefined) throw new Error(`assertion: matrix release ${release} does not parse`);
  return version;
}

/** GMS's /config: versions["acryldata/datahub"].version, and datahub.serverEnv ("core" unless DataHub Cloud). */
export function serverReleaseOf(config: JsonObject): ServerReleaseOutcome {
  const versions = config['versions'];
  const datahub = isJsonObject(versions) ? versions['acryldata/datahub'] : undefined;
  const raw = isJsonObject(datahub) ? datahub['version'] : undefined;
  const reported = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : undefined;
  const assumeReference = (why: string): ServerReleaseOutcome => ({
    ok: true,
    value: {
      reported,
      release: REFERENCE_RELEASE,
      note: `${why}; assuming it has what ${REFERENCE_RELEASE} has`,
    },
  });

  const info = config['datahub'];
  const serverEnv = isJsonObject(info) ? info['serverEnv'] : undefined;
  // DataHub Cloud numbers its releases on a scheme of its own (v0.3.x), not comparable with the open-source tags.
  if (typeof serverEnv === 'string' && serverEnv !== '' && serverEnv !== 'core') {
    return assumeReference(`the server is DataHub Cloud (${reported ?? 'no version reported'})`);
  }
  if (reported === undefined) return assumeReference('the server reports no DataHub version in /config');
  const version = parseVersion(reported);
  if (version === undefined)
    return assumeReference(`the server reports an unknown DataHub version '${reported}'`);

  const oldest = MATRIX_RELEASES[0];
  if (compare(version, versionOf(oldest)) < 0) {
    return {
      ok: false,
      error: `DataHub ${reported} is older than the oldest release this tool supports (${oldest}); upgrade DataHub, nothing was written`,
    };
  }
  const release =
    [...MATRIX_RELEASES].reverse().find((tag) => compare(versionOf(tag), version) <= 0) ?? oldest;
  if (release === REFERENCE_RELEASE && compare(version, versionOf(REFERENCE_RELEASE)) > 0) {
    return assumeReference(
      `DataHub ${reported} is newer than the newest release this tool was checked against`,
    );
  }
  return { ok: true, value: { reported, release } };
}

export function supports(release: MatrixRelease, feature: Feature): boolean {
  return compare(versionOf(release), versionOf(FEATURES[feature].since)) >= 0;
}

/**
 * What a release does, beyond what it accepts (FEATURES are the gaps the matrix finds in what the client writes;
 * these are not in any schema the client writes against):
 * - `syncIndex`: the X-DataHub-Sync-Index-Update header has GMS update its indexes before answering a write
 *   (Constants.SYNC_INDEX_UPDATE_HEADER_NAME, first in v1.0.0's li-utils/.../Constants.java); before it the
 *   search, graph and runs indexes follow a write asynchronously, so an apply's read-back may wait a little.
 * - `aspectVersions`: every aspect carries its version in systemMetadata.version (SystemMetadata.pdl, v0.14.0),
 *   and GET /aspects?version=N serves the version that came before; a rollback finds what a run replaced there.
 */
export const BEHAVIOURS = {
  syncIndex: {
    since: 'v1.0.0',
    what: 'the X-DataHub-Sync-Index-Update header (indexes updated before a write is answered)',
  },
  aspectVersions: { since: 'v0.14.0', what: 'SystemMetadata.version (the version of each aspect)' },
} as const satisfies Record<string, { since: MatrixRelease; what: string }>;

export function behaves(release: MatrixRelease, behaviour: keyof typeof BEHAVIOURS): boolean {
  return compare(versionOf(release), versionOf(BEHAVIOURS[behaviour].since)) >= 0;
}

/** "DataHub v0.13.0" or, for a patch release, "DataHub v0.13.2 (as v0.13.0)". */
export function describeServerRelease(server: ServerRelease): string {
  if (server.reported === undefined || server.reported === server.release) return `DataHub ${server.release}`;
  return `DataHub ${server.reported} (as ${server.release})`;
}

/** The part of a planned write this check reads (a plan Change has these fields). */
export interface PlannedWrite {
  readonly urn: string;
  /** The entity's name, as the plan's lines carry it (refusals name it with its URN). */
  readonly name?: string;
  readonly entityType: string;
  readonly aspect: string;
  readonly after: JsonObject;
}

/** How many entities a refusal names before it says "and N more". */
const NAMED = 3;

/**
 * The writes of a plan that this release cannot take, as one message per missing feature naming the release,
 * what it lacks and what needed it. Empty: the plan can be applied (possibly adapted, see adaptationsFor).
 */
export function refusalsFor(server: ServerRelease, writes: readonly PlannedWrite[]): string[] {
  const refusals: string[] = [];
  const refuse = (
    feature: Feature,
    needs: (write: PlannedWrite) => boolean,
    purpose: string,
    hint: string,
  ) => {
    if (supports(server.release, feature)) return;
    const urns = [...new Set(writes.filter(needs).map(lineLabel))];
    if (urns.length === 0) return;
    const { what, since } = FEATURES[feature];
    const more = urns.length > NAMED ? ` and ${urns.length - NAMED} more` : '';
    refusals.push(
      `${describeServerRelease(server)} lacks ${what} (added in ${since})${purpose}; needed to write ` +
        `${urns.slice(0, NAMED).join(', ')}${more}. Upgrade DataHub to ${since} or later, or ${hint}`,
    );
  };
  refuse(
    'tagAttribution',
    (write) => write.aspect === 'globalTags' && hasAttribution(write.after, 'tags'),
    ', which the tool writes to mark the tags it adds as its own',
    'leave tags out of the manifests',
  );
  refuse(
    'propertyAttribution',
    (write) => write.aspect === 'structuredProperties' && hasAttribution(write.after, 'properties'),
    ', which the tool writes to mark the structured property values it sets as its own',
    'leave `properties:` and `columnProperties:` out of the manifests',
  );
  refuse(
    'propertyImmutable',
    (write) => write.aspect === 'propertyDefinition' && write.after['immutable'] === true,
    '',
    'leave `immutable: true` out of the structured properties',
  );
  for (const feature of ENTITY_ASPECT_FEATURES) {
    const { entityType, aspect, lines } = FEATURES[feature];
    refuse(
      feature,
      (write) =>
        write.entityType === entityType &&
        write.aspect === aspect &&
        // A model's version alone is adapted for (adaptChanges); only aliases need versionProperties.
        (feature !== 'modelVersionProperties' || hasAliases(write.after)),
      '',
      `leave ${lines} out of the manifests`,
    );
  }
  return refusals;
}

function hasAliases(versionProperties: JsonObject): boolean {
  const aliases = versionProperties['aliases'];
  return Array.isArray(aliases) && aliases.length > 0;
}

/** The FEATURES that are an aspect of an entity type. */
export const ENTITY_ASPECT_FEATURES = (Object.keys(FEATURES) as Feature[]).filter(
  (feature): feature is EntityAspectFeatureName => 'entityType' in FEATURES[feature],
);

type EntityAspectFeatureName = {
  [K in Feature]: (typeof FEATURES)[K] extends EntityAspectFeature ? K : never;
}[Feature];

/**
 * The writes of a plan this release lacks a part of but does not need, each adaptation said once as a warning:
 * - a model's version is written to mlModelProperties.version as well as to versionProperties, so before v0.15.0
 *   (no versionProperties on mlModel) a versionProperties write without aliases is left out. One with aliases
 *   stays, and is refused (refusalsFor): aliases have no other home.
 * - before v0.14.0 a property definition has no `immutable`; false is its default there too (and what the plan
 *   reads an absent one as, normalize.ts), so `immutable: false` is left out of the write. True is refused.
 */
export function adaptChanges<T extends PlannedWrite>(
  server: ServerRelease,
  changes: readonly T[],
): { readonly changes: readonly T[]; readonly warning?: string } {
  const warnings: string[] = [];
  let adapted = changes;
  if (!supports(server.release, 'modelVersionProperties')) {
    const redundant = (change: T): boolean =>
      change.entityType === 'mlModel' && change.aspect === 'versionProperties' && !hasAliases(change.after);
    const kept = adapted.filter((change) => !redundant(change));
    if (kept.length !== adapted.length) {
      adapted = kept;
      warnings.push(
        `${describeServerRelease(server)} lacks ${FEATURES.modelVersionProperties.what} (added in ` +
          `${FEATURES.modelVersionProperties.since}): a model's version is written to mlModelProperties.version only`,
      );
    }
  }
  if (!supports(server.release, 'propertyImmutable')) {
    const mutable = (change: T): boolean =>
      change.aspect === 'propertyDefinition' && change.after['immutable'] === false;
    if (adapted.some(mutable)) {
      adapted = adapted.map((change) => (mutable(change) ? withoutImmutable(change) : change));
      warnings.push(
        `${describeServerRelease(server)} lacks ${FEATURES.propertyImmutable.what} (added in ` +
          `${FEATURES.propertyImmutable.since}): property definitions are written without it (mutable, its default)`,
      );
    }
  }
  return warnings.length === 0 ? { changes } : { changes: adapted, warning: warnings.join('; ') };
}

function withoutImmutable<T extends PlannedWrite>(change: T): T {
  const after = Object.fromEntries(Object.entries(change.after).filter(([field]) => field !== 'immutable'));
  return { ...change, after };
}

/** What the tool does differently on this release (each said once, as a warning), beyond what it refuses. */
export interface Adaptations {
  /** Send proposals without `headers`, and re-read every planned version just before writing instead. */
  readonly withoutProposalHeaders: boolean;
  readonly warnings: readonly string[];
}

export function adaptationsFor(server: ServerRelease): Adaptations {
  const warnings: string[] = [];
  if (server.note !== undefined) warnings.push(server.note);
  const withoutProposalHeaders = !supports(server.release, 'proposalHeaders');
  if (withoutProposalHeaders) {
    warnings.push(
      `${describeServerRelease(server)} lacks ${FEATURES.proposalHeaders.what}, added in ${FEATURES.proposalHeaders.since}: ` +
        'writes are sent without them, and every version the plan saw is re-read just before writing instead',
    );
  }
  return { withoutProposalHeaders, warnings };
}

function hasAttribution(value: JsonObject, list: string): boolean {
  const lines: JsonValue | undefined = value[list];
  return (
    Array.isArray(lines) && lines.some((line) => isJsonObject(line) && line['attribution'] !== undefined)
  );
}
