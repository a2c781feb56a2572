/**
 * The manifest edits applied to plain values: what a file must read as after its text is edited. The text editor
 * is checked against this (edit-manifest.ts re-parses what it wrote and compares).
 */
import { isJsonObject } from '../model/json.js';
import type { ManifestEdit } from './manifest-edit.js';

/** Marks a deleted sequence item until all edits are applied, so that indexes keep meaning the original items. */
const DELETED: unique symbol = Symbol('deleted');

type Editable = Record<string, unknown> | unknown[];

/**
 * `value` with the edits applied, as `planManifestEdits` means them: paths are indexes into the original value
 * (deleting item 1 does not renumber item 2), a `set` or `append` under a missing map key creates the maps on the
 * way, and deleting what is not there changes nothing.
 */
export function editValue(value: unknown, edits: readonly ManifestEdit[]): unknown {
  const root: Record<string, unknown> = { value: structuredClone(value) };
  for (const edit of edits) {
    const path: readonly (string | number)[] = ['value', ...edit.path];
    const parent = parentOf(root, path, edit.kind !== 'delete');
    const last = path[path.length - 1] ?? 'value';
    if (parent === undefined) continue;
    switch (edit.kind) {
      case 'set':
        writeChild(parent, last, structuredClone(edit.value));
        break;
      case 'append': {
        const current = childOf(parent, last);
        const list = Array.isArray(current) ? current : [];
        list.push(...structuredClone(edit.items));
        writeChild(parent, last, list);
        break;
      }
      case 'delete':
        if (Array.isArray(parent) && typeof last === 'number' && last < parent.length) parent[last] = DELETED;
        else if (isRecord(parent) && typeof last === 'string') delete parent[last];
        break;
    }
  }
  return withoutDeleted(root.value);
}

/** The container of the path's last segment; with `create`, maps are made for missing keys on the way. */
function parentOf(root: Editable, path: readonly (string | number)[], create: boolean): Editable | undefined {
  let parent: Editable = root;
  for (const segment of path.slice(0, -1)) {
    let next = childOf(parent, segment);
    if (next === undefined || next === null) {
      if (!create || typeof segment !== 'string' || Array.isArray(parent)) return undefined;
      next = {};
      parent[segment] = next;
    }
    if (!isEditable(next)) return undefined;
    parent = next;
  }
  return parent;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return isJsonObject(value);
}

function isEditable(value: unknown): value is Editable {
  return Array.isArray(value) || isRecord(value);
}

function childOf(parent: unknown, segment: string | number): unknown {
  if (Array.isArray(parent)) return typeof segment === 'number' ? (parent as unknown[])[segment] : undefined;
  if (isRecord(parent) && typeof segment === 'string')
    return Object.hasOwn(parent, segment) ? parent[segment] : undefined;
  return undefined;
}

function writeChild(parent: Editable, segment: string | number, value: unknown): void {
  if (Array.isArray(parent)) {
    if (typeof segment === 'number') parent[segment] = value;
  } else if (typeof segment === 'string') {
    parent[segment] = value;
  }
}

function withoutDeleted(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== DELETED).map(withoutDeleted);
  if (isRecord(value)) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) result[key] = withoutDeleted(item);
    return result;
  }
  return value;
}
