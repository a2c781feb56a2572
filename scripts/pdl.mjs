// @ts-check
/**
 * A small, tolerant reader of Pegasus schema files (.pdl): enough to get what the entity registry needs from
 * DataHub's models — namespace, imports, the top-level record, its annotations (@Aspect, @Relationship), the
 * records it includes, and its fields with their types and annotations.
 *
 * Annotation values are JSON-like but DataHub's files are lenient about commas (`"isLineage": true` followed by
 * another key without a comma occurs in MLFeatureTableProperties.pdl), so values are read with a forgiving parser
 * rather than JSON.parse.
 */

/** @typedef {{ kind: 'ident' | 'string' | 'number' | 'punct'; text: string }} Token */
/** @typedef {{ kind: 'named'; name: string } | { kind: 'array'; items: TypeRef } | { kind: 'map'; values: TypeRef } | { kind: 'record'; record: PdlRecord } | { kind: 'other' }} TypeRef */
/** @typedef {{ name: string; type: TypeRef; optional: boolean; annotations: Record<string, unknown> }} PdlField */
/** @typedef {{ name: string; fullName: string; includes: string[]; fields: PdlField[]; annotations: Record<string, unknown> }} PdlRecord */
/** @typedef {{ namespace: string; imports: string[]; record: PdlRecord | undefined }} PdlFile */

/** @param {string} text @returns {Token[]} */
export function tokenize(text) {
  /** @type {Token[]} */
  const tokens = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (/\s/.test(char)) {
      i += 1;
    } else if (text.startsWith('//', i)) {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (char === '"') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length) {
          value += text[j + 1];
          j += 2;
        } else {
          value += text[j];
          j += 1;
        }
      }
      tokens.push({ kind: 'string', text: value });
      i = j + 1;
    } else if (char === '`') {
      const end = text.indexOf('`', i + 1);
      tokens.push({ kind: 'ident', text: text.slice(i + 1, end < 0 ? text.length : end) });
      i = end < 0 ? text.length : end + 1;
    } else if (/[0-9]/.test(char) || (char === '-' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const match = /^-?[0-9][0-9.eE+-]*/.exec(text.slice(i));
      const number = match === null ? char : match[0];
      tokens.push({ kind: 'number', text: number });
      i += number.length;
    } else if (/[A-Za-z_$]/.test(char)) {
      const match = /^[A-Za-z_$][A-Za-z0-9_$.]*/.exec(text.slice(i));
      const word = match === null ? char : match[0];
      tokens.push({ kind: 'ident', text: word });
      i += word.length;
    } else {
      tokens.push({ kind: 'punct', text: char });
      i += 1;
    }
  }
  return tokens;
}

class Parser {
  /** @param {Token[]} tokens */
  constructor(tokens) {
    this.tokens = tokens;
    this.pos = 0;
  }
  peek(offset = 0) {
    return this.tokens[this.pos + offset];
  }
  next() {
    const token = this.tokens[this.pos];
    this.pos += 1;
    return token;
  }
  /** @param {string} text */
  isPunct(text, offset = 0) {
    const token = this.peek(offset);
    return token !== undefined && token.kind === 'punct' && token.text === text;
  }
  /** @param {string} text */
  isWord(text) {
    const token = this.peek();
    return token !== undefined && token.kind === 'ident' && token.text === text;
  }
  /** @param {string} text */
  skipPunct(text) {
    if (this.isPunct(text)) this.pos += 1;
  }

  /** A JSON-like value: objects, arrays, strings, numbers, true/false/null; commas optional. @returns {unknown} */
  value() {
    const token = this.next();
    if (token === undefined) return null;
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
      while (this.peek() !== undefined && !this.isPunct('}')) {
        const key = this.next();
        this.skipPunct(':');
        object[key?.text ?? ''] = this.value();
        this.skipPunct(',');
      }
      this.skipPunct('}');
      return object;
    }
    if (token.text === '[') {
      const items = [];
      while (this.peek() !== undefined && !this.isPunct(']')) {
        items.push(this.value());
        this.skipPunct(',');
      }
      this.skipPunct(']');
      return items;
    }
    return token.text;
  }

  /** `@Name = value`, `@Name.sub = value`, or a bare `@Name`. @returns {Record<string, unknown>} */
  annotations() {
    /** @type {Record<string, unknown>} */
    const annotations = {};
    while (this.isPunct('@')) {
      this.pos += 1;
      const name = this.next()?.text ?? '';
      if (this.isPunct('=')) {
        this.pos += 1;
        annotations[name] = this.value();
      } else {
        annotations[name] = true;
      }
    }
    return annotations;
  }

  /** @returns {TypeRef} */
  type() {
    const token = this.peek();
    if (token === undefined) return { kind: 'other' };
    if (token.kind === 'ident' && (token.text === 'array' || token.text === 'map') && this.isPunct('[', 1)) {
      this.pos += 2;
      if (token.text === 'array') {
        const items = this.type();
        this.skipPunct(']');
        return { kind: 'array', items };
      }
      this.type();
      this.skipPunct(',');
      const values = this.type();
      this.skipPunct(']');
      return { kind: 'map', values };
    }
    if (token.kind === 'ident' && token.text === 'union' && this.isPunct('[', 1)) {
      this.pos += 2;
      this.skipBalanced('[', ']');
      return { kind: 'other' };
    }
    if (token.kind === 'ident' && token.text === 'record') {
      return { kind: 'record', record: this.record('', {}) };
    }
    if (
      token.kind === 'ident' &&
      (token.text === 'enum' || token.text === 'fixed' || token.text === 'typeref')
    ) {
      this.pos += 2;
      if (this.isPunct('{')) {
        this.pos += 1;
        this.skipBalanced('{', '}');
      } else if (this.isPunct('=')) {
        this.pos += 1;
        this.type();
      } else if (this.peek()?.kind === 'number') {
        this.pos += 1;
      }
      return { kind: 'other' };
    }
    this.pos += 1;
    return token.kind === 'ident' ? { kind: 'named', name: token.text } : { kind: 'other' };
  }

  /** Skips to the closing bracket of an already opened one. @param {string} open @param {string} close */
  skipBalanced(open, close) {
    let depth = 1;
    while (depth > 0 && this.peek() !== undefined) {
      const token = this.next();
      if (token?.kind === 'punct' && token.text === open) depth += 1;
      if (token?.kind === 'punct' && token.text === close) depth -= 1;
    }
  }

  /** `record Name [includes A, B] { fields }`, its annotations already read. @param {string} namespace @param {Record<string, unknown>} annotations @returns {PdlRecord} */
  record(namespace, annotations) {
    this.pos += 1; // record
    const name = this.next()?.text ?? '';
    /** @type {string[]} */
    const includes = [];
    if (this.isWord('includes')) {
      this.pos += 1;
      while (this.peek() !== undefined && !this.isPunct('{')) {
        const token = this.next();
        if (token?.kind === 'ident') includes.push(token.text);
      }
    }
    /** @type {PdlField[]} */
    const fields = [];
    this.skipPunct('{');
    while (this.peek() !== undefined && !this.isPunct('}')) {
      const fieldAnnotations = this.annotations();
      if (this.isPunct('}')) break;
      const fieldName = this.next()?.text ?? '';
      this.skipPunct(':');
      let optional = false;
      if (this.isWord('optional')) {
        optional = true;
        this.pos += 1;
      }
      const type = this.type();
      if (this.isPunct('=')) {
        this.pos += 1;
        this.value();
      }
      this.skipPunct(',');
      fields.push({ name: fieldName, type, optional, annotations: fieldAnnotations });
    }
    this.skipPunct('}');
    return {
      name,
      fullName: namespace === '' ? name : `${namespace}.${name}`,
      includes,
      fields,
      annotations,
    };
  }
}

/** Parses one .pdl file; `record` is undefined for files that declare an enum, typeref or union instead. @param {string} text @returns {PdlFile} */
export function parsePdl(text) {
  const parser = new Parser(tokenize(text));
  let namespace = '';
  /** @type {string[]} */
  const imports = [];
  while (parser.peek() !== undefined) {
    if (parser.isWord('namespace')) {
      parser.pos += 1;
      namespace = parser.next()?.text ?? '';
    } else if (parser.isWord('import')) {
      parser.pos += 1;
      imports.push(parser.next()?.text ?? '');
    } else if (parser.isWord('package')) {
      parser.pos += 2;
    } else {
      break;
    }
  }
  const annotations = parser.annotations();
  if (!parser.isWord('record')) return { namespace, imports, record: undefined };
  return { namespace, imports, record: parser.record(namespace, annotations) };
}

/** The fully qualified name a type name refers to in a file: an import, else the file's own namespace. @param {string} name @param {PdlFile} file */
export function resolveTypeName(name, file) {
  if (name.includes('.')) return name;
  const imported = file.imports.find((item) => item.endsWith(`.${name}`));
  return imported ?? (file.namespace === '' ? name : `${file.namespace}.${name}`);
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
