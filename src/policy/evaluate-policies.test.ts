import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../manifest/load-catalog.js';
import { evaluatePolicies, fillPlaceholders } from './evaluate-policies.js';
import { parsePolicies } from './parse-policies.js';
import { policySubjects } from './policy-subjects.js';
import { violationToDiagnostic, violationToJson } from './report-violations.js';
import type { Policy, PolicySubject } from './types.js';

const file = (path: string, ...docs: string[]) => ({ path, text: docs.join('---\n') });
const doc = (kind: string, body: string) => `apiVersion: catalog/v1\nkind: ${kind}\n${body}\n`;

const CATALOG = file(
  'c/catalog.yaml',
  doc('Settings', 'defaults: { platform: feast }'),
  doc('GlossaryNode', 'id: Classification\nname: Classification'),
  doc(
    'GlossaryTerm',
    'id: Classification.PII\nname: PII\ndefinition: Personal data.\nparent: Classification',
  ),
  doc('Tag', 'id: gold'),
  doc(
    'MLFeatureTable',
    'name: users\nfeatures:\n  - name: age\n    description: Age in years.\n  - name: country',
  ),
  doc('MLFeature', 'namespace: shared\nname: spend\ndescription: Spend.'),
  doc('MLModelGroup', 'name: fraud\nowners: [{ owner: ana }]'),
  doc('MLModel', 'name: fraud-1\nowners: [{ owner: bo, type: BUSINESS_OWNER }]'),
  doc('MLModel', 'name: fraud-2\nplatform: sagemaker\nowners: [{ owner: cy }]'),
  doc(
    'DatasetTerms',
    'dataset: { platform: hive, name: db.users }\ncolumns:\n  email: [Classification.PII]\n  zip: []',
  ),
  doc('DatasetTerms', 'dataset: { platform: hive, name: db.orders }\ncolumns:\n  amount: []'),
);

/** The example catalog above plus the given Policy documents (in a file of their own), compiled. */
function setup(...policies: string[]): { policies: readonly Policy[]; subjects: readonly PolicySubject[] } {
  const load = buildCatalog([
    CATALOG,
    file('c/policies.yaml', ...policies.map((body) => doc('Policy', body))),
  ]);
  expect(load.diagnostics).toEqual([]);
  const parsed = parsePolicies(load.documents);
  expect(parsed.diagnostics).toEqual([]);
  return { policies: parsed.policies, subjects: policySubjects(load) };
}

const short = (violations: ReturnType<typeof evaluatePolicies>) =>
  violations.map((v) => `${v.policy} ${v.kind} ${v.urn}${v.reason === undefined ? '' : ` (${v.reason})`}`);

describe('evaluatePolicies', () => {
  it('evaluates each policy on the entities of the kinds it matches, for every manifest kind', () => {
    const { policies, subjects } = setup(
      'name: node-defined\nmatch: { kinds: [GlossaryNode] }\nrule: entity.definition != ""',
      'name: term-defined\nmatch: { kinds: [GlossaryTerm] }\nrule: entity.definition != "" && has(entity.parent)',
      'name: tag-described\nmatch: { kinds: [Tag] }\nrule: has(entity.description)',
      'name: feature-described\nmatch: { kinds: [MLFeature] }\nrule: has(entity.description)',
      'name: table-owned\nmatch: { kinds: [MLFeatureTable] }\nrule: size(entity.owners) > 0',
      'name: group-owned\nmatch: { kinds: [MLModelGroup] }\nrule: size(entity.owners) > 0',
      'name: model-tech-owner\nmatch: { kinds: [MLModel] }\nrule: entity.owners.exists(o, o.type == "TECHNICAL_OWNER")',
      'name: columns-classified\nmatch: { kinds: [DatasetTerms] }\nrule: entity.columns.all(c, size(entity.columns[c]) > 0)',
    );
    expect(short(evaluatePolicies(policies, subjects))).toEqual([
      'node-defined GlossaryNode urn:li:glossaryNode:Classification',
      'tag-described Tag urn:li:tag:gold',
      'table-owned MLFeatureTable urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,users)',
      'feature-described MLFeature urn:li:mlFeature:(users,country)',
      'model-tech-owner MLModel urn:li:mlModel:(urn:li:dataPlatform:feast,fraud-1,PROD)',
      'columns-classified DatasetTerms urn:li:dataset:(urn:li:dataPlatform:hive,db.users,PROD)',
      'columns-classified DatasetTerms urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)',
    ]);
  });

  it('applies the rule only where `where` is true', () => {
    const { policies, subjects } = setup(
      'name: sagemaker-owned\nmatch: { kinds: [MLModel], where: entity.platform == "sagemaker" }\nrule: entity.owners.exists(o, o.type == "BUSINESS_OWNER")',
    );
    expect(short(evaluatePolicies(policies, subjects))).toEqual([
      'sagemaker-owned MLModel urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-2,PROD)',
    ]);
  });

  it('reports a rule that fails on an entity as a violation with the reason, never a crash', () => {
    const { policies, subjects } = setup(
      'name: described\nmatch: { kinds: [MLFeature] }\nrule: entity.description.size() > 3',
      'name: where-fails\nmatch: { kinds: [MLModelGroup], where: entity.nothing == 1 }\nrule: "true"',
      'name: not-a-bool\nmatch: { kinds: [Tag] }\nrule: entity.id',
    );
    expect(short(evaluatePolicies(policies, subjects))).toEqual([
      'not-a-bool Tag urn:li:tag:gold (the rule failed on this entity: it gave a string ("gold"), not true or false)',
      'described MLFeature urn:li:mlFeature:(users,country) (the rule failed on this entity: field not found: description)',
      'where-fails MLModelGroup urn:li:mlModelGroup:(urn:li:dataPlatform:feast,fraud,PROD) (the where condition failed on this entity: field not found: nothing)',
    ]);
  });

  describe('after', () => {
    const PII_POLICY =
      'name: pii-columns-classified\nseverity: error\nmatch:\n  kinds: [DatasetTerms]\n  where: has(after.globalTags) && after.globalTags.tags.exists(t, t.tag == "urn:li:tag:pii")\nrule: entity.columns.all(c, entity.columns[c].exists(t, t.startsWith("urn:li:glossaryTerm:Classification.")))';

    it('is an empty map offline: a where on it does not match, a rule can test has()', () => {
      const { policies, subjects } = setup(
        PII_POLICY,
        "name: guarded\nmatch: { kinds: [MLModel] }\nrule: '!has(after.ownership) || size(after.ownership.owners) > 0'",
        'name: unguarded\nmatch: { kinds: [MLModelGroup] }\nrule: size(after.ownership.owners) > 0',
      );
      expect(short(evaluatePolicies(policies, subjects))).toEqual([
        'unguarded MLModelGroup urn:li:mlModelGroup:(urn:li:dataPlatform:feast,fraud,PROD) (the rule failed on this entity: field not found: ownership)',
      ]);
    });

    it("is the entity's aspects once the plan is applied, when given (the dataset's live tags)", () => {
      const { policies, subjects } = setup(PII_POLICY);
      const asked: string[] = [];
      const violations = evaluatePolicies(policies, subjects, {
        after: (urn) => {
          asked.push(urn);
          return urn.includes('db.users') || urn.includes('db.orders')
            ? { globalTags: { tags: [{ tag: 'urn:li:tag:pii' }] }, schemaMetadata: { fields: [] } }
            : undefined;
        },
      });
      // db.users: zip has no term; db.orders: amount has none. Both tagged pii.
      expect(violations.map((v) => [v.policy, v.severity, v.urn])).toEqual([
        ['pii-columns-classified', 'error', 'urn:li:dataset:(urn:li:dataPlatform:hive,db.users,PROD)'],
        ['pii-columns-classified', 'error', 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)'],
      ]);
      // Only the entities of a kind a policy using `after` matches are looked up.
      expect(asked.sort()).toEqual([
        'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)',
        'urn:li:dataset:(urn:li:dataPlatform:hive,db.users,PROD)',
      ]);
    });

    it('is never looked up when no expression names it', () => {
      const { policies, subjects } = setup(
        'name: any\nmatch: { kinds: [DatasetTerms, MLModel] }\nrule: "true"',
      );
      const violations = evaluatePolicies(policies, subjects, {
        after: () => {
          throw new Error('looked up');
        },
      });
      expect(violations).toEqual([]);
    });
  });

  it('fills {{field}} placeholders from the entity, else names the policy; locates entity and policy', () => {
    const { policies, subjects } = setup(
      "name: tech-owner\nseverity: error\nmatch: { kinds: [MLModel] }\nrule: entity.owners.exists(o, o.type == 'TECHNICAL_OWNER')\nmessage: 'model {{ name }} on {{platform}} has owners {{owners}}; {{nope}}'",
      'name: group-described\ndescription: Every group says what it is for.\nmatch: { kinds: [MLModelGroup] }\nrule: has(entity.description)',
    );
    const violations = evaluatePolicies(policies, subjects);
    expect(violations).toEqual([
      {
        policy: 'group-described',
        policySource: { file: 'c/policies.yaml', line: 11, column: 7 },
        severity: 'warning',
        kind: 'MLModelGroup',
        urn: 'urn:li:mlModelGroup:(urn:li:dataPlatform:feast,fraud,PROD)',
        source: { file: 'c/catalog.yaml', line: 37, column: 7 },
        message:
          "MLModelGroup urn:li:mlModelGroup:(urn:li:dataPlatform:feast,fraud,PROD) does not satisfy policy 'group-described': Every group says what it is for.",
      },
      {
        policy: 'tech-owner',
        policySource: { file: 'c/policies.yaml', line: 3, column: 7 },
        severity: 'error',
        kind: 'MLModel',
        urn: 'urn:li:mlModel:(urn:li:dataPlatform:feast,fraud-1,PROD)',
        source: { file: 'c/catalog.yaml', line: 42, column: 7 },
        message:
          'model fraud-1 on feast has owners [{"owner":"urn:li:corpuser:bo","type":"BUSINESS_OWNER"}]; {{nope}}',
      },
    ]);
    expect(violationToDiagnostic(violations[1]!)).toEqual({
      code: 'POLICY_VIOLATION',
      severity: 'error',
      message: `${violations[1]?.message} (policy tech-owner)`,
      location: { file: 'c/catalog.yaml', line: 42, column: 7 },
      related: { file: 'c/policies.yaml', line: 3, column: 7 },
      hint: "policy 'tech-owner' is at c/policies.yaml:3",
    });
    expect(violationToJson(violations[0]!)).toMatchObject({ policyFile: 'c/policies.yaml', reason: null });
  });

  it('fills lists of strings joined, numbers and nested fields', () => {
    expect(
      fillPlaceholders('{{tags}} {{n}} {{a.b}} {{a.c}} {{a}}', { tags: ['x', 'y'], n: 2, a: { b: true } }),
    ).toBe('x, y 2 true {{a.c}} {"b":true}');
  });

  it('is deterministic: the same violations in the same order whatever the order of policies and entities', () => {
    const { policies, subjects } = setup(
      'name: b-owned\nmatch: { kinds: [MLModel, MLModelGroup] }\nrule: size(entity.owners) > 1',
      'name: a-described\nmatch: { kinds: [MLModel, MLModelGroup, MLFeature] }\nrule: has(entity.description)',
    );
    const forward = evaluatePolicies(policies, subjects);
    const backward = evaluatePolicies([...policies].reverse(), [...subjects].reverse());
    expect(backward).toEqual(forward);
    expect(forward.map((v) => `${v.source.line} ${v.policy}`)).toEqual([
      '27 a-described',
      '37 a-described',
      '37 b-owned',
      '42 a-described',
      '42 b-owned',
      '47 a-described',
      '47 b-owned',
    ]);
  });

  it('reads YAML integers as CEL ints and other numbers as doubles', () => {
    const { policies } = setup(
      'name: n\nmatch: { kinds: [Tag] }\nrule: entity.n + 1 == 3 && entity.d > 1.2 && type(entity.n) == int',
    );
    const subject: PolicySubject = {
      kind: 'Tag',
      urn: 'urn:li:tag:x',
      source: { file: 'x', line: 1, column: 1 },
      entity: { kind: 'Tag', n: 2, d: 1.5 },
    };
    expect(evaluatePolicies(policies, [subject])).toEqual([]);
  });

  it('keeps up with a large catalog: 10,000 entities and three policies', () => {
    const { policies } = setup(
      'name: a\nmatch: { kinds: [MLModel] }\nrule: entity.owners.exists(o, o.type == "TECHNICAL_OWNER")',
      'name: b\nmatch: { kinds: [MLModel], where: entity.platform == "feast" }\nrule: has(entity.description)',
      'name: c\nmatch: { kinds: [MLModel] }\nrule: entity.description.size() > 0',
    );
    const subjects: PolicySubject[] = Array.from({ length: 10_000 }, (_, index) => ({
      kind: 'MLModel',
      urn: `urn:li:mlModel:(urn:li:dataPlatform:feast,m${index},PROD)`,
      source: { file: 'c/m.yaml', line: index + 1, column: 1 },
      entity: {
        kind: 'MLModel',
        name: `m${index}`,
        platform: 'feast',
        owners: index % 2 === 0 ? [{ owner: 'urn:li:corpuser:a', type: 'TECHNICAL_OWNER' }] : [],
        tags: [],
      },
    }));
    const violations = evaluatePolicies(policies, subjects);
    expect(violations).toHaveLength(5_000 + 10_000 + 10_000);
  });
});
