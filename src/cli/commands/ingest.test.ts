import { describe, expect, it } from 'vitest';
import { toWireProposal, type Proposal } from '../../model/proposal.js';
import { wireBytes } from './ingest.js';

describe('wireBytes', () => {
  it('measures a proposal as chunkProposals does, from the JSON text of its aspect', () => {
    const base: Proposal = {
      entityType: 'mlFeature',
      entityUrn: 'urn:li:mlFeature:(t,f)',
      changeType: 'UPSERT',
      aspectName: 'mlFeatureProperties',
      aspect: { description: 'plain' },
    };
    const proposals: Proposal[] = [
      base,
      { ...base, aspect: { description: 'quotes " and \\ backslashes, a tab\t and a newline\n' } },
      { ...base, aspect: { description: 'non-ASCII: Zürich, 東京, 🙂, and a lone surrogate \ud800' } },
      {
        ...base,
        aspect: { description: 'control characters \u0000 \u001f, DEL \u007f, separators \u2028 \u2029' },
      },
      { ...base, systemMetadata: { runId: 'r"1', properties: { k: 'v' } } },
      { ...base, headers: { 'If-Version-Match': '3' } },
      { ...base, entityUrn: 'urn:li:mlFeature:(t,"quoted")', aspect: {} },
      // URNs of one kind measured apart from the kind's envelope (kept per kind): non-ASCII, escapes, other kinds.
      { ...base, entityUrn: 'urn:li:mlFeature:(t,Zürich 🙂 \ud800 \u0001 \\)' },
      { ...base, changeType: 'CREATE' },
      { ...base, headers: {} },
      {
        entityType: 'dataset',
        entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,東京,PROD)',
        changeType: 'UPSERT',
        aspectName: 'status',
        aspect: { removed: false },
      },
    ];
    for (const proposal of proposals) {
      expect(wireBytes(proposal, JSON.stringify(proposal.aspect))).toBe(
        Buffer.byteLength(JSON.stringify(toWireProposal(proposal))),
      );
    }
  });
});
