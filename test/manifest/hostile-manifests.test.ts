import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { buildCatalog } from '../../src/manifest/load-catalog.js';
import { parseDocuments } from '../../src/manifest/parse-documents.js';
import { compileValidators } from '../../src/manifest/schemas.js';
import { decodeManifest, firstInvalidUtf8 } from '../../src/manifest/read-manifest-files.js';
import type { DiagnosticCode } from '../../src/errors.js';
import { sanitizeTerminalOutput } from '../../src/model/escape-control.js';
import { escapeHtml } from '../../src/server/ui/html.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const CORPUS = path.resolve('test/fixtures/broken-manifests');

interface Case {
  readonly file: string;
  readonly bytes: Buffer;
  readonly code: DiagnosticCode;
  readonly line: number;
  readonly column: number;
  readonly preflight: boolean;
}

/** Each corpus file says on its first line what it must produce: `# expect: CODE line:column`. */
function corpus(): Case[] {
  return readdirSync(CORPUS)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const bytes = readFileSync(path.join(CORPUS, file));
      const header = /^# expect(-preflight)?: ([A-Z_]+) (\d+):(\d+)\n/.exec(bytes.toString('latin1'));
      if (header === null) throw new Error(`${file} has no "# expect: CODE line:column" header`);
      return {
        file,
        bytes,
        code: header[2] as DiagnosticCode,
        line: Number(header[3]),
        column: Number(header[4]),
        preflight: header[1] !== undefined,
      };
    });
}

/** Every code a manifest mistake can produce (UNOWNED_EDGE is a plan note, never a diagnostic). */
const CODES: readonly DiagnosticCode[] = [
  'INVALID_ENCODING',
  'CONTROL_CHARACTER',
  'YAML_SYNTAX',
  'NOT_A_MAPPING',
  'MISSING_API_VERSION',
  'UNKNOWN_API_VERSION',
  'MISSING_KIND',
  'UNKNOWN_KIND',
  'UNKNOWN_FIELD',
  'MISSING_FIELD',
  'WRONG_TYPE',
  'INVALID_VALUE',
  'MALFORMED_URN',
  'DUPLICATE_DECLARATION',
  'UNKNOWN_REFERENCE',
  'REFERENCE_CYCLE',
  'MISSING_ENTITY',
  'MISSING_DATASET',
  'MISSING_COLUMN',
  'MISSING_TERM',
];

describe('a corpus of broken manifests', () => {
  const cases = corpus();

  it('has at least 40 mistakes, and every diagnostic code among them', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect([...new Set(cases.map((item) => item.code))].sort()).toEqual([...CODES].sort());
  });

  for (const item of cases.filter((entry) => !entry.preflight)) {
    it(`${item.file}: ${item.code} at ${item.line}:${item.column}`, () => {
      const load = buildCatalog([decodeManifest(`catalog/${item.file}`, item.bytes)]);
      expect(load.state).toBeUndefined();
      const [first] = load.diagnostics;
      expect(first, JSON.stringify(load.diagnostics)).toMatchObject({
        code: item.code,
        severity: 'error',
        location: { file: `catalog/${item.file}`, line: item.line, column: item.column },
      });
      for (const diagnostic of load.diagnostics) expect(diagnostic.code).toBe(item.code);
    });
  }

  describe('checked against the catalog before writing', () => {
    let server: TestServer;
    let dir: string;
    let cleanup: () => void;
    beforeAll(async () => {
      ({ dir, cleanup } = tempDir());
      server = await startTestServer();
      mkdirSync(path.join(dir, 'examples'));
      writeFileSync(path.join(dir, 'examples/datasets.json'), readFileSync('examples/datasets.json'));
      expect(
        (await runCatalog(['ingest', 'examples/datasets.json', '--server', server.url], { cwd: dir })).code,
      ).toBe(0);
    });
    afterAll(async () => {
      await server.close();
      cleanup();
    });

    for (const item of cases.filter((entry) => entry.preflight)) {
      it(`${item.file}: ${item.code} at ${item.line}:${item.column}`, async () => {
        const catalog = path.join(dir, item.file.replace(/\.yaml$/, ''));
        mkdirSync(catalog, { recursive: true });
        writeFileSync(path.join(catalog, item.file), item.bytes);
        const run = await runCatalog(
          ['reconcile', path.basename(catalog), '--dry-run', '--server', server.url],
          {
            cwd: dir,
          },
        );
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(
          `${path.basename(catalog)}/${item.file}:${item.line}:${item.column} error`,
        );
        expect(run.stderr).toContain(`[${item.code}]`);
      });
    }
  });
});

describe('text encodings', () => {
  it('names the file and the byte offset of invalid UTF-8, and decodes nothing of it', async () => {
    const { dir, cleanup } = tempDir();
    try {
      mkdirSync(path.join(dir, 'catalog'));
      writeFileSync(
        path.join(dir, 'catalog/latin1.yaml'),
        Buffer.from('apiVersion: catalog/v1\nkind: GlossaryTerm\nid: Caf\u00e9\nname: Caf\u00e9\n', 'latin1'),
      );
      const run = await runCatalog(['validate', 'catalog'], { cwd: dir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'catalog/latin1.yaml:3:8 error the file is not UTF-8: invalid byte sequence at byte offset 49 [INVALID_ENCODING]',
      );
      expect(run.stderr).not.toContain('\uFFFD');
    } finally {
      cleanup();
    }
  });

  it('accepts a byte order mark and CRLF line ends', () => {
    const text = 'apiVersion: catalog/v1\r\nkind: GlossaryTerm\r\nid: A\r\nname: A\r\n';
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    const load = buildCatalog([decodeManifest('catalog/bom.yaml', bytes)]);
    expect(load.diagnostics).toEqual([]);
    expect(load.state?.entities.map((entity) => entity.urn)).toEqual(['urn:li:glossaryTerm:A']);
  });

  it('finds the first invalid byte the way a strict decoder does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const offset = firstInvalidUtf8(bytes);
        const decoder = new TextDecoder('utf-8', { fatal: true });
        // Everything before the offset decodes; at the offset, decoding the rest fails (unless it is the end).
        expect(() => decoder.decode(bytes.subarray(0, offset))).not.toThrow();
        if (offset < bytes.length) expect(() => decoder.decode(bytes.subarray(offset))).toThrow();
      }),
      { numRuns: 500 },
    );
  });
});

describe('the manifest loader under arbitrary input', () => {
  // YAML-ish fragments make the generator reach past the first syntax error into schemas and references.
  const fragment = fc.oneof(
    fc.constantFrom(
      'apiVersion: catalog/v1\n',
      'kind: GlossaryTerm\n',
      'kind: GlossaryNode\n',
      'kind: MLModel\n',
      'kind: Tag\n',
      'kind: DatasetTerms\n',
      'id: A\n',
      'name: "\\e[31mX"\n',
      'parent: A\n',
      'tags: [a, b]\n',
      'owners: [{owner: alice}]\n',
      'relatedTerms: {isA: [A]}\n',
      'dataset: urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)\n',
      'features: [t.a]\n',
      '---\n',
      '- item\n',
      '  nested: {a: [1, 2}\n',
      '&a [*a, *a]\n',
      '"unterminated\n',
      '\t\n',
    ),
    fc.string({ maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 12 }),
  );

  it('gives diagnostics or a catalog, never an exception or a hang', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 14 }), fc.boolean(), (parts, asBytes) => {
        const text = parts.join('');
        const bytes = asBytes ? Buffer.from(text, 'latin1') : Buffer.from(text, 'utf8');
        const load = buildCatalog([decodeManifest('catalog/fuzz.yaml', bytes)]);
        const errors = load.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
        if (errors.length > 0) expect(load.state).toBeUndefined();
        else expect(load.state).toBeDefined();
        for (const diagnostic of load.diagnostics) {
          expect(CODES).toContain(diagnostic.code);
          expect(diagnostic.location?.file).toBe('catalog/fuzz.yaml');
          expect(diagnostic.location?.line).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('control characters in output', () => {
  it('are shown escaped in diagnostics, plans (text, markdown, JSON) and never reach the terminal raw', async () => {
    const { dir, cleanup } = tempDir();
    const server = await startTestServer();
    try {
      mkdirSync(path.join(dir, 'catalog'));
      // A diagnostic about an id that holds ESC and a C1 CSI.
      writeFileSync(
        path.join(dir, 'catalog/bad.yaml'),
        'apiVersion: catalog/v1\nkind: GlossaryTerm\nid: "A\\e[2J\\x9b"\nname: A\n',
      );
      const invalid = await runCatalog(['validate', 'catalog'], { cwd: dir });
      expect(invalid.stderr).toContain('U+001B');
      // eslint-disable-next-line no-control-regex
      expect(invalid.stderr).not.toMatch(/[\u001b\u009b]/);

      // Catalog data holding control characters (written by someone else) in a plan.
      writeFileSync(
        path.join(dir, 'catalog/bad.yaml'),
        'apiVersion: catalog/v1\nkind: MLModelGroup\nname: g\nplatform: sagemaker\ndescription: plain\n',
      );
      const urn = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,g,PROD)';
      expect(
        (
          await server.post('/aspects?action=ingestProposal', {
            proposal: {
              entityUrn: urn,
              changeType: 'UPSERT',
              aspectName: 'mlModelGroupProperties',
              aspect: {
                value: JSON.stringify({ description: 'evil \u001b]0;pwned\u0007 \u009b31m text' }),
                contentType: 'application/json',
              },
            },
          })
        ).status,
      ).toBe(200);
      for (const output of ['text', 'markdown', 'json']) {
        const plan = await runCatalog(
          ['reconcile', 'catalog', '--dry-run', '--output', output, '--server', server.url],
          {
            cwd: dir,
          },
        );
        expect(plan.code, plan.stderr).toBe(0);
        // eslint-disable-next-line no-control-regex
        expect(plan.stdout, output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
        expect(plan.stdout).toMatch(/\\u001[bB]/);
        if (output === 'json')
          expect(JSON.parse(plan.stdout).changes[0].before.description).toContain('\u009b31m');
      }
    } finally {
      await server.close();
      cleanup();
    }
  });
});

describe('the terminal backstop and the web page', () => {
  it('escapes every control character but line breaks, tab and the colour sequences the tool writes', () => {
    const out = sanitizeTerminalOutput('\u001b[31mred\u001b[0m \u001b]0;title\u0007 \u009b2J ok\r\n\ttab');
    expect(out).toBe('\u001b[31mred\u001b[0m \\u001B]0;title\\u0007 \\u009B2J ok\r\n\ttab');
  });

  it('shows control characters on pages as text', () => {
    expect(escapeHtml('<b>\u001b[2J</b>')).toBe('&lt;b&gt;\\u001B[2J&lt;/b&gt;');
  });
});

describe('the schemas compiled at build time', () => {
  it('validate exactly as the schemas compiled at run time', () => {
    const file = path.resolve('dist/manifest/validators.cjs');
    // `npm test` builds first (pretest), so the build's validators are there.
    expect(existsSync(file), 'run npm run build first').toBe(true);
    const built = createRequire(import.meta.url)(file) as Record<string, ValidateFunction>;
    const compiled = compileValidators();
    const outcome = (validate: ValidateFunction | undefined, value: unknown) => {
      const ok = validate?.(value) === true;
      return {
        ok,
        errors: (validate?.errors ?? []).map((error) => [error.keyword, error.instancePath, error.message]),
      };
    };
    let documents = 0;
    // Every document of the corpus and of the example catalog, straight from YAML.
    const example = readdirSync('catalog', { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => ({ file: name, bytes: readFileSync(path.join('catalog', name)) }));
    for (const item of [...corpus(), ...example]) {
      const parsed = parseDocuments(decodeManifest(`catalog/${item.file}`, item.bytes));
      for (const document of parsed.documents) {
        documents += 1;
        expect(outcome(built['envelope'], document.value)).toEqual(
          outcome(compiled.envelope, document.value),
        );
        const kind = (document.value as { kind?: string } | null)?.kind as keyof typeof compiled.kinds;
        if (compiled.kinds[kind] !== undefined)
          expect(outcome(built[kind], document.value)).toEqual(outcome(compiled.kinds[kind], document.value));
      }
    }
    expect(documents).toBeGreaterThan(40);
  });
});
