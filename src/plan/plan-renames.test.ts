import { describe, expect, it } from 'vitest';
import type { DesiredEntity, DesiredState } from '../model/desired-state.js';
import type { JsonObject } from '../model/json.js';
import type { LiveEntity } from '../model/live-state.js';
import { markerSystemMetadata, ownedAssociation } from './ownership.js';
import { renameEdgeNotes } from './plan-renames.js';

const ACTOR = 'urn:li:corpuser:catalog';
const OLD = 'urn:li:glossaryTerm:Classification.Location';
const NEW = 'urn:li:glossaryTerm:Classification.GeoLocation';
const A = 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)';
const B = 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)';
const MINE = 'urn:li:glossaryTerm:Mine';
const THEIRS = 'urn:li:glossaryTerm:Theirs';
const WROTE = 'urn:li:glossaryTerm:Wrote';
const source = { file: 'glossary/moved.yaml', line: 1, column: 1 };

const live = (urn: string, aspects: Record<string, JsonObject>, marked: string[] = []): LiveEntity => ({
  urn,
  exists: true,
  aspects: new Map(
    Object.entries(aspects).map(([name, value]) => [
      name,
      marked.includes(name) ? { value, systemMetadata: markerSystemMetadata(ACTOR, 'r', 0) } : { value },
    ]),
  ),
});

const term = (urn: string, relatedDeclared: boolean): DesiredEntity => ({
  urn,
  entityType: 'glossaryTerm',
  aspectName: 'glossaryTermInfo',
  fields: {},
  source,
  aspects: [
    { aspectName: 'glossaryRelatedTerms', value: relatedDeclared ? { isRelatedTerms: [NEW] } : null, source },
  ],
});

const desired: DesiredState = {
  settings: { actor: ACTOR, defaultEnv: 'PROD' },
  entities: [term(MINE, true), term(NEW, false), term(WROTE, false)],
  datasets: [],
  externalTerms: [],
  moves: [{ from: OLD, to: NEW, entityType: 'glossaryTerm', source }],
};

describe('renameEdgeNotes', () => {
  const entities = new Map([
    [OLD, live(OLD, { glossaryTermInfo: { name: 'Location' } })],
    [MINE, live(MINE, { glossaryRelatedTerms: { isRelatedTerms: [OLD] } })],
    [WROTE, live(WROTE, { glossaryRelatedTerms: { hasRelatedTerms: [OLD] } }, ['glossaryRelatedTerms'])],
  ]);
  const referrers = new Map([
    [A, live(A, { glossaryTerms: { terms: [ownedAssociation(OLD, ACTOR)] } })],
    [
      B,
      live(B, { glossaryTerms: { terms: [{ urn: OLD }, ownedAssociation(OLD, 'urn:li:corpuser:other')] } }),
    ],
    [THEIRS, live(THEIRS, { glossaryRelatedTerms: { values: [OLD] } })],
    // Read twice (the plan's own read wins): one note, not two.
    [MINE, live(MINE, { glossaryRelatedTerms: { isRelatedTerms: [OLD] } })],
  ]);

  it("names the lines without this catalog's marker, and none the manifests or the tool's last write own", () => {
    const notes = renameEdgeNotes(desired, { entities, referrers }, ACTOR);
    expect(notes.map((note) => `${note.urn}: ${note.message}`).sort()).toEqual([
      // Another catalog's marker is not this one's: that edge is someone else's too (one note for both lines).
      `${B}: ${OLD} on the dataset was attached by someone else: kept on it, not moved to ${NEW}`,
      `${THEIRS}: ${OLD} is among this term's values, written by someone else: kept, not moved to ${NEW}`,
    ]);
    expect(notes.every((note) => note.kind === 'unownedEdge' && note.source === source)).toBe(true);
  });

  it('says nothing when no old entity exists, or there is no rename', () => {
    const gone = new Map([[OLD, { urn: OLD, exists: false, aspects: new Map() }]]);
    expect(renameEdgeNotes(desired, { entities: gone, referrers }, ACTOR)).toEqual([]);
    expect(renameEdgeNotes({ ...desired, moves: [] }, { entities, referrers }, ACTOR)).toEqual([]);
  });
});
