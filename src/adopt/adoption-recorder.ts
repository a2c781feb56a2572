/**
 * What one run of `catalog adopt` records: the adoptions and conflicts found, and the edit each adoption makes
 * (grouped by file, then by the entity's mapping); and how values are located and written in the manifests.
 */
import type { SourceLocation } from '../errors.js';
import type { WriteContext } from '../kinds/adopt-fields.js';
import type { ValidatedDocument } from '../kinds/registry.js';
import type { DocumentPath, ParsedDocument } from '../kinds/source.js';
import type { JsonValue } from '../model/json.js';
import { parseUrn } from '../model/urn.js';
import { parseDocuments } from '../manifest/parse-documents.js';
import type { Adoption, AdoptionConflict, AdoptionInput, AdoptionPlan } from './adoption.js';
import { locationKey, valueAt, type DeclarationSite } from './declaration-sites.js';
import type { EntityEdits, ManifestEdit } from './manifest-edit.js';

/** Why a field whose manifest value uses a variable is not adopted (each environment has its own value). */
const VARIABLE_NOTE = 'left as it is: the manifest writes it with ${var.…}';

export class AdoptionRecorder {
  private readonly adoptions: Adoption[] = [];
  private readonly conflicts: AdoptionConflict[] = [];
  private readonly edits = new Map<string, Map<string, { at: SourceLocation; edits: ManifestEdit[] }>>();
  private readonly declared: ReadonlySet<string>;
  private readonly featureKeys: ReadonlyMap<string, string>;
  /** The documents of each file as written (before interpolation), parsed once when first needed. */
  private readonly written = new Map<string, readonly ParsedDocument[]>();

  constructor(private readonly input: AdoptionInput) {
    this.declared = new Set(input.desired.entities.map((entity) => entity.urn));
    const featureKeys = new Map<string, string>();
    for (const entity of input.desired.entities) {
      if (entity.entityType !== 'mlFeature') continue;
      const parsed = parseUrn(entity.urn);
      if (parsed.ok && parsed.value.entityType === 'mlFeature')
        featureKeys.set(entity.urn, `${parsed.value.namespace}.${parsed.value.name}`);
    }
    this.featureKeys = featureKeys;
  }

  /** The adoptions and conflicts in the order found, and the edits of each file. */
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

  /** A field left as it is (see AdoptionConflict). */
  conflict(conflict: AdoptionConflict): void {
    this.conflicts.push(conflict);
  }

  /**
   * Whether the manifest writes the field (at `key`, relative to the entity's mapping) with a `${var.…}` anywhere
   * in its value, as the file has it before interpolation; if so it is reported as left as it is.
   */
  writtenWithVariable(
    urn: string,
    declaration: DeclarationSite,
    key: string | DocumentPath,
    liveValue: JsonValue | undefined,
    label: string = typeof key === 'string' ? key : key.join('.'),
  ): boolean {
    const path = [...declaration.at, ...(typeof key === 'string' ? [key] : key)];
    const written = valueAt(this.writtenDocument(declaration.doc), path);
    if (written === undefined || !JSON.stringify(written).includes('${var.')) return false;
    this.conflicts.push({
      urn,
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
  fieldSource(declaration: DeclarationSite, key: string): SourceLocation {
    const path = [...declaration.at, key];
    return valueAt(declaration.doc.source.value, path) === undefined
      ? declaration.doc.source.locate(declaration.at.length === 0 ? [] : declaration.at)
      : declaration.doc.source.locate(path, 'key');
  }

  /** How live values are written on an entity; `current` only where a list keeps the manifest's spelling. */
  writeContext(entityUrn: string, current?: JsonValue): WriteContext {
    return { declared: this.declared, current, entityUrn, featureKeys: this.featureKeys };
  }

  /** Records an adoption and the edit it makes of the entity's mapping (grouped by file and mapping). */
  record(
    urn: string,
    declaration: DeclarationSite,
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
