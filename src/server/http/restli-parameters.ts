/**
 * Rest.li's own validation of an action's parameters, which runs before GMS sees them: ActionArgumentBuilder
 * .extractRequestData (restli-server, pegasus 29.74.2, the version GMS v1.7.0 builds with) validates the request's
 * DataMap against the action's parameter schema with RequiredMode.IGNORE and CoercionMode.NORMAL, and refuses it
 * with a RoutingException, answered 400:
 *   Parameters of method '<action>' failed validation with error '<one "ERROR :: <path> :: <message>\n" per problem>'
 * For /entities?action=ingest|batchIngest that schema holds the whole snapshot, so an aspect value of the wrong
 * shape (a bare string where DataJobInfo.type wants the union `{"string": ...}`, a SchemaMetadata.platformSchema
 * member the union lacks, a null where a string goes) is refused there, before EntityResource's own
 * validateTrimOrThrow (422: a missing required field, an invalid URN) could run.
 */
import { ASPECT_SCHEMAS } from '../../datahub/generated/aspect-schemas.js';
import { validateAspectValue } from '../../datahub/pegasus/validate-aspect.js';
import { fromAvroNames } from '../../model/avro-json.js';
import { isJsonObject } from '../../model/json.js';
import { aspectNameOfFqn } from '../../model/registry.js';
import { ServiceError } from '../catalog/service-error.js';

/**
 * Refuses, as rest.li does, snapshots whose aspect values do not fit their schemas; `entities` are the action's
 * Entity parameters (`entity` for ingest, `entities` for batchIngest). What is not a snapshot of known aspects is
 * left to the parse that follows, which reports it.
 */
export function checkSnapshotParameters(
  action: 'ingest' | 'batchIngest',
  entities: readonly unknown[],
): void {
  const lines: string[] = [];
  entities.forEach((entity, index) => {
    const value = isJsonObject(entity) ? entity['value'] : undefined;
    const [snapshotClass, snapshot] = isJsonObject(value) ? (Object.entries(value)[0] ?? []) : [];
    if (snapshotClass === undefined || !isJsonObject(snapshot) || !Array.isArray(snapshot['aspects'])) return;
    const base = `${action === 'ingest' ? '/entity' : `/entities/${index}`}/value/${snapshotClass}/aspects`;
    snapshot['aspects'].forEach((item, position) => {
      const [fqn, aspect] = isJsonObject(item) ? (Object.entries(item)[0] ?? []) : [];
      const aspectName = fqn === undefined ? undefined : aspectNameOfFqn(fqn);
      if (fqn === undefined || aspectName === undefined || aspect === undefined) return;
      // Avro's pegasus2avro class names are read as Pegasus ones here, as everywhere else in the catalog.
      const problems = validateAspectValue(ASPECT_SCHEMAS, aspectName, fromAvroNames(aspect), {
        gmsChecks: false,
      });
      for (const problem of problems)
        lines.push(`ERROR :: ${base}/${position}/${fqn}${problem.path} :: ${problem.message}\n`);
    });
  });
  if (lines.length > 0)
    throw new ServiceError(
      400,
      `Parameters of method '${action}' failed validation with error '${lines.join('')}'`,
    );
}
