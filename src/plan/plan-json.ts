/**
 * The plan's JSON document (`--output json`, `--out plan.json`): versioned by `formatVersion`, deterministic
 * (keys sorted, changes in execution order, no timestamps or absolute paths), and read back by
 * `catalog apply`, which treats it as untrusted input.
 */
import { CatalogError } from '../errors.js';
import { isJsonObject, parseJson, sortKeys, type JsonObject } from '../model/json.js';
import { GRAPH_EDGE_STATES, GRAPH_NODE_ACTIONS, GRAPH_RELATIONSHIPS } from './change-graph-types.js';
import { isPlanDigest, planDigest } from './plan-digest.js';
import { PLAN_FORMAT_VERSION, type Change, type Plan, type PlanSummary } from './types.js';

export function serializePlan(plan: Plan): string {
  return [...serializePlanChunks(plan)].join('');
}

/** Where the changes go in the document without them: `changes` is a top-level key, indented by two spaces. */
const EMPTY_CHANGES = '\n  "changes": []';
const CHANGE_INDENT = '\n    ';

/**
 * The plan's JSON document in pieces, one per change, that join to exactly serializePlan's text (the same keys,
 * order and indentation as JSON.stringify with sorted keys and an indent of 2). A large plan is written as it is
 * rendered: one document of 50,000 changes is tens of megabytes, and as one string (then copied by every escape
 * and encode on its way out) it was the largest thing the tool held.
 */
export function* serializePlanChunks(plan: Plan): Generator<string> {
  // The document carries the plan's digest (plan-digest.ts), which `catalog apply` checks against its content.
  const head = `${JSON.stringify(sortKeys({ ...plan, changes: [], digest: planDigest(plan) }), null, 2)}\n`;
  // Strings cannot hold a raw line break (JSON escapes it), so this line is the top-level key and nothing else.
  const at = head.indexOf(EMPTY_CHANGES);
  if (plan.changes.length === 0) {
    yield head;
    return;
  }
  if (at < 0) {
    yield `${JSON.stringify(sortKeys({ ...plan, digest: planDigest(plan) }), null, 2)}\n`;
    return;
  }
  yield `${head.slice(0, at)}\n  "changes": [`;
  const last = plan.changes.length - 1;
  for (const [index, change] of plan.changes.entries()) {
    // Each change as JSON.stringify would indent it two levels down: only formatting line breaks are re-indented.
    const text = JSON.stringify(sortKeys(change), null, 2).replaceAll('\n', CHANGE_INDENT);
    yield `${CHANGE_INDENT}${text}${index === last ? '' : ','}`;
  }
  yield `\n  ]${head.slice(at + EMPTY_CHANGES.length)}`;
}

/** The counts every plan's summary has (byOrigin only with --base). */
const SUMMARY_COUNTS: readonly (keyof Omit<PlanSummary, 'byOrigin'>)[] = [
  'create',
  'update',
  'delete',
  'termsAttached',
  'termsDetached',
  'associationsAdded',
  'associationsRemoved',
  'claimed',
  'unchanged',
];

const CHANGE_KINDS: Readonly<Record<Change['kind'], readonly string[]>> = {
  upsertAspect: ['create', 'update'],
  createGlossaryTerm: ['create'],
  status: ['delete', 'restore'],
  termEdges: ['create', 'update'],
  associations: ['create', 'update'],
};

/** Parses a saved plan, checking every field apply relies on; a bad plan is refused as a whole. */
export function parsePlan(text: string, file: string): Plan {
  const fail = (problem: string): never => {
    throw new CatalogError('PLAN_INVALID', `${file} is not a usable plan: ${problem}`);
  };
  const parsed = parseJson(text);
  if (!parsed.ok) return fail(`invalid JSON (${parsed.error})`);
  const plan = parsed.value;
  if (!isJsonObject(plan)) return fail('it is not a JSON object');
  const version = plan['formatVersion'];
  if (version !== PLAN_FORMAT_VERSION) {
    // An older plan has no digest to check and does not name its lines: it is made again, never converted.
    return fail(
      typeof version === 'number' && Number.isInteger(version) && version < PLAN_FORMAT_VERSION
        ? `formatVersion ${version} is older than ${PLAN_FORMAT_VERSION}: it was made by an older catalog, and carries no digest to check it by; make the plan again (catalog reconcile --out)`
        : `formatVersion ${JSON.stringify(version)} is not ${PLAN_FORMAT_VERSION} (made by another version of catalog?)`,
    );
  }
  for (const field of ['target', 'actor'])
    if (typeof plan[field] !== 'string') fail(`"${field}" must be a string`);
  if (!Array.isArray(plan['changes'])) return fail('"changes" must be a list');
  plan['changes'].forEach((change, index) => checkChange(change, index, fail));
  for (const field of ['summary', 'options', 'git', 'tool'])
    if (!isJsonObject(plan[field])) fail(`"${field}" must be an object`);
  if (!Array.isArray(plan['notes'])) fail('"notes" must be a list');
  // The counts are shown as they are (the plan's summary line).
  const summary = plan['summary'];
  for (const field of SUMMARY_COUNTS)
    if (!isJsonObject(summary) || typeof summary[field] !== 'number')
      fail(`"summary.${field}" must be a number`);
  const git = plan['git'];
  // The manifest directory only shapes the provenance recorded with each write, which is written as given.
  const manifestDir = isJsonObject(git) ? git['manifestDir'] : undefined;
  if (!(
    isJsonObject(manifestDir) &&
    typeof manifestDir['local'] === 'string' &&
    typeof manifestDir['recorded'] === 'string'
  ))
    fail('"git.manifestDir" must be {local, recorded} strings');
  // The environment decides whether applying needs --yes: a plan that names one must say it whole.
  const environment = plan['environment'];
  if (
    environment !== undefined &&
    !(
      isJsonObject(environment) &&
      typeof environment['name'] === 'string' &&
      typeof environment['env'] === 'string' &&
      typeof environment['protect'] === 'boolean'
    )
  )
    fail('"environment" must be {name, env, protect}');
  if (plan['changeGraph'] !== undefined) checkChangeGraph(plan['changeGraph'], fail);
  const notes = plan['notes'];
  if (Array.isArray(notes))
    notes.forEach((note: unknown, index) => {
      if (!isJsonObject(note) || typeof note['urn'] !== 'string' || typeof note['name'] !== 'string')
        fail(`notes[${index}] must name its entity (urn and name)`);
    });
  // Every field apply reads has been checked above, and the graph the markdown plan draws. Last, the digest: the
  // content must be what was made, not an edit of it (plan-digest.ts).
  const { digest, ...content } = plan;
  if (typeof digest !== 'string' || !isPlanDigest(digest))
    return fail('"digest" must be the plan\'s sha256 digest (sha256:<64 hex digits>)');
  const actual = planDigest(content as unknown as Plan);
  if (actual !== digest) {
    return fail(
      `its content does not match its digest (${digest} when it was made, ${actual} now): it was changed after it was made. Nothing was written; make the plan again and review it`,
    );
  }
  return content as unknown as Plan;
}

function checkChange(change: unknown, index: number, fail: (problem: string) => never): void {
  const at = `changes[${index}]`;
  if (!isJsonObject(change)) fail(`${at} is not an object`);
  const value: JsonObject = change;
  const kind = value['kind'];
  if (typeof kind !== 'string' || !Object.hasOwn(CHANGE_KINDS, kind))
    fail(`${at} has an unknown kind ${JSON.stringify(kind)}`);
  const actions = CHANGE_KINDS[kind as Change['kind']];
  if (typeof value['action'] !== 'string' || !actions.includes(value['action']))
    fail(`${at} has an unknown action`);
  for (const field of ['id', 'urn', 'name', 'entityType', 'aspect', 'versionSeen']) {
    if (typeof value[field] !== 'string') fail(`${at}.${field} must be a string`);
  }
  if (!isJsonObject(value['after'])) fail(`${at}.after must be an object`);
  if (
    (kind === 'termEdges' || kind === 'associations') &&
    (!Array.isArray(value['added']) || !Array.isArray(value['removed']))
  ) {
    fail(`${at} needs "added" and "removed" lists`);
  }
  if (kind === 'createGlossaryTerm') {
    for (const field of ['termId', 'name', 'description'])
      if (typeof value[field] !== 'string') fail(`${at}.${field} must be a string`);
  }
  if (kind === 'upsertAspect' && typeof value['markStatus'] !== 'boolean')
    fail(`${at}.markStatus must be true or false`);
}

/** The graph of the change is drawn from the file as it is (`catalog apply --output markdown`): it must be whole. */
function checkChangeGraph(graph: unknown, fail: (problem: string) => never): void {
  const oneOf = (values: readonly string[], value: unknown): boolean =>
    typeof value === 'string' && values.includes(value);
  const optionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';
  if (
    !isJsonObject(graph) ||
    !Array.isArray(graph['nodes']) ||
    !Array.isArray(graph['edges']) ||
    !Number.isInteger(graph['omitted'])
  )
    fail('"changeGraph" must be {nodes, edges, omitted}');
  graph['nodes'].forEach((node, index) => {
    if (
      !isJsonObject(node) ||
      typeof node['urn'] !== 'string' ||
      typeof node['entityType'] !== 'string' ||
      typeof node['name'] !== 'string' ||
      !(node['action'] === undefined || oneOf(GRAPH_NODE_ACTIONS, node['action']))
    )
      fail(`changeGraph.nodes[${index}] must be {urn, entityType, name, action?}`);
  });
  graph['edges'].forEach((edge, index) => {
    if (
      !isJsonObject(edge) ||
      typeof edge['source'] !== 'string' ||
      !oneOf(GRAPH_RELATIONSHIPS, edge['relationship']) ||
      typeof edge['destination'] !== 'string' ||
      !optionalString(edge['label']) ||
      !oneOf(GRAPH_EDGE_STATES, edge['state'])
    )
      fail(`changeGraph.edges[${index}] must be {source, relationship, destination, label?, state}`);
  });
}
