/** The kinds `catalog export` writes, in the order it reads them (its own module: the CLI builds without loading commands). */
export const EXPORT_KINDS = [
  'Tag',
  'GlossaryNode',
  'GlossaryTerm',
  'MLFeature',
  'MLFeatureTable',
  'MLModelGroup',
  'MLModel',
  'DatasetTerms',
  'Domain',
  'DataProduct',
] as const;
