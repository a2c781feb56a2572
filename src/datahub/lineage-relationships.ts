/**
 * The relationships DataHub's entity registry marks `isLineage`, by which end of each is downstream: the source of
 * DownstreamOf, Consumes, DerivedFrom and TrainedBy is downstream of their destination (a dataset of its upstream, a
 * model of the features it consumes, a feature of the dataset it is derived from, a model of its training job), and
 * the destination of Produces is downstream of its source (a job produces a dataset). DataHub's lineage (the
 * `lineage` field, lineage search) walks these and no others.
 */
export const LINEAGE_SOURCE_IS_DOWNSTREAM = ['DownstreamOf', 'Consumes', 'DerivedFrom', 'TrainedBy'] as const;
export const LINEAGE_DESTINATION_IS_DOWNSTREAM = ['Produces'] as const;
