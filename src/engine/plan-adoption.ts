import path from 'node:path';
import type { ApplyResult } from '../apply/apply-plan.js';
import {
  computeAdoption,
  type Adoption,
  type AdoptionConflict,
  type AdoptionPlan,
} from '../adopt/compute-adoption.js';
import { applyTextEdits, planManifestEdits } from '../adopt/edit-manifest.js';
import { renderUnifiedDiff } from '../adopt/render-diff.js';
import { takeOverPlan } from '../adopt/take-over.js';
import { writeFileAtomically } from './write-file-atomically.js';
import { readServerRelease } from '../client/datahub-client.js';
import { readLiveState } from '../client/read-live-state.js';
import { CatalogError, DiagnosticsError, InternalError } from '../errors.js';
import { readGitProvenance } from '../git/git-info.js';
import { buildCatalog } from '../manifest/load-catalog.js';
import type { SourceFile } from '../manifest/parse-documents.js';
import { errorMessage } from '../model/error-message.js';
import type { Plan } from '../plan/types.js';
import { newRunId } from './run-id.js';
import { applyChanges, type ApplyOptions } from './apply-changes.js';
import type { EngineContext, TargetOptions } from './context.js';
import { loadCatalog, requireValid } from './load-catalog.js';
import { openTarget, planTargetOf, settingsTargetOf } from './open-target.js';
import { readBaseState } from './read-base-state.js';
import { VERSION } from './version.js';

export type { Adoption, AdoptionConflict } from '../adopt/compute-adoption.js';

export interface AdoptionOptions extends EngineContext, TargetOptions {
  /** The catalog directory, relative to cwd: its manifests are the ones edited. */
  readonly dir: string;
  /** The Settings environment to adopt from. */
  readonly environment?: string;
  /** Parse through the cache under cwd (see loadCatalog); default off. */
  readonly cache?: boolean;
  /** Also adopt owners, tags, links and term attachments others added to declared entities; default false. */
  readonly unmanaged?: boolean;
  /** Three-way: a field changed both in the manifests since this git revision and in DataHub is a conflict. */
  readonly base?: string;
  /** Also plan clearing the UI edits adopted (a plan to apply), so the manifest is the only source; default false. */
  readonly takeOver?: boolean;
}

/** The text of a manifest file before and after the adoption. */
export interface EditedFile {
  readonly before: string;
  readonly after: string;
}

/**
 * What was changed in DataHub, brought into the manifests: worked out whole (and the edited manifests validated)
 * before anything is written. `writeFiles` writes them; `applyTakeOver` applies the take-over plan.
 */
export interface AdoptionRun {
  readonly adoptions: readonly Adoption[];
  readonly conflicts: readonly AdoptionConflict[];
  /** The files that really change (paths as the catalog's files name them), sorted by path. */
  readonly files: ReadonlyMap<string, EditedFile>;
  /** The unified diff of the manifests. */
  readonly diff: string;
  /** With `takeOver`: the plan that clears the adopted UI edits. */
  readonly takeOver?: Plan;
  /** Writes every edited file (each atomically). */
  writeFiles(): Promise<void>;
  /** Applies the take-over plan (planned with `takeOver` only). */
  applyTakeOver(options?: ApplyOptions): Promise<ApplyResult>;
  close(): Promise<void>;
}

/**
 * `catalog adopt`: reads the live catalog for the manifests and works out the edits that bring what was changed in
 * DataHub (drift, UI edits that shadow the manifests) into them. Nothing is written until `writeFiles`.
 */
export async function planAdoption(options: AdoptionOptions): Promise<AdoptionRun> {
  const { environment: environmentName } = options;
  options.onEvent?.({ type: 'progress', phase: 'parsing' });
  const load = await loadCatalog({
    dir: options.dir,
    cwd: options.cwd,
    ...(options.cache === undefined ? {} : { cache: options.cache }),
    ...(environmentName === undefined ? {} : { environment: environmentName }),
  });
  const state = requireValid(load);
  const base =
    options.base === undefined
      ? undefined
      : await readBaseState(options, options.base, state, environmentName);
  const { dir: _dir, environment: _environment, base: _base, ...target } = options;
  const connection = await openTarget({
    ...target,
    settings: settingsTargetOf(state.settings),
    ...(load.environment === undefined ? {} : { environment: load.environment }),
  });
  try {
    await readServerRelease(connection.client.restli);
    options.onEvent?.({ type: 'reading', target: connection.description });
    const live = await readLiveState(connection.client.restli, state, {
      prune: false,
      onRead: (done, total) => options.onEvent?.({ type: 'progress', phase: 'reading', done, total }),
    });
    const adoption = computeAdoption({
      desired: state,
      documents: load.documents,
      live,
      ...(base === undefined ? {} : { base }),
      unmanaged: options.unmanaged === true,
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
    const takeOver =
      options.takeOver === true
        ? takeOverPlan(adoption.adoptions, check.state, live, {
            toolVersion: VERSION,
            target: planTargetOf(connection.target),
            git: await readGitProvenance(options.cwd, options.dir),
          })
        : undefined;
    return {
      adoptions: adoption.adoptions,
      conflicts: adoption.conflicts,
      files: edited,
      diff,
      ...(takeOver === undefined ? {} : { takeOver }),
      writeFiles: async () => {
        for (const [file, texts] of edited)
          await writeFileAtomically(path.resolve(options.cwd, file), texts.after);
      },
      applyTakeOver: async (applyOptions = {}) => {
        if (takeOver === undefined) throw new InternalError('adopt: no take-over was planned');
        return applyChanges(takeOver, connection, {
          ...applyOptions,
          planJustMade: true,
          runId: newRunId('catalog'),
        });
      },
      close: () => connection.close(),
    };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/** The files the adoption edits: their text before and after (only files that really change). */
function editedFiles(files: readonly SourceFile[], edits: AdoptionPlan['edits']): Map<string, EditedFile> {
  const result = new Map<string, EditedFile>();
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
