import { describe, expect, it } from 'vitest';
import { interpolateVariables } from './interpolate-variables.js';
import { parseDocuments } from './parse-documents.js';

const SETTINGS = `apiVersion: catalog/v1
kind: Settings
environments:
  dev:
    env: DEV
    variables: { channel: "#ml-dev", owner: alice }
  prod:
    env: PROD
    variables: { channel: "#ml" }
`;

function documentsOf(text: string) {
  return parseDocuments({ path: 'c/a.yaml', text }).documents;
}

describe('interpolateVariables', () => {
  it("replaces ${var.name} in every string value with the selected environment's value", () => {
    const documents = documentsOf(
      `${SETTINGS}---
apiVersion: catalog/v1
kind: MLModelGroup
name: g-\${var.owner}
description: "Ask \${var.channel} (owner \${var.owner})"
tags: ["\${var.owner}", plain]
`,
    );
    const outcome = interpolateVariables(documents, 'dev');
    expect(outcome.diagnostics).toEqual([]);
    expect(outcome.environment?.name).toBe('dev');
    expect(outcome.documents[1]?.value).toEqual({
      apiVersion: 'catalog/v1',
      kind: 'MLModelGroup',
      name: 'g-alice',
      description: 'Ask #ml-dev (owner alice)',
      tags: ['alice', 'plain'],
    });
    // The Settings document declares the variables: it is taken as written, and positions are kept.
    expect(outcome.documents[0]).toBe(documents[0]);
    expect(outcome.documents[1]?.locate(['description'])).toEqual({ file: 'c/a.yaml', line: 14, column: 14 });
  });

  it('reports an unknown variable at the string that names it, with the variables the environment has', () => {
    const documents = documentsOf(
      `${SETTINGS}---
apiVersion: catalog/v1
kind: MLModelGroup
name: g
description: "\${var.owner} and \${var.nope}"
`,
    );
    const outcome = interpolateVariables(documents, 'prod');
    expect(outcome.diagnostics).toEqual([
      {
        code: 'UNKNOWN_REFERENCE',
        severity: 'error',
        message: "unknown variable 'owner' in ${var.owner}",
        location: { file: 'c/a.yaml', line: 14, column: 14 },
        hint: "environment 'prod' declares the variables channel",
      },
      {
        code: 'UNKNOWN_REFERENCE',
        severity: 'error',
        message: "unknown variable 'nope' in ${var.nope}",
        location: { file: 'c/a.yaml', line: 14, column: 14 },
        hint: "environment 'prod' declares the variables channel",
      },
    ]);
  });

  it('needs an environment for a variable, and names how to select one', () => {
    const outcome = interpolateVariables(
      documentsOf(`${SETTINGS}---\napiVersion: catalog/v1\nkind: MLModelGroup\nname: \${var.owner}\n`),
      undefined,
    );
    expect(outcome.diagnostics.map((d) => [d.message, d.location?.line, d.hint])).toEqual([
      [
        "unknown variable 'owner' in ${var.owner}",
        13,
        'no environment is selected: pass --environment NAME (or set CATALOG_ENVIRONMENT)',
      ],
    ]);
  });

  it('keeps $${var.name} as the literal ${var.name}, and any other ${…} as it is', () => {
    const documents = documentsOf(
      `${SETTINGS}---
apiVersion: catalog/v1
kind: MLModelGroup
name: g
description: "$\${var.channel} is \${var.channel}; \${HOME} and \${env.X} stay"
`,
    );
    const outcome = interpolateVariables(documents, 'dev');
    expect(outcome.diagnostics).toEqual([]);
    expect((outcome.documents[1]?.value as { description: string }).description).toBe(
      '${var.channel} is #ml-dev; ${HOME} and ${env.X} stay',
    );
  });

  it('does not interpolate keys, nor the replacement text, and leaves documents without references alone', () => {
    const documents = documentsOf(
      `apiVersion: catalog/v1
kind: Settings
environments:
  dev: { variables: { a: "\${var.b}", b: x } }
---
apiVersion: catalog/v1
kind: MLModelGroup
name: "\${var.a}"
customProperties: { "\${var.b}": "\${var.b}" }
---
apiVersion: catalog/v1
kind: MLModelGroup
name: untouched
`,
    );
    const outcome = interpolateVariables(documents, 'dev');
    expect(outcome.diagnostics).toEqual([]);
    expect(outcome.documents[1]?.value).toMatchObject({
      name: '${var.b}',
      customProperties: { '${var.b}': 'x' },
    });
    expect(outcome.documents[2]).toBe(documents[2]);
  });

  it('refuses an environment the catalog does not declare, naming the ones it does', () => {
    const outcome = interpolateVariables(documentsOf(SETTINGS), 'stage');
    expect(outcome.environment).toBeUndefined();
    expect(outcome.diagnostics).toEqual([
      {
        code: 'UNKNOWN_REFERENCE',
        severity: 'error',
        message: "unknown environment 'stage'",
        location: { file: 'c/a.yaml', line: 3, column: 1 },
        hint: 'the catalog declares dev, prod',
      },
    ]);
    const none = interpolateVariables(
      documentsOf('apiVersion: catalog/v1\nkind: MLModelGroup\nname: g\n'),
      'dev',
    );
    expect(none.diagnostics.map((d) => [d.message, d.location, d.hint])).toEqual([
      [
        "unknown environment 'dev'",
        undefined,
        'the Settings document declares no environments (add an `environments:` map, manifests.md)',
      ],
    ]);
  });

  it('leaves a value that contains itself through a YAML alias as it is', () => {
    const documents = documentsOf(
      `${SETTINGS}---\napiVersion: catalog/v1\nkind: MLModelGroup\nname: g\nx: &a [*a, "\${var.channel}"]\n`,
    );
    const outcome = interpolateVariables(documents, 'dev');
    expect(outcome.diagnostics).toEqual([]);
    expect((outcome.documents[1]?.value as { x: unknown[] }).x[1]).toBe('#ml-dev');
  });

  it('replaces a value under a key named __proto__ as a key, not as the prototype', () => {
    const documents = documentsOf(
      `${SETTINGS}---\napiVersion: catalog/v1\nkind: MLModelGroup\nname: g\ncustomProperties: { __proto__: "\${var.channel}" }\n`,
    );
    const value = interpolateVariables(documents, 'dev').documents[1]?.value as { customProperties: object };
    expect(Object.getPrototypeOf(value.customProperties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value.customProperties, '__proto__')?.value).toBe('#ml-dev');
  });
});
