/**
 * YAML read as DataHub reads a business-glossary file (PyYAML's `yaml.safe_load`, YAML 1.1), and values turned
 * into text as Python's `str()` does (DataHub's `LaxStr` is `str(v)` of whatever the YAML held).
 *
 * The `yaml` package's own YAML 1.1 schema differs from PyYAML's SafeLoader in small ways that change DataHub's
 * output (`y` is a boolean there and a string in PyYAML; `1e3` is a float there and a string in PyYAML; a
 * timestamp there is a JS Date, which loses how Python prints it), so the scalar resolvers here are PyYAML's
 * (yaml/resolver.py and yaml/constructor.py, PyYAML 6).
 * Pure.
 */
import type { ScalarTag, Tags } from 'yaml';

/** A YAML timestamp as PyYAML constructs it: a `datetime.date`, or a `datetime.datetime`. */
export class PyTimestamp {
  constructor(
    /** Python's str() of the value. */
    readonly text: string,
    readonly isDate: boolean,
  ) {}
}

const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INT =
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const TIMESTAMP =
  /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/;
const TIMESTAMP_PARTS =
  /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9]{1,2})(?::([0-9]{2}))?))?)?$/;

/** construct_yaml_int: underscores dropped, 0b/0x/0 prefixes, sexagesimal `1:30`. */
function constructInt(text: string): bigint {
  let value = text.replace(/_/g, '');
  let sign = 1n;
  if (value.startsWith('-')) sign = -1n;
  if (value.startsWith('-') || value.startsWith('+')) value = value.slice(1);
  if (value === '0') return 0n;
  if (value.startsWith('0b')) return sign * BigInt(value);
  if (value.startsWith('0x')) return sign * BigInt(value);
  if (value.startsWith('0')) return sign * BigInt(`0o${value.slice(1)}`);
  if (value.includes(':')) {
    let total = 0n;
    for (const digit of value.split(':')) total = total * 60n + BigInt(digit);
    return sign * total;
  }
  return sign * BigInt(value);
}

/** construct_yaml_float: underscores dropped, .inf/.nan, sexagesimal `1:30.5`. */
function constructFloat(text: string): number {
  let value = text.replace(/_/g, '').toLowerCase();
  let sign = 1;
  if (value.startsWith('-')) sign = -1;
  if (value.startsWith('-') || value.startsWith('+')) value = value.slice(1);
  if (value === '.inf') return sign * Infinity;
  if (value === '.nan') return NaN;
  if (value.includes(':')) {
    let total = 0;
    for (const digit of value.split(':')) total = total * 60 + Number(digit);
    return sign * total;
  }
  return sign * Number(value);
}

const pad = (value: number | string, width: number): string => String(value).padStart(width, '0');

/** construct_yaml_timestamp, then Python's str() of the date or datetime. */
function constructTimestamp(text: string): PyTimestamp {
  const parts = TIMESTAMP_PARTS.exec(text);
  if (parts === null) return new PyTimestamp(text, false);
  const [, year, month, day, hour, minute, second, fraction, tz, tzSign, tzHour, tzMinute] = parts;
  const date = `${year}-${pad(Number(month), 2)}-${pad(Number(day), 2)}`;
  if (hour === undefined) return new PyTimestamp(date, true);
  const micro = fraction === undefined || fraction === '' ? 0 : Number(fraction.slice(0, 6).padEnd(6, '0'));
  let time = `${pad(Number(hour), 2)}:${minute ?? '00'}:${second ?? '00'}`;
  if (micro !== 0) time += `.${pad(micro, 6)}`;
  let offset = '';
  if (tzSign !== undefined) {
    const minutes = Number(tzHour) * 60 + Number(tzMinute ?? '0');
    // datetime.timezone(-timedelta(0)) prints as +00:00, like UTC.
    const sign = tzSign === '-' && minutes !== 0 ? '-' : '+';
    offset = `${sign}${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}`;
  } else if (tz !== undefined) {
    offset = '+00:00';
  }
  return new PyTimestamp(`${date} ${time}${offset}`, false);
}

const scalar = (tag: string, test: RegExp, resolve: (text: string) => unknown): ScalarTag => ({
  tag: `tag:yaml.org,2002:${tag}`,
  default: true,
  test,
  resolve,
});

/** PyYAML SafeLoader's implicit scalar types (null, the merge key and strings stay the `yaml` package's). */
const PYYAML_SCALARS: readonly ScalarTag[] = [
  scalar('bool', BOOL, (text) => /^(?:yes|true|on)$/i.test(text)),
  scalar('float', FLOAT, constructFloat),
  scalar('int', INT, constructInt),
  scalar('timestamp', TIMESTAMP, constructTimestamp),
];
const REPLACED = new Set(PYYAML_SCALARS.map((tag) => tag.tag));

/** The `customTags` option that makes the `yaml` package resolve scalars as PyYAML's SafeLoader does. */
export function pyyamlTags(tags: Tags): Tags {
  return [...PYYAML_SCALARS, ...tags.filter((tag) => typeof tag === 'string' || !REPLACED.has(tag.tag))];
}

/** Python's str() of a float (repr: the shortest text that reads back, scientific outside 1e-4..1e16). */
export function pythonFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude >= 1e16 || magnitude < 1e-4)) {
    return value.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  if (Object.is(value, -0)) return '-0.0';
  return Number.isInteger(value) ? `${value}.0` : String(value);
}

/** Python's repr() of a str: single quotes unless the text holds ' and no ". */
function pythonStrRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === quote || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += `\\x${pad(code.toString(16), 2)}`;
    else out += char;
  }
  return out + quote;
}

/**
 * Python's str() of a value PyYAML made (None, bool, int, float, str, date, list, dict); undefined for what it
 * cannot be reproduced for (a datetime inside a list or mapping, whose repr names its time zone object).
 */
export function pythonStr(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value instanceof PyTimestamp) return value.text;
  return pythonRepr(value);
}

function pythonRepr(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'bigint') return value.toString();
  // Integers arrive as bigint (PyYAML's int), so every number here is a float: 1.0 → "1.0".
  if (typeof value === 'number') return pythonFloat(value);
  if (typeof value === 'string') return pythonStrRepr(value);
  if (value instanceof PyTimestamp) {
    if (!value.isDate) return undefined;
    const [year, month, day] = value.text.split('-').map(Number);
    return `datetime.date(${year}, ${month}, ${day})`;
  }
  if (Array.isArray(value)) {
    const items = value.map(pythonRepr);
    return items.some((item) => item === undefined) ? undefined : `[${items.join(', ')}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
      const rendered = pythonRepr(item);
      return rendered === undefined ? undefined : `${pythonStrRepr(key)}: ${rendered}`;
    });
    return entries.some((entry) => entry === undefined) ? undefined : `{${entries.join(', ')}}`;
  }
  return undefined;
}
