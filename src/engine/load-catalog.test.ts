import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../manifest/load-catalog.js';
import { addPolicies } from './load-catalog.js';

const file = (path: string, ...docs: string[]) => ({ path, text: docs.join('---\n') });
const doc = (kind: string, body: string) => `apiVersion: catalog/v1\nkind: ${kind}\n${body}\n`;
const policy = (body: string) => doc('Policy', body);

describe('addPolicies', () => {
  it('addPolicies compiles them into the load; a broken expression is an error that leaves no state', async () => {
    const good = await addPolicies(
      buildCatalog([
        file('c/p.yaml', doc('Tag', 'id: t'), policy('name: a\nmatch: { kinds: [Tag] }\nrule: "true"')),
      ]),
    );
    expect(good.policies?.map((p) => p.name)).toEqual(['a']);
    expect(good.state?.entities).toHaveLength(1);
    expect(good.declarations).toHaveLength(1);

    const broken = await addPolicies(
      buildCatalog([
        file('c/p.yaml', doc('Tag', 'id: t'), policy('name: a\nmatch: { kinds: [Tag] }\nrule: "1 +"')),
      ]),
    );
    expect(broken.diagnostics.map((d) => [d.code, d.location?.line])).toEqual([['INVALID_EXPRESSION', 9]]);
    expect(broken.state).toBeUndefined();
    expect(broken.declarations).toBeUndefined();

    const none = await addPolicies(buildCatalog([file('c/t.yaml', doc('Tag', 'id: t'))]));
    expect(none.policies).toEqual([]);
  });
});
