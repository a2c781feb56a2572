/**
 * A glossary term's `domain`, resolved as DataHub's DomainRegistry does
 * (metadata-ingestion/src/datahub/utilities/registries/domain_registry.py at v1.7.0, commit
 * 7f81ccbfe27b9acc947f5f600fcf9ddb72138a80):
 *
 * - a value starting with `urn:li:domain`, or holding exactly four `-` (a UUID), is taken as it is;
 * - otherwise `urn:li:domain:<value>` when that entity has `domainProperties` at the target
 *   (DataHubGraph.get_domain_properties);
 * - else the first domain whose `name` equals the value (DataHubGraph.get_domain_urn_by_name: entity `domain`,
 *   query `*`, filter `name` EQUAL value, start 0, count 10);
 * - else DataHub's error.
 *
 * The decisions are pure; the two questions asked of the target are passed in as a DomainLookup.
 */

export interface DomainLookup {
  /** Whether the domain has domainProperties (DataHub's get_domain_properties is not None). */
  hasDomainProperties(urn: string): Promise<boolean>;
  /** The first domain whose name equals `name`, as DataHub's get_domain_urn_by_name. */
  domainUrnByName(name: string): Promise<string | undefined>;
}

/** DomainRegistry's test for a domain that needs no server ("fully specified"). */
export function needsResolution(domain: string): boolean {
  return !domain.startsWith('urn:li:domain') && domain.split('-').length - 1 !== 4;
}

/** DomainRegistry's error for a domain that is not there (its exact words). */
export function notProvisionedMessage(domain: string): string {
  return `domain ${domain} doesn't seem to be provisioned on DataHub. Either provision it first and re-run ingestion, or provide a fully qualified domain id (e.g. urn:li:domain:ec428203-ce86-4db3-985d-5a8ee6df32ba) to skip this check.`;
}

export type DomainResolution =
  | { readonly ok: true; readonly urn: string; readonly how: 'urn' | 'name' }
  | { readonly ok: false; readonly message: string };

/** Resolves each distinct domain that needs it, in order; the first question decides, as in DomainRegistry. */
export async function resolveDomains(
  domains: readonly string[],
  lookup: DomainLookup,
): Promise<Map<string, DomainResolution>> {
  const result = new Map<string, DomainResolution>();
  for (const domain of domains) {
    if (result.has(domain) || !needsResolution(domain)) continue;
    const maybeUrn = `urn:li:domain:${domain}`;
    if (await lookup.hasDomainProperties(maybeUrn)) {
      result.set(domain, { ok: true, urn: maybeUrn, how: 'urn' });
      continue;
    }
    const byName = await lookup.domainUrnByName(domain);
    result.set(
      domain,
      byName === undefined
        ? { ok: false, message: notProvisionedMessage(domain) }
        : { ok: true, urn: byName, how: 'name' },
    );
  }
  return result;
}
