/**
 * The ownership types of DataHub's OwnershipType enum (metadata-models Owner.pdl / OwnershipType.pdl, v1.7.0) but
 * CUSTOM, which only stands beside a `typeUrn` naming a custom type: the types an owner line may name by symbol.
 * One list for the kinds' owner lines and the importers of DataHub's YAML formats.
 */
export const OWNERSHIP_TYPE_SYMBOLS: readonly string[] = [
  'TECHNICAL_OWNER',
  'BUSINESS_OWNER',
  'DATA_STEWARD',
  'NONE',
  'DEVELOPER',
  'DATAOWNER',
  'DELEGATE',
  'PRODUCER',
  'CONSUMER',
  'STAKEHOLDER',
];
