import { describe, expect, it } from 'vitest';
import { aspectsReferringTo, ReferenceRemovalError, withReferenceRemoved } from './remove-reference.js';

const TERM = 'urn:li:glossaryTerm:Doomed';
const KEPT = 'urn:li:glossaryTerm:Kept';
const stamp = { time: 1, actor: 'urn:li:corpuser:x' };

describe('withReferenceRemoved (DeleteEntityUtils.getAspectWithReferenceRemoved)', () => {
  it('drops the list item whose required field holds the URN, and keeps the emptied list', () => {
    const aspect = { terms: [{ urn: TERM }, { urn: KEPT }, { urn: TERM, context: 'x' }], auditStamp: stamp };
    expect(withReferenceRemoved('glossaryTerms', aspect, 'TermedWith', TERM)).toEqual({
      terms: [{ urn: KEPT }],
      auditStamp: stamp,
    });
    expect(
      withReferenceRemoved(
        'glossaryTerms',
        { terms: [{ urn: TERM }], auditStamp: stamp },
        'TermedWith',
        TERM,
      ),
    ).toEqual({ terms: [], auditStamp: stamp });
    // The input is not changed.
    expect(aspect.terms).toHaveLength(3);
  });

  it('walks nested lists (columns of editableSchemaMetadata)', () => {
    const aspect = {
      editableSchemaFieldInfo: [
        { fieldPath: 'a', glossaryTerms: { terms: [{ urn: TERM }], auditStamp: stamp } },
        { fieldPath: 'b', description: 'no terms' },
      ],
    };
    expect(
      withReferenceRemoved('editableSchemaMetadata', aspect, 'EditableSchemaFieldWithGlossaryTerm', TERM),
    ).toEqual({
      editableSchemaFieldInfo: [
        { fieldPath: 'a', glossaryTerms: { terms: [], auditStamp: stamp } },
        { fieldPath: 'b', description: 'no terms' },
      ],
    });
  });

  it('removes the first equal string of a list of URNs', () => {
    const aspect = { isRelatedTerms: [TERM, KEPT, TERM], hasRelatedTerms: [TERM] };
    expect(withReferenceRemoved('glossaryRelatedTerms', aspect, 'IsA', TERM)).toEqual({
      isRelatedTerms: [KEPT, TERM],
      hasRelatedTerms: [TERM],
    });
  });

  it('removes an optional field, and answers null when a required field at the root holds the URN', () => {
    const node = 'urn:li:glossaryNode:Doomed';
    const info = { name: 'T', definition: '', termSource: 'INTERNAL', parentNode: node };
    expect(withReferenceRemoved('glossaryTermInfo', info, 'IsPartOf', node)).toEqual({
      name: 'T',
      definition: '',
      termSource: 'INTERNAL',
    });
    const container = 'urn:li:container:c1';
    expect(withReferenceRemoved('container', { container }, 'IsPartOf', container)).toBeNull();
    expect(
      withReferenceRemoved('container', { container: 'urn:li:container:c2' }, 'IsPartOf', container),
    ).toEqual({
      container: 'urn:li:container:c2',
    });
  });

  it('leaves other relationships alone, and refuses a path through a union', () => {
    const aspect = { terms: [{ urn: TERM }], auditStamp: stamp };
    expect(withReferenceRemoved('glossaryTerms', aspect, 'TaggedWith', TERM)).toEqual(aspect);
    const chart = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
    expect(() =>
      withReferenceRemoved(
        'chartInfo',
        {
          title: 't',
          description: '',
          lastModified: { created: stamp, lastModified: stamp },
          inputs: [{ string: chart }],
        },
        'Consumes',
        chart,
      ),
    ).toThrow(ReferenceRemovalError);
  });
});

describe('aspectsReferringTo (DeleteEntityService.getAspectSpecsReferringTo)', () => {
  it('names the aspects of an entity type that hold a relationship to the deleted entity type', () => {
    expect(aspectsReferringTo('dataset', 'TermedWith', 'glossaryTerm')).toEqual(['glossaryTerms']);
    expect(aspectsReferringTo('dataset', 'TaggedWith', 'tag')).toEqual(['globalTags']);
    expect(aspectsReferringTo('dataset', 'TaggedWith', 'glossaryTerm')).toEqual([]);
  });
});
