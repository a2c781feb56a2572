/**
 * The timeline roots: getTimeline, getSchemaVersionList, getSchemaBlame and versionedDataset, after DataHub
 * v1.7.0's GetTimelineResolver, GetSchemaVersionListResolver, GetSchemaBlameResolver (resolvers/timeline/) and
 * their mappers. The transactions are computed from the stored aspect versions (../timeline/).
 */
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import { buildTimeline, parseVersionStamp } from '../timeline/build-timeline.js';
import { CHANGE_CATEGORIES, type ChangeCategory, type ChangeTransaction } from '../timeline/change-event.js';
import { schemaBlame, schemaVersionList } from '../timeline/schema-versions.js';
import { supportsTimeline } from '../timeline/timeline-registry.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';
import { DataHubGraphQLError } from './term-mutations.js';
import { versionedDatasetView } from './views/versioned-dataset-view.js';

/** TimelineService.DEFAULT_MAX_CHANGE_TRANSACTIONS: a timeline keeps its newest 100 transactions. */
const MAX_CHANGE_TRANSACTIONS = 100;
/** GetTimelineResolver.MAX_VERSION_WALK: the versions of a set read for includeVersionSet. */
const MAX_VERSION_WALK = 50;

interface GetTimelineInput {
  readonly urn: string;
  readonly changeCategories?: readonly ChangeCategory[] | null;
  readonly includeVersionSet?: boolean | null;
}

/** The transactions of one entity, or undefined where GMS's TimelineService throws (an unsupported type). */
export function timelineOf(
  service: CatalogService,
  urn: string,
  categories: ReadonlySet<ChangeCategory>,
): ChangeTransaction[] | undefined {
  const raw = parseRawUrn(urn);
  if (!raw.ok || !supportsTimeline(raw.value.entityType)) return undefined;
  return buildTimeline(urn, raw.value.entityType, service.history(urn), categories);
}

function newest(transactions: ChangeTransaction[]): ChangeTransaction[] {
  return transactions.length > MAX_CHANGE_TRANSACTIONS
    ? transactions.slice(-MAX_CHANGE_TRANSACTIONS)
    : transactions;
}

/** ChangeTransactionMapper and ChangeEventMapper. */
function transactionView(transaction: ChangeTransaction) {
  return {
    lastSemanticVersion: transaction.semVer,
    timestampMillis: transaction.timestamp,
    versionStamp: 'none',
    changeType: 'MODIFY',
    actor: transaction.actor,
    changes: transaction.changeEvents.map((event) => ({
      urn: event.entityUrn,
      category: event.category,
      operation: event.operation,
      modifier: event.modifier,
      parameters: event.parameters?.map(([key, value]) => ({ key, value })) ?? null,
      // The timeline's generators are given no audit stamp.
      auditStamp: null,
      description: event.description,
    })),
  };
}

export const timelineRoots: RootResolverBuilder = ({ service, views, search, actor }) => {
  /** The versions of the entity's version set (itself among them), and how many the walk left out. */
  const versionSetUrns = (urn: string, entityType: string): { urns: string[]; truncated: number } => {
    const versionSet = service.latest(urn, 'versionProperties')?.['versionSet'];
    if (typeof versionSet !== 'string') return { urns: [urn], truncated: 0 };
    const found = service.search({
      query: '*',
      entityTypes: [entityType],
      filters: [[{ field: 'versionSet', values: [versionSet], condition: 'EQUAL', negated: false }]],
      includeRemoved: false,
      start: 0,
      count: MAX_VERSION_WALK,
      facetFields: [],
      maxFacetValues: 0,
    });
    if (found.hits.length === 0) return { urns: [urn], truncated: 0 };
    const urns = found.hits.map((hit) => hit.urn);
    if (!urns.includes(urn)) urns.push(urn);
    return { urns, truncated: Math.max(0, found.total - urns.length) };
  };

  const getTimeline = (input: GetTimelineInput) => {
    const raw = parseRawUrn(input.urn);
    if (!raw.ok) throw new DataHubGraphQLError(400, `Failed to convert urn string ${input.urn} into Urn`);
    const categories = new Set<ChangeCategory>(input.changeCategories ?? CHANGE_CATEGORIES);
    let transactions: ChangeTransaction[];
    let skippedVersionCount = 0;
    if (input.includeVersionSet === true) {
      // getTimelineForUrns: each version's timeline, merged oldest first (by time, then actor); a version whose
      // timeline fails is counted as skipped.
      const { urns, truncated } = versionSetUrns(input.urn, raw.value.entityType);
      transactions = [];
      for (const urn of urns) {
        const timeline = timelineOf(service, urn, categories);
        if (timeline === undefined) skippedVersionCount += 1;
        else transactions.push(...newest(timeline));
      }
      transactions.sort(
        (a, b) => a.timestamp - b.timestamp || (a.actor < b.actor ? -1 : a.actor > b.actor ? 1 : 0),
      );
      skippedVersionCount += truncated;
    } else {
      const timeline = timelineOf(service, input.urn, categories);
      // GetTimelineResolver answers null when the timeline service fails (an entity type it has no registry for).
      if (timeline === undefined) return null;
      transactions = newest(timeline);
    }
    return {
      changeTransactions: transactions
        .map(transactionView)
        .filter((transaction) => transaction.changes.length > 0),
      skippedVersionCount,
    };
  };

  const schemaTimeline = (datasetUrn: string): ChangeTransaction[] | undefined => {
    if (!parseRawUrn(datasetUrn).ok) {
      throw new DataHubGraphQLError(400, `Failed to convert urn string ${datasetUrn} into Urn`);
    }
    return timelineOf(service, datasetUrn, new Set<ChangeCategory>(['TECHNICAL_SCHEMA']));
  };

  return {
    getTimeline: (args: { input: GetTimelineInput }) => guard(() => getTimeline(args.input)),
    getSchemaVersionList: (args: { input: { datasetUrn: string } }) =>
      guard(() => {
        const timeline = schemaTimeline(args.input.datasetUrn);
        return timeline === undefined ? null : schemaVersionList(timeline);
      }),
    getSchemaBlame: (args: { input: { datasetUrn: string; version?: string | null } }) =>
      guard(() => {
        const timeline = schemaTimeline(args.input.datasetUrn);
        return timeline === undefined ? null : schemaBlame(timeline, args.input.version ?? null);
      }),
    versionedDataset: (args: { urn: string; versionStamp?: string | null }) =>
      guard(() => {
        const raw = parseRawUrn(args.urn);
        if (!raw.ok || raw.value.entityType !== 'dataset' || !service.exists(args.urn)) return null;
        const versions = parseVersionStamp(args.versionStamp);
        if (typeof versions === 'string') throw new DataHubGraphQLError(400, versions);
        const context = { service, viewOf: views.view, childSearch: search.childSearch.bind(search), actor };
        return versionedDatasetView(args.urn, versions, context);
      }),
  };
};
