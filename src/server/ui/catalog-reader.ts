/**
 * The web UI reads the catalog through the server's own GraphQL API (executed in-process, the same resolvers
 * a client reaches over HTTP), so the pages show exactly what DataHub clients see.
 */
import { parseJson } from '../../model/json.js';
import type { CatalogService } from '../catalog-service.js';
import { executeGraphQL } from '../graphql/graphql-endpoint.js';

/** A GraphQL object as the pages read it: fields looked up by name, every one possibly missing. */
export type Node = { readonly [field: string]: unknown };

export class CatalogReader {
  constructor(
    private readonly service: CatalogService,
    private readonly actor: string,
  ) {}

  /** Runs a query; GraphQL errors are bugs of the page's query, so they throw. */
  async query(query: string, variables: Record<string, unknown> = {}): Promise<Node> {
    const result = await executeGraphQL({ query, variables }, this.service, this.actor);
    const errors = result['errors'];
    if (Array.isArray(errors) && errors.length > 0) {
      throw new Error(`UI query failed: ${JSON.stringify(errors)}`);
    }
    return node(result['data']) ?? {};
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function node(value: unknown): Node | undefined {
  return isNode(value) ? value : undefined;
}

/** The items of a list answer; none for anything else. */
export function items(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

export function nodes(value: unknown): Node[] {
  return items(value).filter(isNode);
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** systemMetadata.properties of an aspect version (aspectHistory answers systemMetadata as JSON text). */
export function writerProperties(version: Node): Node | undefined {
  const parsed = parseJson(str(version['systemMetadata']) ?? '{}');
  return parsed.ok ? node(node(parsed.value)?.['properties']) : undefined;
}
