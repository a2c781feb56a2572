/** Settings: the catalog's defaults, actor, target and environments; it declares no entity. */
import { DEFAULT_ACTOR, DEFAULT_ENV, type ResolvedSettings } from '../model/desired-state.js';
import type { KindModule } from './kind.js';
import type { ResolveScope } from './resolve-context.js';
import type { KindDocument } from './source.js';

export interface SettingsManifest {
  readonly kind: 'Settings';
  readonly defaults?: { readonly platform?: string; readonly env?: string };
  readonly actor?: string;
  readonly target?: { readonly server?: string; readonly graphqlUrl?: string };
}

export const settingsKind: KindModule<SettingsManifest> = {
  kind: 'Settings',
  schemaFile: 'settings.schema.json',
};

/**
 * The catalog's settings: its one Settings document (a second is an error) with the defaults applied; the selected
 * environment's env replaces defaults.env.
 */
export function resolveSettings(
  documents: readonly KindDocument<SettingsManifest>[],
  environmentEnv: string | undefined,
  error: ResolveScope['error'],
): ResolvedSettings {
  const [first, ...others] = documents;
  for (const other of others) {
    error(
      'DUPLICATE_DECLARATION',
      'a second Settings document; a catalog has one',
      other.source.locate(['kind']),
      {
        related: first?.source.locate(['kind']),
        hint: 'merge the two Settings documents',
      },
    );
  }
  const settings = first?.manifest;
  return {
    actor: settings?.actor ?? DEFAULT_ACTOR,
    defaultEnv: environmentEnv ?? settings?.defaults?.env ?? DEFAULT_ENV,
    ...(settings?.defaults?.platform === undefined ? {} : { defaultPlatform: settings.defaults.platform }),
    ...(settings?.target?.server === undefined ? {} : { targetServer: settings.target.server }),
    ...(settings?.target?.graphqlUrl === undefined ? {} : { targetGraphqlUrl: settings.target.graphqlUrl }),
  };
}
