/**
 * Saved views (DataHub's Views: saved filters) as DataHub v1.7.0 manages them: datahub-graphql-core's
 * resolvers/view (CreateViewResolver, UpdateViewResolver, DeleteViewResolver, ListMyViewsResolver,
 * ListGlobalViewsResolver, ViewUtils) over metadata-service's ViewService. A view is a `dataHubView` entity whose
 * `dataHubViewInfo` aspect holds its name, description, type (PERSONAL or GLOBAL), definition and audit stamps.
 * Anyone may create a personal view; a global one needs MANAGE_GLOBAL_VIEWS. A personal view is changed or deleted
 * by its creator alone; a global one by its creator or with MANAGE_GLOBAL_VIEWS.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_HOME_PAGE_TEMPLATE_URN } from '../../datahub/bootstrap-page-templates.js';
import type { JsonObject } from '../../model/json.js';
import { hasPlatformPrivilege } from '../auth/privileges.js';
import type { CatalogService } from '../catalog-service.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { badRequest, type MutationWriter } from './mutation-writes.js';
import { storedDefinition, type ViewDefinitionInput } from './saved-view-definition.js';
import { DataHubGraphQLError } from './term-mutations.js';
import { number, object, text } from './views/json-readers.js';

export const VIEW_INFO = 'dataHubViewInfo';
/** Constants.GLOBAL_SETTINGS_URN and its aspect, which holds the global default view. */
export const GLOBAL_SETTINGS = 'urn:li:globalSettings:0';
export const GLOBAL_SETTINGS_INFO = 'globalSettingsInfo';
/**
 * The global settings of a fresh DataHub: GMS's system update merges boot/global_settings.json (v1.7.0
 * metadata-service/war/src/main/resources/boot) into the stored settings on every deploy, top-level keys, the
 * stored ones winning (IngestDefaultGlobalSettingsUpgradeStep). A read-modify-write starts from the same merge.
 */
const DEFAULT_GLOBAL_SETTINGS: JsonObject = {
  views: {},
  docPropagation: { enabled: true, columnPropagationEnabled: true },
  homePage: { defaultTemplate: DEFAULT_HOME_PAGE_TEMPLATE_URN },
};

/** The global settings as GMS holds them: the stored ones over DataHub's defaults. */
export function readGlobalSettings(service: CatalogService): JsonObject {
  return { ...DEFAULT_GLOBAL_SETTINGS, ...service.latest(GLOBAL_SETTINGS, GLOBAL_SETTINGS_INFO) };
}

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
/** ListMyViewsResolver and ListGlobalViewsResolver's defaults; SearchServiceConfiguration's page limit. */
const DEFAULT_COUNT = 20;
const MAX_COUNT = 10_000;

export type ViewType = 'PERSONAL' | 'GLOBAL';

export interface CreateViewInput {
  readonly viewType: ViewType;
  readonly name: string;
  readonly description?: string | null;
  readonly definition: ViewDefinitionInput;
}

export interface UpdateViewInput {
  readonly name?: string | null;
  readonly description?: string | null;
  readonly definition?: ViewDefinitionInput | null;
}

export interface ListViewsInput {
  readonly start?: number | null;
  readonly count?: number | null;
  readonly query?: string | null;
  readonly viewType?: ViewType | null;
}

/** A page of view URNs, newest first (ListViewsResult before its views are resolved). */
export interface ViewPage {
  readonly start: number;
  readonly count: number;
  readonly total: number;
  readonly urns: readonly string[];
}

export class SavedViews {
  constructor(private readonly writer: MutationWriter) {}

  private get service(): CatalogService {
    return this.writer.service;
  }

  /** AuthorizationUtils.canManageGlobalViews: the MANAGE_GLOBAL_VIEWS platform privilege. */
  canManageGlobalViews(): boolean {
    return hasPlatformPrivilege(this.service, this.writer.actor, 'MANAGE_GLOBAL_VIEWS');
  }

  /** CreateViewResolver → ViewService.createView: a new id, created and last modified by the signed-in user now. */
  createView(input: CreateViewInput): string {
    // ViewUtils.canCreateView: a personal view, or a global one with the privilege.
    if (input.viewType === 'GLOBAL' && !this.canManageGlobalViews())
      throw new DataHubGraphQLError(403, UNAUTHORIZED);
    const urn = `urn:li:dataHubView:${randomUUID()}`;
    const stamp = this.writer.stamp();
    const description = input.description;
    const info: JsonObject = {
      type: input.viewType,
      name: input.name,
      ...(description === undefined || description === null ? {} : { description }),
      definition: storedDefinition(input.definition),
      created: stamp,
      lastModified: stamp,
    };
    this.writer.persistAspect(urn, VIEW_INFO, info);
    return urn;
  }

  /** UpdateViewResolver → ViewService.updateView: the fields given replace the stored ones. */
  updateView(urn: string, input: UpdateViewInput): string {
    const info = this.authorizedInfo(urn);
    const { name, description, definition } = input;
    this.writer.persistAspect(urn, VIEW_INFO, {
      ...info,
      ...(name === undefined || name === null ? {} : { name }),
      ...(description === undefined || description === null ? {} : { description }),
      ...(definition === undefined || definition === null ? {} : { definition: storedDefinition(definition) }), // prettier-ignore
      lastModified: this.writer.stamp(),
    });
    return urn;
  }

  /** DeleteViewResolver → ViewService.deleteView: a hard delete, and the references to the view go with it. */
  deleteView(urn: string): boolean {
    this.authorizedInfo(urn);
    deleteEntityAndReferences(this.writer, urn, `Failed to perform delete against View with urn ${urn}`);
    // DeleteEntityService.deleteReferencesTo also follows the global settings' `viewedWith` edge to the view (the
    // catalog keeps the global settings out of its index, edges included): the global default goes with it.
    const settings = readGlobalSettings(this.service);
    const views = object(settings['views']);
    if (views?.['defaultView'] === urn) {
      const { defaultView: _deleted, ...rest } = views;
      this.writer.persistAspect(GLOBAL_SETTINGS, GLOBAL_SETTINGS_INFO, { ...settings, views: rest });
    }
    return true;
  }

  /** ListMyViewsResolver: the views the signed-in user created, of one type when asked. */
  listMyViews(input: ListViewsInput): ViewPage {
    const type = input.viewType ?? null;
    return this.list(input, (info) => createdBy(info) === this.writer.actor && (type === null || info['type'] === type)); // prettier-ignore
  }

  /** ListGlobalViewsResolver: every global view, whoever created it. */
  listGlobalViews(input: ListViewsInput): ViewPage {
    return this.list(input, (info) => info['type'] === 'GLOBAL');
  }

  /**
   * The views matching, sorted by createdAt descending as the resolvers ask the index. The resolvers' query is a
   * full-text search of the name (TEXT_PARTIAL); here a name matches when it contains the query, case aside (the
   * empty query and `*` match all).
   */
  private list(input: ListViewsInput, keep: (info: JsonObject) => boolean): ViewPage {
    const start = Math.max(0, input.start ?? 0);
    const count = Math.min(Math.max(0, input.count ?? DEFAULT_COUNT), MAX_COUNT);
    const query = (input.query ?? '').trim().toLowerCase();
    const matching = this.service
      .listUrns('dataHubView', 0, Number.MAX_SAFE_INTEGER)
      .urns.flatMap((urn) => {
        const info = this.service.latest(urn, VIEW_INFO);
        return info === undefined || !keep(info) ? [] : [{ urn, info }];
      })
      .filter(
        ({ info }) =>
          query === '' || query === '*' || (text(info['name']) ?? '').toLowerCase().includes(query),
      )
      .sort((a, b) => createdAt(b.info) - createdAt(a.info) || a.urn.localeCompare(b.urn));
    return {
      start,
      count,
      total: matching.length,
      urns: matching.slice(start, start + count).map(({ urn }) => urn),
    };
  }

  /**
   * ViewUtils.canUpdateView: the view must exist (IllegalArgumentException: a 400); a global one
   * may be changed with MANAGE_GLOBAL_VIEWS, any one by its creator.
   */
  private authorizedInfo(urn: string): JsonObject {
    const info = this.service.latest(urn, VIEW_INFO);
    // DataHub's handler answers the IllegalArgumentException in the resolver's wrapping with its own message.
    if (info === undefined) throw badRequest(`Failed to modify View. View with urn ${urn} does not exist.`);
    if (info['type'] === 'GLOBAL' && this.canManageGlobalViews()) return info;
    if (createdBy(info) === this.writer.actor) return info;
    throw new DataHubGraphQLError(403, UNAUTHORIZED);
  }
}

function createdBy(info: JsonObject): string | null {
  return text(object(info['created'])?.['actor']);
}

function createdAt(info: JsonObject): number {
  return number(object(info['created'])?.['time']) ?? 0;
}
