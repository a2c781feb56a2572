/**
 * The home page's default template and the page modules, as GMS bootstraps them (v1.7.0
 * metadata-service/configuration/src/main/resources/bootstrap_mcps/page-modules.yaml and page-templates.yaml), and
 * the global settings that name the template (datahub-upgrade/src/main/resources/boot/global_settings.json). Each
 * aspect is as the YAML writes it, without its `created` and `lastModified` stamps: BootstrapMCPUtil fills
 * `{{&auditStamp}}` with the system actor at the time of the bootstrap, which the server adds.
 */

/** The template global_settings.json names as homePage.defaultTemplate. */
export const DEFAULT_HOME_PAGE_TEMPLATE_URN = 'urn:li:dataHubPageTemplate:home_default_1';

/** page-templates.yaml: the home page's default template, its rows of module URNs. */
export const BOOTSTRAP_PAGE_TEMPLATES = {
  [DEFAULT_HOME_PAGE_TEMPLATE_URN]: {
    rows: [
      { modules: ['urn:li:dataHubPageModule:your_assets'] },
      { modules: ['urn:li:dataHubPageModule:top_domains', 'urn:li:dataHubPageModule:platforms'] },
    ],
    surface: { surfaceType: 'HOME_PAGE' },
    visibility: { scope: 'GLOBAL' },
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** One module of page-modules.yaml: every one is global and has no params. */
function globalModule(name: string, type: string) {
  return { name, type, visibility: { scope: 'GLOBAL' }, params: {} } as const;
}

/** page-modules.yaml: the modules of the default templates (home page and asset summaries). */
export const BOOTSTRAP_PAGE_MODULES = {
  'urn:li:dataHubPageModule:your_assets': globalModule('Your Assets', 'OWNED_ASSETS'),
  'urn:li:dataHubPageModule:top_domains': globalModule('Domains', 'DOMAINS'),
  'urn:li:dataHubPageModule:assets': globalModule('Assets', 'ASSETS'),
  'urn:li:dataHubPageModule:output_ports': globalModule('Output Ports', 'OUTPUT_PORTS'),
  'urn:li:dataHubPageModule:child_hierarchy': globalModule('Children', 'CHILD_HIERARCHY'),
  'urn:li:dataHubPageModule:data_products': globalModule('Data Products', 'DATA_PRODUCTS'),
  'urn:li:dataHubPageModule:related_terms': globalModule('Related Terms', 'RELATED_TERMS'),
  'urn:li:dataHubPageModule:platforms': globalModule('Platforms', 'PLATFORMS'),
  'urn:li:dataHubPageModule:lineage': globalModule('Lineage', 'LINEAGE'),
  'urn:li:dataHubPageModule:columns': globalModule('Columns', 'COLUMNS'),
} as const satisfies Readonly<Record<string, Readonly<Record<string, unknown>>>>;
