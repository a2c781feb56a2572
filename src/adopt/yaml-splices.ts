/**
 * The splices planned for one file (plan-yaml-edits.ts), with what the planning steps share: the file's lines, its
 * layout, the deletions waiting to be resolved and the collections something was inserted into.
 */
import type { ParsedNode } from 'yaml';
import { formatManifestPath } from './manifest-edit.js';
import type { ManifestEditError, ManifestPath } from './manifest-edit.js';
import type { LayoutStyle } from './render-yaml-value.js';
import type { SourceLines } from './source-lines.js';
import { editError, type At, type Collection, type Located, type PlannedEdit } from './yaml-nodes.js';

/** The items of one collection to delete, resolved together once every edit is planned. */
export interface Deletions {
  readonly collection: At<Collection>;
  readonly indexes: Set<number>;
}

export class YamlSplices {
  readonly edits: PlannedEdit[] = [];
  readonly deletions = new Map<Collection, Deletions>();
  readonly insertedInto = new Set<Collection>();

  constructor(
    readonly lines: SourceLines,
    readonly layout: LayoutStyle,
  ) {}

  /** Replaces `start`..`end` of the text with `newText` (ordered among splices at one offset by depth, then order). */
  splice(start: number, end: number, newText: string, located: Located): void {
    this.edits.push({
      start,
      end,
      newText,
      depth: located.depth,
      order: this.edits.length,
      path: formatManifestPath(located.path),
    });
  }

  /** An edit that cannot be made at `path` (see editError). */
  error(path: ManifestPath, problem: string, node?: ParsedNode | null): ManifestEditError {
    return editError(this.lines, path, problem, node);
  }
}
