/** What `catalog adopt` brings back (compute-adoption.ts): the adoptions, the conflicts, and the edits they make. */
import type { SourceLocation } from '../errors.js';
import type { ValidatedDocument } from '../kinds/registry.js';
import type { DesiredState } from '../model/desired-state.js';
import type { JsonValue } from '../model/json.js';
import type { LiveState } from '../model/live-state.js';
import type { SourceFile } from '../manifest/parse-documents.js';
import type { EntityEdits } from './manifest-edit.js';

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
