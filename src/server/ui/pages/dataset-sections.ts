/**
 * The sections of a dataset's page: its columns (the schema's fields with the UI's edits over them, and edits of
 * columns the schema does not have, marked), the glossary terms on each column, and the features derived from it.
 */
import { appendTo } from '../../../model/group.js';
import { simplifyFieldPath } from '../../../model/field-path.js';
import { node, nodes, str, type Node } from '../catalog-reader.js';
import { type Label } from '../label.js';
import { externalUrl, html, type Html } from '../html.js';
import { related, termLabels, uniqueLabels } from './entity-relations.js';
import { entityLink, linkList, section } from './layout.js';
import { customProperties, facts } from './page-parts.js';

export function datasetSections(entity: Node): Html {
  const properties = node(entity['properties']) ?? {};
  const schema = node(entity['schemaMetadata']);
  const editable = nodes(node(entity['editableSchemaMetadata'])?.['editableSchemaFieldInfo']);
  const keys = new Set((Array.isArray(schema?.['primaryKeys']) ? schema['primaryKeys'] : []).map(String));
  const editsByPath = new Map<string, Node[]>();
  for (const entry of editable) {
    const path = simplifyFieldPath(str(entry['fieldPath']) ?? '');
    appendTo(editsByPath, path, entry);
  }
  const schemaPaths = new Set<string>();
  const rows = nodes(schema?.['fields']).map((field) => {
    const path = simplifyFieldPath(str(field['fieldPath']) ?? '');
    schemaPaths.add(path);
    const edits = editsByPath.get(path) ?? [];
    const description =
      edits.map((edit) => str(edit['description'])).find((text) => text !== undefined) ??
      str(field['description']);
    const terms = uniqueLabels([
      ...termLabels(field['glossaryTerms']),
      ...edits.flatMap((edit) => termLabels(edit['glossaryTerms'])),
    ]);
    return {
      path,
      type: str(field['nativeDataType']),
      description,
      terms,
      key: keys.has(str(field['fieldPath']) ?? ''),
    };
  });
  const orphans = [...editsByPath.entries()]
    .filter(([path]) => !schemaPaths.has(path))
    .map(([path, edits]) => ({
      path,
      type: undefined,
      description: edits.map((edit) => str(edit['description'])).find((text) => text !== undefined),
      terms: uniqueLabels(edits.flatMap((edit) => termLabels(edit['glossaryTerms']))),
      key: false,
    }));
  const all = [...rows, ...orphans];
  const url = externalUrl(str(properties['externalUrl']));
  return html` ${facts([['Qualified name', str(properties['qualifiedName'])]])}
  ${url === undefined ? '' : html`<p><a href="${url}" rel="noopener noreferrer">Open in the source system</a></p>`}
  ${section(
    'Columns',
    all.length === 0
      ? undefined
      : html`<div class="table-wrap">
          <table class="stack">
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
                <th scope="col">Glossary terms</th>
              </tr>
            </thead>
            <tbody>
              ${all.map(
                (row) =>
                  html`<tr>
                    <th scope="row">
                      <code>${row.path}</code>${row.key ? html` <span class="badge">key</span>` : ''}${
                        schemaPaths.has(row.path) || schema === undefined
                          ? ''
                          : html` <span class="badge warn">not in schema</span>`
                      }
                    </th>
                    <td data-label="Type">${row.type ?? ''}</td>
                    <td data-label="Description">${row.description ?? ''}</td>
                    <td data-label="Terms">${row.terms.length === 0 ? '' : termList(row.terms)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>`,
  )}
  ${section('Features derived from it', linkList(related(entity, 'features')))}
  ${section('Properties', customProperties(properties['customProperties']))}`;
}

function termList(terms: readonly Label[]): Html {
  return html`<ul class="inline-list">
    ${terms.map((term) => html`<li>${entityLink(term)}</li>`)}
  </ul>`;
}
