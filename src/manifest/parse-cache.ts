/**
 * A cache of parsed manifest files, as ESLint and Prettier keep one: parsing YAML is most of a no-op plan's time,
 * and a catalog's files rarely all change between two runs. An entry is the plain-data result of parsing one
 * file (values, position trees, diagnostics) in V8's serialization format (which keeps every value YAML can
 * give, .inf and -0 included, and Maps), stored under a hash of the file's path and exact text, of the tool's
 * version and of V8's, so an entry is only ever used for the very input it was made from. Best effort: an entry
 * that cannot be read or written is parsed instead, never an error; `--no-cache` turns it off.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { outcomeOf, type ParseOutcome, type SourceFile } from './parse-documents.js';
import type { ParsedFile } from './parsed-file.js';

/** Bumped when the stored shape changes (old entries are then simply never looked up). */
const FORMAT = 'catalog-parse-cache-4';
const SUFFIX = '.v8';
/** Entries kept beyond those a run used, so that switching branches back and forth stays warm. */
const SPARE_ENTRIES = 200;
/** Age after which a temporary file is taken for the leftover of a killed run. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

export interface ParseCache {
  /** parseDocuments of many files, through the cache: those not in it are parsed together by `parseMany`. */
  parseAll(
    files: readonly SourceFile[],
    parseMany: (files: readonly SourceFile[]) => Promise<ParsedFile[]>,
  ): Promise<ParseOutcome[]>;
  /** Removes entries this run did not use, oldest first, beyond a bound (call once the catalog is loaded). */
  prune(): void;
}

interface StoredEntry {
  readonly format: string;
  readonly parsed: ParsedFile;
}

export function openParseCache(dir: string, toolVersion: string): ParseCache {
  const used = new Set<string>();
  // One listing instead of a failed read per new file (a thrown ENOENT each: 0.1 s on 231 files).
  const present = listing(dir);
  let writable = true;
  let created = present.size > 0;
  const entryName = (key: string): string => `${key}${SUFFIX}`;

  const read = (key: string): ParsedFile | undefined => {
    if (!present.has(entryName(key))) return undefined;
    try {
      return fromStored(deserialize(readFileSync(path.join(dir, entryName(key)))) as StoredEntry);
    } catch {
      return undefined;
    }
  };
  const write = (key: string, parsed: ParsedFile): void => {
    if (!writable) return;
    try {
      if (!created) {
        mkdirSync(dir, { recursive: true });
        // Ignored by git wherever it is (as pytest and ruff do with theirs): a cache must not make the working
        // tree, and so every plan's git metadata, dirty.
        writeFileSync(path.join(dir, '.gitignore'), '# written by catalog: a cache, never committed\n*\n');
        created = true;
      }
    } catch {
      writable = false;
      return;
    }
    // Written whole under another name, then renamed: a concurrent run reads the old entry or the new one.
    const final = path.join(dir, entryName(key));
    const temporary = `${final}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, serialize({ format: FORMAT, parsed } satisfies StoredEntry));
      renameSync(temporary, final);
    } catch {
      writable = false;
      rmSync(temporary, { force: true });
    }
  };

  /** The entry's key, marked used; none for a file that is not UTF-8 (never cached). */
  const keyOf = (file: SourceFile): string | undefined => {
    if (file.invalidUtf8 !== undefined) return undefined;
    const key = createHash('sha256')
      .update(`${FORMAT}\u0000${toolVersion}\u0000${process.versions.v8}\u0000${file.path}\u0000`)
      .update(file.text)
      .digest('hex');
    used.add(entryName(key));
    return key;
  };

  return {
    async parseAll(files, parseMany) {
      const keys = files.map(keyOf);
      const results = files.map((_, index) => {
        const key = keys[index];
        return key === undefined ? undefined : read(key);
      });
      const missing = files.flatMap((_, index) => (results[index] === undefined ? [index] : []));
      const parsed = await parseMany(missing.map((index) => files[index] as SourceFile));
      missing.forEach((index, at) => {
        const result = parsed[at] as ParsedFile;
        results[index] = result;
        const key = keys[index];
        if (key !== undefined) write(key, result);
      });
      return files.map((file, index) => outcomeOf(file, results[index] as ParsedFile));
    },
    prune() {
      try {
        const names = [...listing(dir)];
        const unused = names
          .filter((name) => name.endsWith(SUFFIX) && !used.has(name))
          .map((name) => ({ name, time: statSync(path.join(dir, name)).mtimeMs }))
          .sort((a, b) => b.time - a.time);
        for (const { name } of unused.slice(SPARE_ENTRIES)) rmSync(path.join(dir, name), { force: true });
        // Half-written entries of runs that were killed (a live run's are seconds old).
        for (const name of names.filter((name) => name.endsWith('.tmp'))) {
          if (Date.now() - statSync(path.join(dir, name)).mtimeMs > STALE_TEMPORARY_MS)
            rmSync(path.join(dir, name), { force: true });
        }
      } catch {
        // Not ours to tidy: the cache is best effort.
      }
    },
  };
}

function listing(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir));
  } catch {
    return new Set();
  }
}

/** Throws on anything that is not an entry this module wrote (the caller then parses the file instead). */
function fromStored(entry: StoredEntry): ParsedFile {
  if (
    entry.format !== FORMAT ||
    !Array.isArray(entry.parsed.documents) ||
    !Array.isArray(entry.parsed.lineStarts)
  ) {
    throw new Error('not a parse cache entry');
  }
  return entry.parsed;
}
