/**
 * Secrets never reach output: anything that prints an error goes through this first. The values of
 * DATAHUB_GMS_TOKEN, CATALOG_SERVER_TOKEN and `tokenVariables` (the variables an environment's `tokenEnv` named)
 * are replaced by `***`.
 */
export function redactSecrets(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  tokenVariables: readonly string[] = [],
): string {
  let result = text;
  for (const name of ['DATAHUB_GMS_TOKEN', 'CATALOG_SERVER_TOKEN', ...tokenVariables]) {
    const secret = env[name];
    if (secret !== undefined && secret.length >= 4) result = result.split(secret).join('***');
  }
  return result;
}
