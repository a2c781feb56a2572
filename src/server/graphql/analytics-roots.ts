/**
 * The analytics page's roots: getAnalyticsCharts and getMetadataAnalyticsCharts, from the entity index
 * (analytics-charts.ts). DataHub answers an empty list when its analytics fail; a failure here is an error.
 */
import { AnalyticsCharts, type MetadataAnalyticsInput } from './analytics-charts.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';

export const analyticsRoots: RootResolverBuilder = ({ service }) => {
  const charts = new AnalyticsCharts(service);
  return {
    getAnalyticsCharts: () => guard(() => charts.chartGroups()),
    getMetadataAnalyticsCharts: (args: { input: MetadataAnalyticsInput }) =>
      guard(() => charts.metadataChartGroups(args.input)),
  };
};
