/**
 * What datahub-frontend answers at `/config` and `/mfe/config` with its defaults (v1.7.0 datahub-frontend:
 * Application.appConfig over conf/application.conf, MfeConfigController over conf/mfe.config.local.yaml).
 *
 * One `/config` serves two clients here: DataHub's web app reads the frontend's `{status, config}`, and API
 * clients (this tool, DataHub's Python client) read GMS's fields from the same address. The frontend's answer is
 * therefore laid over GMS's, so both keep working: GMS's keys (noCode, versions, …) and the frontend's never clash.
 */
import { DATAHUB_VERSION } from '../../datahub/release.js';

/** Hours the actor cookie lives (auth.session.ttlInHours). */
export const ACTOR_COOKIE_HOURS = 24;

/** Application.appConfig with every application.conf value at its default; appVersion is the release served. */
export function frontendAppConfig(basePath: string): Record<string, unknown> {
  return {
    application: 'datahub-frontend',
    appVersion: DATAHUB_VERSION,
    isInternal: false,
    shouldShowDatasetLineage: true,
    suggestionConfidenceThreshold: 50,
    wikiLinks: {
      appHelp: 'https://github.com/datahub-project/datahub',
      gdprPii: '',
      tmsSchema: '',
      gdprTaxonomy: '',
      staleSearchIndex: '',
      dht: '',
      purgePolicies: '',
      jitAcl: '',
      metadataCustomRegex: '',
      exportPolicy: '',
      metadataHealth: '',
      purgeKey: '',
      datasetDecommission: '',
    },
    tracking: { trackers: { piwik: { piwikSiteId: 0, piwikUrl: '' } } },
    isStagingBanner: false,
    isLiveDataWarning: false,
    showChangeManagement: false,
    showPeople: true,
    changeManagementLink: '',
    isStaleSearch: true,
    showAdvancedSearch: true,
    useNewBrowseDataset: true,
    showLineageGraph: true,
    showInstitutionalMemory: true,
    userEntityProps: { aviUrlPrimary: '', aviUrlFallback: '' },
    basePath,
  };
}

/** GMS's `/config` with the frontend's `{status, config}` laid over it. */
export function mergedConfig(gmsConfig: unknown, basePath: string): Record<string, unknown> {
  const gms = typeof gmsConfig === 'object' && gmsConfig !== null ? gmsConfig : {};
  return { ...gms, status: 'ok', config: frontendAppConfig(basePath) };
}

/** The micro-frontend configuration of a deployment that has none (conf/mfe.config.local.yaml). */
export const MFE_CONFIG_YAML = 'subNavigationMode: false\nmicroFrontends: []\n';
