/** One matrix release's artefacts (scripts/generate-compat-artefacts.mjs, scripts/generate-datahub-release.mjs). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { buildASTSchema, parse, type GraphQLSchema } from 'graphql';
import { expect } from 'vitest';
import type { MatrixRelease } from '../../src/client/server-capabilities.js';
import type { AspectSchemas } from '../../src/datahub/pegasus/schema.js';

export const FIXTURES = 'test/fixtures/datahub-releases';

export interface ReleaseArtefacts {
  readonly tag: MatrixRelease;
  readonly commit: string;
  readonly schema: GraphQLSchema;
  readonly aspects: AspectSchemas;
  readonly proposalFields: ReadonlySet<string>;
  readonly systemMetadataFields: ReadonlySet<string>;
}

export function readRelease(tag: MatrixRelease): ReleaseArtefacts {
  const dir = path.join(FIXTURES, tag);
  const release = JSON.parse(readFileSync(path.join(dir, 'release.json'), 'utf8')) as {
    tag: string;
    commit: string;
    envelope: Record<'MetadataChangeProposal' | 'SystemMetadata', { fields: string[] }>;
  };
  const aspects = JSON.parse(readFileSync(path.join(dir, 'aspects.json'), 'utf8')) as AspectSchemas;
  expect(release.tag).toBe(tag);
  expect(aspects.release.commit, `${tag}: aspects.json and release.json come from one commit`).toBe(
    release.commit,
  );
  const sdl = gunzipSync(readFileSync(path.join(dir, 'schema.graphql.gz'))).toString('utf8');
  return {
    tag,
    commit: release.commit,
    schema: buildASTSchema(parse(sdl)),
    aspects,
    proposalFields: new Set(release.envelope.MetadataChangeProposal.fields),
    systemMetadataFields: new Set(release.envelope.SystemMetadata.fields),
  };
}
