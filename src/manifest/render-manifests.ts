/**
 * Live catalog → manifests (`catalog export`, and `catalog import datahub` for metadata files): the inverse of
 * resolve-desired-state, so that validating the output passes and reconciling it against the same catalog plans no
 * changes. One file per feature table, model group, glossary (first segment of the term ids) and dataset. Each
 * kind renders its own documents (its module in kinds/, `export`); this is the order of the steps and the files
 * they fill. Pure: the commands read and write.
 */
import { stringify } from 'yaml';
import type { ExportContext, ExportDoc, ExportedEntity, ExportSteps } from '../kinds/export-context.js';
import { KINDS, type EntityKind } from '../kinds/registry.js';
import { appendTo } from '../model/group.js';
import { formatUrn, parseUrn, type UrnEntityType, type UrnOf } from '../model/urn.js';

export type { ExportedEntity } from '../kinds/export-context.js';
/** The file names export writes (kept here too: tests of the names' safety import it from the renderer). */
export { fileName } from '../kinds/export-helpers.js';

/** The entities to write, by kind (a kind left out writes nothing). */
export type ExportInput = Partial<Readonly<Record<EntityKind, readonly ExportedEntity[]>>>;

export interface ExportOutput {
  /** Relative path → YAML text, in a stable order. */
  readonly files: ReadonlyMap<string, string>;
  /** Entities left out, with the reason. */
  readonly skipped: readonly string[];
  readonly counts: Readonly<Record<string, number>>;
}

type Step = readonly [EntityKind, 'names' | 'documents'];

/**
 * The steps in the order export has always run them: a kind's names are recorded before the documents that refer
 * to them, a file's documents come in this order (a glossary's nodes before its terms, a table before the features
 * it does not hold inline, a group before its models), and so do the entities reported as left out. A kind not
 * listed here runs after these: its names, then its documents.
 */
const STEPS: readonly Step[] = [
  ['Tag', 'names'],
  ['Tag', 'documents'],
  ['GlossaryNode', 'names'],
  ['Domain', 'names'],
  ['Domain', 'documents'],
  ['GlossaryNode', 'documents'],
  ['GlossaryTerm', 'names'],
  ['GlossaryTerm', 'documents'],
  ['MLFeature', 'names'],
  ['MLFeatureTable', 'documents'],
  ['MLFeature', 'documents'],
  ['MLModelGroup', 'documents'],
  ['MLModel', 'documents'],
  ['DatasetTerms', 'documents'],
  ['DataProduct', 'documents'],
];

const EXPORTING = KINDS.flatMap((module) => ('export' in module ? [module] : []));
const ALL_STEPS: readonly Step[] = [
  ...STEPS,
  ...EXPORTING.filter((module) => !STEPS.some(([kind]) => kind === module.kind)).flatMap((module): Step[] => [
    [module.kind, 'names'],
    [module.kind, 'documents'],
  ]),
];

const PLATFORM = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export function renderManifests(input: ExportInput): ExportOutput {
  const run = new ExportRun(input);
  const steps = new Map<string, ExportSteps>(
    EXPORTING.map((module) => [module.kind, module.export.start(run.entitiesOf(module.kind), run)]),
  );
  for (const [kind, step] of ALL_STEPS) steps.get(kind)?.[step]?.();
  return run.output();
}

/** One run of the export: the documents made, the names given, what was left out and counted. */
class ExportRun implements ExportContext {
  private readonly skipped: string[] = [];
  private readonly docs = new Map<string, ExportDoc[]>();
  private readonly counts: Record<string, number> = {};
  private readonly names = new Map<string, Map<string, string>>();
  private readonly files = new Map<string, string>();
  private readonly fields = new Map<string, ExportDoc>();
  private readonly claims = new Set<string>();
  readonly replacementRef: (urn: string) => string;

  constructor(private readonly input: ExportInput) {
    this.replacementRef = replacementNamer(input);
  }

  entitiesOf(kind: string): readonly ExportedEntity[] {
    return this.input[kind as EntityKind] ?? [];
  }

  typed<T extends UrnEntityType>(urn: string, type: T): UrnOf<T> | undefined {
    const parsed = parseUrn(urn);
    if (!parsed.ok || parsed.value.entityType !== type) {
      this.skipped.push(`${urn}: not a ${type} URN this tool can express`);
      return undefined;
    }
    // A manifest names an entity by its parts; a URN that does not come back from its parts (reserved characters
    // left unencoded) would be planned as another entity.
    if (formatUrn(parsed.value) !== urn) {
      this.skipped.push(
        `${urn}: its name holds unencoded reserved characters, which a manifest cannot reproduce`,
      );
      return undefined;
    }
    return parsed.value as UrnOf<T>;
  }

  platformOk(urn: string, platform: string): boolean {
    if (PLATFORM.test(platform)) return true;
    this.skipped.push(`${urn}: platform "${platform}" cannot be written in a manifest`);
    return false;
  }

  skip(reason: string): void {
    this.skipped.push(reason);
  }

  add(file: string, doc: ExportDoc, urn?: string): void {
    appendTo(this.docs, file, doc);
    if (urn !== undefined) this.files.set(urn, file);
  }

  fileOf(urn: string): string | undefined {
    return this.files.get(urn);
  }

  count(kind: string): void {
    this.counts[kind] = (this.counts[kind] ?? 0) + 1;
  }

  setName(kind: string, urn: string, name: string): void {
    let names = this.names.get(kind);
    if (names === undefined) this.names.set(kind, (names = new Map<string, string>()));
    names.set(urn, name);
  }

  nameIn(kind: string, urn: string): string {
    return this.names.get(kind)?.get(urn) ?? urn;
  }

  prepare(urn: string, fields: ExportDoc): void {
    this.fields.set(urn, fields);
  }

  prepared(urn: string): ExportDoc | undefined {
    return this.fields.get(urn);
  }

  claim(urn: string): void {
    this.claims.add(urn);
  }

  claimed(urn: string): boolean {
    return this.claims.has(urn);
  }

  output(): ExportOutput {
    const files = new Map<string, string>();
    for (const file of [...this.docs.keys()].sort()) {
      const body = (this.docs.get(file) ?? []).map((doc) => stringify(doc, { lineWidth: 0 })).join('---\n');
      files.set(file, `# Exported from the live catalog by \`catalog export\`.\n${body}`);
    }
    return { files, skipped: this.skipped, counts: this.counts };
  }
}

/**
 * A deprecation's replacement as the manifests name it (the resolver's replacementUrn): the name its kind gives it
 * (a tag's or term's id, a model's, group's or table's name, `<table>.<feature>`) when it is written in the same
 * output and no other of its kind there has that name; else the URN, which is valid wherever the replacement is.
 */
function replacementNamer(input: ExportInput): (urn: string) => string {
  const namers = new Map<string, (urn: string) => string | undefined>();
  const exported: string[] = [];
  for (const module of EXPORTING) {
    const nameOf = module.export.replacementName;
    if (nameOf === undefined) continue;
    namers.set(module.export.entityType, nameOf);
    for (const entity of input[module.kind] ?? []) exported.push(entity.urn);
  }
  const typeOf = (urn: string): string => urn.split(':')[2] ?? '';
  const nameOf = (urn: string): string | undefined => namers.get(typeOf(urn))?.(urn);
  const names = new Map<string, number>();
  for (const urn of exported) {
    const key = `${typeOf(urn)} ${nameOf(urn) ?? ''}`;
    names.set(key, (names.get(key) ?? 0) + 1);
  }
  const inOutput = new Set(exported);
  return (urn) => {
    const name = nameOf(urn);
    if (name === undefined || !inOutput.has(urn)) return urn;
    return names.get(`${typeOf(urn)} ${name}`) === 1 ? name : urn;
  };
}
