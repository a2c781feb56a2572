/**
 * The plan as a picture (issue 20 item 3a): a Mermaid flowchart, which GitHub renders in a pull-request comment, of
 * the changed entities and their neighbours, drawn the way data flows: datasets → features → feature tables and
 * models → model groups, and terms beside what carries them. Pure: the neighbours come from the DependencyGraph read
 * beforehand; the plan adds what it will change (a created model's features, a term attached to a column).
 *
 * Node ids are indexes (`n0`, `n1`…), never URNs, and every label is a quoted string with Mermaid's entity codes
 * for anything its parser or its HTML labels could take for syntax. Changed entities are coloured by what the plan
 * does to them, edges by whether the plan adds or removes them. Past `maxNodes` the nodes furthest from a change go
 * first, into one "and N more" node. The same plan and graph give the same text, byte for byte.
 */
import { compareText } from '../model/compare-text.js';
import { assertNever } from '../errors.js';
import { isJsonObject, type JsonValue } from '../model/json.js';
import { relationshipsOfAspect } from '../model/registry.js';
import { simplifyFieldPath } from '../model/field-path.js';
import type { DependencyEdge, DependencyGraph } from './dependency-graph.js';
import {
  compareEntityTypes,
  compareNodes,
  entityNoun,
  entityTypeOfUrn,
  nameFromUrn,
  TYPE_ORDER,
} from './entity-names.js';
import type { Change, Plan } from './types.js';

type PictureAction = 'create' | 'update' | 'delete';
type EdgeState = 'kept' | 'added' | 'removed';

/** The entity types the picture draws. */
const PICTURED_TYPES: ReadonlySet<string> = new Set(TYPE_ORDER);

/**
 * How each relationship is drawn: `upstream` is the end data flows from (a feature flows from its dataset into the
 * models that consume it and the tables that contain it; a model into its groups); `term` links are lines, not
 * arrows, from a term to what carries it.
 */
const DRAWN_RELATIONSHIPS: Readonly<
  Record<string, { readonly upstream: 'source' | 'destination'; readonly term?: true }>
> = {
  DerivedFrom: { upstream: 'destination' },
  Contains: { upstream: 'destination' },
  Consumes: { upstream: 'destination' },
  MemberOf: { upstream: 'source' },
  TermedWith: { upstream: 'destination', term: true },
  EditableSchemaFieldWithGlossaryTerm: { upstream: 'destination', term: true },
  SchemaFieldWithGlossaryTerm: { upstream: 'destination', term: true },
};

/** Node shapes by type (Mermaid's open and close of a quoted label): cylinder, box, subroutine, stadium, hexagon, flag. */
const SHAPES: Readonly<Record<string, readonly [string, string]>> = {
  dataset: ['[(', ')]'],
  mlFeature: ['[', ']'],
  mlPrimaryKey: ['[', ']'],
  mlFeatureTable: ['[[', ']]'],
  mlModel: ['([', '])'],
  mlModelGroup: ['{{', '}}'],
  glossaryTerm: ['>', ']'],
};

/** GitHub's own palette (Primer), legible in its light and dark themes: dark text on a light fill. */
const CLASS_DEFS = [
  'classDef create fill:#dafbe1,stroke:#1a7f37,color:#1f2328',
  'classDef update fill:#fff8c5,stroke:#9a6700,color:#1f2328',
  'classDef delete fill:#ffebe9,stroke:#cf222e,color:#1f2328,stroke-dasharray:5 3',
  'classDef neighbour fill:#f6f8fa,stroke:#8c959f,color:#1f2328',
  'classDef more fill:#ffffff,stroke:#8c959f,color:#59636e,stroke-dasharray:3 3',
];
const ADDED_LINK_STYLE = 'stroke:#1a7f37,stroke-width:2px';
const REMOVED_LINK_STYLE = 'stroke:#cf222e,stroke-width:2px';

interface PictureEdge {
  readonly source: string;
  readonly relationship: string;
  readonly destination: string;
  readonly label?: string;
  readonly state: EdgeState;
}

/** The picture's size in a pull-request comment: a few dozen boxes stay readable in GitHub's column. */
export const DEFAULT_PICTURE_NODES = 30;

/** A Mermaid `flowchart LR` of the plan's changed entities and their neighbours; '' when there is nothing to draw. */
export function renderPlanMermaid(
  plan: Plan,
  graph: DependencyGraph,
  options: { readonly maxNodes: number },
): string {
  const actions = changedEntities(plan);
  const edges = pictureEdges(plan, graph);
  const names = new Map<string, string>();
  for (const change of plan.changes) {
    const name = plannedName(change);
    if (name !== undefined) names.set(change.urn, name);
  }
  for (const node of graph.nodes) names.set(node.urn, node.name);
  const nameOf = (urn: string): string => names.get(urn) ?? nameFromUrn(urn);

  const urns = new Set<string>([...actions.keys()]);
  for (const node of graph.nodes) if (PICTURED_TYPES.has(node.entityType)) urns.add(node.urn);
  for (const edge of edges) {
    urns.add(edge.source);
    urns.add(edge.destination);
  }
  if (urns.size === 0) return '';

  const order = drawOrder([...urns], actions, edges, nameOf);
  const keep = order.length > options.maxNodes ? Math.max(0, Math.floor(options.maxNodes) - 1) : order.length;
  const kept = order.slice(0, keep);
  // A node's id is its place in the draw order (`n0`, `n1`…): links are sorted by it.
  const places = new Map(kept.map((urn, index) => [urn, index]));
  const id = (urn: string): string => `n${places.get(urn) ?? ''}`;

  const lines = ['flowchart LR'];
  for (const urn of kept) {
    const entityType = entityTypeOfUrn(urn);
    const action = actions.get(urn);
    const kind = `${entityNoun(entityType, 1)}${action === undefined ? '' : ` (${action})`}`;
    const [open, close] = SHAPES[entityType] ?? ['[', ']'];
    lines.push(
      `  ${id(urn)}${open}"${escapeMermaidText(kind)}<br/>${escapeMermaidText(nameOf(urn))}"${close}`,
    );
  }
  const more = order.length - kept.length;
  if (more > 0) lines.push(`  more["${escapeMermaidText(`and ${more} more`)}"]`);

  const drawn = edges
    .filter((edge) => places.has(edge.source) && places.has(edge.destination))
    .map((edge) => {
      const spec = DRAWN_RELATIONSHIPS[edge.relationship];
      const upstreamIsSource = spec?.upstream === 'source';
      const from = upstreamIsSource ? edge.source : edge.destination;
      const to = upstreamIsSource ? edge.destination : edge.source;
      return { from: places.get(from) ?? 0, to: places.get(to) ?? 0, edge, term: spec?.term === true };
    })
    .sort(
      (a, b) =>
        a.from - b.from ||
        a.to - b.to ||
        compareText(a.edge.relationship, b.edge.relationship) ||
        compareText(a.edge.label ?? '', b.edge.label ?? ''),
    );
  for (const { from, to, edge, term } of drawn) {
    const label = edge.label === undefined ? '' : `|"${escapeMermaidText(edge.label)}"|`;
    lines.push(`  n${from} ${link(edge.state, term)}${label} n${to}`);
  }

  lines.push(...CLASS_DEFS.map((line) => `  ${line}`));
  for (const name of ['create', 'update', 'delete', 'neighbour'] as const) {
    const members = kept.filter((urn) => (actions.get(urn) ?? 'neighbour') === name);
    if (members.length > 0) lines.push(`  class ${members.map(id).join(',')} ${name}`);
  }
  if (more > 0) lines.push('  class more more');
  const styled = (state: EdgeState): string =>
    drawn.flatMap((item, index) => (item.edge.state === state ? [String(index)] : [])).join(',');
  const added = styled('added');
  const removed = styled('removed');
  if (added !== '') lines.push(`  linkStyle ${added} ${ADDED_LINK_STYLE}`);
  if (removed !== '') lines.push(`  linkStyle ${removed} ${REMOVED_LINK_STYLE}`);
  return `${lines.join('\n')}\n`;
}

/** Added links are thick, removed ones dotted; term links have no arrow head. */
function link(state: EdgeState, term: boolean): string {
  switch (state) {
    case 'kept':
      return term ? '---' : '-->';
    case 'added':
      return term ? '===' : '==>';
    case 'removed':
      return term ? '-.-' : '-.->';
    default:
      return assertNever(state);
  }
}

/**
 * Text for a quoted Mermaid label: every character its parser or its HTML labels treat specially becomes an
 * entity code (`#quot;`, `#35;`…), line breaks and other control characters a space. Mermaid turns `#…;` back into
 * the character when it draws the label.
 */
export function escapeMermaidText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) out += ' ';
    else if (char === '"') out += '#quot;';
    else if ('#&<>`[]{}|\\%'.includes(char)) out += `#${code};`;
    else out += char;
  }
  return out;
}

/** What the plan does to each entity the picture draws; an entity deleted or created in one change is that. */
function changedEntities(plan: Plan): Map<string, PictureAction> {
  const rank: Readonly<Record<PictureAction, number>> = { update: 0, create: 1, delete: 2 };
  const actions = new Map<string, PictureAction>();
  for (const change of plan.changes) {
    if (!PICTURED_TYPES.has(change.entityType)) continue;
    const action = pictureAction(change);
    const known = actions.get(change.urn);
    if (known === undefined || rank[action] > rank[known]) actions.set(change.urn, action);
  }
  return actions;
}

function pictureAction(change: Change): PictureAction {
  switch (change.kind) {
    case 'upsertAspect':
      return change.action;
    case 'createGlossaryTerm':
      return 'create';
    case 'status':
      return change.action === 'delete' ? 'delete' : 'update';
    case 'termEdges':
    case 'associations':
      // A line aspect created on an entity that exists is an update of the entity.
      return 'update';
    default:
      return assertNever(change);
  }
}

/** The name a change gives its entity (a new term's name), before the catalog has it. */
function plannedName(change: Change): string | undefined {
  if (change.kind === 'createGlossaryTerm') return change.name;
  if (change.kind === 'upsertAspect' && change.entityType === 'glossaryTerm') {
    const name = change.after['name'];
    return typeof name === 'string' && name !== '' ? name : undefined;
  }
  return undefined;
}

/**
 * The edges to draw: the catalog's, with what the plan changes laid over them. An upsert of an aspect that names
 * other entities (a model's features and groups, a feature's sources, a table's features) adds the edges its new
 * value has and the old one lacked, and removes the others; term attachments add and remove term links.
 */
function pictureEdges(plan: Plan, graph: DependencyGraph): PictureEdge[] {
  const edges = new Map<string, PictureEdge>();
  const key = (edge: Omit<PictureEdge, 'state'>): string =>
    `${edge.source}\u0000${edge.relationship}\u0000${edge.destination}\u0000${edge.label ?? ''}`;
  const liveFrom = new Map<string, DependencyEdge[]>();
  for (const edge of graph.edges) {
    if (DRAWN_RELATIONSHIPS[edge.relationship] === undefined) continue;
    edges.set(key(edge), { ...edge, state: 'kept' });
    const list = liveFrom.get(edge.source);
    if (list === undefined) liveFrom.set(edge.source, [edge]);
    else list.push(edge);
  }
  for (const change of plan.changes) {
    if (change.kind === 'upsertAspect') {
      const specs = relationshipsOfAspect(change.aspect).filter(
        (spec) => DRAWN_RELATIONSHIPS[spec.name] !== undefined,
      );
      if (specs.length === 0) continue;
      const targets = (value: JsonValue | null): Set<string> =>
        new Set(
          specs.flatMap((spec) =>
            valuesAt(value, spec.path).map((destination) => `${spec.name}\u0000${destination}`),
          ),
        );
      const before = targets(change.before);
      const after = targets(change.after);
      const names = new Set(specs.map((spec) => spec.name));
      // The catalog's edges of this aspect are its `before`: each is kept or removed by the new value.
      for (const edge of liveFrom.get(change.urn) ?? []) {
        if (!names.has(edge.relationship)) continue;
        const kept = after.has(`${edge.relationship}\u0000${edge.destination}`);
        edges.set(key(edge), { ...edge, state: kept ? 'kept' : 'removed' });
      }
      for (const target of new Set([...before, ...after])) {
        const [relationship = '', destination = ''] = target.split('\u0000');
        const edge = { source: change.urn, relationship, destination };
        const state: EdgeState = !after.has(target) ? 'removed' : before.has(target) ? 'kept' : 'added';
        edges.set(key(edge), { ...edge, state });
      }
    } else if (change.kind === 'termEdges') {
      const relationship =
        change.aspect === 'glossaryTerms' ? 'TermedWith' : 'EditableSchemaFieldWithGlossaryTerm';
      const planned = [
        ...change.added.map((edge) => ({ edge, state: 'added' as const })),
        ...change.removed.map((edge) => ({ edge, state: 'removed' as const })),
      ];
      for (const { edge: termEdge, state } of planned) {
        // The catalog's link of this term and dataset names no column: the plan's, which does, replaces it.
        edges.delete(key({ source: change.urn, relationship, destination: termEdge.termUrn }));
        const label = termEdge.fieldPath === undefined ? undefined : simplifyFieldPath(termEdge.fieldPath);
        const edge = {
          source: change.urn,
          relationship,
          destination: termEdge.termUrn,
          ...(label === undefined ? {} : { label }),
        };
        edges.set(key(edge), { ...edge, state });
      }
    }
  }
  return [...edges.values()].filter(
    (edge) =>
      PICTURED_TYPES.has(entityTypeOfUrn(edge.source)) &&
      PICTURED_TYPES.has(entityTypeOfUrn(edge.destination)),
  );
}

/** The strings at a @Relationship path of an aspect value (`*` is every item of a list). */
function valuesAt(value: JsonValue | null | undefined, path: readonly string[]): string[] {
  if (value === undefined || value === null) return [];
  const [head, ...rest] = path;
  if (head === undefined) return typeof value === 'string' && value.startsWith('urn:li:') ? [value] : [];
  if (head === '*')
    return Array.isArray(value) ? value.flatMap((item: JsonValue) => valuesAt(item, rest)) : [];
  return isJsonObject(value) ? valuesAt(value[head], rest) : [];
}

/**
 * The order nodes are drawn and kept in: changed entities first, then the others by how many links away from a
 * change they are; among equals by type (datasets first, in the direction of flow), then name, then URN.
 */
function drawOrder(
  urns: readonly string[],
  actions: ReadonlyMap<string, PictureAction>,
  edges: readonly PictureEdge[],
  nameOf: (urn: string) => string,
): string[] {
  const links = new Map<string, string[]>();
  const connect = (from: string, to: string): void => {
    const list = links.get(from);
    if (list === undefined) links.set(from, [to]);
    else list.push(to);
  };
  for (const edge of edges) {
    connect(edge.source, edge.destination);
    connect(edge.destination, edge.source);
  }
  const distance = new Map<string, number>();
  let level = [...actions.keys()];
  for (const urn of level) distance.set(urn, 0);
  for (let hops = 1; level.length > 0; hops += 1) {
    const next: string[] = [];
    for (const urn of level) {
      for (const other of links.get(urn) ?? []) {
        if (distance.has(other)) continue;
        distance.set(other, hops);
        next.push(other);
      }
    }
    level = next;
  }
  const far = Number.MAX_SAFE_INTEGER;
  const keys = urns.map((urn) => ({
    urn,
    name: nameOf(urn),
    entityType: entityTypeOfUrn(urn),
    distance: distance.get(urn) ?? far,
  }));
  return keys
    .sort(
      (a, b) =>
        a.distance - b.distance || compareEntityTypes(a.entityType, b.entityType) || compareNodes(a, b),
    )
    .map((entry) => entry.urn);
}
