/**
 * GMS's SiblingAssociationHook (metadata-jobs/mae-consumer .../hook/siblings/SiblingAssociationHook.java, v1.7.0;
 * on by default: `siblings.enabled: ${ENABLE_SIBLING_HOOK:true}`): a dbt model and the warehouse table it stands
 * for are made siblings when their lineage says so, the dbt one primary. After a dataset's upstreamLineage or
 * subTypes is written:
 *
 * - a dataset that is not dbt, with exactly one dbt upstream: that upstream and it are siblings;
 * - a dbt dataset of sub-type `source` (or `Source`) with exactly one upstream, which is not dbt: the two are
 *   siblings.
 *
 * Two datasets are associated only when neither has a siblings aspect yet: the hook never overwrites siblings set
 * by ingestion. The dbt one gets `{siblings: [table], primary: true}`, the table `{siblings: [dbt], primary:
 * false}` (the dbt dataset left out when it does not exist), written by the hook's system actor. GMS runs the
 * hook on the change log after the write; the catalog runs it in the same transaction, right after the write
 * that triggers it. (The hook's third case, a dataset's key written while another dataset names it as its
 * sibling, associates the two only when neither has siblings, and the one naming it always has: it never writes,
 * so it is not run.)
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../model/json.js';
import { parseRawUrn } from '../../model/urn.js';
import type { AspectStore } from '../store/aspect-store.js';
import { acceptProposals } from './accept-proposals.js';
import { applyProposal, entityExists } from './apply-proposal.js';

/** SiblingAssociationHook.SIBLING_ASSOCIATION_SYSTEM_ACTOR. */
export const SIBLING_HOOK_ACTOR = 'urn:li:corpuser:__datahub_system_sibling_hook';
const DBT = 'dbt';
/** Older dbt sources wrote the lowercase sub-type, newer ones the titlecase one. */
const SOURCE_SUB_TYPES: ReadonlySet<string> = new Set(['source', 'Source']);

export interface SiblingHookWrite {
  readonly now: number;
  /** The URNs whose key aspect is known to be stored (applyProposal's set). */
  readonly keyed: Set<string>;
}

/** An aspect value just written. */
export interface WrittenAspect {
  readonly entityUrn: string;
  readonly aspectName: string;
  readonly aspect: JsonObject;
}

/** Whether a write may associate siblings: a dataset's lineage, a dbt dataset's sub-types. */
export function triggersSiblingHook(entityUrn: string, aspectName: string): boolean {
  if (aspectName === 'upstreamLineage') return platformOf(entityUrn) !== undefined;
  return aspectName === 'subTypes' && platformOf(entityUrn) === DBT;
}

/** Runs the hook for one written aspect. Answers the URNs whose siblings it wrote. */
export function associateSiblings(
  store: AspectStore,
  written: WrittenAspect,
  write: SiblingHookWrite,
): string[] {
  const { entityUrn, aspectName, aspect } = written;
  if (!triggersSiblingHook(entityUrn, aspectName)) return [];
  const platform = platformOf(entityUrn);
  const hook = new SiblingHook(store, write);
  if (platform === DBT) {
    if (aspectName === 'upstreamLineage') hook.onDbt(entityUrn, aspect, latest(store, entityUrn, 'subTypes'));
    else hook.onDbt(entityUrn, latest(store, entityUrn, 'upstreamLineage'), aspect);
  } else if (aspectName === 'upstreamLineage') {
    hook.onSource(entityUrn, aspect);
  }
  return hook.written;
}

class SiblingHook {
  readonly written: string[] = [];

  constructor(
    private readonly store: AspectStore,
    private readonly write: SiblingHookWrite,
  ) {}

  /** handleDbtDatasetEvent: a dbt source with one upstream outside dbt is that upstream's sibling. */
  onDbt(urn: string, lineage: JsonObject | undefined, subTypes: JsonObject | undefined): void {
    const upstreams = upstreamDatasets(lineage);
    const listed = subTypes?.['typeNames'];
    const typeNames: readonly JsonValue[] = Array.isArray(listed) ? listed : [];
    if (!typeNames.some((name) => typeof name === 'string' && SOURCE_SUB_TYPES.has(name))) return;
    const [source] = upstreams;
    if (upstreams.length !== 1 || source === undefined || platformOf(source) === DBT) return;
    if (this.siblings(urn) !== undefined || this.siblings(source) !== undefined) return;
    this.associate(urn, source);
  }

  /** handleSourceDatasetEvent: a table downstream of exactly one dbt dataset is its sibling. */
  onSource(urn: string, lineage: JsonObject): void {
    const dbtUpstreams = upstreamDatasets(lineage).filter((upstream) => platformOf(upstream) === DBT);
    const [dbt] = dbtUpstreams;
    if (dbtUpstreams.length === 1 && dbt !== undefined) this.associate(dbt, urn);
  }

  /** setSiblingsAndSoftDeleteSibling: the two made siblings, unless either has siblings already. */
  private associate(dbt: string, source: string): void {
    const [dbtSiblings, sourceSiblings] = [this.siblings(dbt), this.siblings(source)];
    if (dbtSiblings !== undefined || sourceSiblings !== undefined) return;
    // The source's list drops siblings that do not exist (the hook cleans up stale references).
    const sourceList = [dbt].filter((urn) => entityExists(this.store, urn));
    this.put(dbt, { siblings: [source], primary: true });
    this.put(source, { siblings: sourceList, primary: false });
  }

  private siblings(urn: string): JsonObject | undefined {
    return latest(this.store, urn, 'siblings');
  }

  private put(urn: string, value: JsonObject): void {
    const [accepted] = acceptProposals([{ entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName: 'siblings', aspect: value }]); // prettier-ignore
    if (accepted === undefined) return;
    applyProposal(this.store, accepted, SIBLING_HOOK_ACTOR, this.write.now, this.write.keyed);
    this.written.push(urn);
  }
}

function latest(store: AspectStore, urn: string, aspect: string): JsonObject | undefined {
  return store.get(urn, aspect)?.value;
}

/** The datasets an upstreamLineage aspect names as upstreams. */
function upstreamDatasets(lineage: JsonObject | undefined): string[] {
  const upstreams = lineage?.['upstreams'];
  if (!Array.isArray(upstreams)) return [];
  const items: readonly JsonValue[] = upstreams;
  return items.flatMap((upstream) => {
    const dataset = isJsonObject(upstream) ? upstream['dataset'] : undefined;
    return typeof dataset === 'string' ? [dataset] : [];
  });
}

/** The platform name of a dataset URN (`dbt` of urn:li:dataset:(urn:li:dataPlatform:dbt,…,PROD)). */
function platformOf(urn: string): string | undefined {
  const raw = parseRawUrn(urn);
  if (!raw.ok || raw.value.entityType !== 'dataset') return undefined;
  const platform = raw.value.parts[0] ?? '';
  return platform.startsWith('urn:li:dataPlatform:')
    ? platform.slice('urn:li:dataPlatform:'.length)
    : platform;
}
