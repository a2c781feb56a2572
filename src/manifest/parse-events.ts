/**
 * The fast path of reading a manifest file: js-yaml's event parser (a full YAML 1.2 parser, faster than `yaml`
 * by about three times on manifests) gives the values and, from the events' source offsets, the same position
 * tree the `yaml` path builds. Anything this path does not reproduce exactly as `yaml` would (a syntax error,
 * a duplicate key, an alias, a tag, a key that is not a plain string) makes it answer `undefined`, and the file
 * goes through the `yaml` path (parse-documents.ts), whose diagnostics users see. So every located diagnostic is
 * the one `yaml` gives; only the cost of files without any differs.
 */
import {
  constructFromEvents,
  CORE_SCHEMA,
  EVENT_ID,
  getScalarValue,
  parseEvents,
  SCALAR_STYLE,
  type Event,
  type ScalarEvent,
} from 'js-yaml';
import type { MappingPositions, ParsedFile, PositionNode, SequencePositions } from './parsed-file.js';
import { setOwn } from '../model/json.js';

/** Plain scalars the YAML 1.2 core schema reads as something other than a string (null, bool, int, float). */
const NOT_A_STRING =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

/** Signals, inside the walk, that the file needs the `yaml` path. */
class NeedsYamlPath extends Error {}

/** The file's values and positions, or undefined when only the `yaml` path reads it as users expect. */
export function parseFileFast(text: string): ParsedFile | undefined {
  let events: Event[];
  let values: unknown[];
  try {
    events = parseEvents(text, {});
    // Aliases are refused here (maxAliases 0): `yaml` expands them under a limit the tool relies on.
    values = constructFromEvents(events, { source: text, schema: CORE_SCHEMA, maxAliases: 0 });
  } catch {
    return undefined;
  }
  try {
    const documents: ParsedFile['documents'][number][] = [];
    const walk = new EventWalk(text, events);
    for (const [index, value] of values.entries()) {
      const positions = walk.nextDocument();
      // A document with nothing but comments (or a trailing `---`) declares nothing.
      if (value === null || value === undefined || positions === undefined) continue;
      documents.push({ index, value, positions });
    }
    return { documents, partialValues: [], diagnostics: [], lineStarts: lineStartsOf(text) };
  } catch (error) {
    if (error instanceof NeedsYamlPath) return undefined;
    throw error;
  }
}

/** Offsets where the file's lines start, as `yaml`'s LineCounter records them. */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let offset = text.indexOf('\n'); offset !== -1; offset = text.indexOf('\n', offset + 1))
    starts.push(offset + 1);
  return starts;
}

class EventWalk {
  private next = 0;

  constructor(
    private readonly text: string,
    private readonly events: readonly Event[],
  ) {}

  /** The positions of the next document's content (undefined for an empty document). */
  nextDocument(): PositionNode | undefined {
    const start = this.take();
    if (start.type !== EVENT_ID.DOCUMENT) throw new NeedsYamlPath();
    const first = this.peek();
    // An empty document is an empty plain scalar: its value is null and it declares nothing.
    if (first.type === EVENT_ID.SCALAR && first.valueStart === -1 && first.style === SCALAR_STYLE.PLAIN) {
      this.next += 1;
      if (this.take().type !== EVENT_ID.POP) throw new NeedsYamlPath();
      return undefined;
    }
    const positions = this.node();
    if (this.take().type !== EVENT_ID.POP) throw new NeedsYamlPath();
    return positions;
  }

  private peek(): Event {
    const event = this.events[this.next];
    if (event === undefined) throw new NeedsYamlPath();
    return event;
  }

  private take(): Event {
    const event = this.peek();
    this.next += 1;
    return event;
  }

  private node(): PositionNode {
    const event = this.take();
    // Tags and anchors change what `yaml` calls a node's start; such files take its path.
    if ('tagStart' in event && (event.tagStart !== -1 || event.anchorStart !== -1)) throw new NeedsYamlPath();
    switch (event.type) {
      case EVENT_ID.SCALAR:
        return this.scalarStart(event);
      case EVENT_ID.SEQUENCE: {
        const items: PositionNode[] = [];
        while (this.peek().type !== EVENT_ID.POP) items.push(this.node());
        this.next += 1;
        const sequence: SequencePositions = { o: event.start, s: items };
        return sequence;
      }
      case EVENT_ID.MAPPING: {
        const keys: Record<string, number> = {};
        const values: Record<string, PositionNode> = {};
        while (this.peek().type !== EVENT_ID.POP) {
          const keyEvent = this.take();
          if (keyEvent.type !== EVENT_ID.SCALAR || keyEvent.tagStart !== -1 || keyEvent.anchorStart !== -1)
            throw new NeedsYamlPath();
          const key = this.keyOf(keyEvent);
          const keyOffset = this.scalarStart(keyEvent);
          const value = this.node();
          // Duplicate keys were refused by the constructor; setOwn's care for __proto__ is kept.
          setOwn(keys, key, keyOffset);
          setOwn(values, key, value);
        }
        this.next += 1;
        const mapping: MappingPositions = { o: event.start, k: keys, m: values };
        return mapping;
      }
      default:
        throw new NeedsYamlPath();
    }
  }

  /** The key as the value's object has it; a plain key the core schema reads as a non-string needs `yaml`. */
  private keyOf(event: ScalarEvent): string {
    const key = getScalarValue(this.text, event);
    if (event.style === SCALAR_STYLE.PLAIN && (event.valueStart === -1 || NOT_A_STRING.test(key)))
      throw new NeedsYamlPath();
    return key;
  }

  /** Where `yaml` says a scalar starts: its first character, its opening quote or its block header. */
  private scalarStart(event: ScalarEvent): number {
    switch (event.style) {
      case SCALAR_STYLE.PLAIN:
        if (event.valueStart === -1) throw new NeedsYamlPath();
        return event.valueStart;
      case SCALAR_STYLE.SINGLE_QUOTED:
      case SCALAR_STYLE.DOUBLE_QUOTED:
        return event.valueStart - 1;
      case SCALAR_STYLE.LITERAL_BLOCK:
      case SCALAR_STYLE.FOLDED_BLOCK:
        return this.blockHeaderStart(event.valueStart);
      default:
        throw new NeedsYamlPath();
    }
  }

  /** `yaml` places a block scalar at its header; js-yaml gives where its content starts, lines below. */
  private blockHeaderStart(contentStart: number): number {
    if (contentStart <= 0) throw new NeedsYamlPath();
    let end = this.text.lastIndexOf('\n', contentStart - 1);
    while (end > 0) {
      const start = this.text.lastIndexOf('\n', end - 1) + 1;
      const line = this.text.slice(start, end).replace(/\r$/, '');
      if (line.trim() !== '') {
        const header = BLOCK_HEADER.exec(line);
        if (header === null) throw new NeedsYamlPath();
        return start + header.index;
      }
      end = start - 1;
    }
    throw new NeedsYamlPath();
  }
}

/** A block scalar's header (`|`, `>`, indicators, maybe a comment) ends the last non-blank line before it. */
const BLOCK_HEADER = /[|>][0-9+-]{0,2}[ \t]*(?:#.*)?$/;
