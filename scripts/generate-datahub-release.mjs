#!/usr/bin/env node
// @ts-check
/**
 * Generates everything the project takes from one DataHub release, read straight from a git mirror of
 * datahub-project/datahub by tag (no checkout):
 *
 *   node scripts/generate-datahub-release.mjs <tag> [--mirror <git-dir>] [--out-dir <dir>]
 *   node scripts/generate-datahub-release.mjs <tag> --compat-out <dir> --aspects <name,name,...>
 *
 * Inputs at the tag: metadata-models/src/main/resources/entity-registry.yml and every .pdl file under
 * metadata-models/src/main/pegasus and li-utils/src/main/pegasus (where Urn, AuditStamp and friends live).
 * Outputs (default mode), in src/datahub/generated/:
 *   - entity-registry.ts: entities, key aspects and key fields, aspect FQNs, timeseries flags, relationships;
 *   - aspect-schemas.ts: the Pegasus schema of every aspect of every entity, as named record/enum/typeref/fixed
 *     definitions referenced by FQN (the data src/datahub/pegasus/validate-aspect.ts validates against).
 * In --compat-out mode only <dir>/aspects.json is written: the schemas of the named aspects (and what they
 * reference) plus the entity → aspects listing, for the compatibility matrix across releases.
 *
 * The mirror defaults to $DATAHUB_MIRROR, else /work/.mirror/saxo-datagov+datahub/repo. Anything that cannot be
 * parsed or resolved (a type name no file declares, an aspect no record declares) stops the run with a non-zero
 * exit: a validator silently missing a type would accept what GMS refuses.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { collectRelationships, parsePdl } from './pdl.mjs';
import { schemaConverter } from './pegasus-schemas.mjs';
import { DEFAULT_DATAHUB_MIRROR } from './datahub-mirror.mjs';

const REGISTRY_PATH = 'metadata-models/src/main/resources/entity-registry.yml';
const MODEL_ROOTS = ['metadata-models/src/main/pegasus', 'li-utils/src/main/pegasus'];
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE =
  'usage: node scripts/generate-datahub-release.mjs <tag> [--mirror <git-dir>] [--out-dir <dir>]\n' +
  '       node scripts/generate-datahub-release.mjs <tag> --compat-out <dir> --aspects <name,name,...>';

/** @typedef {import('./pdl.mjs').PdlFile} PdlFile */
/** @typedef {import('./pdl.mjs').PdlNamed} PdlNamed */

/** @param {string[]} argv */
function parseArgs(argv) {
  const args = {
    tag: '',
    mirror: DEFAULT_DATAHUB_MIRROR,
    outDir: path.join(projectRoot, 'src/datahub/generated'),
    compatOut: '',
    /** @type {string[]} */
    aspects: [],
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const next = argv[i + 1];
      if (next === undefined) fail(`${arg} needs a value\n${USAGE}`);
      i += 1;
      return next;
    };
    if (arg === '--mirror') args.mirror = value();
    else if (arg === '--out-dir') args.outDir = path.resolve(value());
    else if (arg === '--compat-out') args.compatOut = path.resolve(value());
    else if (arg === '--aspects')
      args.aspects = value()
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg !== undefined && !arg.startsWith('--') && args.tag === '') args.tag = arg;
    else fail(`unexpected argument ${arg}\n${USAGE}`);
  }
  if (args.tag === '') fail(USAGE);
  if (args.compatOut !== '' && args.aspects.length === 0) fail(`--compat-out needs --aspects\n${USAGE}`);
  return args;
}

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(message);
  process.exit(1);
}

/** @param {string} mirror @param {string[]} args */
function git(mirror, args) {
  return execFileSync('git', [`--git-dir=${mirror}`, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
}

/** Reads many files at one revision with one `git cat-file --batch`. @param {string} mirror @param {string} rev @param {string[]} paths @returns {Map<string, string>} */
function readFilesAt(mirror, rev, paths) {
  const output = execFileSync('git', [`--git-dir=${mirror}`, 'cat-file', '--batch'], {
    input: paths.map((item) => `${rev}:${item}`).join('\n') + '\n',
    maxBuffer: 1 << 28,
  });
  /** @type {Map<string, string>} */
  const files = new Map();
  let offset = 0;
  for (const item of paths) {
    const headerEnd = output.indexOf(10, offset);
    const header = output.subarray(offset, headerEnd).toString('utf8');
    const size = Number(header.split(' ')[2]);
    if (header.endsWith('missing') || !Number.isFinite(size)) fail(`${rev}:${item}: ${header}`);
    files.set(item, output.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8'));
    offset = headerEnd + 1 + size + 1;
  }
  return files;
}

/**
 * Every named type of the release, parsed, keyed by FQN. @param {string} mirror @param {string} tag
 * @returns {Map<string, { named: PdlNamed; file: PdlFile; path: string }>}
 */
function readModels(mirror, tag) {
  const paths = git(mirror, ['ls-tree', '-r', '--name-only', tag, '--', ...MODEL_ROOTS])
    .split('\n')
    .filter((item) => item.endsWith('.pdl'))
    .sort();
  if (paths.length === 0) fail(`${tag}: no .pdl files under ${MODEL_ROOTS.join(', ')}`);
  const texts = readFilesAt(mirror, tag, paths);
  /** @type {Map<string, { named: PdlNamed; file: PdlFile; path: string }>} */
  const types = new Map();
  /** @type {string[]} */
  const problems = [];
  for (const file of paths) {
    let parsed;
    try {
      parsed = parsePdl(texts.get(file) ?? '');
    } catch (error) {
      problems.push(`${tag}:${file}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (const named of parsed.named) {
      const existing = types.get(named.fullName);
      if (existing !== undefined)
        problems.push(`${named.fullName} declared twice: ${existing.path} and ${file}`);
      else types.set(named.fullName, { named, file: parsed, path: file });
    }
  }
  if (problems.length > 0) fail(problems.join('\n'));
  return types;
}

/**
 * The registry: entity-registry.yml joined with the PDL records that declare each aspect.
 * @param {string} mirror @param {string} tag @param {Map<string, { named: PdlNamed; file: PdlFile; path: string }>} models
 */
function buildRegistry(mirror, tag, models) {
  const registry = parseYaml(readFilesAt(mirror, tag, [REGISTRY_PATH]).get(REGISTRY_PATH) ?? '');
  /** @type {Map<string, { record: import('./pdl.mjs').PdlRecord; file: PdlFile; aspect: Record<string, unknown> }>} */
  const byAspectName = new Map();
  /** @type {Map<string, { record: import('./pdl.mjs').PdlRecord; file: PdlFile }>} */
  const records = new Map();
  for (const { named, file } of models.values()) {
    if (named.kind !== 'record') continue;
    records.set(named.fullName, { record: named, file });
    const aspect = named.annotations['Aspect'];
    if (typeof aspect === 'object' && aspect !== null && typeof aspect['name'] === 'string') {
      byAspectName.set(aspect['name'], { record: named, file, aspect });
    }
  }
  /** @type {string[]} */
  const problems = [];
  /** @type {Record<string, { keyAspect: string; aspects: string[]; category?: string }>} */
  const entities = {};
  /** @type {Record<string, { fqn: string; timeseries?: true; autoRender?: true; renderSpec?: unknown; keyFields?: string[]; relationships?: unknown[] }>} */
  const aspects = {};
  const keyAspects = new Set();
  for (const entity of registry.entities) {
    keyAspects.add(entity.keyAspect);
    entities[entity.name] = {
      keyAspect: entity.keyAspect,
      aspects: [...new Set(/** @type {string[]} */ (entity.aspects ?? []))].sort(),
      ...(entity.category === undefined ? {} : { category: entity.category }),
    };
    for (const name of [entity.keyAspect, ...(entity.aspects ?? [])]) {
      if (aspects[name] !== undefined) continue;
      const found = byAspectName.get(name);
      if (found === undefined) {
        problems.push(`${tag}: no PDL record declares @Aspect "${name}" (entity ${entity.name})`);
        continue;
      }
      const relationships = collectRelationships(found.record, found.file, (fqn) => records.get(fqn))
        .map((item) => ({ name: item.name, path: item.path, entityTypes: [...item.entityTypes].sort() }))
        .sort((a, b) => a.path.join('/').localeCompare(b.path.join('/')) || a.name.localeCompare(b.name));
      aspects[name] = {
        fqn: found.record.fullName,
        ...(found.aspect['type'] === 'timeseries' ? { timeseries: /** @type {const} */ (true) } : {}),
        // GraphQL's aspects(input: {autoRenderOnly: true}) answers only these (WeaklyTypedAspectsResolver).
        ...(found.aspect['autoRender'] === true ? { autoRender: /** @type {const} */ (true) } : {}),
        ...(found.aspect['renderSpec'] === undefined ? {} : { renderSpec: found.aspect['renderSpec'] }),
        ...(keyAspects.has(name) ? { keyFields: found.record.fields.map((field) => field.name) } : {}),
        ...(relationships.length === 0 ? {} : { relationships }),
      };
    }
  }
  return { entities: sortKeys(entities), aspects: sortKeys(aspects), problems };
}

/** @template T @param {Record<string, T>} object @returns {Record<string, T>} */
function sortKeys(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** One entry per line: a diff of a generated file shows which entity, aspect or type changed. @param {Record<string, unknown>} entries */
function objectLiteral(entries) {
  const lines = Object.entries(entries).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`,
  );
  return `{\n${lines.join('\n')}\n}`;
}

/** @param {string} tag @param {string} commit @param {string[]} what */
function header(tag, commit, what) {
  return [
    '/**',
    ...what.map((line) => ` * ${line}`),
    ' *',
    ` * GENERATED by scripts/generate-datahub-release.mjs ${tag}; do not edit by hand (docs/datahub-release.md).`,
    ` * Source: datahub-project/datahub ${tag} (commit ${commit}): ${REGISTRY_PATH} and the .pdl files under`,
    ` * ${MODEL_ROOTS.join(' and ')}.`,
    ' * Derived from DataHub, licensed under the Apache License, Version 2.0; Copyright the DataHub authors.',
    ' */',
  ];
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  let commit;
  try {
    commit = git(args.mirror, ['rev-parse', `${args.tag}^{commit}`]).trim();
  } catch {
    fail(`${args.tag}: no such tag in ${args.mirror}`);
  }
  const models = readModels(args.mirror, args.tag);
  const registry = buildRegistry(args.mirror, args.tag, models);
  const converter = schemaConverter(models);

  if (args.compatOut !== '') {
    const missing = args.aspects.filter((name) => registry.aspects[name] === undefined);
    // An aspect a release does not have is data for the matrix, not an error: it is listed, not invented.
    /** @type {Record<string, string>} */
    const aspectFqns = {};
    for (const name of args.aspects) {
      const spec = registry.aspects[name];
      if (spec !== undefined) aspectFqns[name] = spec.fqn;
    }
    const types = converter.closure(Object.values(aspectFqns));
    const problems = [...converter.problems];
    if (problems.length > 0) fail(problems.join('\n'));
    const wanted = new Set(args.aspects);
    /** @type {Record<string, { keyAspect: string; aspects: string[] }>} */
    const entities = {};
    for (const [name, entity] of Object.entries(registry.entities)) {
      const aspects = entity.aspects.filter((aspect) => wanted.has(aspect));
      if (aspects.length > 0) entities[name] = { keyAspect: entity.keyAspect, aspects };
    }
    const document = {
      release: { tag: args.tag, commit },
      notice:
        'Derived from DataHub (datahub-project/datahub), licensed under the Apache License, Version 2.0; Copyright the DataHub authors. Generated by scripts/generate-datahub-release.mjs.',
      aspects: sortKeys(aspectFqns),
      ...(missing.length === 0 ? {} : { missingAspects: missing }),
      entities,
      types: Object.fromEntries(types),
    };
    mkdirSync(args.compatOut, { recursive: true });
    const out = path.join(args.compatOut, 'aspects.json');
    writeFileSync(out, `${JSON.stringify(document, null, 1)}\n`);
    console.log(
      `wrote ${path.relative(process.cwd(), out)}: ${Object.keys(aspectFqns).length} aspects, ${types.size} types` +
        (missing.length === 0 ? '' : `; not in ${args.tag}: ${missing.join(', ')}`),
    );
    return;
  }

  if (registry.problems.length > 0) fail(registry.problems.join('\n'));
  /** @type {Record<string, string>} */
  const aspectFqns = {};
  for (const [name, spec] of Object.entries(registry.aspects)) aspectFqns[name] = spec.fqn;
  const types = converter.closure(Object.values(aspectFqns));
  if (converter.problems.length > 0) fail(converter.problems.join('\n'));

  mkdirSync(args.outDir, { recursive: true });
  const entityCount = Object.keys(registry.entities).length;
  const aspectCount = Object.keys(registry.aspects).length;
  const registryModule = [
    ...header(args.tag, commit, [
      'DataHub entity registry: every entity, its key aspect (with key fields in URN order), its aspects, and each',
      "aspect's Pegasus class name (FQN), kind and @Relationship annotations.",
      `${entityCount} entities, ${aspectCount} aspects.`,
    ]),
    `export const REGISTRY_RELEASE = { tag: ${JSON.stringify(args.tag)}, commit: ${JSON.stringify(commit)} } as const;`,
    '',
    'export interface GeneratedEntitySpec {',
    '  readonly keyAspect: string;',
    '  readonly aspects: readonly string[];',
    '  readonly category?: string;',
    '}',
    '',
    'export interface GeneratedRelationship {',
    '  readonly name: string;',
    '  /** Path into the aspect value; `*` stands for every item of a list. */',
    '  readonly path: readonly string[];',
    '  readonly entityTypes: readonly string[];',
    '}',
    '',
    'export interface GeneratedAspectSpec {',
    '  readonly fqn: string;',
    '  readonly timeseries?: true;',
    '  /** @Aspect autoRender: shown by the web app as a tab of its own (aspects(input: {autoRenderOnly: true})). */',
    '  readonly autoRender?: true;',
    '  /** @Aspect renderSpec: how the web app shows an auto-rendered aspect. */',
    '  readonly renderSpec?: { readonly displayType?: string; readonly displayName?: string; readonly key?: string };',
    '  /** Key aspects only: field names in URN part order. */',
    '  readonly keyFields?: readonly string[];',
    '  readonly relationships?: readonly GeneratedRelationship[];',
    '}',
    '',
    `export const GENERATED_ENTITIES: Readonly<Record<string, GeneratedEntitySpec>> = ${objectLiteral(registry.entities)};`,
    '',
    `export const GENERATED_ASPECTS: Readonly<Record<string, GeneratedAspectSpec>> = ${objectLiteral(registry.aspects)};`,
    '',
  ];
  writeFileSync(path.join(args.outDir, 'entity-registry.ts'), registryModule.join('\n'));

  const schemasModule = [
    ...header(args.tag, commit, [
      'The Pegasus schema of every aspect of every entity of the DataHub entity registry: aspect name → record FQN,',
      'and every named type (record, enum, typeref, fixed) the aspects reach, referenced by FQN. Record fields',
      'include the fields of included records, first, as rest.li orders them. Read by src/datahub/pegasus/.',
      `${aspectCount} aspects, ${types.size} named types.`,
    ]),
    "import type { AspectSchemas, NamedSchema } from '../pegasus/schema.js';",
    '',
    `const ASPECTS: Readonly<Record<string, string>> = ${objectLiteral(sortKeys(aspectFqns))};`,
    '',
    `const TYPES: Readonly<Record<string, NamedSchema>> = ${objectLiteral(Object.fromEntries(types))};`,
    '',
    'export const ASPECT_SCHEMAS: AspectSchemas = {',
    `  release: { tag: ${JSON.stringify(args.tag)}, commit: ${JSON.stringify(commit)} },`,
    '  aspects: ASPECTS,',
    '  types: TYPES,',
    '};',
    '',
  ];
  writeFileSync(path.join(args.outDir, 'aspect-schemas.ts'), schemasModule.join('\n'));
  console.log(
    `wrote ${path.relative(process.cwd(), args.outDir)}/{entity-registry,aspect-schemas}.ts: ${entityCount} entities, ${aspectCount} aspects, ${types.size} types (${args.tag} ${commit})`,
  );
}

main();
