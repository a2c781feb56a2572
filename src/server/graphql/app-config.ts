/**
 * What DataHub's AppConfigResolver answers with GMS's defaults (v1.7.0 metadata-service/configuration
 * application.yaml, every `${ENV:default}` at its default): the embedded catalog has no configuration of its own
 * for the app, so it answers as a freshly installed DataHub does. Only `appVersion` is the release the catalog
 * implements, and the privilege lists come from DataHub's PoliciesConfig (src/datahub/generated/privileges.ts).
 */
import { DATAHUB_VERSION } from '../../datahub/release.js';
import { PLATFORM_PRIVILEGES, RESOURCE_PRIVILEGES } from '../../datahub/generated/privileges.js';
import { graphqlEntityType } from '../../datahub/entity-types.js';

/** application.yaml featureFlags, by the name AppConfigResolver gives each in FeatureFlagsConfig. */
const FEATURE_FLAGS: Readonly<Record<string, boolean>> = {
  showSearchFiltersV2: true,
  businessAttributeEntityEnabled: false,
  readOnlyModeEnabled: false,
  showBrowseV2: true,
  showAcrylInfo: false,
  erModelRelationshipFeatureEnabled: false,
  showAccessManagement: false,
  nestedDomainsEnabled: true,
  platformBrowseV2: true,
  dataContractsEnabled: true,
  editableDatasetNameEnabled: false,
  themeV2Enabled: true,
  themeV2Default: true,
  themeV2Toggleable: false,
  showSeparateSiblings: false,
  showManageStructuredProperties: true,
  schemaFieldCLLEnabled: false,
  hideDbtSourceInLineage: false,
  schemaFieldLineageIgnoreStatus: true,
  showNavBarRedesign: true,
  showAutoCompleteResults: true,
  entityVersioningEnabled: false, // featureFlags.entityVersioning
  showHasSiblingsFilter: false,
  showSearchBarAutocompleteRedesign: true,
  showManageTags: true,
  showIntroducePage: true,
  showIngestionPageRedesign: true,
  showLineageExpandMore: true,
  showLineageFilterNodes: false,
  showStatsTabRedesign: true,
  showDefaultExternalLinks: true,
  showHomePageRedesign: true,
  showProductUpdates: true,
  logicalModelsEnabled: true,
  showHomepageUserRole: false,
  assetSummaryPageV1: true,
  datasetSummaryPageV1: false,
  metricsEnabled: false,
  // documentationFileUploadV1 && S3 enabled: the flag defaults to false, and there is no S3 here.
  documentationFileUploadV1: false,
  contextDocumentsEnabled: true,
  ingestionOnboardingRedesignV1: false,
  hideLineageInSearchCards: false,
  dataProductLineageEnabled: true,
  multipleDataProductsPerAsset: true,
  glossaryBasedPoliciesEnabled: false,
  showTestsInHealthIcon: false,
  i18nEnabled: true,
  browserTracingEnabled: false,
  browserWebVitalsEnabled: false,
};

/**
 * AppConfigResolver's mapResourceTypeToEntityType: the resource types the policy editor can search, each as its
 * GraphQL EntityType; other resource types have none.
 */
const RESOURCE_TYPES_WITH_ENTITY_TYPE: ReadonlySet<string> = new Set([
  'dataset', 'dashboard', 'chart', 'dataFlow', 'dataJob', 'tag', 'glossaryTerm', 'glossaryNode', 'domain',
  'container', 'corpGroup', 'corpuser', 'erModelRelationship', 'businessAttribute', 'dataPlatformInstance',
]); // prettier-ignore

/** AppConfig, as a fresh DataHub answers it (its shape is the object itself: every field is a constant). */
export function appConfig() {
  return {
    appVersion: DATAHUB_VERSION,
    // GraphQLEngineFactory: graphService.supportsMultiHop(); the catalog's lineage search walks any number of hops.
    lineageConfig: { supportsImpactAnalysis: true },
    analyticsConfig: { enabled: true }, // DATAHUB_ANALYTICS_ENABLED
    authConfig: { tokenAuthEnabled: true }, // METADATA_SERVICE_AUTH_ENABLED
    policiesConfig: {
      enabled: true, // AUTH_POLICIES_ENABLED
      platformPrivileges: PLATFORM_PRIVILEGES,
      resourcePrivileges: RESOURCE_PRIVILEGES.map((resource) => ({
        ...resource,
        entityType: RESOURCE_TYPES_WITH_ENTITY_TYPE.has(resource.resourceType)
          ? graphqlEntityType(resource.resourceType)
          : null,
      })),
    },
    identityManagementConfig: { enabled: true },
    managedIngestionConfig: { enabled: true }, // UI_INGESTION_ENABLED
    visualConfig: {
      logoUrl: 'assets/logos/datahublogo.svg',
      faviconUrl: 'assets/icons/favicon.ico',
      appTitle: '',
      hideGlossary: false,
      showFullTitleInLineage: false,
      queriesTab: { queriesTabResultSize: 5 },
      // DOMAIN_DEFAULT_TAB defaults to the empty string, which AppConfigResolver passes on as the tab.
      entityProfiles: { domain: { defaultTab: '' } },
      searchResult: { enableNameHighlight: true }, // SEARCH_RESULT_NAME_HIGHLIGHT_ENABLED
      theme: { themeId: '' },
      // No global settings for applications: both off.
      application: { showApplicationInNavigation: false, showSidebarSectionWhenEmpty: false },
    },
    telemetryConfig: { enableThirdPartyLogging: false },
    testsConfig: { enabled: false }, // METADATA_TESTS_ENABLED
    viewsConfig: { enabled: true },
    searchBarConfig: { apiVariant: 'SEARCH_ACROSS_ENTITIES' },
    searchCardConfig: { showDescription: false },
    searchFlagsConfig: { defaultSkipHighlighting: false },
    homePageConfig: { firstInPersonalSidebar: 'YOUR_ASSETS' },
    featureFlags: FEATURE_FLAGS,
    chromeExtensionConfig: { enabled: true, lineageEnabled: true },
    semanticSearchConfig: null,
  };
}
