/**
 * What a fresh DataHub holds before anyone writes: GMS ingests its bootstrap MCPs at start-up (v1.7.0
 * metadata-service/configuration/src/main/resources/bootstrap_mcps/: root-user.yaml, data-platforms.yaml,
 * roles.yaml, page-modules.yaml, page-templates.yaml). The embedded catalog does not write them into the store (they would fill every listing of the catalog); its views
 * answer them where nothing was stored, so the root user and the data platforms read as DataHub's do.
 */
import { BOOTSTRAPPED_DATA_PLATFORMS } from '../../../datahub/generated/data-platforms.js';
import { ROOT_USER_ASPECTS, ROOT_USER_URN } from '../../../datahub/bootstrap-root-user.js';
import {
  BOOTSTRAP_PAGE_MODULES,
  BOOTSTRAP_PAGE_TEMPLATES,
} from '../../../datahub/bootstrap-page-templates.js';
import { SYSTEM_ACTOR } from '../../catalog/enveloped-aspects.js';
import type { JsonObject } from '../../../model/json.js';

/** root-user.yaml: the root user `datahub`, its info and editable info (the server also writes them at start). */
const ROOT_USER: Readonly<Record<string, JsonObject>> = ROOT_USER_ASPECTS;

/** roles.yaml: the three roles, each's dataHubRoleInfo. */
export const BOOTSTRAPPED_ROLES: Readonly<Record<string, JsonObject>> = {
  'urn:li:dataHubRole:Admin': {
    name: 'Admin',
    description: 'Can do everything on the platform.',
    editable: false,
  },
  'urn:li:dataHubRole:Editor': {
    name: 'Editor',
    description: 'Can read and edit all metadata. Cannot take administrative actions.',
    editable: false,
  },
  'urn:li:dataHubRole:Reader': {
    name: 'Reader',
    description: 'Can read all metadata. Cannot edit anything by default, or take administrative actions.',
    editable: false,
  },
};

/**
 * BootstrapMCPUtil's `{{&auditStamp}}` (AuditStampUtils.createDefaultAuditStamp): the system actor at the time GMS
 * bootstrapped, which for the embedded catalog is when the server started.
 */
const BOOTSTRAP_STAMP: JsonObject = { time: Date.now(), actor: SYSTEM_ACTOR };

function stamped(aspects: Readonly<Record<string, JsonObject>>): Readonly<Record<string, JsonObject>> {
  return Object.fromEntries(
    Object.entries(aspects).map(([urn, aspect]) => [
      urn,
      { ...aspect, created: BOOTSTRAP_STAMP, lastModified: BOOTSTRAP_STAMP },
    ]),
  );
}

/** page-templates.yaml and page-modules.yaml: each's properties aspect, stamped. */
const PAGE_TEMPLATES = stamped(BOOTSTRAP_PAGE_TEMPLATES);
const PAGE_MODULES = stamped(BOOTSTRAP_PAGE_MODULES);

/** The aspect GMS bootstraps for an entity, undefined when it bootstraps none. */
export function bootstrappedAspect(urn: string, aspect: string): JsonObject | undefined {
  if (urn === ROOT_USER_URN) return ROOT_USER[aspect];
  if (aspect === 'dataPlatformInfo') return BOOTSTRAPPED_DATA_PLATFORMS[urn];
  if (aspect === 'dataHubRoleInfo') return BOOTSTRAPPED_ROLES[urn];
  if (aspect === 'dataHubPageTemplateProperties') return PAGE_TEMPLATES[urn];
  if (aspect === 'dataHubPageModuleProperties') return PAGE_MODULES[urn];
  return undefined;
}

/** Whether GMS bootstraps the entity: it exists in a fresh DataHub. */
export function isBootstrapped(urn: string): boolean {
  return (
    urn === ROOT_USER_URN ||
    BOOTSTRAPPED_DATA_PLATFORMS[urn] !== undefined ||
    BOOTSTRAPPED_ROLES[urn] !== undefined ||
    PAGE_TEMPLATES[urn] !== undefined ||
    PAGE_MODULES[urn] !== undefined
  );
}
