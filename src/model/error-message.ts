/** The message of anything thrown, for reports that name what failed. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
