#!/usr/bin/env node
// @ts-check
/**
 * Generates src/model/entity-registry.generated.ts from a DataHub source tree:
 *
 *   node scripts/generate-entity-registry.mjs <datahub-checkout> [--out src/model/entity-registry.generated.ts]
 *
 * It reads metadata-models/src/main/resources/entity-registry.yml (every entity, its key aspect and its aspects)
 * and the Pegasus models under metadata-models/src/main/pegasus (and li-utils/src/main/pegasus when present):
 * for each aspect the record that declares `@Aspect = {"name": ...}` gives its class name (namespace + record,
 * the FQN DataHub keys aspects by), whether it is a timeseries aspect, and its @Relationship annotations; the key
 * aspects also give their fields, in URN part order.
 *
 * Where the sources came from is written into the generated file's header: the checkout's git commit, or, for a
 * tree assembled by hand, the file SOURCES.json at its root ({"registry": {"repo", "path", "commit"},
 * "models": {"repo", "note"}}).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { collectRelationships, parsePdl } from './pdl.mjs';

const REGISTRY_PATH = 'metadata-models/src/main/resources/entity-registry.yml';
const MODEL_ROOTS = ['metadata-models/src/main/pegasus', 'li-utils/src/main/pegasus'];
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string[]} argv */
function parseArgs(argv) {
  const args = { source: '', out: path.join(projectRoot, 'src/model/entity-registry.generated.ts') };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--out') args.out = path.resolve(argv[(i += 1)] ?? '');
    else if (arg === '--help' || arg === '-h') {
      console.log('usage: node scripts/generate-entity-registry.mjs <datahub-checkout> [--out <file>]');
      process.exit(0);
    } else args.source = path.resolve(arg);
  }
  if (args.source === '') {
    console.error('usage: node scripts/generate-entity-registry.mjs <datahub-checkout> [--out <file>]');
    process.exit(1);
  }
  return args;
}

/** @param {string} dir @returns {string[]} */
function listPdlFiles(dir) {
  if (!existsSync(dir)) return [];
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listPdlFiles(full));
    else if (entry.name.endsWith('.pdl')) files.push(full);
  }
  return files.sort();
}

/** @param {string} source */
function describeSources(source) {
  const manifest = path.join(source, 'SOURCES.json');
  if (existsSync(manifest)) {
    const sources = JSON.parse(readFileSync(manifest, 'utf8'));
    return [
      `Entity registry: ${sources.registry.repo}/${sources.registry.path} @ ${sources.registry.commit}`,
      `Aspect models: ${sources.models.repo} (${sources.models.note})`,
    ];
  }
  try {
    const commit = execFileSync('git', ['-C', source, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    return [`Entity registry and aspect models: datahub-project/datahub @ ${commit} (${REGISTRY_PATH})`];
  } catch {
    return [`Entity registry and aspect models: ${source} (not a git checkout; commit unknown)`];
  }
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const registry = parseYaml(readFileSync(path.join(args.source, REGISTRY_PATH), 'utf8'));

  /** @type {Map<string, { record: import('./pdl.mjs').PdlRecord; file: import('./pdl.mjs').PdlFile }>} */
  const records = new Map();
  for (const root of MODEL_ROOTS) {
    for (const file of listPdlFiles(path.join(args.source, root))) {
      const parsed = parsePdl(readFileSync(file, 'utf8'));
      if (parsed.record !== undefined)
        records.set(parsed.record.fullName, { record: parsed.record, file: parsed });
    }
  }
  /** @type {Map<string, { record: import('./pdl.mjs').PdlRecord; file: import('./pdl.mjs').PdlFile; aspect: Record<string, unknown> }>} */
  const byAspectName = new Map();
  for (const entry of records.values()) {
    const aspect = entry.record.annotations['Aspect'];
    if (typeof aspect === 'object' && aspect !== null && typeof aspect['name'] === 'string') {
      byAspectName.set(aspect['name'], { ...entry, aspect });
    }
  }

  /** @type {string[]} */
  const problems = [];
  /** @type {Record<string, unknown>} */
  const entities = {};
  /** @type {Record<string, unknown>} */
  const aspects = {};
  const keyAspects = new Set();
  for (const entity of registry.entities) {
    keyAspects.add(entity.keyAspect);
    entities[entity.name] = {
      keyAspect: entity.keyAspect,
      aspects: [...entity.aspects].sort(),
      ...(entity.category === undefined ? {} : { category: entity.category }),
    };
    for (const name of [entity.keyAspect, ...entity.aspects]) {
      if (aspects[name] !== undefined) continue;
      const found = byAspectName.get(name);
      if (found === undefined) {
        problems.push(`no PDL record declares @Aspect "${name}" (entity ${entity.name})`);
        continue;
      }
      const relationships = collectRelationships(found.record, found.file, (fqn) => records.get(fqn))
        .map((item) => ({ name: item.name, path: item.path, entityTypes: [...item.entityTypes].sort() }))
        .sort((a, b) => a.path.join('/').localeCompare(b.path.join('/')) || a.name.localeCompare(b.name));
      aspects[name] = {
        fqn: found.record.fullName,
        ...(found.aspect['type'] === 'timeseries' ? { timeseries: true } : {}),
        ...(keyAspects.has(name) ? { keyFields: found.record.fields.map((field) => field.name) } : {}),
        ...(relationships.length === 0 ? {} : { relationships }),
      };
    }
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }

  const sortedEntities = Object.fromEntries(Object.entries(entities).sort(([a], [b]) => a.localeCompare(b)));
  const sortedAspects = Object.fromEntries(Object.entries(aspects).sort(([a], [b]) => a.localeCompare(b)));
  const header = [
    '/**',
    ' * DataHub entity registry: every entity, its key aspect (with key fields in URN order), its aspects, and each',
    " * aspect's Pegasus class name (FQN), kind and @Relationship annotations.",
    ' *',
    ' * GENERATED by scripts/generate-entity-registry.mjs; do not edit by hand (see the README, "Entity registry").',
    ...describeSources(args.source).map((line) => ` * ${line}`),
    ` * ${Object.keys(sortedEntities).length} entities, ${Object.keys(sortedAspects).length} aspects.`,
    ' */',
  ];
  const body = [
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
    '  /** Key aspects only: field names in URN part order. */',
    '  readonly keyFields?: readonly string[];',
    '  readonly relationships?: readonly GeneratedRelationship[];',
    '}',
    '',
    `export const GENERATED_ENTITIES: Readonly<Record<string, GeneratedEntitySpec>> = ${objectLiteral(sortedEntities)};`,
    '',
    `export const GENERATED_ASPECTS: Readonly<Record<string, GeneratedAspectSpec>> = ${objectLiteral(sortedAspects)};`,
    '',
  ];
  writeFileSync(args.out, `${header.join('\n')}\n${body.join('\n')}`);
  console.log(
    `wrote ${path.relative(process.cwd(), args.out)}: ${Object.keys(sortedEntities).length} entities, ${Object.keys(sortedAspects).length} aspects`,
  );
}

/** One entry per line: a diff of the generated file shows which entity or aspect changed. @param {Record<string, unknown>} entries */
function objectLiteral(entries) {
  const lines = Object.entries(entries).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`,
  );
  return `{\n${lines.join('\n')}\n}`;
}

main();
