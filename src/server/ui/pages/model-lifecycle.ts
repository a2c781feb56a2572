/**
 * The ML lifecycle on a model's page: which version it is and the aliases it holds (versionProperties, as DataHub's
 * SDK and MLflow write them; mlModelProperties.version for models written without it), what data it was trained
 * and evaluated on (mlModelTrainingData / mlModelEvaluationData, each dataset linked to its page), and its
 * hyper-parameters and training metrics as tables.
 */
import { parseRawUrn } from '../../../model/urn.js';
import { items, node, nodes, str, type CatalogReader, type Node } from '../catalog-reader.js';
import { LABEL_FRAGMENT, labelOf, type Label } from '../label.js';
import { html, type Html } from '../html.js';
import { entityLink, section } from './layout.js';

/** The MLModel fields the lifecycle sections need, beyond the properties the page already asks for. */
export const MODEL_LIFECYCLE_FIELDS = `versionProperties { version { versionTag } aliases { versionTag } comment isLatest }
    trainingData { dataset motivation preProcessing }
    evaluationData { dataset motivation preProcessing }`;

/**
 * A group's models (MemberOf, incoming) with the version, aliases and deprecation of each, so the group's page shows
 * which model holds `champion` and which are retired.
 */
export const GROUP_MODELS_FIELDS = `models: relationships(input: {types: ["MemberOf"], direction: INCOMING, count: 1000}) {
      total relationships { entity { ...Label ... on MLModel {
        properties { version }
        versionProperties { version { versionTag } aliases { versionTag } }
        deprecation { deprecated } } } }
    }`;

/** The group's models, sorted by name, each with its version, alias badges and a deprecated badge. */
export function renderGroupModels(entity: Node): Html | undefined {
  const models = new Map<string, { label: Label; model: Node }>();
  for (const item of nodes(node(entity['models'])?.['relationships'])) {
    const model = node(item['entity']);
    if (model === undefined) continue;
    const label = labelOf(model);
    models.set(label.urn, { label, model });
  }
  if (models.size === 0) return undefined;
  const sorted = [...models.values()].sort((a, b) => a.label.name.localeCompare(b.label.name));
  return html`<ul class="links group-models">
    ${sorted.map(({ label, model }) => {
      const version = modelVersionOf(model);
      const deprecated = node(model['deprecation'])?.['deprecated'] === true;
      return html`<li>
        ${entityLink(label)}${deprecated ? html` <span class="badge warn">deprecated</span>` : ''}
        ${renderVersion(version) ?? ''}
      </li>`;
    })}
  </ul>`;
}

/** The datasets a model names as training or evaluation data, each once, in the order first named. */
export function modelDatasetUrns(entity: Node): string[] {
  const urns = [...nodes(entity['trainingData']), ...nodes(entity['evaluationData'])].flatMap((item) => {
    const urn = str(item['dataset']);
    return urn === undefined ? [] : [urn];
  });
  return [...new Set(urns)];
}

/**
 * The names of datasets given only by URN (BaseData.dataset is a string in DataHub's schema), in one query;
 * a dataset the catalog does not hold has no entry.
 */
export async function readDatasetLabels(
  reader: CatalogReader,
  urns: readonly string[],
): Promise<ReadonlyMap<string, Label>> {
  if (urns.length === 0) return new Map();
  const data = await reader.query(
    `query DatasetLabels($urns: [String!]!) { entities(urns: $urns) { ...Label } }
    ${LABEL_FRAGMENT}`,
    { urns },
  );
  return new Map(nodes(data['entities']).map((entity) => [str(entity['urn']) ?? '', labelOf(entity)]));
}

export interface ModelVersion {
  /** versionProperties.version, else mlModelProperties.version. */
  readonly version: string | undefined;
  /** mlModelProperties.version when it says something else than versionProperties (shown, not hidden). */
  readonly propertiesVersion: string | undefined;
  readonly aliases: readonly string[];
  readonly comment: string | undefined;
  readonly isLatest: boolean;
}

export function modelVersionOf(entity: Node): ModelVersion {
  const versionProperties = node(entity['versionProperties']);
  const tagged = str(node(versionProperties?.['version'])?.['versionTag']);
  const fromProperties = str(node(entity['properties'])?.['version']);
  return {
    version: tagged ?? fromProperties,
    propertiesVersion: tagged !== undefined && fromProperties !== tagged ? fromProperties : undefined,
    aliases: nodes(versionProperties?.['aliases']).flatMap((alias) => {
      const tag = str(alias['versionTag']);
      return tag === undefined ? [] : [tag];
    }),
    comment: str(versionProperties?.['comment']),
    isLatest: versionProperties?.['isLatest'] === true,
  };
}

/** The version with the aliases beside it, as a fact of the page. */
export function renderVersion(version: ModelVersion): Html | undefined {
  if (version.version === undefined && version.aliases.length === 0) return undefined;
  return html`<span class="model-version">
    ${version.version === undefined ? '' : html`<span class="version-tag">${version.version}</span>`}
    ${version.isLatest ? html`<span class="badge">latest</span>` : ''}
    ${
      version.aliases.length === 0
        ? ''
        : html`<ul class="inline-list aliases" aria-label="Aliases">
            ${version.aliases.map((alias) => html`<li><span class="badge alias">${alias}</span></li>`)}
          </ul>`
    }
  </span>`;
}

/** The training and evaluation data sections. */
export function renderModelData(entity: Node, labels: ReadonlyMap<string, Label>): Html {
  return html`${section('Training data', dataList(nodes(entity['trainingData']), labels))}
  ${section('Evaluation data', dataList(nodes(entity['evaluationData']), labels))}`;
}

function dataList(data: readonly Node[], labels: ReadonlyMap<string, Label>): Html | undefined {
  if (data.length === 0) return undefined;
  return html`<ul class="links data-list">
    ${data.map((item) => {
      const urn = str(item['dataset']) ?? '';
      const label = labels.get(urn);
      const steps = items(item['preProcessing']).flatMap((step) => str(step) ?? []);
      const motivation = str(item['motivation']);
      return html`<li>
        ${
          label === undefined
            ? html`<span>${datasetName(urn)}</span> <span class="badge warn">not in the catalog</span>
                <code class="urn-inline">${urn}</code>`
            : html`${entityLink(label)}${label.platform === undefined ? '' : html` <span class="platform">${label.platform}</span>`}`
        }
        ${motivation === undefined ? '' : html`<p class="motivation">${motivation}</p>`}
        ${
          steps.length === 0
            ? ''
            : html`<p class="preprocessing-title">Preprocessing</p>
                <ol class="preprocessing">
                  ${steps.map((step) => html`<li>${step}</li>`)}
                </ol>`
        }
      </li>`;
    })}
  </ul>`;
}

/** A dataset's name from its URN (`urn:li:dataset:(platform,name,env)`), for one the catalog does not hold. */
function datasetName(urn: string): string {
  const raw = parseRawUrn(urn);
  return raw.ok && raw.value.entityType === 'dataset' ? (raw.value.parts[1] ?? urn) : urn;
}

/** Hyper-parameters and training metrics, each a table of name and value (metrics with their descriptions). */
export function renderModelParameters(properties: Node): Html {
  return html`${section('Hyper-parameters', valueTable(nodes(properties['hyperParams']), 'Hyper-parameter'))}
  ${section('Training metrics', valueTable(nodes(properties['trainingMetrics']), 'Metric'))}`;
}

function valueTable(items: readonly Node[], nameHeading: string): Html | undefined {
  if (items.length === 0) return undefined;
  const described = items.some((item) => str(item['description']) !== undefined);
  return html`<div class="table-wrap">
    <table class="values${described ? ' stack' : ''}">
      <thead>
        <tr>
          <th scope="col">${nameHeading}</th>
          <th scope="col">Value</th>
          ${described ? html`<th scope="col">Description</th>` : ''}
        </tr>
      </thead>
      <tbody>
        ${items.map(
          (item) =>
            html`<tr>
              <th scope="row">${str(item['name']) ?? ''}</th>
              <td data-label="Value" class="value">${str(item['value']) ?? ''}</td>
              ${described ? html`<td data-label="Description">${str(item['description']) ?? ''}</td>` : ''}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
