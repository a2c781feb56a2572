/**
 * The root fields of saved views (saved-views.ts) and of the default views: the global default
 * (GlobalViewsSettingsResolver, UpdateGlobalViewsSettingsResolver: the `globalSettingsInfo` aspect's
 * views.defaultView, changed with MANAGE_GLOBAL_VIEWS) and the signed-in user's own
 * (UpdateCorpUserViewsSettingsResolver: corpUserSettings.views.defaultView), as DataHub v1.7.0 answers them.
 */
import type { JsonObject } from '../../model/json.js';
import { parseRawUrn } from '../../model/urn.js';
import { MutationWriter, serverError } from './mutation-writes.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import {
  GLOBAL_SETTINGS,
  GLOBAL_SETTINGS_INFO,
  SavedViews,
  readGlobalSettings,
  type CreateViewInput,
  type ListViewsInput,
  type UpdateViewInput,
  type ViewPage,
} from './saved-views.js';
import { DataHubGraphQLError } from './term-mutations.js';
import { object, text } from './views/json-readers.js';
import type { EntityView, ViewOf } from './views/view-types.js';

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';

/** UrnUtils.getUrn: a default view that is not a URN is refused (a RuntimeException: 500). */
function checkedDefaultView(input: DefaultViewInput): string | null {
  const urn = input.defaultView ?? null;
  if (urn !== null && !parseRawUrn(urn).ok)
    throw serverError(`Failed to retrieve entity with urn ${urn}, invalid urn`);
  return urn;
}

interface DefaultViewInput {
  readonly defaultView?: string | null;
}

export const savedViewRoots: RootResolverBuilder = ({ service, views, actor }) => {
  const writer = new MutationWriter(service, actor);
  const saved = new SavedViews(writer);
  const page = (result: ViewPage) => listViewsResult(result, views.view);
  return {
    // DataHubViewType.batchLoad: null for a view that does not exist.
    view: (args: { urn: string }) => guard(() => views.entity(args.urn, 'dataHubView')),
    listMyViews: (args: { input: ListViewsInput }) => guard(() => page(saved.listMyViews(args.input))),
    listGlobalViews: (args: { input: ListViewsInput }) =>
      guard(() => page(saved.listGlobalViews(args.input))),
    // The resolvers answer the view as written (CreateViewResolver from its input, UpdateViewResolver re-read).
    createView: (args: { input: CreateViewInput }) => guard(() => views.view(saved.createView(args.input))),
    updateView: (args: { urn: string; input: UpdateViewInput }) =>
      guard(() => views.view(saved.updateView(args.urn, args.input))),
    deleteView: (args: { urn: string }) => guard(() => saved.deleteView(args.urn)),
    globalViewsSettings: () =>
      guard(() => {
        const settings = object(readGlobalSettings(service)['views']);
        return { defaultView: text(settings?.['defaultView']) };
      }),
    /** A read-modify-write of the global settings: views.defaultView set, or removed when null. */
    updateGlobalViewsSettings: (args: { input: DefaultViewInput }) =>
      guard(() => {
        if (!saved.canManageGlobalViews()) throw new DataHubGraphQLError(403, UNAUTHORIZED);
        const settings = readGlobalSettings(service);
        writer.persistAspect(GLOBAL_SETTINGS, GLOBAL_SETTINGS_INFO, {
          ...settings,
          views: withDefaultView(object(settings['views']), checkedDefaultView(args.input)),
        });
        return true;
      }),
    /** The user's own settings; a user without any starts from the appearance DataHub writes by default. */
    updateCorpUserViewsSettings: (args: { input: DefaultViewInput }) =>
      guard(() => {
        const settings: JsonObject = service.latest(actor, 'corpUserSettings') ?? {
          appearance: { showSimplifiedHomepage: false },
        };
        writer.persistAspect(actor, 'corpUserSettings', {
          ...settings,
          views: withDefaultView(object(settings['views']), checkedDefaultView(args.input)),
        });
        return true;
      }),
  };
};

/** ListViewsResult: the page's views resolved (the resolvers hand out URNs the entity loader fills). */
function listViewsResult(result: ViewPage, viewOf: ViewOf): Record<string, unknown> {
  const list: EntityView[] = result.urns.map(viewOf);
  return { start: result.start, count: result.count, total: result.total, views: list };
}

/** setDefaultView(urn, SetMode.REMOVE_IF_NULL). */
function withDefaultView(views: JsonObject | undefined, defaultView: string | null): JsonObject {
  const { defaultView: _previous, ...rest } = views ?? {};
  return defaultView === null ? rest : { ...rest, defaultView };
}
