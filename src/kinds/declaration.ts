import type { SourceLocation } from '../errors.js';
import type { JsonObject } from '../model/json.js';
import type { EntityKind } from './registry.js';

/**
 * A declared entity as its manifest says it once defaults and references are resolved, in the manifest's own
 * field names (what policies see as `entity`, docs/policies.md). The desired state speaks DataHub's aspect
 * fields instead (`mlFeatures`, `parentNode`, `versionTag`), which a rule's author should not need to know.
 *
 * `entity` holds `kind` and `urn`, the resolved fields (URNs for every reference, defaults applied), and
 * always the list and map fields of its kind (empty when the manifest leaves them out), so that a rule can
 * iterate them without testing has() first; an optional scalar the manifest leaves out is absent.
 */
export interface Declaration {
  readonly kind: EntityKind;
  readonly urn: string;
  /** Where the manifest declares it (the same place the desired state's entity points at). */
  readonly source: SourceLocation;
  readonly entity: JsonObject;
}
