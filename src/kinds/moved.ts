/**
 * Moved: a rename (DataHub has no rename). `from` names the old entity (id, name or URN), `to` the one the
 * manifests now declare, of the same kind. It declares no entity (manifest/resolve-moves.ts resolves it).
 */
import type { KindModule } from './kind.js';

export interface MovedManifest {
  readonly kind: 'Moved';
  readonly from: string;
  readonly to: string;
}

export const movedKind: KindModule<MovedManifest> = {
  kind: 'Moved',
  schemaFile: 'moved.schema.json',
};
