/**
 * What `catalog adopt` brings back from the live catalog into the manifests (pure): for every declared entity,
 * the owned fields whose live value differs from the manifest (drift), the fields DataHub shows from a UI edit
 * instead (shadowing), and with `unmanaged` the owners, tags, links and term attachments others added. Each is
 * an edit of the manifest at the node that declares it; the edits are applied by edit-manifest.ts.
 *
 * Three-way (a base revision of the manifests given): a field the pull request changed (base and head differ)
 * that also changed live is a conflict, reported with both values and left as it is.
 */
import type { SourceLocation } from '../errors.js';
import type { DesiredDatasetTerms, DesiredEntity, DesiredState } from '../model/desired-state.js';
import { DECLARED_ONLY_FIELDS, OWNED_FIELDS } from '../kinds/entity-tables.js';
import { simplifyFieldPath } from '../model/field-path.js';
import { isJsonObject, stringOr, type JsonObject, type JsonValue } from '../model/json.js';
import type { LiveEntity, LiveState } from '../model/live-state.js';
import { parseUrn } from '../model/urn.js';
import { reference, references, type FieldSpec, type WriteContext } from '../kinds/adopt-fields.js';
import type { DeclaringKind } from '../kinds/kind.js';
import { KINDS, type Manifest, type ValidatedDocument } from '../kinds/registry.js';
import type { ParsedDocument } from '../kinds/source.js';
import { parseDocuments, type SourceFile } from '../manifest/parse-documents.js';
import { sameField } from '../plan/normalize.js';
import { ownerTypeKey } from '../model/owner-type.js';
import {
  isMarkedByAnotherCatalog,
  isOwnedAssociation,
  isOwnedLink,
  isOwnedOwner,
  isOwnedTag,
} from '../plan/ownership.js';
import { EDITABLE_ASPECTS, editStampOf } from '../plan/shadowing.js';
import type { EntityEdits, ManifestEdit } from './manifest-edit.js';

export type AdoptionReason = 'drift' | 'shadow' | 'unmanaged';

/** One value brought back into one manifest. */
export interface Adoption {
  readonly urn: string;
  readonly reason: AdoptionReason;
  /** What is adopted, as the manifest names it: `description`, `owners`, `columns.email`, … */
  readonly field: string;
  /** The manifest line that declares the entity (or the field, when it is declared). */
  readonly source: SourceLocation;
  readonly manifest?: JsonValue;
  readonly live?: JsonValue;
  /** shadow: the editable aspect the value is shown from, and who edited it (for --take-over and messages). */
  readonly shownFrom?: string;
  readonly editedBy?: string;
}

/**
 * A field left as it is: the pull request changed it and so did DataHub (no `note`), or the manifest writes it with
 * a `${var.…}` (`note` says so; `manifest` is the value as written there, before interpolation).
 */
export interface AdoptionConflict {
  readonly urn: string;
  readonly field: string;
  readonly source: SourceLocation;
  readonly base?: JsonValue;
  readonly manifest?: JsonValue;
  readonly live?: JsonValue;
  readonly note?: string;
}

/** Why a field whose manifest value uses a variable is not adopted (each environment has its own value). */
const VARIABLE_NOTE = 'left as it is: the manifest writes it with ${var.…}';

export interface AdoptionPlan {
  readonly adoptions: readonly Adoption[];
  readonly conflicts: readonly AdoptionConflict[];
  /** The edits per manifest file (paths as the documents name them), in the order of the adoptions. */
  readonly edits: ReadonlyMap<string, readonly EntityEdits[]>;
}

export interface AdoptionInput {
  readonly desired: DesiredState;
  readonly documents: readonly ValidatedDocument[];
  readonly live: LiveState;
  /** The manifests at the base revision (three-way); absent: every difference is adopted. */
  readonly base?: DesiredState;
  readonly unmanaged: boolean;
  /**
   * The manifest files as written, before `${var.name}` was interpolated into the documents: a field whose written
   * value uses a variable is never adopted (the environment's value would replace the variable in every
   * environment). Absent: the documents are taken as written.
   */
  readonly files?: readonly SourceFile[];
}

type Path = readonly (string | number)[];

/** Where a declared entity lives: its document and the path of its mapping in it. */
interface Declaration {
  readonly doc: ValidatedDocument;
  readonly at: Path;
}

/** The owned fields adopt may bring back, by owned aspect (each kind's `adopt.fields`). */
const FIELD_SPECS: ReadonlyMap<string, Readonly<Record<string, FieldSpec>>> = new Map(
  KINDS.flatMap((module) =>
    'entity' in module && module.adopt.fields !== undefined
      ? [[module.entity.ownedAspect, module.adopt.fields] as const]
      : [],
  ),
);

/** The related-terms lists of a term, by manifest key. */
const RELATED_KEYS: Readonly<Record<string, string>> = {
  isRelatedTerms: 'isA',
  hasRelatedTerms: 'hasA',
  values: 'values',
  relatedTerms: 'relatedTo',
};

export function computeAdoption(input: AdoptionInput): AdoptionPlan {
  const builder = new AdoptionBuilder(input);
  for (const entity of input.desired.entities) builder.adoptEntity(entity);
  if (input.unmanaged) for (const dataset of input.desired.datasets) builder.adoptDatasetTerms(dataset);
  return builder.result();
}

class AdoptionBuilder {
  private readonly adoptions: Adoption[] = [];
  private readonly conflicts: AdoptionConflict[] = [];
  private readonly edits = new Map<string, Map<string, { at: SourceLocation; edits: ManifestEdit[] }>>();
  private readonly declarations: Map<string, Declaration>;
  private readonly declared: Set<string>;
  private readonly featureKeys: Map<string, string>;
  private readonly baseEntities: Map<string, DesiredEntity>;
  /** The documents of each file as written (before interpolation), parsed once when first needed. */
  private readonly written = new Map<string, readonly ParsedDocument[]>();

  constructor(private readonly input: AdoptionInput) {
    this.declarations = declarationsOf(input.documents);
    this.declared = new Set(input.desired.entities.map((entity) => entity.urn));
    this.featureKeys = new Map();
    for (const entity of input.desired.entities) {
      if (entity.entityType !== 'mlFeature') continue;
      const parsed = parseUrn(entity.urn);
      if (parsed.ok && parsed.value.entityType === 'mlFeature')
        this.featureKeys.set(entity.urn, `${parsed.value.namespace}.${parsed.value.name}`);
    }
    this.baseEntities = new Map((input.base?.entities ?? []).map((entity) => [entity.urn, entity]));
  }

  result(): AdoptionPlan {
    const edits = new Map<string, EntityEdits[]>();
    for (const [file, byAnchor] of this.edits) {
      edits.set(
        file,
        [...byAnchor.values()].map((entry) => ({
          at: { line: entry.at.line, column: entry.at.column },
          edits: entry.edits,
        })),
      );
    }
    return { adoptions: this.adoptions, conflicts: this.conflicts, edits };
  }

  adoptEntity(entity: DesiredEntity): void {
    const live = this.input.live.entities.get(entity.urn);
    const declaration = this.declarations.get(locationKey(entity.source));
    // Not in the catalog yet (or not found in the documents): nothing was changed there to bring back.
    if (live === undefined || !live.exists || declaration === undefined) return;
    const shadowed = this.adoptShadowed(entity, live, declaration);
    const owned = live.aspects.get(entity.aspectName)?.value;
    if (owned !== undefined) {
      const specs = FIELD_SPECS.get(entity.aspectName) ?? {};
      const fields = [...OWNED_FIELDS[entity.aspectName], ...DECLARED_ONLY_FIELDS];
      for (const field of fields) {
        const spec = specs[field];
        if (spec === undefined || shadowed.has(field)) continue;
        if (DECLARED_ONLY_FIELDS.includes(field) && entity.fields[field] === undefined) continue;
        this.adoptField(entity, declaration, field, spec, owned[field]);
      }
    }
    this.adoptRelatedTerms(entity, live, declaration);
    if (this.input.unmanaged) this.adoptAssociations(entity, live, declaration);
  }

  /** Fields DataHub shows from a UI edit instead of the manifest's value: the shown value is adopted. */
  private adoptShadowed(entity: DesiredEntity, live: LiveEntity, declaration: Declaration): Set<string> {
    const adopted = new Set<string>();
    const editable = EDITABLE_ASPECTS[entity.entityType];
    const aspect = editable === undefined ? undefined : live.aspects.get(editable.aspect);
    if (editable === undefined || aspect === undefined) return adopted;
    for (const field of editable.fields) {
      const shown = aspect.value[field];
      // DataHub's app falls back to the owned aspect on an empty edit, so an empty one shadows nothing.
      if (typeof shown !== 'string' || shown.trim() === '') continue;
      adopted.add(field);
      if (sameField(entity.aspectName, field, entity.fields[field], shown)) continue;
      if (this.writtenWithVariable(entity, declaration, field, shown)) continue;
      if (this.conflictsWithBase(entity, declaration, field, shown)) continue;
      const stamp = editStampOf(aspect);
      this.record(
        entity.urn,
        declaration,
        { kind: 'set', path: [...declaration.at, field], value: shown },
        {
          reason: 'shadow',
          field,
          source: this.fieldSource(declaration, field),
          ...(entity.fields[field] === undefined ? {} : { manifest: entity.fields[field] }),
          live: shown,
          shownFrom: editable.aspect,
          ...(stamp.actor === undefined ? {} : { editedBy: stamp.actor }),
        },
      );
    }
    return adopted;
  }

  private adoptField(
    entity: DesiredEntity,
    declaration: Declaration,
    field: string,
    spec: FieldSpec,
    liveValue: JsonValue | undefined,
  ): void {
    if (sameField(entity.aspectName, field, entity.fields[field], liveValue)) return;
    if (this.writtenWithVariable(entity, declaration, spec.key, liveValue)) return;
    if (this.conflictsWithBase(entity, declaration, field, liveValue)) return;
    const path = [...declaration.at, spec.key];
    const current = valueAt(declaration.doc.source.value, path);
    const context = this.writeContext(entity.urn, current);
    let written: JsonValue | undefined =
      liveValue === undefined || liveValue === null ? undefined : spec.toManifest(liveValue, context);
    if (written !== undefined && spec.references === true) {
      const resolved = entity.fields[field];
      written = references(
        written,
        context,
        Array.isArray(resolved) ? resolved.filter((item): item is string => typeof item === 'string') : [],
      );
    }
    if (written === undefined && (spec.required === true || current === undefined)) return;
    const edit: ManifestEdit =
      written === undefined ? { kind: 'delete', path } : { kind: 'set', path, value: written };
    this.record(entity.urn, declaration, edit, {
      reason: 'drift',
      field: spec.key,
      source: this.fieldSource(declaration, spec.key),
      ...(current === undefined ? {} : { manifest: current }),
      ...(written === undefined ? {} : { live: written }),
    });
  }

  /** A declared glossaryRelatedTerms aspect of a term: each list that differs live is adopted. */
  private adoptRelatedTerms(entity: DesiredEntity, live: LiveEntity, declaration: Declaration): void {
    const declaredAspect = entity.aspects?.find((aspect) => aspect.aspectName === 'glossaryRelatedTerms');
    const liveValue = live.aspects.get('glossaryRelatedTerms')?.value;
    if (declaredAspect?.value === null || declaredAspect === undefined || liveValue === undefined) return;
    for (const [field, key] of Object.entries(RELATED_KEYS)) {
      const want = declaredAspect.value[field];
      const have = liveValue[field];
      if (sameField('glossaryRelatedTerms', field, want ?? [], have ?? [])) continue;
      const label = `relatedTerms.${key}`;
      if (this.writtenWithVariable(entity, declaration, ['relatedTerms', key], have, label)) continue;
      const base = this.baseEntities
        .get(entity.urn)
        ?.aspects?.find((aspect) => aspect.aspectName === 'glossaryRelatedTerms')?.value?.[field];
      if (
        this.input.base !== undefined &&
        !sameField('glossaryRelatedTerms', field, base ?? [], want ?? [])
      ) {
        this.conflicts.push({
          urn: entity.urn,
          field: label,
          source: this.fieldSource(declaration, 'relatedTerms'),
          ...(base === undefined ? {} : { base }),
          ...(want === undefined ? {} : { manifest: want }),
          ...(have === undefined ? {} : { live: have }),
        });
        continue;
      }
      const context = this.writeContext(entity.urn);
      const urns = Array.isArray(have) ? have.filter((item): item is string => typeof item === 'string') : [];
      this.record(
        entity.urn,
        declaration,
        {
          kind: 'set',
          path: [...declaration.at, 'relatedTerms', key],
          value: urns.map((u) => reference(u, context)),
        },
        { reason: 'drift', field: label, source: this.fieldSource(declaration, 'relatedTerms'), live: urns },
      );
    }
  }

  /** Owners, tags and links others added (no marker of any catalog) that the manifest does not declare. */
  private adoptAssociations(entity: DesiredEntity, live: LiveEntity, declaration: Declaration): void {
    const actor = this.input.desired.settings.actor;
    const declared = entity.associations;
    const others = (aspect: string, list: string, isOwned: (line: JsonValue, actor: string) => boolean) => {
      const lines = live.aspects.get(aspect)?.value[list];
      return (Array.isArray(lines) ? lines.filter(isJsonObject) : []).filter(
        (line) => !isOwned(line, actor) && !isMarkedByAnotherCatalog(line, actor),
      );
    };
    const ownerKeys = new Set((declared?.owners ?? []).map((o) => `${o.owner} ${o.typeUrn ?? o.type}`));
    const owners = dedupe(
      others('ownership', 'owners', isOwnedOwner).filter(
        (line) => !ownerKeys.has(`${stringOr(line['owner'])} ${ownerTypeKey(line)}`),
      ),
      (line) => `${stringOr(line['owner'])} ${ownerTypeKey(line)}`,
    ).map((line) => ownerItem(line));
    const tagUrns = new Set((declared?.tags ?? []).map((tag) => tag.tagUrn));
    const tags = dedupe(
      others('globalTags', 'tags', isOwnedTag).filter((line) => !tagUrns.has(stringOr(line['tag']))),
      (line) => stringOr(line['tag']),
    ).map((line) => shortId(stringOr(line['tag']), 'tag'));
    const urls = new Set((declared?.links ?? []).map((link) => link.url));
    const links = dedupe(
      others('institutionalMemory', 'elements', isOwnedLink).filter(
        (line) => !urls.has(stringOr(line['url'])),
      ),
      (line) => stringOr(line['url']),
    ).map((line) => {
      const description = stringOr(line['description']);
      return description === ''
        ? { url: stringOr(line['url']) }
        : { url: stringOr(line['url']), description };
    });
    for (const [key, items] of [
      ['owners', owners],
      ['tags', tags],
      ['links', links],
    ] as const) {
      if (items.length === 0) continue;
      this.record(
        entity.urn,
        declaration,
        { kind: 'append', path: [...declaration.at, key], items },
        { reason: 'unmanaged', field: key, source: this.fieldSource(declaration, key), live: items },
      );
    }
  }

  /** Term attachments others added to a declared dataset and its columns. */
  adoptDatasetTerms(dataset: DesiredDatasetTerms): void {
    const live = this.input.live.entities.get(dataset.datasetUrn);
    const declaration = this.declarations.get(locationKey(dataset.source));
    if (live === undefined || declaration === undefined) return;
    const actor = this.input.desired.settings.actor;
    const unowned = (terms: JsonValue | undefined): string[] =>
      (isJsonObject(terms) && Array.isArray(terms['terms']) ? terms['terms'].filter(isJsonObject) : [])
        .filter((term) => !isOwnedAssociation(term, actor) && !isMarkedByAnotherCatalog(term, actor))
        .map((term) => stringOr(term['urn']))
        .filter((urn) => urn !== '');
    const context = this.writeContext(dataset.datasetUrn);
    const declaredTerms = new Set(dataset.terms.map((edge) => edge.termUrn));
    const datasetTerms = unique(
      unowned(live.aspects.get('glossaryTerms')?.value).filter((urn) => !declaredTerms.has(urn)),
    );
    if (datasetTerms.length > 0) {
      const items = datasetTerms.map((urn) => reference(urn, context));
      this.record(
        dataset.datasetUrn,
        declaration,
        { kind: 'append', path: [...declaration.at, 'terms'], items },
        { reason: 'unmanaged', field: 'terms', source: this.fieldSource(declaration, 'terms'), live: items },
      );
    }

    const entries = live.aspects.get('editableSchemaMetadata')?.value['editableSchemaFieldInfo'];
    const byColumn = new Map<string, string[]>();
    for (const entry of Array.isArray(entries) ? entries.filter(isJsonObject) : []) {
      const simple = simplifyFieldPath(stringOr(entry['fieldPath']));
      const column = dataset.columns.find((item) => item.simplePath === simple);
      const known = new Set(column?.terms.map((edge) => edge.termUrn) ?? []);
      const found = unowned(entry['glossaryTerms']).filter((urn) => !known.has(urn));
      if (found.length > 0) byColumn.set(simple, unique([...(byColumn.get(simple) ?? []), ...found]));
    }
    const columnsWritten = valueAt(declaration.doc.source.value, [...declaration.at, 'columns']);
    const newColumns: Record<string, JsonValue> = {};
    for (const [simple, urns] of [...byColumn].sort(([a], [b]) => a.localeCompare(b))) {
      const items = urns.map((urn) => reference(urn, context));
      const column = dataset.columns.find((item) => item.simplePath === simple);
      const key = column?.fieldPath ?? simple;
      if (column === undefined && !isJsonObject(columnsWritten)) {
        newColumns[key] = items;
        continue;
      }
      this.record(
        dataset.datasetUrn,
        declaration,
        column === undefined
          ? { kind: 'set', path: [...declaration.at, 'columns', key], value: items }
          : { kind: 'append', path: [...declaration.at, 'columns', key], items },
        {
          reason: 'unmanaged',
          field: `columns.${key}`,
          source: this.fieldSource(declaration, 'columns'),
          live: items,
        },
      );
    }
    if (Object.keys(newColumns).length > 0) {
      this.record(
        dataset.datasetUrn,
        declaration,
        { kind: 'set', path: [...declaration.at, 'columns'], value: newColumns },
        {
          reason: 'unmanaged',
          field: 'columns',
          source: this.fieldSource(declaration, 'columns'),
          live: newColumns,
        },
      );
    }
  }

  /** With a base: a field the pull request changed and that differs live is a conflict (and not adopted). */
  private conflictsWithBase(
    entity: DesiredEntity,
    declaration: Declaration,
    field: string,
    liveValue: JsonValue | undefined,
  ): boolean {
    if (this.input.base === undefined) return false;
    const base = this.baseEntities.get(entity.urn);
    const baseValue = base?.aspectName === entity.aspectName ? base.fields[field] : undefined;
    if (base !== undefined && sameField(entity.aspectName, field, baseValue, entity.fields[field]))
      return false;
    const key = FIELD_SPECS.get(entity.aspectName)?.[field]?.key ?? field;
    this.conflicts.push({
      urn: entity.urn,
      field: key,
      source: this.fieldSource(declaration, key),
      ...(baseValue === undefined ? {} : { base: baseValue }),
      ...(entity.fields[field] === undefined ? {} : { manifest: entity.fields[field] }),
      ...(liveValue === undefined ? {} : { live: liveValue }),
    });
    return true;
  }

  /**
   * Whether the manifest writes the field (at `key`, relative to the entity's mapping) with a `${var.…}` anywhere
   * in its value, as the file has it before interpolation; if so it is reported as left as it is.
   */
  private writtenWithVariable(
    entity: DesiredEntity,
    declaration: Declaration,
    key: string | Path,
    liveValue: JsonValue | undefined,
    label: string = typeof key === 'string' ? key : key.join('.'),
  ): boolean {
    const path = [...declaration.at, ...(typeof key === 'string' ? [key] : key)];
    const written = valueAt(this.writtenDocument(declaration.doc), path);
    if (written === undefined || !JSON.stringify(written).includes('${var.')) return false;
    this.conflicts.push({
      urn: entity.urn,
      field: label,
      source: declaration.doc.source.locate(path, 'key'),
      manifest: written,
      ...(liveValue === undefined ? {} : { live: liveValue }),
      note: VARIABLE_NOTE,
    });
    return true;
  }

  /** A document's value as its file writes it (before interpolation); the document itself without the files. */
  private writtenDocument(doc: ValidatedDocument): unknown {
    const file = this.input.files?.find((candidate) => candidate.path === doc.source.file);
    if (file === undefined) return doc.source.value;
    let documents = this.written.get(file.path);
    if (documents === undefined) {
      documents = parseDocuments(file).documents;
      this.written.set(file.path, documents);
    }
    return documents.find((document) => document.index === doc.source.index)?.value ?? doc.source.value;
  }

  /** The line of the field when the manifest writes it, else of the entity. */
  private fieldSource(declaration: Declaration, key: string): SourceLocation {
    const path = [...declaration.at, key];
    return valueAt(declaration.doc.source.value, path) === undefined
      ? declaration.doc.source.locate(declaration.at.length === 0 ? [] : declaration.at)
      : declaration.doc.source.locate(path, 'key');
  }

  /** How live values are written on an entity; `current` only where a list keeps the manifest's spelling. */
  private writeContext(entityUrn: string, current?: JsonValue): WriteContext {
    return { declared: this.declared, current, entityUrn, featureKeys: this.featureKeys };
  }

  private record(
    urn: string,
    declaration: Declaration,
    edit: ManifestEdit,
    adoption: Omit<Adoption, 'urn'>,
  ): void {
    const file = declaration.doc.source.file;
    const anchor = declaration.doc.source.locate(declaration.at);
    const byAnchor = this.edits.get(file) ?? new Map<string, { at: SourceLocation; edits: ManifestEdit[] }>();
    this.edits.set(file, byAnchor);
    const key = locationKey(anchor);
    const entry = byAnchor.get(key) ?? { at: anchor, edits: [] };
    byAnchor.set(key, entry);
    // Paths are relative to the entity's mapping.
    entry.edits.push({ ...edit, path: edit.path.slice(declaration.at.length) });
    this.adoptions.push({ urn, ...adoption });
  }
}

/**
 * Every declaration of the documents by the location the desired state records for it: the `id`/`name` of a
 * document, the `name` of a feature declared inline, the `dataset` of a DatasetTerms document.
 */
/** The kinds whose documents declare entities, by name (each says where its documents declare them). */
const KIND_MODULES: ReadonlyMap<string, DeclaringKind<Manifest>> = new Map(
  KINDS.flatMap((module) => ('adopt' in module ? [[module.kind, module] as const] : [])),
);

function declarationsOf(documents: readonly ValidatedDocument[]): Map<string, Declaration> {
  const declarations = new Map<string, Declaration>();
  const add = (doc: ValidatedDocument, at: Path, key: string): void => {
    declarations.set(locationKey(doc.source.locate([...at, key])), { doc, at });
  };
  for (const doc of documents) {
    const module = KIND_MODULES.get(doc.manifest.kind);
    for (const [at, key] of module?.adopt.declarations(doc.manifest) ?? []) add(doc, at, key);
  }
  return declarations;
}

function locationKey(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.column}`;
}

function valueAt(root: unknown, path: Path): JsonValue | undefined {
  let current: unknown = root;
  for (const segment of path) {
    if (typeof segment === 'number')
      current = Array.isArray(current) ? (current as readonly unknown[])[segment] : undefined;
    else current = isJsonObject(current) ? current[segment] : undefined;
    if (current === undefined) return undefined;
  }
  return current as JsonValue;
}

/** An owner line as a manifest writes it: the corpuser id or the URN, and the type unless it is the default. */
function ownerItem(line: JsonObject): JsonObject {
  const owner = stringOr(line['owner']);
  const type = ownerTypeKey(line);
  return {
    owner: shortId(owner, 'corpuser'),
    ...(type === 'TECHNICAL_OWNER' ? {} : { type }),
  };
}

/** `urn:li:<type>:<id>` → `<id>` for simple ids the manifests may write short. */
function shortId(urn: string, entityType: 'tag' | 'corpuser'): string {
  const prefix = `urn:li:${entityType}:`;
  return urn.startsWith(prefix) && !/[(),]/.test(urn.slice(prefix.length)) ? urn.slice(prefix.length) : urn;
}

function dedupe<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
