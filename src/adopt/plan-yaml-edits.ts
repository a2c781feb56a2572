/**
 * Plans manifest edits as splices of a YAML file's text, node by node. The `yaml` package gives every node its
 * source range (and, with `keepSourceTokens`, the offsets of `:` and `-`); everything between the nodes that an
 * edit touches (comments, blank lines, quoting, indentation) is left as it is written.
 */
import { isMap, isScalar, isSeq } from 'yaml';
import { ManifestEditError, formatManifestPath } from './manifest-edit.js';
import type { ManifestEdit } from './manifest-edit.js';
import { deleteBlockItems, deleteFlowItems, markDeleted } from './delete-yaml.js';
import { insertItems, insertMissing } from './insert-yaml.js';
import type { LayoutStyle } from './render-yaml-value.js';
import { replaceValue, setValue } from './set-yaml-value.js';
import type { SourceLines } from './source-lines.js';
import {
  blockItemStart,
  containerOf,
  isFlow,
  resolvePath,
  type At,
  type Located,
  type ParsedSeq,
  type PlannedEdit,
} from './yaml-nodes.js';
import { YamlSplices } from './yaml-splices.js';

/** Collects the splices of one file; `finish` resolves deletions, which depend on each other. */
export class YamlEditPlanner {
  private readonly splices: YamlSplices;

  constructor(lines: SourceLines, layout: LayoutStyle) {
    this.splices = new YamlSplices(lines, layout);
  }

  get edits(): readonly PlannedEdit[] {
    return this.splices.edits;
  }

  plan(entity: Located, edit: ManifestEdit): void {
    switch (edit.kind) {
      case 'set': {
        const found = resolvePath(this.splices.lines, entity, edit.path);
        if (found.kind === 'found') setValue(this.splices, found.located, edit.value);
        else insertMissing(this.splices, found.parent, edit.path, found.missing, edit.value);
        return;
      }
      case 'append': {
        const found = resolvePath(this.splices.lines, entity, edit.path);
        if (found.kind === 'missing') {
          insertMissing(this.splices, found.parent, edit.path, found.missing, [...edit.items]);
          return;
        }
        const { node } = found.located;
        if (isSeq(node))
          insertItems(this.splices, found.located as At<ParsedSeq>, node.items.length, edit.items);
        else if (isScalar(node) && node.value === null)
          setValue(this.splices, found.located, [...edit.items]);
        else throw this.splices.error(edit.path, 'is not a list', node);
        return;
      }
      case 'delete': {
        if (edit.path.length === 0) throw new ManifestEditError('cannot delete the entity itself', edit.path);
        const found = resolvePath(this.splices.lines, entity, edit.path);
        if (found.kind === 'missing') return; // Nothing to delete: the file already says what was asked.
        const { slot } = found.located;
        if (slot.kind === 'entry')
          markDeleted(this.splices, containerOf(found.located, slot.map), slot.index);
        else if (slot.kind === 'item')
          markDeleted(this.splices, containerOf(found.located, slot.seq), slot.index);
        return;
      }
    }
  }

  /** Resolves deletions (whole lines, separators, or an emptied collection) into splices. */
  finish(): void {
    for (const { collection, indexes } of this.splices.deletions.values()) {
      const { node } = collection;
      const count = node.items.length;
      const kept = [...Array(count).keys()].filter((index) => !indexes.has(index));
      const deleted = [...indexes].sort((a, b) => a - b);
      if (kept.length === 0) {
        // Every line of a block collection can go while new lines come after them; anything else is ambiguous.
        const wholeLines =
          !isFlow(node) &&
          deleted.every((index) =>
            this.splices.lines.startsLine(blockItemStart(this.splices.lines, collection, index)),
          );
        if (this.splices.insertedInto.has(node) && wholeLines) {
          deleteBlockItems(this.splices, collection, deleted, kept);
          continue;
        }
        if (this.splices.insertedInto.has(node))
          throw new ManifestEditError(
            `${formatManifestPath(collection.path)}: the edits remove every item and add new ones; set the whole value instead`,
            collection.path,
          );
        replaceValue(this.splices, collection, isMap(node) ? {} : []);
        continue;
      }
      if (isFlow(node)) deleteFlowItems(this.splices, collection, deleted, kept);
      else deleteBlockItems(this.splices, collection, deleted, kept);
    }
    this.splices.deletions.clear();
  }
}
