/**
 * Schema field paths. DataHub writes them in a simple dotted form (`address.zipcode`) or in the v2 form
 * (`[version=2.0].[type=struct].address.[type=string].zipcode`). Two paths name the same column when their
 * simple forms are equal: `get_simple_field_path_from_v2_field_path` in
 * `metadata-ingestion/src/datahub/utilities/urns/field_paths.py`.
 */

const V2_MARKER = '[version=2.0]';

export function isV2FieldPath(path: string): boolean {
  return path.startsWith(V2_MARKER);
}

/** The simple form of a field path: v2 paths lose every `[...]` token; simple paths are returned as they are. */
export function simplifyFieldPath(path: string): string {
  if (!isV2FieldPath(path)) return path;
  return path
    .split('.')
    .filter((token) => !(token.startsWith('[') || token.endsWith(']')))
    .join('.');
}
