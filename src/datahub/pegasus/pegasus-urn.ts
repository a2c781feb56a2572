/**
 * Whether a string is a URN to com.linkedin.common.urn.Urn (DataHub v1.7.0,
 * li-utils/src/main/javaPegasus/com/linkedin/common/urn/Urn.java and TupleKey.java), which is what GMS's
 * UrnValidator checks on every Urn-typed field. It is more lenient than src/model/urn.ts, which parses the URNs
 * the product itself uses: any namespace of [a-z0-9-] (not only `li`), and `urn:li:type` without a key, are URNs.
 * Returns the reason Urn's constructor gives, or undefined when it is a URN.
 */
export function pegasusUrnProblem(raw: string): string | undefined {
  const start = 'urn:'.length;
  if (!raw.startsWith('urn:')) return "Urn doesn't start with 'urn:'";
  const secondColon = raw.indexOf(':', start + 1);
  if (!isLowerAlpha(raw, start)) return 'First char of Urn namespace must be [a-z]!';
  if (secondColon === -1) return "Missing second ':' char";
  if (secondColon - start > 32) return 'Namespace length > 32 chars';
  if (!/^[a-z0-9-]*$/.test(raw.slice(start, secondColon))) return 'Chars in namespace must be [a-z0-9-]!';
  if (!isLowerAlpha(raw, secondColon + 1)) return 'First char of entityType must be [a-z]!';
  const thirdColon = raw.indexOf(':', secondColon + 2);
  const entityType = thirdColon === -1 ? raw.slice(secondColon + 1) : raw.slice(secondColon + 1, thirdColon);
  if (!/^[A-Za-z0-9_]*$/.test(entityType)) return 'entityType must have only [a-zA-Z_0-9] chars';
  if (thirdColon === -1) return undefined;
  if (raw.length - (thirdColon + 1) <= 0) return 'Urns with empty entityKey are not allowed';
  return tupleKeyProblem(raw, thirdColon + 1);
}

function isLowerAlpha(text: string, index: number): boolean {
  const char = text.charCodeAt(index);
  return char >= 97 && char <= 122;
}

/** TupleKey.parseKeyParts: balanced parentheses, no empty part in a `(a,b)` tuple. */
function tupleKeyProblem(input: string, startIndex: number): string | undefined {
  if (input[startIndex] !== '(') {
    let depth = 0;
    for (let i = startIndex; i < input.length; i += 1) {
      if (input[i] === '(') depth += 1;
      else if (input[i] === ')' && --depth < 0) return 'mismatched paren nesting';
    }
    return depth === 0 ? undefined : 'mismatched paren nesting';
  }
  let depth = 1;
  let partStart = startIndex + 1;
  for (let i = startIndex + 1; i < input.length; i += 1) {
    const char = input[i];
    if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth < 0) return 'mismatched paren nesting';
    } else if (char === ',' && depth === 1) {
      if (i - partStart <= 0) return 'empty part disallowed';
      partStart = i + 1;
    }
  }
  if (depth !== 0) return 'mismatched paren nesting';
  const lastPartEnd = input.endsWith(')') ? input.length - 1 : input.length;
  return lastPartEnd - partStart <= 0 ? 'empty part disallowed' : undefined;
}
