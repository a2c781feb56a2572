/** Types of generate-catalog.js, for the tests that use it. */
export function generateCatalog(
  dir: string,
  size: number,
): { metadataFile: string; counts: Record<string, number> };
