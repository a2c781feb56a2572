/**
 * Saved views (the `dataHubView` entity), after DataHub v1.7.0's DataHubViewMapper (types/view): the name, type,
 * description and definition of its `dataHubViewInfo` aspect.
 */
import { definitionView, type ViewDefinitionView } from '../saved-view-definition.js';
import { commonView, latestOf, type ViewContext } from './entity-base.js';
import { object, text } from './json-readers.js';
import type { CommonEntityView } from './view-types.js';

export interface DataHubViewView extends CommonEntityView {
  readonly viewType: () => string | null;
  readonly name: () => string | null;
  readonly description: () => string | null;
  readonly definition: () => ViewDefinitionView | null;
}

export function dataHubViewView(urn: string, context: ViewContext): DataHubViewView {
  const info = () => latestOf(urn, context)('dataHubViewInfo');
  return {
    ...commonView(urn, 'dataHubView', context),
    // DataHubView is not in the table of object types the search results use; the mapper names it itself.
    __typename: 'DataHubView',
    viewType: () => text(info()?.['type']),
    name: () => text(info()?.['name']),
    description: () => text(info()?.['description']),
    definition: () => {
      const aspect = info();
      return aspect === undefined ? null : definitionView(object(aspect['definition']));
    },
  };
}
