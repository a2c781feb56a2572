/**
 * The relationships DataHub's entity registry marks `isLineage`, by which end of each is downstream: the source of
 * DownstreamOf, Consumes, DerivedFrom and TrainedBy is downstream of their destination (a dataset of its upstream, a
 * model of the features it consumes, a feature of the dataset it is derived from, a model of its training job), and
 * so is a dashboard of the charts and dashboards it contains (DashboardInfo's Contains, DashboardContainsDashboard);
 * the destination of Produces, MemberOf and UsedBy is downstream of their source (a job produces a dataset, a model
 * group holds its models, a job uses a model: `isUpstream: false`). DataHub's lineage (the `lineage` field, lineage
 * search) walks these and no others.
 */
export const LINEAGE_SOURCE_IS_DOWNSTREAM = [
  'DownstreamOf',
  'Consumes',
  'DerivedFrom',
  'TrainedBy',
  'Contains',
  'DashboardContainsDashboard',
] as const;
export const LINEAGE_DESTINATION_IS_DOWNSTREAM = ['Produces', 'MemberOf', 'UsedBy'] as const;

/**
 * Relationships that are lineage only from some entities: `Contains` is lineage from a dashboard (DashboardInfo) and
 * a semantic model (SemanticModelInfo), not from a feature table (MLFeatureTableProperties has no `isLineage`).
 */
export const LINEAGE_ONLY_FROM: Readonly<Record<string, readonly string[]>> = {
  Contains: ['dashboard', 'semanticModel'],
};
