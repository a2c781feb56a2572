/**
 * Validates an aspect value the way GMS does before it writes one, so that the embedded catalog refuses what GMS
 * refuses and the client refuses it before any write.
 *
 * GMS (v1.7.0) turns the proposal's JSON into the aspect's RecordTemplate and calls
 * ValidationApiUtils.validateTrimOrThrow (metadata-io/metadata-io-api/.../entity/ebean/batch/ChangeItemImpl.java,
 * convertToRecordTemplate), which runs rest.li's ValidateDataAgainstSchema with the options of
 * RecordTemplateValidator (metadata-utils/.../utils/RecordTemplateValidator.java):
 *   RequiredMode.CAN_BE_ABSENT_IF_HAS_DEFAULT, CoercionMode.NORMAL, UnrecognizedFieldMode.TRIM,
 * and com.linkedin.common.urn.UrnValidator on every typeref whose name ends in "Urn". So:
 *   - a required field (not optional) without a default must be present;
 *   - numbers coerce between int/long/float/double (any JSON number fits any numeric field), nothing else coerces;
 *   - unknown fields are not errors: GMS drops them (trimUnrecognizedFields returns the value it would store);
 *   - enums must name a symbol, unions are `{"<member key>": value}` with one entry (or empty), nulls only where a
 *     union has a null member;
 *   - Urn-typed strings must parse as URNs (Urn.createFromString).
 * The messages and their order are rest.li's (data/.../schema/validation/ValidateDataAgainstSchema.java,
 * pegasus 29.74.2): elements are visited children first, a record's entries in Java HashMap order.
 */
import { ASPECT_SCHEMAS } from '../generated/aspect-schemas.js';
import { pegasusUrnProblem } from './pegasus-urn.js';
import type { AspectProblem, AspectSchemas, FieldSchema, NamedSchema, SchemaType } from './schema.js';

export type UnrecognizedFieldMode = 'TRIM' | 'DISALLOW';

export interface ValidateOptions {
  /** TRIM (the default) is what ingestProposal does; DISALLOW is ValidationApiUtils.validateOrThrow's mode. */
  readonly unrecognizedFields?: UnrecognizedFieldMode;
  /**
   * Whether the checks GMS adds to rest.li's run (default true): required fields present
   * (RequiredMode.CAN_BE_ABSENT_IF_HAS_DEFAULT) and Urn typerefs parsed. Rest.li's own validation of an action's
   * parameters (ActionArgumentBuilder: RequiredMode.IGNORE, no validators) makes neither.
   */
  readonly gmsChecks?: boolean;
}

const PRIMITIVE_CLASS: Readonly<Record<string, string>> = {
  null: 'Null',
  boolean: 'Boolean',
  int: 'Integer',
  long: 'Long',
  float: 'Float',
  double: 'Double',
  string: 'String',
};
const NON_NUMERIC_FLOATS = new Set(['NaN', 'Infinity', '-Infinity']);

/**
 * The problems GMS would report for this value of the aspect, in its order; empty when GMS accepts it. An aspect
 * name the schemas do not know is itself a problem (GMS answers "Unknown aspect" before validating).
 */
export function validateAspectValue(
  schemas: AspectSchemas,
  aspectName: string,
  value: unknown,
  options: ValidateOptions = {},
): readonly AspectProblem[] {
  const fqn = Object.hasOwn(schemas.aspects, aspectName) ? schemas.aspects[aspectName] : undefined;
  if (fqn === undefined) return [{ path: '', message: `Unknown aspect ${aspectName}` }];
  // Most values are valid, and the order of keys only matters for the order of problems: walk in the object's own
  // order first and only walk again in Java HashMap order (rest.li's) when there is something to report.
  const mode = options.unrecognizedFields ?? 'TRIM';
  const gmsChecks = options.gmsChecks ?? true;
  const quick = new Walker(schemas, mode, false, gmsChecks);
  quick.visit(fqn, value);
  if (quick.problems.length === 0) return quick.problems;
  const walker = new Walker(schemas, mode, true, gmsChecks);
  walker.visit(fqn, value);
  return walker.problems;
}

/** GMS's message for a refused aspect (ValidationApiUtils.validateTrimOrThrow): the FQN, then one line per problem. */
export function formatAspectProblems(fqn: string, problems: readonly AspectProblem[]): string {
  const lines = problems.map((problem) => `ERROR :: ${problem.path} :: ${problem.message}\n`);
  return `Failed to validate record with class ${fqn}: ${lines.join('')}`;
}

/** validateAspectValue against the reference release's schemas (src/datahub/release.ts). */
export function validateAspect(aspectName: string, value: unknown): readonly AspectProblem[] {
  return validateAspectValue(ASPECT_SCHEMAS, aspectName, value);
}

/** GMS's message for a refusal of this aspect of the reference release (the FQN names the aspect's class). */
export function describeAspectRefusal(aspectName: string, problems: readonly AspectProblem[]): string {
  const fqn = Object.hasOwn(ASPECT_SCHEMAS.aspects, aspectName)
    ? ASPECT_SCHEMAS.aspects[aspectName]
    : undefined;
  return formatAspectProblems(fqn ?? aspectName, problems);
}

/** The value GMS stores for an accepted aspect: unrecognized record fields removed (UnrecognizedFieldMode.TRIM). */
export function trimUnrecognizedFields(schemas: AspectSchemas, aspectName: string, value: unknown): unknown {
  const fqn = Object.hasOwn(schemas.aspects, aspectName) ? schemas.aspects[aspectName] : undefined;
  return fqn === undefined ? value : trim(schemas, fqn, value);
}

/** What each named type of a schemas object dereferences to (see Walker.deref). */
const DEREFS = new WeakMap<AspectSchemas, Map<string, Exclude<SchemaType, string> | string | NamedSchema>>();

class Walker {
  readonly problems: AspectProblem[] = [];
  /** Where the walk is: the keys and indexes from the root (one array, not a copy per element visited). */
  private readonly path: (string | number)[] = [];
  constructor(
    private readonly schemas: AspectSchemas,
    private readonly unrecognized: UnrecognizedFieldMode,
    /** Whether a record's entries are visited in Java HashMap order (needed only for the order of problems). */
    private readonly hashMapOrder: boolean,
    /** ValidateOptions.gmsChecks: required fields and Urn typerefs are checked. */
    private readonly gmsChecks: boolean,
  ) {}

  private add(message: string): void {
    this.problems.push({ path: this.path.map((part) => `/${part}`).join(''), message });
  }

  /** `add` for a child of the current element. */
  private addAt(part: string | number, message: string): void {
    this.path.push(part);
    this.add(message);
    this.path.pop();
  }

  private visitAt(part: string | number, type: SchemaType, value: unknown): void {
    this.path.push(part);
    this.visit(type, value);
    this.path.pop();
  }

  private named(fqn: string): NamedSchema {
    const named = Object.hasOwn(this.schemas.types, fqn) ? this.schemas.types[fqn] : undefined;
    // The generator refuses to write schemas with dangling references, so this is a bug, not bad input.
    if (named === undefined) throw new Error(`aspect schemas have no type ${fqn}`);
    return named;
  }

  /** Dereferences typerefs to the type that decides how data is read (once per named type and schemas). */
  private deref(type: SchemaType): Exclude<SchemaType, string> | string | NamedSchema {
    if (typeof type !== 'string') return type;
    let derefs = DEREFS.get(this.schemas);
    if (derefs === undefined) {
      derefs = new Map();
      DEREFS.set(this.schemas, derefs);
    }
    let found = derefs.get(type);
    if (found === undefined) {
      found = this.derefName(type);
      derefs.set(type, found);
    }
    return found;
  }

  private derefName(type: string): Exclude<SchemaType, string> | string | NamedSchema {
    let current: SchemaType | NamedSchema = type;
    while (typeof current === 'string' && current.includes('.')) {
      const named: NamedSchema = this.named(current);
      if (named.kind !== 'typeref') return named;
      current = named.ref;
    }
    return current;
  }

  /**
   * One element, post-order as rest.li's ObjectIterator visits it: its children first (those whose schema it can
   * tell), then the element itself, then the validator on a typeref'd Urn.
   */
  visit(type: SchemaType, value: unknown): void {
    const schema = this.deref(type);
    this.visitChildren(schema, value);
    this.check(schema, value);
    if (
      this.gmsChecks &&
      typeof type === 'string' &&
      type.endsWith('Urn') &&
      type.includes('.') &&
      typeof value === 'string'
    ) {
      if (pegasusUrnProblem(value) !== undefined) this.add(`"Provided urn ${value}" is invalid`);
    }
  }

  private visitChildren(schema: Exclude<SchemaType, string> | string | NamedSchema, value: unknown): void {
    if (Array.isArray(value)) {
      if (typeof schema === 'object' && 'array' in schema) {
        for (let index = 0; index < value.length; index += 1) this.visitAt(index, schema.array, value[index]);
      } else if (this.unrecognized === 'DISALLOW') {
        for (let index = 0; index < value.length; index += 1)
          this.addAt(index, 'unrecognized field found but not allowed');
      }
      return;
    }
    if (!isObject(value)) return;
    const keys = Object.keys(value);
    for (const key of this.hashMapOrder ? javaHashMapOrder(keys) : keys) {
      const child = value[key];
      const childType = childSchema(schema, key);
      if (childType !== undefined) this.visitAt(key, childType, child);
      else if (this.unrecognized === 'DISALLOW') this.addAt(key, 'unrecognized field found but not allowed');
    }
  }

  private check(schema: Exclude<SchemaType, string> | string | NamedSchema, value: unknown): void {
    if (typeof schema === 'string') {
      this.checkPrimitive(schema, value);
      return;
    }
    if ('array' in schema) {
      if (!Array.isArray(value)) this.add('array type is not backed by a DataList');
      return;
    }
    if ('map' in schema) {
      if (!isObject(value)) this.add('map type is not backed by a DataMap');
      return;
    }
    if ('union' in schema) {
      this.checkUnion(schema.union, value);
      return;
    }
    switch (schema.kind) {
      case 'record':
        if (!isObject(value)) this.add('record type is not backed by a DataMap');
        else if (this.gmsChecks) this.checkRequired(schema.fields, value);
        return;
      case 'enum':
        if (typeof value !== 'string') this.add('enum type is not backed by a String');
        else if (!schema.symbols.includes(value)) this.add(`"${value}" is not an enum symbol`);
        return;
      case 'fixed':
        if (typeof value !== 'string') this.add('fixed type is not backed by a String or ByteString');
        else if (value.length !== schema.size)
          this.add(
            `"${value}" length (${value.length}) is inconsistent with expected fixed size of ${schema.size}`,
          );
        else if (!isAvroBytes(value)) this.add(`"${value}" is not a valid string representation of bytes`);
        return;
      case 'typeref':
        // deref() never stops at a typeref.
        return;
    }
  }

  private checkRequired(fields: readonly FieldSchema[], value: Readonly<Record<string, unknown>>): void {
    for (const field of fields) {
      if (field.optional === true || field.default === true || Object.hasOwn(value, field.name)) continue;
      this.addAt(field.name, 'field is required but not found and has no default value');
    }
  }

  private checkUnion(members: readonly { key: string }[], value: unknown): void {
    if (value === null) {
      if (!members.some((member) => member.key === 'null'))
        this.add(`null is not a member type of union ${describeUnion(members)}`);
    } else if (isObject(value)) {
      const keys = Object.keys(value);
      if (keys.length > 1) this.add('DataMap should have no more than one entry for a union type');
      else if (keys.length === 1 && !members.some((member) => member.key === keys[0]))
        this.add(`"${keys[0] ?? ''}" is not a member type of union ${describeUnion(members)}`);
      // An empty DataMap is accepted: rest.li allows empty unions, and partial schemas are not used by GMS.
    } else {
      this.add('union type is not backed by a DataMap or null');
    }
  }

  private checkPrimitive(name: string, value: unknown): void {
    if (name === 'bytes') {
      if (typeof value !== 'string') this.add('bytes type is not backed by a String or ByteString');
      else if (!isAvroBytes(value)) this.add(`"${value}" is not a valid string representation of bytes`);
      return;
    }
    if (matchesPrimitive(name, value)) return;
    const className = PRIMITIVE_CLASS[name] ?? name;
    this.add(`${javaString(value)} cannot be coerced to ${className}`);
  }
}

/** Whether CoercionMode.NORMAL leaves the value acceptable for the primitive (DataTemplateUtil's coercers). */
function matchesPrimitive(name: string, value: unknown): boolean {
  switch (name) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'int':
    case 'long':
      return typeof value === 'number';
    case 'float':
    case 'double':
      return typeof value === 'number' || (typeof value === 'string' && NON_NUMERIC_FLOATS.has(value));
    default:
      return false;
  }
}

/** The schema of a child entry of a DataMap, as ObjectIterator assigns it; undefined for an unrecognized one. */
function childSchema(
  schema: Exclude<SchemaType, string> | string | NamedSchema,
  key: string,
): SchemaType | undefined {
  if (typeof schema === 'string') return undefined;
  if ('map' in schema) return schema.map;
  if ('union' in schema) return schema.union.find((member) => member.key === key)?.type;
  if ('array' in schema) return undefined;
  if (schema.kind === 'record') return schema.fields.find((field) => field.name === key)?.type;
  return undefined;
}

function trim(schemas: AspectSchemas, type: SchemaType, value: unknown): unknown {
  let schema: SchemaType | NamedSchema = type;
  while (typeof schema === 'string' && schema.includes('.')) {
    const named: NamedSchema | undefined = Object.hasOwn(schemas.types, schema)
      ? schemas.types[schema]
      : undefined;
    if (named === undefined) return value;
    schema = named.kind === 'typeref' ? named.ref : named;
  }
  if (typeof schema === 'string') return value;
  if (Array.isArray(value)) {
    return 'array' in schema ? value.map((item) => trim(schemas, schema.array, item)) : value;
  }
  if (!isObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const childType = childSchema(schema, key);
    if (childType !== undefined) result[key] = trim(schemas, childType, child);
  }
  return result;
}

/** rest.li prints a union schema in its JSON form; the member keys are what a reader needs from it. */
function describeUnion(members: readonly { key: string }[]): string {
  return `[ ${members.map((member) => JSON.stringify(member.key)).join(', ')} ]`;
}

/** Java's String.valueOf of the value as Jackson parsed it (DataMap and DataList print as HashMap and ArrayList do). */
function javaString(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : javaDouble(value);
  if (Array.isArray(value)) return `[${value.map(javaString).join(', ')}]`;
  if (isObject(value)) {
    const entries = javaHashMapOrder(Object.keys(value)).map((key) => `${key}=${javaString(value[key])}`);
    return `{${entries.join(', ')}}`;
  }
  return typeof value === 'boolean' ? String(value) : (JSON.stringify(value) ?? 'null');
}

function javaDouble(value: number): string {
  const text = String(value);
  return /e/.test(text) ? text.replace('e+', 'E').replace('e', 'E') : text;
}

/** Avro's string form of bytes: every char is one byte (ByteString.copyAvroString). */
function isAvroBytes(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) if (value.charCodeAt(index) > 0xff) return false;
  return true;
}

/**
 * The order a java.util.HashMap (what a DataMap is) iterates keys inserted in this order: by bucket index for its
 * final capacity, insertion order within a bucket. rest.li reports problems in that order.
 */
export function javaHashMapOrder(keys: readonly string[]): string[] {
  let capacity = 16;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const bucket = (key: string): number => {
    let hash = 0;
    for (let index = 0; index < key.length; index += 1)
      hash = (Math.imul(31, hash) + key.charCodeAt(index)) | 0;
    return (hash ^ (hash >>> 16)) & (capacity - 1);
  };
  return keys
    .map((key, index) => ({ key, index, bucket: bucket(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((item) => item.key);
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
