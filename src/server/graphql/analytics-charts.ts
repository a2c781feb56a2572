/**
 * The analytics page's metadata charts, as DataHub v1.7.0 computes them from its entity index
 * (datahub-graphql-core analytics/resolver: GetChartsResolver.getGlobalMetadataAnalyticsCharts,
 * GetMetadataAnalyticsResolver; analytics/service: AnalyticsService.getBarChart, AnalyticsUtil's display names).
 * Counts are over the entities that are not soft-deleted, the ten largest values of a field first (Elasticsearch's
 * default terms size). DataHub's "Usage Analytics" group (active users, searches, views, tab views) aggregates the
 * usage events its web app sends to Elasticsearch; the catalog keeps no usage events, so that group is not answered.
 */
import { entityTypeOfGraphqlType } from '../../datahub/entity-types.js';
import type { JsonObject } from '../../model/json.js';
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import type { FacetCriterion } from '../store/entity-index.js';
import { bootstrappedAspect } from './views/bootstrapped.js';

interface BarSegmentView {
  readonly label: string;
  readonly value: number;
}

interface NamedBarView {
  readonly name: string;
  readonly segments: readonly BarSegmentView[];
}

export interface BarChartView {
  readonly __typename: 'BarChart';
  readonly title: string;
  readonly bars: readonly NamedBarView[];
}

export interface AnalyticsChartGroupView {
  readonly groupId: string;
  readonly title: string;
  readonly charts: readonly BarChartView[];
}

/** MetadataAnalyticsInput. */
export interface MetadataAnalyticsInput {
  readonly entityType?: string | null;
  readonly domain?: string | null;
  readonly query?: string | null;
}

/** Elasticsearch's default number of buckets of a terms aggregation. */
const TOP_VALUES = 10;

type NameOf = (urn: string) => string;

export class AnalyticsCharts {
  constructor(private readonly service: CatalogService) {}

  /** GetChartsResolver: the "Data Landscape Summary" group (GlobalMetadataAnalytics). */
  chartGroups(): AnalyticsChartGroupView[] {
    const charts: BarChartView[] = [];
    const domains = this.counts('domains', []).map(({ value, count }) => ({
      name: this.domainName(value),
      // The second dimension: the platforms of the domain's entities, each by its display name.
      segments: this.counts('platform', [criterion('domains', value)]).map((platform) => ({
        label: this.platformName(platform.value),
        value: platform.count,
      })),
      count,
    }));
    if (domains.length > 0)
      charts.push(
        barChart(
          'Entities By Domain',
          domains.map(({ name, segments }) => ({ name, segments })),
        ),
      );
    // Query entities are left out: they would inflate the numbers per platform.
    const platforms = this.bars('platform', [criterion('_entityType', 'QUERY', true)], this.platformName);
    if (platforms.length > 0) charts.push(barChart('Assets By Platform', platforms));
    const terms = this.bars('glossaryTerms', [], this.termName);
    if (terms.length > 0) charts.push(barChart('Entities With Term', terms));
    const environments = this.bars('origin', [], (value) => value);
    if (environments.length > 1) charts.push(barChart('Entities By Environment', environments));
    return [{ groupId: 'GlobalMetadataAnalytics', title: 'Data Landscape Summary', charts }];
  }

  /** GetMetadataAnalyticsResolver: the charts of one domain (or all), entity type and query. */
  metadataChartGroups(input: MetadataAnalyticsInput): AnalyticsChartGroupView[] {
    const domain = input.domain ?? '';
    const filter = domain !== '' && domain !== 'ALL' ? [criterion('domains', domain)] : [];
    const entityType = input.entityType ?? null;
    const search = {
      query: input.query !== undefined && input.query !== null && input.query !== '' ? input.query : '*',
      entityTypes: entityType === null ? [] : [registryName(entityType)],
    };
    const charts: BarChartView[] = [];
    // A field without values has no aggregation in the answer (AggregationQueryBuilder.processTermAggregations),
    // hence no chart; the domain chart only when no domain is given at all (the app sends "ALL").
    const add = (title: string, bars: readonly NamedBarView[], least = 1) => {
      if (bars.length >= least) charts.push(barChart(title, bars));
    };
    if (domain === '') add('Data Assets by Domain', this.bars('domains', filter, this.domainName, search));
    add('Data Assets by Platform', this.bars('platform', filter, this.platformName, search));
    add('Data Assets by Term', this.bars('glossaryTerms', filter, this.termName, search));
    add(
      'Data Assets by Environment',
      this.bars('origin', filter, (value) => value, search),
      2,
    );
    return [{ groupId: 'FilteredMetadataAnalytics', title: '', charts }];
  }

  /** A one-dimension bar chart: each value a bar of one segment, "Count". */
  private bars(
    field: string,
    filter: readonly FacetCriterion[],
    nameOf: NameOf,
    search: { readonly query: string; readonly entityTypes: readonly string[] } = ALL,
  ): NamedBarView[] {
    return this.counts(field, filter, search).map(({ value, count }) => ({
      name: nameOf(value),
      segments: [{ label: 'Count', value: count }],
    }));
  }

  private counts(
    field: string,
    filter: readonly FacetCriterion[],
    search: { readonly query: string; readonly entityTypes: readonly string[] } = ALL,
  ): readonly { readonly value: string; readonly count: number }[] {
    const response = this.service.search({
      query: search.query,
      entityTypes: search.entityTypes,
      filters: filter.length === 0 ? [] : [[...filter]],
      includeRemoved: false,
      start: 0,
      count: 0,
      facetFields: [field],
      maxFacetValues: TOP_VALUES,
    });
    return response.facets.find((facet) => facet.field === field)?.values ?? [];
  }

  /** AnalyticsUtil.getDomainName: the domain's name; its URN when it has no properties. */
  private readonly domainName: NameOf = (urn) => text(this.latest(urn, 'domainProperties')?.['name']) ?? urn;

  /** AnalyticsUtil.getPlatformName: displayName, else name, else the URN's id; the URN when it is not a platform. */
  private readonly platformName: NameOf = (urn) => {
    const raw = parseRawUrn(urn);
    if (!raw.ok || raw.value.entityType !== 'dataPlatform') return urn;
    const info = this.latest(urn, 'dataPlatformInfo');
    return text(info?.['displayName']) ?? text(info?.['name']) ?? raw.value.parts[0] ?? urn;
  };

  /** AnalyticsUtil.getTermName: glossaryTermInfo.name, else the key's name. */
  private readonly termName: NameOf = (urn) => {
    const named = text(this.latest(urn, 'glossaryTermInfo')?.['name']);
    if (named !== null) return named;
    const raw = parseRawUrn(urn);
    return raw.ok && raw.value.entityType === 'glossaryTerm' ? (raw.value.parts[0] ?? urn) : urn;
  };

  private latest(urn: string, aspect: string): JsonObject | undefined {
    return this.service.latest(urn, aspect) ?? bootstrappedAspect(urn, aspect);
  }
}

const ALL = { query: '*', entityTypes: [] } as const;

function barChart(title: string, bars: readonly NamedBarView[]): BarChartView {
  return { __typename: 'BarChart', title, bars };
}

function criterion(field: string, value: string, negated = false): FacetCriterion {
  return { field, values: [value], negated, condition: 'EQUAL' };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function registryName(entityType: string): string {
  return entityTypeOfGraphqlType(entityType) ?? entityType;
}
