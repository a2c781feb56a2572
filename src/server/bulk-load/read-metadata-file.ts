/**
 * Reading a DataHub metadata file for `catalog ingest`, and the messages a file that cannot be read gets: shared by
 * the remote ingest (which checks each file whole before sending it) and the embedded one (whose reading thread
 * checks it while the catalog is written, in one transaction that a refused file rolls back).
 */
import { readFile, stat } from 'node:fs/promises';
import { errorMessage } from '../../model/error-message.js';
import { parseJson } from '../../model/json.js';
import type { RecordError } from '../../model/metadata-file.js';

export const MAX_METADATA_FILE_BYTES = 512 * 1024 * 1024;

/** The file's JSON, or why it cannot be ingested (the message to print, ending with a newline). */
export async function readMetadataJson(
  file: string,
  absolute: string,
): Promise<
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string }
> {
  const text = await readMetadataText(file, absolute);
  if (!text.ok) return text;
  return parseMetadataJson(file, text.text);
}

/** The file's text, or why it cannot be read (the message to print). */
export async function readMetadataText(
  file: string,
  absolute: string,
): Promise<{ readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string }> {
  let size: number;
  try {
    size = (await stat(absolute)).size;
  } catch (error) {
    return { ok: false, message: `error ${file}: cannot read it (${errorMessage(error)})\n` };
  }
  if (size > MAX_METADATA_FILE_BYTES)
    return {
      ok: false,
      message: `error ${file}: ${size} bytes is over the ${MAX_METADATA_FILE_BYTES}-byte limit\n`,
    };
  try {
    return { ok: true, text: await readFile(absolute, 'utf8') };
  } catch (error) {
    // A directory, say: stat answers, reading does not.
    return { ok: false, message: `error ${file}: cannot read it (${errorMessage(error)})\n` };
  }
}

/** The file's JSON, or the message for a file that is not JSON. */
export function parseMetadataJson(
  file: string,
  text: string,
): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string } {
  const json = parseJson(text);
  if (!json.ok)
    return {
      ok: false,
      message: `error ${file}: not valid JSON (${json.error}); nothing of it was written\n`,
    };
  return { ok: true, value: json.value };
}

/** What is printed for a file with bad records: each one, then the count. */
export function badRecordsMessage(file: string, errors: readonly RecordError[]): string {
  const lines = errors.map((error) => `error ${file}: record ${error.index}: ${error.message}\n`);
  return `${lines.join('')}error ${file}: ${errors.length} bad record(s); nothing of it was written\n`;
}

/** What is printed for a file that holds no records: refused as a bad file is, and the other files still go in. */
export function emptyFileMessage(file: string): string {
  return `error ${file}: it holds no records\n`;
}
