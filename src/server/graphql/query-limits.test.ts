import { buildSchema, getOperationAST, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkQueryLimits, DATAHUB_QUERY_LIMITS, measureQuery, type QueryLimits } from './query-limits.js';

/*
 * Worked examples: each expected count is derived by hand from graphql-java 22.3's QueryTraverser walk with
 * DataHubFieldComplexityCalculator (see the header of query-limits.ts): a field is worth 1 + its children (+ the
 * DataHub extra for `input`), __typename 0; depth is the deepest field's level, root fields at 1; a named fragment
 * is expanded only at its first spread.
 */
const schema = buildSchema(`
  type Query {
    me: User
    search(input: SearchInput!): SearchResults
    batch(input: [String!]!): Int
  }
  input SearchInput { query: String!, count: Int = 10 }
  type SearchResults { total: Int, searchResults: [SearchResult!]! }
  type SearchResult { entity: Entity! }
  interface Entity { urn: String! }
  type User implements Entity { urn: String!, name: String, friends: [User!]!, manager: User }
`);

function prepare(query: string) {
  const document = parse(query);
  expect(validate(schema, document)).toEqual([]);
  const operation = getOperationAST(document);
  if (operation === null || operation === undefined) throw new Error('no operation');
  return { document, operation };
}

function measure(query: string, variables: Record<string, unknown> = {}) {
  const { document, operation } = prepare(query);
  return measureQuery(schema, document, operation, variables);
}

function check(query: string, limits: QueryLimits, variables: Record<string, unknown> = {}) {
  const { document, operation } = prepare(query);
  return checkQueryLimits(schema, document, operation, variables, limits);
}

describe('query limits as GMS counts them', () => {
  it('counts each field and each alias once, children included', () => {
    // me = 1 + name 1 + friends (1 + name 1) = 4; a: me = 1 + urn 1 = 2; total 6. Deepest: friends.name at 3.
    expect(measure('{ me { name friends { name } } a: me { urn } }')).toMatchObject({
      complexity: 6,
      depth: 3,
    });
  });

  it('expands a named fragment only at its first spread', () => {
    // me = 1 + F (name 1 + urn 1) + friends (1 + F again: a back-reference, 0) = 4. Expanded twice it would be 6,
    // and friends.name would make the depth 3; only the first spread's fields count, at level 2.
    const query = '{ me { ...F friends { ...F } } } fragment F on User { name urn }';
    expect(measure(query)).toEqual({ complexity: 4, depth: 2, expandedFields: 6 });
  });

  it('treats a fragment used in two root fields the same way', () => {
    // a = 1 + F (urn 1) = 2; b = 1 + nothing (F already entered) = 1; total 3.
    expect(measure('{ a: me { ...F } b: me { ...F } } fragment F on User { urn }').complexity).toBe(3);
  });

  it('expands inline fragments in place, adding no level', () => {
    // me = 1 + name 1 + urn 1 = 3, both at level 2.
    expect(measure('{ me { ... on User { name } ... { urn } } }')).toMatchObject({ complexity: 3, depth: 2 });
  });

  it('gives __typename no complexity but counts its depth', () => {
    // root __typename 0; me = 1 + manager (1 + __typename 0) = 2. __typename is the deepest field, at 3.
    expect(measure('{ __typename me { manager { __typename } } }')).toMatchObject({
      complexity: 2,
      depth: 3,
    });
  });

  it('leaves out what @skip and @include leave out', () => {
    // me = 1; name is skipped by the variable, friends by the literal.
    const query = 'query ($s: Boolean!) { me { name @skip(if: $s) friends @include(if: false) { name } } }';
    expect(measure(query, { s: true })).toMatchObject({ complexity: 1, depth: 1 });
    // Not skipped: me = 1 + name 1 = 2.
    expect(measure(query, { s: false }).complexity).toBe(2);
  });

  describe("DataHubFieldComplexityCalculator's input rule", () => {
    const direct = `query ($n: Int) {
      search(input: { query: "x", count: $n }) { total searchResults { entity { ...searchResultFields } } }
    } fragment searchResultFields on Entity { urn }`;

    it('adds 2 * input.count when searchResults { entity { ...searchResultFields } } is selected directly', () => {
      // search = 1 + 2*20 + total 1 + searchResults (1 + entity (1 + urn 1)) = 1 + 40 + 4 = 45.
      expect(measure(direct, { n: 20 }).complexity).toBe(45);
      // count 1 is not > 1: 1 + 4 = 5.
      expect(measure(direct, { n: 1 }).complexity).toBe(5);
      // $n not given: the input field takes its default, count 10: 1 + 20 + 4 = 25.
      expect(measure(direct).complexity).toBe(25);
    });

    it('adds nothing when searchResults comes through a fragment, as in the web app', () => {
      // The rule reads the field's own selections: `...R` is a spread, not a field named searchResults.
      // search = 1 + searchResults (1 + entity (1 + urn 1)) = 4.
      const query = `{ search(input: { query: "x", count: 20 }) { ...R } }
        fragment R on SearchResults { searchResults { entity { ...searchResultFields } } }
        fragment searchResultFields on Entity { urn }`;
      expect(measure(query).complexity).toBe(4);
    });

    it('adds the size of a list input', () => {
      // batch = 1 + 3 items = 4; a single value is coerced to a list of one: 1 + 1 = 2.
      expect(measure('{ batch(input: ["a", "b", "c"]) }').complexity).toBe(4);
      expect(measure('{ batch(input: "a") }').complexity).toBe(2);
    });
  });

  it("answers graphql-java's errors, depth first", () => {
    // me at level 1, 50 managers at 2..51, urn at 52; complexity 1 + 50 + 1 = 52.
    const deep = `{ me { ${'manager { '.repeat(50)}urn${' }'.repeat(50)} } }`;
    expect(measure(deep)).toMatchObject({ depth: 52, complexity: 52 });
    const error = check(deep, { ...DATAHUB_QUERY_LIMITS, complexity: 10 });
    expect(error?.message).toBe('maximum query depth exceeded 52 > 50');
    expect(error?.toJSON()).toEqual({
      message: 'maximum query depth exceeded 52 > 50',
      extensions: { classification: 'ExecutionAborted' },
    });
    expect(
      check('{ me { name friends { name } } a: me { urn } }', { ...DATAHUB_QUERY_LIMITS, complexity: 5 })
        ?.message,
    ).toBe('maximum query complexity exceeded 6 > 5');
    expect(check('{ me { name } }', DATAHUB_QUERY_LIMITS)).toBeUndefined();
  });

  it('does not measure a request whose variables do not coerce (GMS refuses it on them first)', () => {
    const query = 'query ($n: Int!) { search(input: { query: "x", count: $n }) { total } }';
    expect(check(query, { ...DATAHUB_QUERY_LIMITS, complexity: 0 }, { n: 'many' })).toBeUndefined();
  });

  // Quickly, without a clock: counted branch by branch, this document would take longer than any test run (2^40
  // branches), so the measure finishing at all within the test's timeout shows the counting is linear.
  it('refuses a fragment fan-out quickly, though GMS counts it small', () => {
    // F0 = { name urn }; Fk = { a: friends { ...F(k-1) } b: friends { ...F(k-1) } }; query { me { ...F40 } }.
    // GMS: entering Fk is worth a-friends (1 + F(k-1)) + b-friends (1 + back-reference 0) = F(k-1) + 2, F0 = 2,
    // so F40 = 82 and the query 1 + 82 = 83; F0's fields sit at level 2 + 40 = 42. Both within DataHub's limits,
    // yet the response has 2^40 branches: the embedded catalog's expanded-fields guard refuses it.
    const fragments = ['fragment F0 on User { name urn }'];
    for (let k = 1; k <= 40; k += 1)
      fragments.push(`fragment F${k} on User { a: friends { ...F${k - 1} } b: friends { ...F${k - 1} } }`);
    const query = `{ me { ...F40 } } ${fragments.join(' ')}`;
    const measured = measure(query);
    expect(measured).toMatchObject({ complexity: 83, depth: 42 });
    expect(measured.expandedFields).toBeGreaterThan(2 ** 40);
    expect(check(query, DATAHUB_QUERY_LIMITS)?.message).toBe(
      'query too large: it asks for more than 5000000 fields once its fragments are expanded',
    );
  });
});
