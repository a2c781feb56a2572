// @ts-check
/**
 * A reader of Pegasus schema files (.pdl), complete enough for every file of DataHub's metadata models: namespace,
 * package, imports; named records, enums, typerefs and fixed types, top-level or declared inline; fields with
 * `optional`, defaults and annotations; `includes`; arrays, maps, unions (plain and aliased) and primitives.
 *
 * It is strict about structure (anything it does not understand throws, naming the line) because the generator
 * must fail loudly rather than emit a validator that accepts what GMS refuses. Annotation values are JSON-like
 * but DataHub's files are lenient about commas (`"isLineage": true` followed by another key without a comma
 * occurs in MLFeatureTableProperties.pdl), so they are read with a forgiving value parser rather than JSON.parse.
 */

/** @typedef {{ kind: 'ident' | 'string' | 'number' | 'punct'; text: string; line: number }} Token */
/**
 * @typedef {{ kind: 'primitive'; name: string }
 *   | { kind: 'named'; name: string }
 *   | { kind: 'array'; items: TypeRef }
 *   | { kind: 'map'; values: TypeRef }
 *   | { kind: 'union'; members: UnionMember[] }
 *   | { kind: 'record'; record: PdlRecord }
 *   | { kind: 'enum'; named: PdlEnum }
 *   | { kind: 'typeref'; named: PdlTyperef }
 *   | { kind: 'fixed'; named: PdlFixed }} TypeRef
 */
/** @typedef {{ alias: string | undefined; type: TypeRef; annotations: Record<string, unknown> }} UnionMember */
/** @typedef {{ name: string; type: TypeRef; optional: boolean; hasDefault: boolean; default?: unknown; annotations: Record<string, unknown> }} PdlField */
/** @typedef {{ kind: 'record'; name: string; fullName: string; includes: string[]; fields: PdlField[]; annotations: Record<string, unknown> }} PdlRecord */
/** @typedef {{ kind: 'enum'; name: string; fullName: string; symbols: string[]; annotations: Record<string, unknown> }} PdlEnum */
/** @typedef {{ kind: 'typeref'; name: string; fullName: string; ref: TypeRef; annotations: Record<string, unknown> }} PdlTyperef */
/** @typedef {{ kind: 'fixed'; name: string; fullName: string; size: number; annotations: Record<string, unknown> }} PdlFixed */
/** @typedef {PdlRecord | PdlEnum | PdlTyperef | PdlFixed} PdlNamed */
/**
 * `main`: the type the file is named after; `named`: it and every type declared inline in it, each with the
 * namespace it was declared in (inline types take the enclosing namespace).
 * @typedef {{ namespace: string; imports: string[]; main: PdlNamed; named: PdlNamed[]; record: PdlRecord | undefined }} PdlFile
 */

export const PRIMITIVES = new Set(['null', 'boolean', 'int', 'long', 'float', 'double', 'string', 'bytes']);

const IDENT = /^(?:[A-Za-z_$][A-Za-z0-9_$]*|`[^`]*`)(?:\.(?:[A-Za-z_$][A-Za-z0-9_$]*|`[^`]*`))*/;

/** @param {string} text @returns {Token[]} */
export function tokenize(text) {
  /** @type {Token[]} */
  const tokens = [];
  let i = 0;
  let line = 1;
  const advance = (/** @type {number} */ to) => {
    for (let k = i; k < to && k < text.length; k += 1) if (text[k] === '\n') line += 1;
    i = to;
  };
  while (i < text.length) {
    const char = text[i] ?? '';
    if (/\s/.test(char)) {
      advance(i + 1);
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      advance(end < 0 ? text.length : end);
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      advance(end < 0 ? text.length : end + 2);
    } else if (char === '"') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length) {
          const escaped = text[j + 1] ?? '';
          value += escaped === 'n' ? '\n' : escaped === 't' ? '\t' : escaped;
          j += 2;
        } else {
          value += text[j];
          j += 1;
        }
      }
      tokens.push({ kind: 'string', text: value, line });
      advance(j + 1);
    } else if (/[0-9]/.test(char) || (char === '-' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const match = /^-?[0-9][0-9.eE+-]*/.exec(text.slice(i));
      const number = match === null ? char : match[0];
      tokens.push({ kind: 'number', text: number, line });
      advance(i + number.length);
    } else if (/[A-Za-z_$`]/.test(char)) {
      const match = IDENT.exec(text.slice(i));
      if (match === null) throw new Error(`line ${line}: unterminated \`identifier\``);
      // Backticks escape keywords and odd names (`namespace`, `com.linkedin.X` in annotation names): drop them.
      tokens.push({ kind: 'ident', text: match[0].replaceAll('`', ''), line });
      advance(i + match[0].length);
    } else {
      tokens.push({ kind: 'punct', text: char, line });
      advance(i + 1);
    }
  }
  return tokens;
}

class Parser {
  /** @param {Token[]} tokens */
  constructor(tokens) {
    this.tokens = tokens;
    this.pos = 0;
    /** @type {PdlNamed[]} */
    this.named = [];
  }
  peek(offset = 0) {
    return this.tokens[this.pos + offset];
  }
  /** @returns {Token} */
  next() {
    const token = this.tokens[this.pos];
    if (token === undefined) throw new Error('unexpected end of file');
    this.pos += 1;
    return token;
  }
  /** @param {string} message @returns {never} */
  fail(message) {
    const token = this.peek() ?? this.tokens[this.tokens.length - 1];
    throw new Error(
      `line ${token?.line ?? 0}: ${message} (at ${JSON.stringify(token?.text ?? 'end of file')})`,
    );
  }
  /** @param {string} text */
  isPunct(text, offset = 0) {
    const token = this.peek(offset);
    return token !== undefined && token.kind === 'punct' && token.text === text;
  }
  /** @param {string} text */
  isWord(text, offset = 0) {
    const token = this.peek(offset);
    return token !== undefined && token.kind === 'ident' && token.text === text;
  }
  /** @param {string} text */
  skipPunct(text) {
    if (this.isPunct(text)) this.pos += 1;
  }
  /** @param {string} text */
  expectPunct(text) {
    if (!this.isPunct(text)) this.fail(`expected "${text}"`);
    this.pos += 1;
  }
  /** @returns {string} */
  ident() {
    const token = this.peek();
    if (token === undefined || token.kind !== 'ident') this.fail('expected a name');
    this.pos += 1;
    return token.text;
  }

  /** A JSON-like value: objects, arrays, strings, numbers, true/false/null; commas optional. @returns {unknown} */
  value() {
    const token = this.next();
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.kind === 'ident') {
      if (token.text === 'true') return true;
      if (token.text === 'false') return false;
      if (token.text === 'null') return null;
      return token.text;
    }
    if (token.text === '{') {
      /** @type {Record<string, unknown>} */
      const object = {};
      while (!this.isPunct('}')) {
        const key = this.next();
        this.expectPunct(':');
        object[key.text] = this.value();
        this.skipPunct(',');
      }
      this.expectPunct('}');
      return object;
    }
    if (token.text === '[') {
      const items = [];
      while (!this.isPunct(']')) {
        items.push(this.value());
        this.skipPunct(',');
      }
      this.expectPunct(']');
      return items;
    }
    return this.fail('expected a value');
  }

  /** `@Name = value`, `@Name.sub = value`, or a bare `@Name`. @returns {Record<string, unknown>} */
  annotations() {
    /** @type {Record<string, unknown>} */
    const annotations = {};
    while (this.isPunct('@')) {
      this.pos += 1;
      const name = this.ident();
      if (this.isPunct('=')) {
        this.pos += 1;
        annotations[name] = this.value();
      } else {
        annotations[name] = true;
      }
    }
    return annotations;
  }

  /** A type, inline named types included (they are declared in `namespace`). @param {string} namespace @returns {TypeRef} */
  type(namespace) {
    const annotations = this.annotations();
    const token = this.peek();
    if (token === undefined || token.kind !== 'ident') return this.fail('expected a type');
    if (token.text === 'array' && this.isPunct('[', 1)) {
      this.pos += 2;
      const items = this.type(namespace);
      this.expectPunct(']');
      return { kind: 'array', items };
    }
    if (token.text === 'map' && this.isPunct('[', 1)) {
      this.pos += 2;
      const keys = this.type(namespace);
      if (keys.kind !== 'primitive' || keys.name !== 'string') this.fail('map keys must be string');
      this.expectPunct(',');
      const values = this.type(namespace);
      this.expectPunct(']');
      return { kind: 'map', values };
    }
    if (token.text === 'union' && this.isPunct('[', 1)) {
      this.pos += 2;
      /** @type {UnionMember[]} */
      const members = [];
      while (!this.isPunct(']')) {
        const memberAnnotations = this.annotations();
        /** @type {string | undefined} */
        let alias;
        if (this.peek()?.kind === 'ident' && this.isPunct(':', 1)) {
          alias = this.ident();
          this.pos += 1;
        }
        members.push({ alias, type: this.type(namespace), annotations: memberAnnotations });
        this.skipPunct(',');
      }
      this.expectPunct(']');
      return { kind: 'union', members };
    }
    if (['record', 'enum', 'typeref', 'fixed'].includes(token.text) && this.peek(1)?.kind === 'ident') {
      const named = this.namedType(namespace, annotations);
      if (named.kind === 'record') return { kind: 'record', record: named };
      return /** @type {TypeRef} */ ({ kind: named.kind, named });
    }
    if (token.text === '{' || this.isPunct('{')) return this.fail('namespace blocks are not supported');
    this.pos += 1;
    if (PRIMITIVES.has(token.text)) return { kind: 'primitive', name: token.text };
    return { kind: 'named', name: token.text };
  }

  /** `record|enum|typeref|fixed Name ...`, its annotations already read. @param {string} namespace @param {Record<string, unknown>} annotations @returns {PdlNamed} */
  namedType(namespace, annotations) {
    const keyword = this.ident();
    const name = this.ident();
    const fullName = name.includes('.') || namespace === '' ? name : `${namespace}.${name}`;
    /** @type {PdlNamed} */
    let named;
    if (keyword === 'record') {
      named = this.recordBody(namespace, name, fullName, annotations);
    } else if (keyword === 'enum') {
      this.expectPunct('{');
      /** @type {string[]} */
      const symbols = [];
      while (!this.isPunct('}')) {
        this.annotations();
        symbols.push(this.ident());
        this.skipPunct(',');
      }
      this.expectPunct('}');
      named = { kind: 'enum', name, fullName, symbols, annotations };
    } else if (keyword === 'typeref') {
      this.expectPunct('=');
      named = { kind: 'typeref', name, fullName, ref: this.type(namespace), annotations };
    } else if (keyword === 'fixed') {
      const size = this.next();
      if (size.kind !== 'number') this.fail('expected the size of a fixed type');
      named = { kind: 'fixed', name, fullName, size: Number(size.text), annotations };
    } else {
      return this.fail(`unknown named type kind "${keyword}"`);
    }
    this.named.push(named);
    return named;
  }

  /** `[includes A, B] { fields }` after `record Name`. @param {string} namespace @param {string} name @param {string} fullName @param {Record<string, unknown>} annotations @returns {PdlRecord} */
  recordBody(namespace, name, fullName, annotations) {
    /** @type {string[]} */
    const includes = [];
    if (this.isWord('includes')) {
      this.pos += 1;
      for (;;) {
        const included = this.type(namespace);
        if (included.kind === 'named') includes.push(included.name);
        else if (included.kind === 'record') includes.push(included.record.fullName);
        else this.fail('only records can be included');
        if (!this.isPunct(',')) break;
        this.pos += 1;
      }
    }
    /** @type {PdlField[]} */
    const fields = [];
    this.expectPunct('{');
    while (!this.isPunct('}')) {
      const fieldAnnotations = this.annotations();
      const fieldName = this.ident();
      this.expectPunct(':');
      let optional = false;
      if (this.isWord('optional')) {
        optional = true;
        this.pos += 1;
      }
      const type = this.type(namespace);
      /** @type {PdlField} */
      const field = { name: fieldName, type, optional, hasDefault: false, annotations: fieldAnnotations };
      if (this.isPunct('=')) {
        this.pos += 1;
        field.hasDefault = true;
        field.default = this.value();
      }
      this.skipPunct(',');
      fields.push(field);
    }
    this.expectPunct('}');
    return { kind: 'record', name, fullName, includes, fields, annotations };
  }
}

/** Parses one .pdl file; it must declare exactly one top-level named type. @param {string} text @returns {PdlFile} */
export function parsePdl(text) {
  const parser = new Parser(tokenize(text));
  let namespace = '';
  /** @type {string[]} */
  const imports = [];
  for (;;) {
    if (parser.isWord('namespace')) {
      parser.pos += 1;
      namespace = parser.ident();
    } else if (parser.isWord('package')) {
      parser.pos += 1;
      parser.ident();
    } else if (parser.isWord('import')) {
      parser.pos += 1;
      imports.push(parser.ident());
    } else {
      break;
    }
  }
  const annotations = parser.annotations();
  const main = parser.namedType(namespace, annotations);
  if (parser.peek() !== undefined) parser.fail('unexpected text after the top-level type');
  return {
    namespace,
    imports,
    main,
    named: parser.named,
    record: main.kind === 'record' ? main : undefined,
  };
}

/**
 * The fully qualified name a type name refers to in a file, as rest.li resolves it: a dotted name is already
 * qualified; else an import of that simple name; else a type declared inline in the file; else the namespace.
 * @param {string} name @param {PdlFile} file
 */
export function resolveTypeName(name, file) {
  if (name.includes('.')) return name;
  const imported = file.imports.find((item) => item.endsWith(`.${name}`));
  if (imported !== undefined) return imported;
  const inline = (file.named ?? []).find((item) => item.name === name);
  if (inline !== undefined) return inline.fullName;
  return file.namespace === '' ? name : `${file.namespace}.${name}`;
}

/**
 * The @Relationship annotations reachable from a record, as paths into the aspect's JSON (`*` for array items),
 * following DataHub's rules: an annotation on a field names the relationship at that field; one keyed by paths
 * (`"/*"`, `"/*\/tag"`) names it at those paths below the field; nested records are searched too, and a path-keyed
 * annotation on an enclosing field overrides what a nested record says about the same path.
 * @param {PdlRecord} record
 * @param {PdlFile} file
 * @param {(fqn: string) => { record: PdlRecord; file: PdlFile } | undefined} lookup
 * @returns {{ name: string; path: string[]; entityTypes: string[] }[]}
 */
export function collectRelationships(record, file, lookup, depth = 0, seen = new Set()) {
  if (depth > 8 || seen.has(record.fullName)) return [];
  const inner = new Set([...seen, record.fullName]);
  /** @type {{ name: string; path: string[]; entityTypes: string[] }[]} */
  const found = [];
  for (const include of record.includes) {
    const included = lookup(resolveTypeName(include, file));
    if (included !== undefined) {
      for (const relationship of collectRelationships(
        included.record,
        included.file,
        lookup,
        depth + 1,
        inner,
      )) {
        found.push(relationship);
      }
    }
  }
  for (const field of record.fields) {
    /** @type {{ name: string; path: string[]; entityTypes: string[] }[]} */
    const explicit = [];
    const annotation = field.annotations['Relationship'];
    const isArray = field.type.kind === 'array';
    if (isObject(annotation)) {
      if (typeof annotation['name'] === 'string') {
        explicit.push(toRelationship(annotation, [field.name, ...(isArray ? ['*'] : [])]));
      } else {
        for (const [key, value] of Object.entries(annotation)) {
          if (!isObject(value) || typeof value['name'] !== 'string') continue;
          const sub = key.split('/').filter((segment) => segment !== '');
          explicit.push(toRelationship(value, [field.name, ...sub]));
        }
      }
    }
    found.push(...explicit);
    const nestedType = unwrap(field.type);
    const prefix = [field.name, ...(isArray ? ['*'] : [])];
    /** @type {{ record: PdlRecord; file: PdlFile } | undefined} */
    let nested;
    if (nestedType.kind === 'record') nested = { record: nestedType.record, file };
    else if (nestedType.kind === 'named') nested = lookup(resolveTypeName(nestedType.name, file));
    if (nested === undefined) continue;
    const overridden = new Set(explicit.map((item) => item.path.join('/')));
    for (const relationship of collectRelationships(nested.record, nested.file, lookup, depth + 1, inner)) {
      const path = [...prefix, ...relationship.path];
      if (!overridden.has(path.join('/'))) found.push({ ...relationship, path });
    }
  }
  return found;
}

/** @param {TypeRef} type @returns {TypeRef} */
function unwrap(type) {
  if (type.kind === 'array') return unwrap(type.items);
  return type;
}

/** @param {Record<string, unknown>} annotation @param {string[]} path */
function toRelationship(annotation, path) {
  const entityTypes = Array.isArray(annotation['entityTypes'])
    ? annotation['entityTypes'].filter((item) => typeof item === 'string')
    : [];
  return { name: String(annotation['name']), path, entityTypes };
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
