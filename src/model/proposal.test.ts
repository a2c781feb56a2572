import { describe, expect, it } from 'vitest';
import { parseWireProposal } from './proposal.js';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:postgres,t1,PROD)';
const wire = (entityType: string) => ({
  entityType,
  entityUrn: URN,
  changeType: 'UPSERT',
  aspectName: 'status',
  aspect: { contentType: 'application/json', value: '{"removed":false}' },
});

describe('a wire proposal', () => {
  it("takes an entity type that differs from the URN's in case only, as the URN's (validateMCP)", () => {
    const parsed = parseWireProposal(wire('DATASET'));
    expect(parsed.ok && parsed.value.entityType).toBe('dataset');
  });

  it("refuses another entity type with GMS's message", () => {
    expect(parseWireProposal(wire('chart'))).toEqual({
      ok: false,
      error: expect.stringContaining('URN entity type does not match MCP entity type. dataset != chart'),
    });
  });
});
