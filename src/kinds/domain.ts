/** Domain (urn:li:domain:<id>): a business area that groups assets; DataHub's domain entity has no globalTags. */
import type { ManagedKind } from './kind.js';
import type { Associations } from './values.js';

export interface DomainManifest extends Omit<Associations, 'tags'> {
  readonly kind: 'Domain';
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  /** Another Domain (domainProperties.parentDomain): its id or URN. */
  readonly parent?: string;
}

export const domainKind: ManagedKind<DomainManifest, 'domain', 'domainProperties'> = {
  kind: 'Domain',
  schemaFile: 'domain.schema.json',
  declares: true,
  entity: {
    entityType: 'domain',
    ownedAspect: 'domainProperties',
    ownedFields: ['name', 'description', 'parentDomain'],
    declarableAspects: ['deprecation'],
    accepts: ['owners', 'links', 'deprecated'],
  },
};
