/** DataHubRole as DataHubRoleMapper maps it: name and description from dataHubRoleInfo (roles.yaml bootstraps them). */
import { commonView, latestOf, type ViewContext } from './entity-base.js';
import type { CommonEntityView } from './view-types.js';

export interface DataHubRoleView extends CommonEntityView {
  readonly name: () => string;
  readonly description: () => string;
}

export function dataHubRoleView(urn: string, context: ViewContext): DataHubRoleView {
  const info = () => latestOf(urn, context)('dataHubRoleInfo');
  const text = (field: string) => {
    const value = info()?.[field];
    return typeof value === 'string' ? value : '';
  };
  return { ...commonView(urn, 'dataHubRole', context), name: () => text('name'), description: () => text('description') }; // prettier-ignore
}
