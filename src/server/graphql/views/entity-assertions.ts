/**
 * A dataset's `assertions` as DataHub v1.7.0's EntityAssertionsResolver answers them (datahub-graphql-core
 * resolvers/assertion): a page of the assertions whose Asserts edges point at it (start 0 and count 200 by
 * default), those without an assertionInfo left out, and the soft-deleted ones unless asked for. `count` and
 * `total` are the page of edges', as the resolver answers them.
 */
import type { CatalogService } from '../../catalog-service.js';

export interface AssertionsArgs {
  readonly start?: number | null;
  readonly count?: number | null;
  readonly includeSoftDeleted?: boolean | null;
}

/** EntityAssertionsResult, its assertions as views. */
export interface EntityAssertionsView<V> {
  readonly start: number;
  readonly count: number;
  readonly total: number;
  readonly assertions: readonly V[];
}

export function entityAssertions<V>(
  service: CatalogService,
  urn: string,
  args: AssertionsArgs,
  viewOf: (urn: string) => V,
): EntityAssertionsView<V> {
  const start = Math.max(0, args.start ?? 0);
  const page = service.relationships({ urn, types: ['Asserts'], direction: 'INCOMING', start, count: Math.max(0, args.count ?? 200), includeRemoved: true }); // prettier-ignore
  const assertions = page.items
    .map((item) => item.urn)
    .filter((assertion) => service.latest(assertion, 'assertionInfo') !== undefined)
    .filter((assertion) => args.includeSoftDeleted === true || service.latest(assertion, 'status')?.['removed'] !== true); // prettier-ignore
  return { start, count: page.items.length, total: page.total, assertions: assertions.map(viewOf) };
}
