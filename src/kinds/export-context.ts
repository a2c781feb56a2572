/**
 * A kind's part of `catalog export` and `catalog import datahub` (kind.ts, ExportPart): reading entities back from
 * their aspects into manifest documents. manifest/render-manifests.ts runs the parts in order and implements the
 * context; each kind records how the output names its entities, then renders its documents.
 */
import type { JsonObject, JsonValue } from '../model/json.js';
import type { UrnEntityType, UrnOf } from '../model/urn.js';

/** One entity as the catalog holds it: its URN and the aspects read of it. */
export interface ExportedEntity {
  readonly urn: string;
  /** The owned aspect (glossaryTermInfo, mlFeatureProperties, ...), or the dataset's term aspects. */
  readonly aspects: ReadonlyMap<string, JsonObject>;
}

/** A manifest document as it is rendered, keys in the order the file shows them. */
export type ExportDoc = Record<string, JsonValue>;

export interface ExportContext {
  /** The entities of a kind in the input, in its order (every kind's, for names one kind takes from another). */
  entitiesOf(kind: string): readonly ExportedEntity[];
  /** The URN as an entity of `type` that a manifest can name; else undefined, and the reason is reported. */
  typed<T extends UrnEntityType>(urn: string, type: T): UrnOf<T> | undefined;
  /** Whether a manifest can write the platform; else the entity is reported and left out. */
  platformOk(urn: string, platform: string): boolean;
  /** An entity or field left out, with the reason (`<urn>: <why>`). */
  skip(reason: string): void;
  /** Adds a document to a file; `urn`: the entity whose file it is, for the documents that go with it (fileOf). */
  add(file: string, doc: ExportDoc, urn?: string): void;
  /** The file of an entity's document added with its URN. */
  fileOf(urn: string): string | undefined;
  /** Counts one document of a kind (the command's summary, in the order first counted). */
  count(kind: string): void;
  /** Names an exported entity of a kind as the manifests will (an id, `<table>.<feature>`). */
  setName(kind: string, urn: string, name: string): void;
  /** How the output refers to an entity of a kind: the name it was given here, else its URN. */
  nameIn(kind: string, urn: string): string;
  /** Fields one kind prepares for another to write (a feature, inline in its table). */
  prepare(urn: string, fields: ExportDoc): void;
  prepared(urn: string): ExportDoc | undefined;
  /** Marks a prepared entity as written (inline), so that its own kind does not write it again. */
  claim(urn: string): void;
  claimed(urn: string): boolean;
  /** A deprecation's replacement as the manifests name it (a name when that entity is in the output). */
  replacementRef(urn: string): string;
}

/**
 * A kind's export, started once per run: its `names` step records how the output names its entities before the
 * documents that refer to them are rendered; its `documents` step renders them (render-manifests.ts orders them).
 */
export interface ExportSteps {
  readonly names?: () => void;
  readonly documents: () => void;
}

export interface ExportPart {
  /** The DataHub entity type `catalog export` lists for the kind (DatasetTerms: dataset). */
  readonly entityType: string;
  /**
   * The aspects read of each entity; absent: its owned aspect, status, its owner, tag and link aspects and its
   * declarable aspects (read-export-aspects.ts).
   */
  readonly aspects?: readonly string[];
  /** The name a deprecation's replacement of this kind is written by, when that entity is exported too. */
  readonly replacementName?: (urn: string) => string | undefined;
  start(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps;
}
