/**
 * The plan's picture (issue 20 item 3a): its change graph (plan/change-graph.ts) as a Mermaid flowchart, which GitHub
 * renders in a pull-request comment, drawn the way data flows: datasets → features → feature tables and models →
 * model groups, and terms beside what carries them. Pure.
 *
 * Node ids are indexes (`n0`, `n1`…), never URNs, and every label is a quoted string with Mermaid's entity codes
 * for anything its parser or its HTML labels could take for syntax. Changed entities are coloured by what the plan
 * does to them, edges by whether the plan adds or removes them; the entities the graph left out are one "and N more"
 * node. The same graph gives the same text, byte for byte.
 */
import { compareText } from '../model/compare-text.js';
import { assertNever } from '../errors.js';
import type {
  ChangeGraph,
  GraphEdgeState,
  GraphNodeAction,
  GraphRelationship,
} from '../plan/change-graph-types.js';
import { entityNoun } from '../plan/entity-names.js';

/**
 * How each relationship is drawn: `upstream` is the end data flows from (a feature flows from its dataset into the
 * models that consume it and the tables that contain it; a model into its groups); `term` links are lines, not
 * arrows, from a term to what carries it.
 */
const DRAWN_RELATIONSHIPS: Readonly<
  Record<GraphRelationship, { readonly upstream: 'source' | 'destination'; readonly term?: true }>
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

/** A Mermaid `flowchart LR` of the change graph; '' for a graph with nothing in it. */
export function renderMermaid(graph: ChangeGraph): string {
  const { nodes, omitted } = graph;
  if (nodes.length === 0 && omitted === 0) return '';
  // A node's id is its place in the graph's order (`n0`, `n1`…): links are sorted by it.
  const places = new Map(nodes.map((node, index) => [node.urn, index]));

  const lines = ['flowchart LR'];
  for (const [index, node] of nodes.entries()) {
    const kind = `${entityNoun(node.entityType, 1)}${node.action === undefined ? '' : ` (${node.action})`}`;
    const [open, close] = SHAPES[node.entityType] ?? ['[', ']'];
    lines.push(`  n${index}${open}"${escapeMermaidText(kind)}<br/>${escapeMermaidText(node.name)}"${close}`);
  }
  if (omitted > 0) lines.push(`  more["${escapeMermaidText(`and ${omitted} more`)}"]`);

  const drawn = graph.edges
    .flatMap((edge) => {
      const source = places.get(edge.source);
      const destination = places.get(edge.destination);
      if (source === undefined || destination === undefined) return [];
      const { upstream, term } = DRAWN_RELATIONSHIPS[edge.relationship];
      const [from, to] = upstream === 'source' ? [source, destination] : [destination, source];
      return [{ from, to, edge, term: term === true }];
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
  const classOf = (action: GraphNodeAction | undefined): GraphNodeAction | 'neighbour' =>
    action ?? 'neighbour';
  for (const name of ['create', 'update', 'delete', 'neighbour'] as const) {
    const members = nodes.flatMap((node, index) => (classOf(node.action) === name ? [`n${index}`] : []));
    if (members.length > 0) lines.push(`  class ${members.join(',')} ${name}`);
  }
  if (omitted > 0) lines.push('  class more more');
  const styled = (state: GraphEdgeState): string =>
    drawn.flatMap((item, index) => (item.edge.state === state ? [String(index)] : [])).join(',');
  const added = styled('added');
  const removed = styled('removed');
  if (added !== '') lines.push(`  linkStyle ${added} ${ADDED_LINK_STYLE}`);
  if (removed !== '') lines.push(`  linkStyle ${removed} ${REMOVED_LINK_STYLE}`);
  return `${lines.join('\n')}\n`;
}

/** Added links are thick, removed ones dotted; term links have no arrow head. */
function link(state: GraphEdgeState, term: boolean): string {
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
