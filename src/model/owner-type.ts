import { stringOr, type JsonObject } from '../model/json.js';

/**
 * The ownership type of an owner line. DataHub stores a standard type either as `type` alone or with its system
 * type URN (urn:li:ownershipType:__system__technical_owner): both are the same type. A custom type is its URN.
 */
export function ownerTypeKey(line: JsonObject): string {
  const typeUrn = stringOr(line['typeUrn']);
  if (typeUrn.startsWith(SYSTEM_TYPE_PREFIX)) return typeUrn.slice(SYSTEM_TYPE_PREFIX.length).toUpperCase();
  return typeUrn === '' ? stringOr(line['type'], 'TECHNICAL_OWNER') : typeUrn;
}

const SYSTEM_TYPE_PREFIX = 'urn:li:ownershipType:__system__';
