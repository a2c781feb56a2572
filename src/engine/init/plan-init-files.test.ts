import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { hashText } from './init-record.js';
import { addEnvironments, nextRecord, planFile } from './plan-init-files.js';
import { environmentEntries } from './scaffold.js';

const dev = { name: 'dev', protect: false, tokenEnv: 'DATAHUB_DEV_TOKEN' };
const prod = { name: 'prod', protect: true, tokenEnv: 'DATAHUB_PROD_TOKEN' };

describe('planFile', () => {
  const record = new Map([['a.yml', hashText('old')]]);

  it('tells missing, deleted, unchanged, its own untouched and the user’s files apart', () => {
    expect(planFile('b.yml', 'new', undefined, record, false).step).toBe('create');
    expect(planFile('a.yml', 'new', undefined, record, true).step).toBe('deleted');
    expect(planFile('a.yml', 'new', 'new', record, false).step).toBe('unchanged');
    expect(planFile('a.yml', 'new', 'old', record, false).step).toBe('update');
    expect(planFile('a.yml', 'new', 'old, edited', record, false).step).toBe('differs');
    expect(planFile('a.yml', 'new', 'old, edited', record, true).step).toBe('replace');
    // Never init's (no record): the user's.
    expect(planFile('b.yml', 'new', 'old', record, false).step).toBe('differs');
    // The Settings are configuration: never brought up to date, even untouched.
    expect(planFile('a.yml', 'new', 'old', record, false, true).step).toBe('differs');
  });

  it('records what init leaves as it wrote it, and keeps the entries of what the user changed or deleted', () => {
    const next = nextRecord(record, [
      planFile('a.yml', 'new', 'old, edited', record, false),
      planFile('b.yml', 'b', undefined, record, false),
    ]);
    expect([...next]).toEqual([
      ['a.yml', hashText('old')],
      ['b.yml', hashText('b')],
    ]);
  });
});

describe('addEnvironments', () => {
  it('adds an environments block at the end of a Settings document, before the next document', () => {
    const text =
      'apiVersion: catalog/v1\nkind: Settings\nactor: urn:li:corpuser:me # mine\n# trailing\n---\nkind: Tag\nname: x\n';
    const added = addEnvironments(text, [dev], environmentEntries);
    expect(added?.added).toEqual(['dev']);
    expect(added?.text.startsWith(text.slice(0, text.indexOf('---')))).toBe(true);
    expect(added?.text).toContain('# trailing\nenvironments:\n  dev:\n');
    expect(added?.text.endsWith('---\nkind: Tag\nname: x\n')).toBe(true);
    expect(parse(added?.text.split('---')[0] ?? '')).toMatchObject({
      actor: 'urn:li:corpuser:me',
      environments: { dev: { tokenEnv: 'DATAHUB_DEV_TOKEN', env: 'DEV' } },
    });
  });

  it('adds only the environments a block lacks, indented as its own entries', () => {
    const text = 'kind: Settings\nenvironments:\n    dev:\n        server: http://dev:8080\nactor: x\n';
    const added = addEnvironments(text, [dev, prod], environmentEntries);
    expect(added?.added).toEqual(['prod']);
    expect(parse(added?.text ?? '')).toMatchObject({
      actor: 'x',
      environments: { dev: { server: 'http://dev:8080' }, prod: { protect: true, env: 'PROD' } },
    });
    expect(addEnvironments(text, [dev], environmentEntries)).toBeUndefined();
  });

  it('leaves what lines cannot extend to the user: flow style, no Settings', () => {
    expect(
      addEnvironments('kind: Settings\nenvironments: { dev: {} }\n', [prod], environmentEntries),
    ).toBeUndefined();
    expect(addEnvironments('{ kind: Settings }\n', [prod], environmentEntries)).toBeUndefined();
    expect(addEnvironments('kind: Tag\nname: x\n', [prod], environmentEntries)).toBeUndefined();
  });
});
