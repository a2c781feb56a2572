/** docs/datahub-versions.md and the README's short table, from the matrix's results. */
import {
  FEATURES,
  MATRIX_RELEASES,
  REFERENCE_RELEASE,
  supports,
  type Feature,
} from '../../src/client/server-capabilities.js';
import { CLIENT_GRAPHQL_DOCUMENTS } from './client-graphql-documents.js';
import type { ReleaseArtefacts } from './release-artefacts.js';
import type { Run } from './release-run.js';
import type { Validation } from './validate-capture.js';

/** One release's line of the matrix: what was sent to it, and how that validates against it. */
export interface Row {
  readonly release: ReleaseArtefacts;
  readonly run: Run;
  /** The reference release's writes (what the tool sends when nothing is missing), checked against this release. */
  readonly unadapted: Validation;
  /** What the tool actually sent to this release (and, when it refused, what it sent of the rest). */
  readonly sent: Validation;
  readonly examples: { readonly requests: number; readonly errors: string[] };
}

/** What the tool does on a release without the feature, as the table says it. */
export function behaviour(feature: Feature): string {
  switch (feature) {
    case 'proposalHeaders':
      return 'adapts: no `MetadataChangeProposal.headers`, so writes go without If-Version-Match and every planned version is re-read just before writing';
    case 'tagAttribution':
      return 'refuses tags: no `TagAssociation.attribution`, the marker of the tags the tool adds';
    case 'propertyAttribution':
      return 'refuses structured property values: no `StructuredPropertyValueAssignment.attribution`, the marker of the values the tool sets';
    case 'propertyImmutable':
      return 'adapts: no `StructuredPropertyDefinition.immutable`, so definitions are written without it (mutable, its default; `immutable: true` is refused)';
    case 'modelGroupLinks':
    case 'glossaryNodeTags':
    case 'glossaryTermTags':
    case 'glossaryNodeDomains':
    case 'domainDeprecation':
    case 'dataProductDeprecation':
    case 'propertySettings': {
      const { entityType, aspect, lines } = FEATURES[feature];
      return `refuses ${lines}: no \`${aspect}\` aspect on \`${entityType}\``;
    }
    case 'modelVersionProperties':
      return "adapts: no `versionProperties` aspect on `mlModel`, so a model's version goes to `mlModelProperties.version` only (aliases, which have no other home, are refused)";
  }
}

/** The README's short form of the table: what works on each release, what adapts and what is refused. */
export function renderReadmeTable(all: readonly Row[]): string {
  const lines = all.map((row) => {
    const { tag, commit } = row.release;
    const lacking = (Object.keys(FEATURES) as Feature[]).filter((feature) => !supports(tag, feature));
    const adapting: readonly Feature[] = ['proposalHeaders', 'modelVersionProperties', 'propertyImmutable'];
    const adapts = lacking.filter((feature) => adapting.includes(feature));
    const refuses = lacking.filter((feature) => !adapting.includes(feature));
    const works =
      refuses.length === 0
        ? 'everything'
        : `everything but ${refuses
            .map(shortName)
            .filter((name) => name !== '')
            .join(', ')}`;
    const status =
      tag === REFERENCE_RELEASE
        ? `${works} (the reference release)`
        : adapts.length === 0
          ? works
          : `${works}; ${adapts.map(adaptation).join('; ')}`;
    return `| ${tag} | \`${commit.slice(0, 8)}\` | ${status} |`;
  });
  // "everything but" lists what is refused before writing: the header says it once, not on every line.
  return [
    '| DataHub | Commit | What the client does (what follows "but" is refused before writing) |',
    '|---|---|---|',
    ...lines,
  ].join('\n');
}

/** What an adapted feature means on the README's line of a release. */
export function adaptation(feature: Feature): string {
  if (feature === 'proposalHeaders')
    return 'no conditional writes, so it re-reads versions just before writing';
  if (feature === 'propertyImmutable') return 'no immutable properties';
  return 'model versions in mlModelProperties only (no aliases)';
}

export function shortName(feature: Feature): string {
  switch (feature) {
    case 'proposalHeaders':
      return 'conditional writes';
    case 'tagAttribution':
      return 'tags';
    case 'propertyAttribution':
      return 'property values';
    case 'propertySettings':
      return 'property settings';
    case 'propertyImmutable':
      return 'immutable properties';
    case 'modelVersionProperties':
      return FEATURES[feature].lines;
    // Short forms: the README stays a front door (under 15,000 characters, test/docs.test.ts); the two deprecation
    // features come with the same release, so they read as one, as do the two glossary tag features.
    case 'modelGroupLinks':
      return 'model-group links';
    case 'glossaryNodeTags':
      return 'glossary-node and -term tags';
    case 'glossaryTermTags':
      return '';
    case 'glossaryNodeDomains':
      return 'glossary-node domains';
    case 'domainDeprecation':
      return 'deprecation on domains and data products';
    case 'dataProductDeprecation':
      return '';
  }
}

export function renderDoc(all: readonly Row[]): string {
  const lines = all.map((row) => {
    const { tag, commit } = row.release;
    const documents = CLIENT_GRAPHQL_DOCUMENTS.length;
    const graphql =
      row.examples.errors.length === 0 && row.unadapted.graphqlErrors.length === 0
        ? `${documents}/${documents} valid`
        : `${row.unadapted.graphqlErrors.length} errors`;
    const names = row.unadapted.aspectNames.size;
    const bad = [...row.unadapted.badAspects].sort();
    const aspects =
      bad.length === 0
        ? `${names}/${names} valid`
        : `${names - bad.length}/${names} valid (${bad.map((name) => `\`${name}\``).join(', ')})`;
    const lacking = (Object.keys(FEATURES) as Feature[]).filter((feature) => !supports(tag, feature));
    const notes =
      lacking.length === 0
        ? tag === REFERENCE_RELEASE
          ? 'reference release (embedded catalog)'
          : 'fully compatible'
        : lacking.map(behaviour).join('; ');
    return `| ${tag} | \`${commit.slice(0, 12)}\` | ${graphql} | ${aspects} | ${notes} |`;
  });
  return `<!-- Generated by test/compat/datahub-versions.test.ts; regenerate with
     UPDATE_DATAHUB_VERSIONS=1 npx vitest run test/compat/datahub-versions.test.ts -->
# DataHub versions

**What you can do here:** find out whether the tool works with your DataHub release, and what it refuses or adapts
on older ones.

The client is checked against one tag of each DataHub release line from ${MATRIX_RELEASES[0]} to ${REFERENCE_RELEASE}
(\`test/compat/datahub-versions.test.ts\`). The example catalog is planned against an empty catalog and applied
through a client that believes the server is that release; every GraphQL document it sends (and a representative
of each document shape: one alias, several, every optional input field) is validated against the release's GraphQL
schema, and every aspect it writes, with its proposal envelope, against the release's PDL, with unknown fields
counted as errors (GMS would drop them silently). The release artefacts are in \`test/fixtures/datahub-releases/\`
(\`scripts/generate-compat-artefacts.mjs\`, \`scripts/generate-datahub-release.mjs --compat-out\`).

"GraphQL documents" counts the document shapes the client sends; "aspects" counts the kinds of aspect a full run
writes, as the reference release's client writes them, valid for the release before any adaptation.

| Release | Commit | GraphQL documents | Aspects | Notes |
|---|---|---|---|---|
${lines.join('\n')}

## How the version is detected, and what adapts or refuses

Before it writes anything, \`catalog reconcile\` and \`catalog apply\` read GMS's \`/config\` and take
\`versions["acryldata/datahub"].version\` (e.g. \`v1.2.0\`, \`v0.14.0.2\`, \`v1.3.0rc1\`; build numbers and suffixes are
ignored, as DataHub's Python client does). It is mapped onto the newest matrix release not newer than it
(\`v1.2.1\` is treated as \`v1.2.0\`). A release older than ${MATRIX_RELEASES[0]} is refused. A newer release than
${REFERENCE_RELEASE}, a version that does not parse, a missing version and DataHub Cloud (whose \`datahub.serverEnv\`
is not \`core\`; it numbers its releases differently) are treated as ${REFERENCE_RELEASE}, with a warning saying so.
The mapping is \`src/client/server-capabilities.ts\`.

Where a release lacks something the tool uses, the tool adapts or refuses the whole plan before the first write,
naming the release and what it lacks (\`UNSUPPORTED_SERVER\`, exit code 1). The embedded catalog reports the release
it implements (${REFERENCE_RELEASE}) in its own \`/config\`, as GMS does.
`;
}
