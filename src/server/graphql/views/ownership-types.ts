/**
 * The ownership types a fresh DataHub has: GMS writes them at start-up (v1.7.0
 * metadata-service/configuration/src/main/resources/bootstrap_mcps/ownership-types.yaml), and owners written with
 * only a legacy `type` (TECHNICAL_OWNER) point at them (OwnerMapper: urn:li:ownershipType:__system__<type>). The
 * embedded catalog does not write them, so their info is answered from here unless one was stored.
 */
export const SYSTEM_OWNERSHIP_TYPES: Readonly<Record<string, { name: string; description: string }>> = {
  'urn:li:ownershipType:__system__technical_owner': {
    name: 'Technical Owner',
    description: 'Involved in the production, maintenance, or distribution of the asset(s).',
  },
  'urn:li:ownershipType:__system__business_owner': {
    name: 'Business Owner',
    description: 'Principal stakeholders or domain experts associated with the asset(s).',
  },
  'urn:li:ownershipType:__system__data_steward': {
    name: 'Data Steward',
    description: 'Involved in governance of the asset(s).',
  },
  'urn:li:ownershipType:__system__none': { name: 'None', description: 'No ownership type specified.' },
};

/** OwnerMapper's ownership type of an owner: its typeUrn, else the system type of its legacy type. */
export function ownershipTypeUrn(typeUrn: string | null, type: string | null): string | null {
  if (typeUrn !== null) return typeUrn;
  return type === null ? null : `urn:li:ownershipType:__system__${type.toLowerCase()}`;
}
