import path from 'node:path';
import { computeAdoption, type Adoption, type AdoptionConflict } from '../../adopt/compute-adoption.js';
import { applyTextEdits, planManifestEdits } from '../../adopt/edit-manifest.js';
import { renderUnifiedDiff } from '../../adopt/render-diff.js';
import { takeOverPlan } from '../../adopt/take-over.js';
import { writeFileAtomically } from '../../adopt/write-file-atomically.js';
import { readServerRelease } from '../../client/datahub-client.js';
import { readLiveState } from '../../client/read-live-state.js';
import { CatalogError, DiagnosticsError, InternalError } from '../../errors.js';
import { readGitProvenance } from '../../git/git-info.js';
import { buildCatalog, loadCatalog } from '../../manifest/load-catalog.js';
import type { SourceFile } from '../../manifest/parse-documents.js';
import { errorMessage } from '../../model/error-message.js';
import type { JsonValue } from '../../model/json.js';
import { connectWithFlags, settingsTargetOf, environmentNameOf } from '../connect.js';
import type { CliIo } from '../io.js';
import { parseCacheOptions } from '../parse-cache-options.js';
import { plural } from '../../render/plural.js';
import { VERSION } from '../version.js';
import { applyAndReport } from './apply.js';
import { readBaseState, renderPlan, requireValid } from './reconcile.js';

export interface AdoptOptions {
  readonly dryRun: boolean;
  readonly unmanaged: boolean;
  readonly base?: string;
  readonly takeOver: boolean;
  readonly output: 'text' | 'json';
  readonly detailedExitcode: boolean;
  readonly server?: string;
  readonly graphqlUrl?: string;
  readonly parallelism?: string;
  readonly cache?: boolean;
  /** --environment: the Settings environment to adopt from (else CATALOG_ENVIRONMENT). */
  readonly environment?: string;
}

/**
 * `catalog adopt [dir]`: brings what was changed in DataHub into the manifests, in place (the one command that edits
 * existing manifest files). Prints the unified diff of the manifests; writes them unless --dry-run. Exit codes: 0
 * done (nothing to adopt), 1 error, 2 manifests changed (or would change) with --detailed-exitcode.
 */
export async function runAdopt(dir: string, options: AdoptOptions, io: CliIo): Promise<number> {
  const environmentName = environmentNameOf(options, io.env);
  const load = await loadCatalog(
    dir,
    io.cwd,
    parseCacheOptions(io.cwd, options.cache !== false),
    environmentName,
  );
  const state = requireValid(load);
  const base =
    options.base === undefined
      ? undefined
      : await readBaseState(dir, options.base, state, io, environmentName);
  const connection = await connectWithFlags(options, io, settingsTargetOf(state.settings), load.environment);
  try {
    await readServerRelease(connection.client.restli);
    io.stderr.write(`reading ${connection.description}\n`);
    const live = await readLiveState(connection.client.restli, state, { prune: false });
    const adoption = computeAdoption({
      desired: state,
      documents: load.documents,
      live,
      ...(base === undefined ? {} : { base }),
      unmanaged: options.unmanaged,
      files: load.files,
    });

    // Every file's new text, computed before anything is written: a failure leaves every file as it was.
    const edited = editedFiles(load.files, adoption.edits);
    const after = load.files.map((file) => ({ ...file, text: edited.get(file.path)?.after ?? file.text }));
    const check = buildCatalog(after, undefined, environmentName);
    if (check.state === undefined) {
      throw new DiagnosticsError(
        'INVALID_MANIFESTS',
        check.diagnostics,
        'the adopted manifests would not validate; nothing was written (please report this)',
        after,
      );
    }
    const diff = renderUnifiedDiff(
      [...edited].map(([file, texts]) => ({ path: file, before: texts.before, after: texts.after })),
    );

    const takeOver = options.takeOver
      ? takeOverPlan(adoption.adoptions, check.state, live, {
          toolVersion: VERSION,
          target: connection.target.kind === 'embedded' ? 'embedded' : connection.target.gmsUrl,
          git: await readGitProvenance(io.cwd, dir),
        })
      : undefined;

    if (options.output === 'json') {
      io.stdout.write(
        `${JSON.stringify(
          {
            formatVersion: 1,
            dryRun: options.dryRun,
            files: [...edited.keys()].sort(),
            adoptions: adoption.adoptions,
            conflicts: adoption.conflicts,
            diff,
            ...(takeOver === undefined
              ? {}
              : { takeOver: JSON.parse(renderPlan(takeOver, 'json', io)) as unknown }),
          },
          null,
          2,
        )}\n`,
      );
    } else {
      io.stdout.write(diff);
      if (takeOver !== undefined && takeOver.changes.length > 0)
        io.stdout.write(renderPlan(takeOver, 'text', io));
    }
    io.stderr.write(summary(adoption.adoptions, edited.size, options.dryRun));
    for (const conflict of adoption.conflicts) io.stderr.write(conflictLine(conflict));

    if (!options.dryRun) {
      for (const [file, texts] of edited) await writeFileAtomically(path.resolve(io.cwd, file), texts.after);
      if (takeOver !== undefined && takeOver.changes.length > 0) {
        const ok = await applyAndReport(takeOver, connection, io, 'text', { planJustMade: true });
        if (!ok) return 1;
      }
    }
    const changed = edited.size > 0 || (takeOver?.changes.length ?? 0) > 0;
    return options.detailedExitcode && changed ? 2 : 0;
  } finally {
    await connection.close();
  }
}

/** The files the adoption edits: their text before and after (only files that really change). */
function editedFiles(
  files: readonly SourceFile[],
  edits: ReturnType<typeof computeAdoption>['edits'],
): Map<string, { before: string; after: string }> {
  const result = new Map<string, { before: string; after: string }>();
  for (const [file, entities] of [...edits].sort(([a], [b]) => a.localeCompare(b))) {
    const source = files.find((candidate) => candidate.path === file);
    if (source === undefined) throw new InternalError(`adopt: ${file} is not one of the manifest files`);
    let after: string;
    try {
      after = applyTextEdits(source.text, planManifestEdits(source.text, entities));
    } catch (error) {
      throw new CatalogError(
        'FILE_ERROR',
        `cannot edit ${file}: ${errorMessage(error)}; nothing was written`,
      );
    }
    if (after !== source.text) result.set(file, { before: source.text, after });
  }
  return result;
}

function summary(adoptions: readonly Adoption[], files: number, dryRun: boolean): string {
  if (adoptions.length === 0) return 'nothing to adopt: the manifests match the catalog\n';
  const count = (reason: Adoption['reason']): number => adoptions.filter((a) => a.reason === reason).length;
  const parts = [
    `${count('drift')} changed in DataHub`,
    `${count('shadow')} UI ${count('shadow') === 1 ? 'edit' : 'edits'} shown instead of the manifest`,
    ...(count('unmanaged') > 0 ? [`${count('unmanaged')} added by others`] : []),
  ];
  return `${dryRun ? 'would adopt' : 'adopted'} ${plural(adoptions.length, 'value')} into ${plural(files, 'file')} (${parts.join(', ')})\n`;
}

function conflictLine(conflict: AdoptionConflict): string {
  const show = (value: JsonValue | undefined): string =>
    value === undefined ? '(absent)' : JSON.stringify(value);
  if (conflict.note !== undefined)
    return `note: ${conflict.field} of ${conflict.urn} (${conflict.source.file}:${conflict.source.line}) is ${show(conflict.live)} in DataHub; ${conflict.note}\n`;
  return (
    `conflict: ${conflict.field} of ${conflict.urn} (${conflict.source.file}:${conflict.source.line}) changed in ` +
    `this branch (${show(conflict.base)} -> ${show(conflict.manifest)}) and in DataHub (${show(conflict.live)}); ` +
    `left as it is\n`
  );
}
