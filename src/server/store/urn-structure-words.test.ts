import { describe, expect, it } from 'vitest';
import { startsStructureWord, urnStructureWords } from './urn-structure-words.js';

describe('urnStructureWords', () => {
  it('gives urn, li and the type of the URN and of every URN nested in its key', () => {
    expect(urnStructureWords('urn:li:glossaryTerm:Finance.Account')).toEqual(['urn', 'li', 'glossaryterm']);
    expect(urnStructureWords('urn:li:dataset:(urn:li:dataPlatform:hdfs,Sample_Glossary,PROD)')).toEqual([
      'urn',
      'li',
      'dataset',
      'dataplatform',
    ]);
  });
});

describe('startsStructureWord', () => {
  it('is true when a query word starts a structure word, not when a structure word starts a query word', () => {
    const words = urnStructureWords('urn:li:glossaryTerm:x');
    expect(startsStructureWord(['glossaryterm', 'x1'], words)).toBe(true);
    expect(startsStructureWord(['gloss'], words)).toBe(true);
    expect(startsStructureWord(['glossaryterms'], words)).toBe(false);
    expect(startsStructureWord(['account'], words)).toBe(false);
  });
});
