// @ts-check
/**
 * Converts DataHub's parsed PDL (scripts/pdl.mjs) into the compact AspectSchemas form the generated validators read
 * (src/datahub/pegasus/schema.ts): every named type an aspect reaches, referenced by FQN. Used by
 * scripts/generate-datahub-release.mjs for the release's schemas and for the compatibility artefacts.
 */
import { resolveTypeName } from './pdl.mjs';

/** @typedef {import('./pdl.mjs').PdlFile} PdlFile */
/** @typedef {import('./pdl.mjs').PdlNamed} PdlNamed */
/** @typedef {import('./pdl.mjs').TypeRef} TypeRef */

/**
 * Turns parsed PDL into the compact AspectSchemas form (src/datahub/pegasus/schema.ts): primitives by name, named
 * types by FQN, records with their included fields flattened in rest.li's order (included records' fields first).
 * @param {Map<string, { named: PdlNamed; file: PdlFile; path: string }>} models
 */
export function schemaConverter(models) {
  /** @type {string[]} */
  const problems = [];
  /** @type {Map<string, unknown>} */
  const converted = new Map();

  /** @param {string} name @param {PdlFile} file @param {string} where */
  const resolve = (name, file, where) => {
    const fqn = resolveTypeName(name, file);
    if (!models.has(fqn)) problems.push(`${where}: cannot resolve type ${name} (looked for ${fqn})`);
    return fqn;
  };

  /** @param {TypeRef} type @param {PdlFile} file @param {string} where @returns {unknown} */
  const convertType = (type, file, where) => {
    switch (type.kind) {
      case 'primitive':
        return type.name;
      case 'named':
        return resolve(type.name, file, where);
      case 'array':
        return { array: convertType(type.items, file, where) };
      case 'map':
        return { map: convertType(type.values, file, where) };
      case 'union':
        return {
          union: type.members.map((member) => {
            const converted = convertType(member.type, file, where);
            return { key: member.alias ?? memberKey(converted), type: converted };
          }),
        };
      case 'record':
        return type.record.fullName;
      case 'enum':
      case 'typeref':
      case 'fixed':
        return type.named.fullName;
    }
    throw new Error(`${where}: unknown type kind`);
  };

  /**
   * Union member keys of unaliased members, as rest.li's getUnionMemberKey gives them: the FQN of a record, enum
   * or fixed, the primitive's name, `array` or `map`; a typeref's is that of the type it refers to
   * (TyperefDataSchema), so union[DatasetUrn] is written `{"string": "urn:li:dataset:..."}`.
   * @param {unknown} type @returns {string}
   */
  const memberKey = (type) => {
    if (typeof type === 'string') {
      const entry = models.get(type);
      if (entry !== undefined && entry.named.kind === 'typeref') {
        return memberKey(convertType(entry.named.ref, entry.file, type));
      }
      return type;
    }
    if (typeof type === 'object' && type !== null && 'array' in type) return 'array';
    if (typeof type === 'object' && type !== null && 'map' in type) return 'map';
    problems.push(`a union member must be named, an array, a map or a primitive`);
    return '?';
  };

  /** @param {string} fqn @param {string[]} stack @returns {{ name: string; type: unknown; optional?: true; default?: true }[]} */
  const recordFields = (fqn, stack) => {
    const entry = models.get(fqn);
    if (entry === undefined || entry.named.kind !== 'record') {
      problems.push(`${stack.join(' > ')}: ${fqn} is not a record`);
      return [];
    }
    if (stack.includes(fqn)) {
      problems.push(`include cycle: ${[...stack, fqn].join(' > ')}`);
      return [];
    }
    const { named, file } = entry;
    const fields = [];
    for (const include of named.includes) {
      fields.push(...recordFields(resolve(include, file, fqn), [...stack, fqn]));
    }
    for (const field of named.fields) {
      fields.push({
        name: field.name,
        type: convertType(field.type, file, `${fqn}.${field.name}`),
        ...(field.optional ? { optional: /** @type {const} */ (true) } : {}),
        ...(field.hasDefault ? { default: /** @type {const} */ (true) } : {}),
      });
    }
    return fields;
  };

  /** @param {string} fqn */
  const convertNamed = (fqn) => {
    const cached = converted.get(fqn);
    if (cached !== undefined) return cached;
    const entry = models.get(fqn);
    if (entry === undefined) {
      problems.push(`cannot resolve ${fqn}`);
      return undefined;
    }
    const { named, file } = entry;
    /** @type {unknown} */
    let result;
    if (named.kind === 'record') {
      result = { kind: 'record', fields: recordFields(fqn, []) };
    } else if (named.kind === 'enum') {
      result = { kind: 'enum', symbols: named.symbols };
    } else if (named.kind === 'fixed') {
      result = { kind: 'fixed', size: named.size };
    } else {
      const typed = named.annotations['validate.com.linkedin.common.validator.TypedUrnValidator'];
      const entityType =
        typeof typed === 'object' && typed !== null && typeof typed['entityType'] === 'string'
          ? typed['entityType']
          : undefined;
      result = {
        kind: 'typeref',
        ref: convertType(named.ref, file, fqn),
        ...(entityType === undefined ? {} : { urnEntityType: entityType }),
      };
    }
    converted.set(fqn, result);
    return result;
  };

  /** Every named type reachable from the roots, sorted by FQN. @param {string[]} roots */
  const closure = (roots) => {
    /** @type {Map<string, unknown>} */
    const found = new Map();
    const queue = [...roots];
    while (queue.length > 0) {
      const fqn = queue.pop();
      if (fqn === undefined || found.has(fqn)) continue;
      const schema = convertNamed(fqn);
      if (schema === undefined) continue;
      found.set(fqn, schema);
      for (const ref of referencedNames(schema)) if (!found.has(ref)) queue.push(ref);
    }
    return new Map([...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  };

  return { closure, problems };
}

/** FQNs a converted schema refers to. @param {unknown} schema @returns {string[]} */
function referencedNames(schema) {
  /** @type {string[]} */
  const names = [];
  /** @param {unknown} type */
  const visit = (type) => {
    if (typeof type === 'string') {
      if (type.includes('.')) names.push(type);
    } else if (typeof type === 'object' && type !== null) {
      const record = /** @type {Record<string, unknown>} */ (type);
      if ('array' in record) visit(record['array']);
      else if ('map' in record) visit(record['map']);
      else if (Array.isArray(record['union'])) for (const member of record['union']) visit(member.type);
    }
  };
  const named = /** @type {Record<string, unknown>} */ (schema);
  if (named['kind'] === 'record' && Array.isArray(named['fields']))
    for (const field of named['fields']) visit(field.type);
  if (named['kind'] === 'typeref') visit(named['ref']);
  return names;
}
