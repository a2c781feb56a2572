/** Settings: the catalog's defaults, actor, target and environments; it declares no entity. */
import type { KindModule } from './kind.js';

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
