/**
 * DataHub's web-app GraphQL documents at the reference release (test/fixtures/datahub-web-react, vendored by
 * scripts/vendor-datahub-graphql.mjs): each operation as a document of its own, with the fragments it uses from
 * any file, as the app's code generator assembles them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  Kind,
  parse,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';

const DIR = 'test/fixtures/datahub-web-react';

export interface WebAppOperation {
  readonly file: string;
  readonly name: string;
  readonly operation: OperationDefinitionNode;
  readonly document: DocumentNode;
}

export function readWebAppOperations(): WebAppOperation[] {
  const files = readdirSync(DIR)
    .filter((name) => name.endsWith('.graphql'))
    .sort();
  const parsed = files.map((file) => ({ file, document: parse(readFileSync(path.join(DIR, file), 'utf8')) }));
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const { document } of parsed)
    for (const definition of document.definitions)
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const operations: WebAppOperation[] = [];
  for (const { file, document } of parsed) {
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      const used = fragmentsUsedBy(definition, fragments);
      operations.push({
        file,
        name: definition.name?.value ?? '(anonymous)',
        operation: definition,
        document: { kind: Kind.DOCUMENT, definitions: [definition, ...used] },
      });
    }
  }
  return operations;
}

function fragmentsUsedBy(
  root: DefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): FragmentDefinitionNode[] {
  const found = new Map<string, FragmentDefinitionNode>();
  const pending: DefinitionNode[] = [root];
  while (pending.length > 0) {
    const next = pending.pop() as DefinitionNode;
    visit(next, {
      FragmentSpread(node) {
        const fragment = fragments.get(node.name.value);
        if (fragment === undefined || found.has(node.name.value)) return;
        found.set(node.name.value, fragment);
        pending.push(fragment);
      },
    });
  }
  return [...found.values()].sort((a, b) => a.name.value.localeCompare(b.name.value));
}
