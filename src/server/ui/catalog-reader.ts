/**
 * The web UI reads the catalog through the server's own GraphQL API (executed in-process, the same resolvers
 * a client reaches over HTTP), so the pages show exactly what DataHub clients see.
 */
import { parseJson } from '../../model/json.js';
import type { CatalogService } from '../catalog-service.js';
import { executeGraphQL } from '../graphql/graphql-endpoint.js';

/** What a page needs to name and link any entity: one fragment that every query shares. */
export const LABEL_FRAGMENT = /* GraphQL */ `
  fragment Label on Entity {
    urn
    type
    ... on Dataset {
      name
      properties {
        name
        description
      }
      editableProperties {
        description
      }
      platform {
        name
      }
    }
    ... on MLFeature {
      name
      featureNamespace
      description
      editableProperties {
        description
      }
    }
    ... on MLPrimaryKey {
      name
      featureNamespace
      description
      editableProperties {
        description
      }
    }
    ... on MLFeatureTable {
      name
      description
      editableProperties {
        description
      }
      platform {
        name
      }
    }
    ... on MLModel {
      name
      description
      editableProperties {
        description
      }
      platform {
        name
      }
    }
    ... on MLModelGroup {
      name
      description
      editableProperties {
        description
      }
      platform {
        name
      }
    }
    ... on GlossaryTerm {
      hierarchicalName
      properties {
        name
        description
      }
    }
    ... on GlossaryNode {
      properties {
        name
        description
      }
    }
    ... on Tag {
      properties {
        name
        description
      }
    }
    ... on CorpUser {
      username
      properties {
        displayName
      }
    }
    ... on CorpGroup {
      name
      properties {
        displayName
      }
    }
    ... on DataPlatform {
      name
      properties {
        displayName
      }
    }
    ... on Container {
      properties {
        name
        description
      }
      platform {
        name
      }
    }
    ... on Domain {
      properties {
        name
        description
      }
    }
    ... on DataProduct {
      properties {
        name
        description
      }
    }
    ... on Chart {
      properties {
        name
        description
      }
      platform {
        name
      }
    }
    ... on Dashboard {
      properties {
        name
        description
      }
      platform {
        name
      }
    }
    ... on DataFlow {
      properties {
        name
        description
      }
      platform {
        name
      }
    }
    ... on DataJob {
      properties {
        name
        description
      }
    }
    ... on GenericEntity {
      name
    }
  }
`;

/** A GraphQL object as the pages read it: fields looked up by name, every one possibly missing. */
export type Node = { readonly [field: string]: unknown };

export interface Label {
  readonly urn: string;
  readonly type: string;
  readonly name: string;
  readonly platform: string | undefined;
  readonly description: string;
}

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

function nonBlank(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The display name, platform and description of an entity answered with the Label fragment. */
export function labelOf(entity: Node): Label {
  const properties = node(entity['properties']);
  const editable = node(entity['editableProperties']);
  const urn = str(entity['urn']) ?? '';
  const name =
    str(properties?.['displayName']) ??
    str(properties?.['name']) ??
    str(entity['name']) ??
    str(entity['username']) ??
    str(entity['hierarchicalName']) ??
    urn;
  const namespace = str(entity['featureNamespace']);
  return {
    urn,
    type: str(entity['type']) ?? 'OTHER',
    name: namespace === undefined ? name : `${namespace}.${name}`,
    platform: str(node(entity['platform'])?.['name']),
    // DataHub shows a description edited in its UI (the editable aspect) over the properties' one, and falls back
    // to the properties' when the edit is blank; every page shows what DataHub shows.
    description:
      nonBlank(editable?.['description']) ??
      str(properties?.['description']) ??
      str(entity['description']) ??
      '',
  };
}

/** "MLFEATURE_TABLE" → "ML feature table", as a person reads it. */
export function typeName(type: string): string {
  const names: Readonly<Record<string, string>> = {
    DATASET: 'Dataset',
    MLFEATURE: 'ML feature',
    MLFEATURE_TABLE: 'ML feature table',
    MLPRIMARY_KEY: 'ML primary key',
    MLMODEL: 'ML model',
    MLMODEL_GROUP: 'ML model group',
    GLOSSARY_TERM: 'Glossary term',
    GLOSSARY_NODE: 'Glossary node',
    TAG: 'Tag',
    CORP_USER: 'User',
    CORP_GROUP: 'Group',
    DATA_PLATFORM: 'Platform',
    CONTAINER: 'Container',
    DOMAIN: 'Domain',
    DATA_PRODUCT: 'Data product',
    CHART: 'Chart',
    DASHBOARD: 'Dashboard',
    DATA_FLOW: 'Pipeline',
    DATA_JOB: 'Task',
  };
  return names[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');
}
