import type { ErrorObject } from 'ajv';
import type { Diagnostic, DiagnosticCode } from '../errors.js';
import { didYouMean } from '../model/did-you-mean.js';
import { isJsonObject } from '../model/json.js';
import { parseUrn } from '../model/urn.js';
import { MANIFEST_KINDS, type KindName, type Manifest, type ValidatedDocument } from '../kinds/registry.js';
import type { ParsedDocument } from '../kinds/source.js';
import type { ManifestValidators } from './schemas.js';

export interface ValidationOutcome {
  readonly documents: readonly ValidatedDocument[];
  /** Values of documents of a known kind that their schema rejected: they still declare names (see resolve). */
  readonly rejected: readonly unknown[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Checks each document against the envelope and then its kind's JSON Schema; every mistake is reported. */
export function validateDocuments(
  documents: readonly ParsedDocument[],
  validators: ManifestValidators,
): ValidationOutcome {
  const valid: ValidatedDocument[] = [];
  const rejected: unknown[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const document of documents) {
    const problems = validateDocument(document, validators);
    if (problems.length === 0) {
      // The schema accepted the value, so it has the shape of its kind's type.
      valid.push({ manifest: document.value as Manifest, source: document });
    } else if (validators.envelope(document.value)) {
      rejected.push(document.value);
    }
    diagnostics.push(...problems);
  }
  return { documents: valid, rejected, diagnostics };
}

function validateDocument(document: ParsedDocument, validators: ManifestValidators): Diagnostic[] {
  const { value } = document;
  if (!isJsonObject(value)) {
    return [
      {
        code: 'NOT_A_MAPPING',
        severity: 'error',
        message: 'a manifest document must be a mapping with apiVersion and kind',
        location: document.locate([]),
      },
    ];
  }
  if (!validators.envelope(value)) return envelopeDiagnostics(document, validators.envelope.errors ?? []);
  const kind = value['kind'] as KindName;
  const validate = validators.kinds[kind];
  if (validate(value)) return controlCharacters(document);
  return dedupe((validate.errors ?? []).flatMap((error) => toDiagnostic(document, error)));
}

function envelopeDiagnostics(document: ParsedDocument, errors: readonly ErrorObject[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const error of errors) {
    if (error.keyword === 'required') {
      const missing = String(error.params['missingProperty']);
      diagnostics.push({
        code: missing === 'apiVersion' ? 'MISSING_API_VERSION' : 'MISSING_KIND',
        severity: 'error',
        message: `missing ${missing}`,
        location: document.locate([]),
        hint:
          missing === 'apiVersion'
            ? 'add "apiVersion: catalog/v1"'
            : `add "kind: <one of ${MANIFEST_KINDS.join(', ')}>"`,
      });
    } else if (error.instancePath === '/apiVersion') {
      diagnostics.push({
        code: 'UNKNOWN_API_VERSION',
        severity: 'error',
        message: `unknown apiVersion ${quote(error.data)}`,
        location: document.locate(['apiVersion']),
        hint: 'this version of catalog reads "apiVersion: catalog/v1"',
      });
    } else if (error.instancePath === '/kind') {
      const hint = typeof error.data === 'string' ? didYouMean(error.data, MANIFEST_KINDS) : undefined;
      diagnostics.push({
        code: 'UNKNOWN_KIND',
        severity: 'error',
        message: `unknown kind ${quote(error.data)}`,
        location: document.locate(['kind']),
        hint: hint ?? `kinds: ${MANIFEST_KINDS.join(', ')}`,
      });
    } else {
      diagnostics.push(...toDiagnostic(document, error));
    }
  }
  return dedupe(diagnostics);
}

function toDiagnostic(document: ParsedDocument, error: ErrorObject): Diagnostic[] {
  const path = pointerToPath(error.instancePath);
  const field = fieldLabel(path);
  const make = (
    code: DiagnosticCode,
    message: string,
    hint?: string,
    target: 'key' | 'value' = 'value',
  ): Diagnostic[] => [
    {
      code,
      severity: 'error',
      message,
      location: document.locate(path, target),
      ...(hint === undefined ? {} : { hint }),
    },
  ];

  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(error.params['additionalProperty']);
      const allowed = Object.keys(propertiesOf(error.parentSchema));
      const hint =
        didYouMean(name, allowed) ??
        (allowed.length > 0 ? `allowed fields: ${allowed.join(', ')}` : undefined);
      const where = field === '' ? '' : ` in ${field}`;
      return [
        {
          code: 'UNKNOWN_FIELD',
          severity: 'error',
          message: `unknown field '${name}'${where}`,
          location: document.locate([...path, name], 'key'),
          ...(hint === undefined ? {} : { hint }),
        },
      ];
    }
    case 'required': {
      const name = String(error.params['missingProperty']);
      // A Form's prompt: DataHub's CLI would make up its id, a new one on every run (forms.py validate_prompts).
      const hint =
        name === 'id' && path[0] === 'prompts'
          ? "give the prompt an id of its own: DataHub's CLI gives a prompt without one a new random id on every run"
          : undefined;
      return make(
        'MISSING_FIELD',
        `missing required field '${name}'${field === '' ? '' : ` in ${field}`}`,
        hint,
      );
    }
    case 'type': {
      const expected = String(error.params['type']);
      const hint =
        expected === 'string' && (typeof error.data === 'number' || typeof error.data === 'boolean')
          ? `quote it: "${String(error.data)}"`
          : undefined;
      return make(
        'WRONG_TYPE',
        `'${field}' must be ${article(expected)}, not ${describeType(error.data)}`,
        hint,
      );
    }
    case 'enum': {
      const allowed = (error.params['allowedValues'] as unknown[]).map(String);
      const suggestion = typeof error.data === 'string' ? didYouMean(error.data, allowed) : undefined;
      const hint = `${suggestion === undefined ? '' : `${suggestion} `}expected one of: ${allowed.join(', ')}`;
      return make('INVALID_VALUE', `${quote(error.data)} is not a valid ${field}`, hint);
    }
    case 'const':
      return make('INVALID_VALUE', `'${field}' must be ${quote(error.params['allowedValue'])}`);
    case 'pattern':
      return patternDiagnostic(error, field, make);
    case 'minLength':
      return make('INVALID_VALUE', `'${field}' must not be empty`);
    case 'format':
      return make(
        'INVALID_VALUE',
        `${quote(error.data)} is not a valid ${String(error.params['format'])} for '${field}'`,
      );
    case 'dependentRequired': {
      // MLModel: aliases are versionProperties.aliases, and a versionProperties needs its version.
      const missing = String(error.params['missingProperty']);
      const having = String(error.params['property']);
      return make(
        'MISSING_FIELD',
        `'${having}' needs '${missing}'${field === '' ? '' : ` in ${field}`}`,
        `declare ${missing} too (DataHub keeps ${having} in the same aspect, which requires ${missing})`,
      );
    }
    case 'if':
      // The branch's own errors say what is wrong; "must match then schema" adds nothing.
      return [];
    default:
      return make('INVALID_VALUE', `'${field}' ${error.message ?? 'is invalid'}`);
  }
}

type Make = (code: DiagnosticCode, message: string, hint?: string) => Diagnostic[];

function patternDiagnostic(error: ErrorObject, field: string, make: Make): Diagnostic[] {
  const definition = /\$defs\/(\w+)\/pattern$/.exec(error.schemaPath)?.[1] ?? '';
  const value = String(error.data);
  if (definition.endsWith('Urn') || definition.endsWith('Ref')) {
    const parsed = parseUrn(value);
    const reason = parsed.ok ? `it is a ${parsed.value.entityType} URN` : parsed.error;
    const shape = isJsonObject(error.parentSchema) ? error.parentSchema['description'] : undefined;
    const expected = typeof shape === 'string' ? `; expected ${shape}` : '';
    return make('MALFORMED_URN', `malformed URN ${quote(value)} in '${field}'`, `${reason}${expected}`);
  }
  if (definition === 'platform') {
    return make(
      'INVALID_VALUE',
      `${quote(value)} is not a platform name`,
      'write the platform name, e.g. feast or sagemaker',
    );
  }
  if (definition === 'deprecated' || field.endsWith('decommissionTime')) {
    return make(
      'INVALID_VALUE',
      `${quote(value)} is not a date`,
      'write a date as YYYY-MM-DD (midnight UTC), or a date-time with its zone, e.g. 2027-01-31T12:00:00Z',
    );
  }
  if (field === 'id') {
    return make(
      'INVALID_VALUE',
      `a term id is not a URN: ${quote(value)}`,
      'write the id alone, e.g. Classification.PII',
    );
  }
  return make(
    'INVALID_VALUE',
    `${quote(value)} is not a valid ${field}`,
    `it must match ${String(error.params['pattern'])}`,
  );
}

function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/** features[0].dataType */
function fieldLabel(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (label, segment) =>
      typeof segment === 'number' ? `${label}[${segment}]` : label === '' ? segment : `${label}.${segment}`,
    '',
  );
}

function propertiesOf(schema: unknown): Record<string, unknown> {
  if (!isJsonObject(schema)) return {};
  const properties = schema['properties'];
  return isJsonObject(properties) ? properties : {};
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${article(typeof value)} (${JSON.stringify(value)})`;
}

function article(type: string): string {
  const names: Record<string, string> = { object: 'a mapping', array: 'a list', integer: 'an integer' };
  return names[type] ?? `a ${type}`;
}

function quote(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

function dedupe(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((diagnostic) => {
    const key = `${diagnostic.code}|${diagnostic.message}|${diagnostic.location?.line}:${diagnostic.location?.column}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** C0 controls other than tab and newline, DEL and C1 controls: never meant, and a terminal obeys them. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;
/** In ids, names, references and URLs even tab and newline are refused. */
// eslint-disable-next-line no-control-regex
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001f\u007f-\u009f]/u;
/**
 * Free text, where tabs and line breaks are fine (YAML block scalars make them); a Policy's expressions and
 * message too (a long CEL expression is written over several lines).
 */
const FREE_TEXT_FIELDS = new Set(['description', 'definition', 'rule', 'where', 'message']);

/**
 * Control characters in a manifest's strings are errors (at the string that holds them): in ids, names and URN
 * parts they would make entities that look like others, and printed they could drive the terminal.
 */
function controlCharacters(document: ParsedDocument): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const visit = (value: unknown, path: (string | number)[], freeText: boolean): void => {
    if (typeof value === 'string') {
      const pattern = freeText ? CONTROL : CONTROL_OR_LINE_BREAK;
      const match = pattern.exec(value);
      if (match === null) return;
      const code = (match[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
      diagnostics.push({
        code: 'CONTROL_CHARACTER',
        severity: 'error',
        message: `${fieldLabel(path) || 'the value'} holds the control character U+${code} at position ${match.index + 1}`,
        location: document.locate(path),
        hint: freeText
          ? 'remove it (tabs and line breaks are the only control characters free text may hold)'
          : 'ids, names, references and URLs hold no control characters (nor tabs or line breaks); remove it',
      });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...path, index], freeText));
      return;
    }
    if (isJsonObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        const keyMatch = CONTROL_OR_LINE_BREAK.exec(key);
        if (keyMatch !== null) {
          diagnostics.push({
            code: 'CONTROL_CHARACTER',
            severity: 'error',
            message: `a key holds the control character U+${(keyMatch[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`,
            location: document.locate([...path, key], 'key'),
            hint: 'remove it',
          });
          continue;
        }
        const inCustomProperties = path.at(-1) === 'customProperties';
        visit(item, [...path, key], FREE_TEXT_FIELDS.has(key) || inCustomProperties);
      }
    }
  };
  visit(document.value, [], false);
  return diagnostics;
}
