import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../model/json.js';
import {
  adaptationsFor,
  adaptChanges,
  MATRIX_RELEASES,
  parseVersion,
  REFERENCE_RELEASE,
  refusalsFor,
  serverReleaseOf,
  supports,
  type ServerRelease,
} from './server-capabilities.js';

/** /config as GMS answers it (metadata-service/servlet/.../Config.java), with the given version. */
function gmsConfig(version: string | undefined, serverEnv = 'core'): JsonObject {
  return {
    noCode: 'true',
    ...(version === undefined ? {} : { versions: { 'acryldata/datahub': { version, commit: 'abc' } } }),
    datahub: { serverType: 'prod', serverEnv },
  };
}

function releaseOf(version: string | undefined, serverEnv?: string): ServerRelease {
  const outcome = serverReleaseOf(gmsConfig(version, serverEnv));
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

describe('parseVersion', () => {
  it.each([
    ['v1.2.0', [1, 2, 0]],
    ['1.2.0', [1, 2, 0]],
    ['v0.14.0.2', [0, 14, 0]],
    ['v1.3.0rc1', [1, 3, 0]],
    ['v1.0.0-SNAPSHOT', [1, 0, 0]],
    [' v1.7.0 ', [1, 7, 0]],
  ])('%s → %j', (text, expected) => {
    expect(parseVersion(text)).toEqual(expected);
  });

  it.each(['', 'null', 'head', 'v1.2', '1.2.x', 'release-1.2.0'])('%j does not parse', (text) => {
    expect(parseVersion(text)).toBeUndefined();
  });
});

describe('serverReleaseOf', () => {
  it('maps a matrix tag onto itself, with nothing assumed', () => {
    for (const tag of MATRIX_RELEASES) expect(releaseOf(tag)).toEqual({ reported: tag, release: tag });
  });

  it('maps a patch or build release onto the newest matrix release not newer than it', () => {
    expect(releaseOf('v0.14.0.2').release).toBe('v0.14.0');
    expect(releaseOf('v0.13.3').release).toBe('v0.13.0');
    expect(releaseOf('v1.2.1').release).toBe('v1.2.0');
    expect(releaseOf('v1.6.0rc3').release).toBe('v1.6.0');
    expect(releaseOf('v1.2.1').note).toBeUndefined();
  });

  it('refuses a release older than the matrix, naming it and the oldest supported', () => {
    const outcome = serverReleaseOf(gmsConfig('v0.12.1'));
    expect(outcome).toEqual({
      ok: false,
      error:
        'DataHub v0.12.1 is older than the oldest release this tool supports (v0.13.0); upgrade DataHub, nothing was written',
    });
  });

  it('takes a newer release as the reference one, and says so', () => {
    const release = releaseOf('v1.9.2');
    expect(release.release).toBe(REFERENCE_RELEASE);
    expect(release.note).toBe(
      'DataHub v1.9.2 is newer than the newest release this tool was checked against; assuming it has what v1.7.0 has',
    );
  });

  it('takes an unknown or missing version as the reference release, and says so', () => {
    expect(releaseOf('nightly')).toEqual({
      reported: 'nightly',
      release: REFERENCE_RELEASE,
      note: "the server reports an unknown DataHub version 'nightly'; assuming it has what v1.7.0 has",
    });
    expect(releaseOf(undefined).note).toMatch(/^the server reports no DataHub version in \/config/);
    expect(serverReleaseOf({ noCode: 'true', versions: 'v1.0.0' })).toMatchObject({
      ok: true,
      value: { reported: undefined, release: REFERENCE_RELEASE },
    });
  });

  it('does not compare DataHub Cloud versions with open-source tags', () => {
    // Cloud numbers its releases v0.3.x: read as an open-source tag that would be refused as too old.
    const release = releaseOf('v0.3.11.1', 'cloud');
    expect(release.release).toBe(REFERENCE_RELEASE);
    expect(release.note).toMatch(/^the server is DataHub Cloud \(v0\.3\.11\.1\)/);
  });
});

describe('what a release lacks', () => {
  it('knows when each feature arrived', () => {
    expect(supports('v0.13.0', 'proposalHeaders')).toBe(false);
    expect(supports('v0.14.0', 'proposalHeaders')).toBe(true);
    expect(supports('v0.13.0', 'tagAttribution')).toBe(false);
    expect(supports('v1.7.0', 'tagAttribution')).toBe(true);
  });

  const taggedByTool = {
    urn: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud,PROD)',
    entityType: 'mlModel',
    aspect: 'globalTags',
    after: { tags: [{ tag: 'urn:li:tag:pii', attribution: { time: 0, actor: 'urn:li:corpuser:bot' } }] },
  };
  const taggedInUi = {
    urn: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,other,PROD)',
    entityType: 'mlModel',
    aspect: 'globalTags',
    after: { tags: [{ tag: 'urn:li:tag:pii' }] },
  };
  const description = {
    urn: taggedInUi.urn,
    entityType: 'mlModel',
    aspect: 'mlModelProperties',
    after: { description: 'x' },
  };

  it('refuses tag writes on a release without TagAssociation.attribution, naming the release and what needed it', () => {
    const refusals = refusalsFor(releaseOf('v0.13.2'), [taggedByTool, taggedInUi, description]);
    expect(refusals).toEqual([
      'DataHub v0.13.2 (as v0.13.0) lacks TagAssociation.attribution (added in v0.14.0), which the tool writes to ' +
        'mark the tags it adds as its own; needed to write fraud (urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud,PROD)). ' +
        'Upgrade DataHub to v0.14.0 or later, or leave tags out of the manifests',
    ]);
  });

  it('names a few entities and counts the rest', () => {
    const writes = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ ...taggedByTool, urn: `urn:li:tag:${name}` }));
    expect(refusalsFor(releaseOf('v0.13.0'), writes)[0]).toContain(
      'needed to write a (urn:li:tag:a), b (urn:li:tag:b), c (urn:li:tag:c) and 2 more.',
    );
  });

  it('refuses an aspect the entity type gained in a later release, naming both', () => {
    const links = {
      urn: 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud,PROD)',
      entityType: 'mlModelGroup',
      aspect: 'institutionalMemory',
      after: { elements: [] },
    };
    const termTags = { ...taggedInUi, urn: 'urn:li:glossaryTerm:Pii', entityType: 'glossaryTerm' };
    expect(refusalsFor(releaseOf('v1.2.0'), [links, termTags, description])).toEqual([
      'DataHub v1.2.0 lacks the institutionalMemory aspect on mlModelGroup (added in v1.3.0); needed to write ' +
        'fraud (urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud,PROD)). Upgrade DataHub to v1.3.0 or later, or leave ' +
        'the links of model groups out of the manifests',
      'DataHub v1.2.0 lacks the globalTags aspect on glossaryTerm (added in v1.7.0); needed to write ' +
        'Pii (urn:li:glossaryTerm:Pii). Upgrade DataHub to v1.7.0 or later, or leave the tags of glossary terms out of the manifests',
    ]);
    expect(refusalsFor(releaseOf('v1.3.0'), [links])).toEqual([]);
    expect(refusalsFor(releaseOf('v1.7.0'), [links, termTags])).toEqual([]);
  });

  it('refuses nothing where the release has what the writes use', () => {
    expect(refusalsFor(releaseOf('v0.13.0'), [taggedInUi, description])).toEqual([]);
    expect(refusalsFor(releaseOf('v0.14.0'), [taggedByTool])).toEqual([]);
  });

  it('sends proposals without headers to a release that lacks them, and says so once', () => {
    expect(adaptationsFor(releaseOf('v0.13.0'))).toEqual({
      withoutProposalHeaders: true,
      warnings: [
        'DataHub v0.13.0 lacks MetadataChangeProposal.headers (conditional writes with If-Version-Match), added in ' +
          'v0.14.0: writes are sent without them, and every version the plan saw is re-read just before writing instead',
      ],
    });
    expect(adaptationsFor(releaseOf('v0.14.0'))).toEqual({ withoutProposalHeaders: false, warnings: [] });
  });

  it('passes on the note of an assumed release as a warning', () => {
    expect(adaptationsFor(releaseOf('v2.0.0')).warnings).toEqual([
      'DataHub v2.0.0 is newer than the newest release this tool was checked against; assuming it has what v1.7.0 has',
    ]);
  });

  it('refuses structured property values the tool marks before v1.3.0, and immutable properties before v0.14.0', () => {
    const valued = {
      urn: taggedByTool.urn,
      entityType: 'mlModel',
      aspect: 'structuredProperties',
      after: {
        properties: [
          {
            propertyUrn: 'urn:li:structuredProperty:tier',
            values: [{ string: '2' }],
            attribution: { time: 0, actor: 'urn:li:corpuser:bot' },
          },
        ],
      },
    };
    const immutable = {
      urn: 'urn:li:structuredProperty:tier',
      entityType: 'structuredProperty',
      aspect: 'propertyDefinition',
      after: { qualifiedName: 'tier', immutable: true },
    };
    expect(refusalsFor(releaseOf('v1.2.0'), [valued])).toEqual([
      expect.stringContaining(
        'DataHub v1.2.0 lacks StructuredPropertyValueAssignment.attribution (added in v1.3.0)',
      ),
    ]);
    expect(refusalsFor(releaseOf('v1.3.0'), [valued, immutable])).toEqual([]);
    expect(refusalsFor(releaseOf('v0.13.0'), [immutable]).join()).toContain(
      'lacks StructuredPropertyDefinition.immutable (added in v0.14.0)',
    );
  });

  it('writes a mutable property definition without `immutable` before v0.14.0, and says so', () => {
    const mutable = {
      urn: 'urn:li:structuredProperty:tier',
      entityType: 'structuredProperty',
      aspect: 'propertyDefinition',
      after: { qualifiedName: 'tier', immutable: false },
    };
    const adapted = adaptChanges(releaseOf('v0.13.0'), [mutable, description]);
    expect(adapted.changes).toEqual([{ ...mutable, after: { qualifiedName: 'tier' } }, description]);
    expect(adapted.warning).toContain('property definitions are written without it');
    const same = [mutable];
    expect(adaptChanges(releaseOf('v0.14.0'), same)).toEqual({ changes: same });
  });
});
