import type { Diagnostic, SourceLocation } from '../errors.js';
import type { PolicyManifest } from '../kinds/policy.js';
import { isEntityKind, type ValidatedDocument } from '../kinds/registry.js';
import { isJsonObject, type JsonObject } from '../model/json.js';
import { compileExpression } from './compile-expression.js';
import type { CompiledExpression, Policy, PolicyExample } from './types.js';

export interface ParsedPolicies {
  /** In the order the documents come (files sorted, then position in the file); duplicates left out. */
  readonly policies: readonly Policy[];
  /** Broken expressions (at their value, with CEL's message), duplicate names, malformed examples. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Compiles the Policy documents among schema-valid documents. Every problem is reported, each at its node; a
 * policy with a broken expression is left out (the diagnostics stop the run anyway).
 */
export function parsePolicies(documents: readonly ValidatedDocument[]): ParsedPolicies {
  const policies: Policy[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Map<string, SourceLocation>();
  for (const document of documents) {
    if (document.manifest.kind !== 'Policy') continue;
    const manifest: PolicyManifest = document.manifest;
    const { source } = document;
    const at = source.locate(['name']);
    const first = seen.get(manifest.name);
    if (first === undefined) seen.set(manifest.name, at);
    else
      diagnostics.push({
        code: 'DUPLICATE_DECLARATION',
        severity: 'error',
        message: `policy '${manifest.name}' is declared twice`,
        location: at,
        related: first,
        hint: `first declared at ${first.file}:${first.line}:${first.column}; policy names are unique within a catalog`,
      });

    const compile = (
      text: string,
      path: readonly string[],
      label: string,
    ): CompiledExpression | undefined => {
      const location = source.locate(path);
      const outcome = compileExpression(text, location);
      if (outcome.ok) return outcome.expression;
      diagnostics.push({
        code: 'INVALID_EXPRESSION',
        severity: 'error',
        message: `invalid ${label}: ${outcome.message}`,
        location,
        ...(outcome.hint === undefined ? {} : { hint: outcome.hint }),
      });
      return undefined;
    };
    const where =
      manifest.match.where === undefined
        ? undefined
        : compile(manifest.match.where, ['match', 'where'], 'match.where');
    const rule = compile(manifest.rule, ['rule'], 'rule');
    const examples = {
      pass: parseExamples(document, manifest, 'pass', diagnostics),
      fail: parseExamples(document, manifest, 'fail', diagnostics),
    };
    if (
      first !== undefined ||
      rule === undefined ||
      (manifest.match.where !== undefined && where === undefined)
    )
      continue;
    policies.push({
      name: manifest.name,
      ...(manifest.description === undefined ? {} : { description: manifest.description }),
      severity: manifest.severity ?? 'warning',
      // The schema's enum holds exactly the entity kinds (schema-lists.test.ts): the filter keeps them all.
      kinds: manifest.match.kinds.filter(isEntityKind),
      ...(where === undefined ? {} : { where }),
      rule,
      ...(manifest.message === undefined ? {} : { message: manifest.message }),
      examples,
      source: at,
    });
  }
  return { policies, diagnostics };
}

/**
 * The examples of one list: partial entities, with `kind` filled in from match.kinds when they name none. An
 * example's `after` key is what `after` is bound to (the aspects as a plan would leave them), not an entity field.
 */
function parseExamples(
  document: ValidatedDocument,
  manifest: PolicyManifest,
  list: 'pass' | 'fail',
  diagnostics: Diagnostic[],
): PolicyExample[] {
  const kind = manifest.match.kinds[0] as string;
  return (manifest.examples?.[list] ?? []).flatMap((example, index) => {
    const source = document.source.locate(['examples', list, index]);
    const { after, ...fields } = example;
    if (after !== undefined && !isJsonObject(after)) {
      diagnostics.push({
        code: 'INVALID_VALUE',
        severity: 'error',
        message: `'examples.${list}[${index}].after' must be a mapping of aspect name to value`,
        location: document.source.locate(['examples', list, index, 'after']),
        hint: 'e.g. after: { globalTags: { tags: [{ tag: urn:li:tag:pii }] } }',
      });
      return [];
    }
    const entity: JsonObject = { kind, ...fields };
    return [{ entity, after: after ?? {}, source }];
  });
}
