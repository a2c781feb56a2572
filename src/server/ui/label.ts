/**
 * How the pages name an entity: the fields of its GraphQL type that name, place and describe it (one fragment that
 * every page query shares), read into a Label, and its EntityType as a person reads it.
 */
import { node, str, type Node } from './catalog-reader.js';

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
    ... on StructuredPropertyEntity {
      definition {
        displayName
        qualifiedName
        description
      }
    }
    ... on Form {
      info {
        name
        description
      }
    }
    ... on GenericEntity {
      name
    }
  }
`;

export interface Label {
  readonly urn: string;
  readonly type: string;
  readonly name: string;
  readonly platform: string | undefined;
  readonly description: string;
}

function nonBlank(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The display name, platform and description of an entity answered with the Label fragment. */
export function labelOf(entity: Node): Label {
  // A structured property is named by its definition, a form by its info.
  const properties = node(entity['properties']) ?? node(entity['definition']) ?? node(entity['info']);
  const editable = node(entity['editableProperties']);
  const urn = str(entity['urn']) ?? '';
  const name =
    str(properties?.['displayName']) ??
    str(properties?.['qualifiedName']) ??
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
    STRUCTURED_PROPERTY: 'Structured property',
    FORM: 'Form',
  };
  return names[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');
}
