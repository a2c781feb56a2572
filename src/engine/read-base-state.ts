import { readFilesAtRef } from '../git/git-info.js';
import { buildCatalog } from '../manifest/load-catalog.js';
import type { DesiredState } from '../model/desired-state.js';
import type { EventListener } from './events.js';

/**
 * The desired state of the manifests at a git revision. Manifests that did not validate there count as an
 * empty catalog: every change is then a manifest change, which errs on the side of showing it in review.
 */
export async function readBaseState(
  where: { readonly cwd: string; readonly dir: string; readonly onEvent?: EventListener },
  ref: string,
  current: DesiredState,
  /** The environment the current manifests are built for: the base is built for it too. */
  environmentName?: string,
): Promise<DesiredState> {
  const load = buildCatalog(await readFilesAtRef(where.cwd, ref, where.dir), undefined, environmentName);
  if (load.state !== undefined) return load.state;
  where.onEvent?.({
    type: 'warning',
    message: `the manifests at ${ref} do not validate; every change is shown as a manifest change`,
  });
  return { settings: current.settings, entities: [], datasets: [], externalTerms: [] };
}
