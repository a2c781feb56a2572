/** Policy: a rule over declared entities, in CEL (docs/policies.md); it declares no entity. */
import type { JsonObject } from '../model/json.js';
import type { KindModule } from './kind.js';

export type PolicySeverity = 'error' | 'warning';

/**
 * `K`: the kinds `match.kinds` may name (registry.ts's EntityKind; its schema's enum lists them). Named here as
 * a parameter: the registry lists this module, so this module cannot name the registry's types.
 */
export interface PolicyManifest<K extends string = string> {
  readonly kind: 'Policy';
  readonly name: string;
  readonly description?: string;
  readonly severity?: PolicySeverity;
  readonly match: { readonly kinds: readonly K[]; readonly where?: string };
  readonly rule: string;
  readonly message?: string;
  readonly examples?: { readonly pass?: readonly JsonObject[]; readonly fail?: readonly JsonObject[] };
}

export const policyKind: KindModule<PolicyManifest> = {
  kind: 'Policy',
  schemaFile: 'policy.schema.json',
};
