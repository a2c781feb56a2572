/**
 * Avro JSON (what DataHub's Python side writes into metadata files) → Pegasus JSON (what GMS validates and
 * stores), with the aspect's schema in hand, as DataHub's own Python reader and REST emitter do it
 * (avrogen's union decoding, serialization_helper.pre_json_transform). The differences:
 *
 * - an optional field that is absent may be written as `null`: Pegasus leaves it out;
 * - a value may be wrapped in its Avro type (`{"string": "CEO"}`, `{"array": [...]}`,
 *   `{"com.linkedin.pegasus2avro.common.AuditStamp": {...}}`): Pegasus writes the bare value, except in a union;
 * - a union member is named by its Avro type (`string` for a typeref'd Urn, `com.linkedin.pegasus2avro.X` for a
 *   record): Pegasus names it by the member's key (the typeref's or record's FQN, or the alias);
 * - a union member may be written bare (`"type": "SQL"` for union[AzkabanJobType, string]): the member is the one
 *   whose type the JSON value has;
 * - an aliased union (`union[costId: double, costCode: string]`) is an Avro record with a `fieldDiscriminator`
 *   naming the member that is set: Pegasus writes `{"costCode": "..."}`.
 *
 * Values the schema does not describe (unknown fields) are kept as they are; validation decides about them.
 */
import type { AspectSchemas, NamedSchema, SchemaType, UnionMember } from './schema.js';

const AVRO_PREFIX = 'com.linkedin.pegasus2avro.';

type Resolved =
  | string
  | { readonly array: SchemaType }
  | { readonly map: SchemaType }
  | { readonly union: readonly UnionMember[] }
  | NamedSchema;

interface Resolution {
  readonly resolved: Resolved;
  /** The named types (typerefs, then the record or enum) the type goes by, any of which may wrap its value. */
  readonly names: readonly string[];
}

/**
 * One converter per schemas object: its resolutions of named types are kept, since a file converts the same few
 * dozen types hundreds of thousands of times.
 */
const converters = new WeakMap<AspectSchemas, Converter>();

export function avroJsonToPegasus(schemas: AspectSchemas, aspectName: string, value: unknown): unknown {
  const fqn = Object.hasOwn(schemas.aspects, aspectName) ? schemas.aspects[aspectName] : undefined;
  if (fqn === undefined) return value;
  let converter = converters.get(schemas);
  if (converter === undefined) {
    converter = new Converter(schemas);
    converters.set(schemas, converter);
  }
  return converter.convert(fqn, value);
}

const NO_NAMES: readonly string[] = [];

class Converter {
  private readonly resolutions = new Map<string, Resolution>();
  private readonly names = new WeakMap<UnionMember, readonly string[]>();
  constructor(private readonly schemas: AspectSchemas) {}

  private resolve(type: SchemaType): Resolution {
    if (typeof type !== 'string') return { resolved: type, names: NO_NAMES };
    let resolution = this.resolutions.get(type);
    if (resolution === undefined) {
      resolution = this.resolveName(type);
      this.resolutions.set(type, resolution);
    }
    return resolution;
  }

  private resolveName(type: string): Resolution {
    const names: string[] = [];
    let current: SchemaType | NamedSchema = type;
    while (typeof current === 'string' && current.includes('.')) {
      names.push(current);
      const named: NamedSchema | undefined = Object.hasOwn(this.schemas.types, current)
        ? this.schemas.types[current]
        : undefined;
      if (named === undefined) return { resolved: 'unknown', names };
      current = named.kind === 'typeref' ? named.ref : named;
    }
    return { resolved: current, names };
  }

  convert(type: SchemaType, value: unknown): unknown {
    const { resolved, names } = this.resolve(type);
    if (typeof resolved === 'object' && 'union' in resolved) return this.convertUnion(resolved.union, value);
    const bare = this.unwrap(resolved, names, value);
    if (typeof resolved === 'string') return bare;
    // Most values are already Pegasus JSON: a container is copied only from its first changed entry on, so an
    // unchanged value is returned as it came.
    if ('array' in resolved) {
      if (!Array.isArray(bare)) return bare;
      let result: unknown[] | undefined;
      for (let index = 0; index < bare.length; index += 1) {
        const item: unknown = bare[index];
        const converted = this.convert(resolved.array, item);
        if (result === undefined && converted !== item) result = bare.slice(0, index);
        if (result !== undefined) result.push(converted);
      }
      return result ?? bare;
    }
    if ('map' in resolved) {
      if (!isObject(bare)) return bare;
      // Python's writer leaves null entries in user maps (customProperties); Pegasus maps have none.
      return this.convertEntries(bare, (_key, item) =>
        item === null ? DROP : this.convert(resolved.map, item),
      );
    }
    if (resolved.kind === 'record' && isObject(bare)) {
      const fields = resolved.fields;
      return this.convertEntries(bare, (key, item) => {
        const field = fields.find((candidate) => candidate.name === key);
        if (field === undefined) return item;
        return item === null && field.optional === true ? DROP : this.convert(field.type, item);
      });
    }
    return bare;
  }

  /**
   * The object with each entry replaced by `change`'s answer (DROP leaves it out); the object itself when no entry
   * changes, else a copy made from the first change on.
   */
  private convertEntries(
    value: Readonly<Record<string, unknown>>,
    change: (key: string, item: unknown) => unknown,
  ): Readonly<Record<string, unknown>> {
    let result: Record<string, unknown> | undefined;
    const keys = Object.keys(value);
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index] as string;
      const item = value[key];
      const converted = change(key, item);
      if (result === undefined && converted !== item) {
        result = {};
        for (let before = 0; before < index; before += 1) {
          const earlier = keys[before] as string;
          result[earlier] = value[earlier];
        }
      }
      if (result !== undefined && converted !== DROP) result[key] = converted;
    }
    return result ?? value;
  }

  /** Removes an Avro type wrapper around a value that is not a union member. */
  private unwrap(resolved: Resolved, names: readonly string[], value: unknown): unknown {
    const key = singleKey(value);
    if (key === undefined) return value;
    const inner = (value as Readonly<Record<string, unknown>>)[key];
    const name = key.startsWith(AVRO_PREFIX) ? `com.linkedin.${key.slice(AVRO_PREFIX.length)}` : key;
    if (names.includes(name)) return inner;
    if (typeof resolved === 'string') return key === resolved ? inner : value;
    if ('array' in resolved) return key === 'array' && Array.isArray(inner) ? inner : value;
    // A user map may have a single key named "map"; only an object under it can be a wrapper.
    if ('map' in resolved) return key === 'map' && isObject(inner) ? inner : value;
    return value;
  }

  private convertUnion(members: readonly UnionMember[], value: unknown): unknown {
    if (value === null) return null;
    if (isObject(value)) {
      const discriminator = value['fieldDiscriminator'];
      if (typeof discriminator === 'string') {
        const member = members.find((candidate) => candidate.key === discriminator);
        if (member !== undefined) return { [member.key]: this.convert(member.type, value[discriminator]) };
      }
      const key = singleKey(value);
      if (key !== undefined) {
        const inner = value[key];
        const member = members.find((candidate) => this.memberNames(candidate).includes(key));
        if (member !== undefined) return { [member.key]: this.convert(member.type, inner) };
      }
    }
    // A bare value: the member whose type the JSON value has (DataHub's Python reader picks it the same way).
    const member = members.find((candidate) => this.accepts(candidate.type, value));
    return member === undefined ? value : { [member.key]: this.convert(member.type, value) };
  }

  /** The names a member may go by in Avro JSON: its Pegasus key, its Avro FQN, and its Avro type's name. */
  private memberNames(member: UnionMember): readonly string[] {
    let names = this.names.get(member);
    if (names === undefined) {
      names = this.findMemberNames(member);
      this.names.set(member, names);
    }
    return names;
  }

  private findMemberNames(member: UnionMember): readonly string[] {
    const { resolved } = this.resolve(member.type);
    const names = [member.key];
    if (member.key.startsWith('com.linkedin.'))
      names.push(AVRO_PREFIX + member.key.slice('com.linkedin.'.length));
    if (typeof resolved === 'string') names.push(resolved);
    else if ('array' in resolved) names.push('array');
    else if ('map' in resolved) names.push('map');
    return names;
  }

  private accepts(type: SchemaType, value: unknown): boolean {
    const { resolved } = this.resolve(type);
    if (typeof resolved === 'string') {
      switch (resolved) {
        case 'string':
        case 'bytes':
          return typeof value === 'string';
        case 'boolean':
          return typeof value === 'boolean';
        case 'int':
        case 'long':
        case 'float':
        case 'double':
          return typeof value === 'number';
        default:
          return false;
      }
    }
    if ('array' in resolved) return Array.isArray(value);
    if ('map' in resolved) return isObject(value);
    if ('union' in resolved) return false;
    switch (resolved.kind) {
      case 'enum':
        return typeof value === 'string' && resolved.symbols.includes(value);
      case 'record':
        return isObject(value);
      case 'fixed':
        return typeof value === 'string';
      case 'typeref':
        return false;
    }
  }
}

/** A marker for an entry left out of a converted object. */
const DROP: unique symbol = Symbol('drop');

/** The only key of an object that has exactly one own enumerable key (a possible Avro wrapper), else undefined. */
function singleKey(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  let only: string | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (only !== undefined) return undefined;
    only = key;
  }
  return only;
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
