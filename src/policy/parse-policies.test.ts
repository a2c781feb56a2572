import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../manifest/load-catalog.js';
import { parsePolicies } from './parse-policies.js';

const file = (path: string, ...docs: string[]) => ({ path, text: docs.join('---\n') });
const doc = (kind: string, body: string) => `apiVersion: catalog/v1\nkind: ${kind}\n${body}\n`;
const policy = (body: string) => doc('Policy', body);

function parse(...docs: string[]) {
  const load = buildCatalog([file('c/p.yaml', ...docs)]);
  return { load, ...parsePolicies(load.documents) };
}

describe('parsePolicies', () => {
  it('compiles a policy: severity warning by default, examples with kind filled and `after` taken apart', () => {
    const { load, policies, diagnostics } = parse(
      policy(
        [
          'name: owned',
          'description: Models have owners.',
          'match: { kinds: [MLModel, MLModelGroup], where: entity.env == "PROD" }',
          'rule: size(entity.owners) > 0',
          "message: '{{name}} has no owner'",
          'examples:',
          '  pass: [{ name: a, env: PROD, owners: [{ owner: x }] }]',
          '  fail:',
          '    - { kind: MLModelGroup, name: b, owners: [], after: { globalTags: { tags: [] } } }',
        ].join('\n'),
      ),
    );
    expect(load.diagnostics).toEqual([]);
    expect(diagnostics).toEqual([]);
    const [compiled] = policies;
    expect(compiled).toMatchObject({
      name: 'owned',
      description: 'Models have owners.',
      severity: 'warning',
      kinds: ['MLModel', 'MLModelGroup'],
      message: '{{name}} has no owner',
      source: { file: 'c/p.yaml', line: 3, column: 7 },
      rule: { text: 'size(entity.owners) > 0', source: { line: 6, column: 7 }, usesAfter: false },
      where: { text: 'entity.env == "PROD"', source: { line: 5, column: 49 }, usesAfter: false },
    });
    expect(compiled?.examples.pass).toEqual([
      {
        entity: { kind: 'MLModel', name: 'a', env: 'PROD', owners: [{ owner: 'x' }] },
        after: {},
        source: { file: 'c/p.yaml', line: 9, column: 10 },
      },
    ]);
    expect(compiled?.examples.fail[0]?.entity).toEqual({ kind: 'MLModelGroup', name: 'b', owners: [] });
    expect(compiled?.examples.fail[0]?.after).toEqual({ globalTags: { tags: [] } });
  });

  it('reports a broken rule at its value, with the CEL message and where in the expression', () => {
    const { diagnostics, policies } = parse(
      policy('name: broken\nmatch: { kinds: [MLModel] }\nrule: \'entity.owners.exists(o, o.type == "X"\''),
    );
    expect(policies).toEqual([]);
    expect(diagnostics).toEqual([
      {
        code: 'INVALID_EXPRESSION',
        severity: 'error',
        message: 'invalid rule: found . but expecting end of input (column 14 of the expression)',
        location: { file: 'c/p.yaml', line: 5, column: 7 },
      },
    ]);
  });

  it('reports a broken where, and a multi-line expression by line and column', () => {
    const { diagnostics } = parse(
      policy(
        'name: w\nmatch:\n  kinds: [MLModel]\n  where: entity.env = "PROD"\nrule: |\n  has(entity.description)\n    && )',
      ),
    );
    expect(diagnostics.map((d) => [d.location?.line, d.location?.column, d.message])).toEqual([
      [6, 10, 'invalid match.where: found = but expecting end of input (column 12 of the expression)'],
      [7, 7, 'invalid rule: found & but expecting end of input (line 2, column 3 of the expression)'],
    ]);
  });

  it('refuses names an expression cannot mean: unknown variables and functions, misused macros', () => {
    const { diagnostics } = parse(
      policy('name: a\nmatch: { kinds: [MLModel] }\nrule: entiy.name == "x"'),
      policy('name: b\nmatch: { kinds: [MLModel] }\nrule: entity.name.startswit("x")'),
      policy('name: c\nmatch: { kinds: [MLModel] }\nrule: entity.owners.exists(o)'),
      policy('name: d\nmatch: { kinds: [MLModel] }\nrule: entity.owners.all(o, p.type == "X")'),
      // Macro variables, type names and `after` are known.
      policy(
        'name: e\nmatch: { kinds: [MLModel] }\nrule: entity.owners.all(o, type(o) == map && o.owner in entity.owners.map(x, x.owner)) && !has(after.x)',
      ),
    );
    expect(diagnostics.map((d) => [d.location?.line, d.message, d.hint])).toEqual([
      [5, "invalid rule: unknown variable 'entiy' (column 1 of the expression)", "did you mean 'entity'?"],
      [
        11,
        "invalid rule: unknown function 'startswit' (column 12 of the expression)",
        "did you mean 'startsWith'?",
      ],
      [
        17,
        'invalid rule: wrong use of exists() (column 14 of the expression)',
        'exists() takes a variable and a condition, e.g. entity.owners.exists(o, o.type == "TECHNICAL_OWNER")',
      ],
      [23, "invalid rule: unknown variable 'p' (column 22 of the expression)", "did you mean 'o'?"],
    ]);
  });

  it('notes which expressions use `after`', () => {
    const { policies } = parse(
      policy('name: a\nmatch: { kinds: [DatasetTerms], where: has(after.globalTags) }\nrule: "true"'),
      policy('name: b\nmatch: { kinds: [DatasetTerms] }\nrule: entity.terms.all(t, t in after.x)'),
    );
    expect(policies.map((p) => [p.where?.usesAfter, p.rule.usesAfter])).toEqual([
      [true, false],
      [undefined, true],
    ]);
  });

  it('reports a second policy of the same name with both places', () => {
    const { diagnostics, policies } = parse(
      policy('name: same\nmatch: { kinds: [Tag] }\nrule: "true"'),
      policy('name: same\nmatch: { kinds: [Tag] }\nrule: "false"'),
    );
    expect(policies.map((p) => p.rule.text)).toEqual(['true']);
    expect(diagnostics).toEqual([
      {
        code: 'DUPLICATE_DECLARATION',
        severity: 'error',
        message: "policy 'same' is declared twice",
        location: { file: 'c/p.yaml', line: 9, column: 7 },
        related: { file: 'c/p.yaml', line: 3, column: 7 },
        hint: 'first declared at c/p.yaml:3:7; policy names are unique within a catalog',
      },
    ]);
  });

  it("refuses an example's `after` that is not a mapping", () => {
    const { diagnostics } = parse(
      policy('name: a\nmatch: { kinds: [Tag] }\nrule: "true"\nexamples:\n  pass: [{ id: x, after: [1] }]'),
    );
    expect(diagnostics.map((d) => [d.code, d.location?.line, d.location?.column])).toEqual([
      ['INVALID_VALUE', 7, 26],
    ]);
  });
});

describe('the Policy kind in the catalog', () => {
  it('is checked by its schema: unknown match.kinds get a "did you mean", rule and match.kinds are required', () => {
    const load = buildCatalog([
      file(
        'c/p.yaml',
        policy('name: a\nmatch: { kinds: [MLModle] }\nrule: "true"'),
        policy('name: b\nmatch: { where: "true" }'),
        policy('name: c\nmatch: { kinds: [Tag] }\nrule: "true"\nseverity: fatal'),
      ),
    ]);
    expect(load.diagnostics.map((d) => [d.location?.line, d.code, d.message, d.hint])).toEqual([
      [
        4,
        'INVALID_VALUE',
        "'MLModle' is not a valid match.kinds[0]",
        expect.stringContaining("did you mean 'MLModel'?"),
      ],
      [7, 'MISSING_FIELD', "missing required field 'rule'", undefined],
      [10, 'MISSING_FIELD', "missing required field 'kinds' in match", undefined],
      [17, 'INVALID_VALUE', "'fatal' is not a valid severity", 'expected one of: error, warning'],
    ]);
  });
});
