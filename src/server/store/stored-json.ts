import { isJsonObject, type JsonObject } from '../../model/json.js';

/** A JSON object column as the store wrote it (anything else reads as an empty object). */
export function parseStoredObject(text: string): JsonObject {
  const value: unknown = JSON.parse(text);
  return isJsonObject(value) ? value : {};
}
