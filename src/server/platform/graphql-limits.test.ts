import fc from 'fast-check';
import { buildSchema, GraphQLError, graphqlSync } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  analyseDocument,
  type FieldCosts,
  GRAPHQL_LIMITS,
  GraphqlLimitError,
  INTROSPECTION_DEPTH,
  INTROSPECTION_FOR_DEVELOPERS,
  STANDARD_INTROSPECTION,
} from './graphql-limits';

const schema = buildSchema(/* GraphQL */ `
  type Line { sku: String! quantity: Int! tags: [String!]! }
  type Cart { cartId: ID! lines: [Line!]! owner: Owner }
  type Owner { uid: ID! cart: Cart }
  type Node { id: ID! child: Node name: String }
  type Query {
    cart(cartId: ID!): Cart
    carts(uid: ID!, limit: Int): [Cart!]!
    node: Node
    viewer: Owner
  }
  type Mutation { addProduct(sku: String!): Cart! }
`);
const costs: FieldCosts = { 'Query.cart': { cost: 4_000 }, 'Mutation.addProduct': { cost: 10_000 } };

const analyse = (query: string, o: { dev?: boolean; variables?: Record<string, unknown> } = {}) =>
  analyseDocument(schema, query, { costs, mayIntrospect: o.dev ?? false, variables: o.variables });

/** The refusal of `query`, or null when it is accepted. */
function refusal(query: string, o: { dev?: boolean; variables?: Record<string, unknown> } = {}) {
  try {
    analyse(query, o);
    return null;
  } catch (err) {
    if (err instanceof GraphqlLimitError) return { message: err.message, limit: err.limit };
    throw err;
  }
}

const nested = (depth: number) => `{ ${'node { '.repeat(depth - 1)}id${' }'.repeat(depth - 1)} }`;
const aliases = (k: number, field = 'cart(cartId: "c1") { cartId }') =>
  `{ ${Array.from({ length: k }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

describe('GraphQL request limits (ADR 019)', () => {
  it('refuses an alias bomb naming the limit, and accepts up to the limit of aliases', () => {
    // 1,500 aliases are refused by their size before their aliases are counted.
    expect(refusal(aliases(1_500))?.limit).toBe('tokens');
    expect(refusal(aliases(100, 'viewer { uid }'))).toEqual({
      limit: 'aliases',
      message: `Query too complex: more than ${GRAPHQL_LIMITS.aliases} aliases (limit: aliases ${GRAPHQL_LIMITS.aliases}). Split it into smaller requests.`,
    });
    expect(refusal(aliases(GRAPHQL_LIMITS.aliases, 'viewer { uid }'))).toBeNull();
    expect(refusal(aliases(GRAPHQL_LIMITS.aliases + 1, 'viewer { uid }'))?.limit).toBe('aliases');
  });

  it('prices carts and changes above plain fields: six priced carts fit, seven do not', () => {
    expect(refusal(aliases(6))).toBeNull();
    expect(refusal(aliases(7))).toMatchObject({ limit: 'cost' });
    expect(refusal(aliases(7))?.message).toMatch(
      /^Query too complex: estimated cost over 25,000 .*\(limit: cost 25,000\)/,
    );
    expect(
      refusal(`mutation { a: addProduct(sku: "x") { cartId } b: addProduct(sku: "y") { cartId } }`),
    ).toBeNull();
    expect(refusal(`mutation { ${aliases(3, 'addProduct(sku: "x") { cartId }').slice(2, -2)} }`)?.limit).toBe(
      'cost',
    );
  });

  it('multiplies the fields below a list by its size: the limit argument, a variable, else 10', () => {
    const q = (limit: string) =>
      `query($n: Int) { carts(uid: "u"${limit}) { cartId lines { sku quantity } } }`;
    // carts 1 + n × (cartId 1 + lines 1 + 10 × 2 fields)
    expect(analyse(q('')).cost).toBe(1 + 10 * 22);
    expect(analyse(q(', limit: 3')).cost).toBe(1 + 3 * 22);
    expect(analyse(q(', limit: $n'), { variables: { n: 50 } }).cost).toBe(1 + 50 * 22);
    expect(refusal(q(', limit: $n'), { variables: { n: 2_000 } })?.limit).toBe('cost');
    expect(refusal(q(`, limit: ${'9'.repeat(400)}`))?.limit).toBe('cost');
    expect(refusal(q(', limit: -5'))).toBeNull();
  });

  it(`keeps the depth limit of ${GRAPHQL_LIMITS.depth}, fragments followed`, () => {
    expect(refusal(nested(GRAPHQL_LIMITS.depth))).toBeNull();
    expect(refusal(nested(GRAPHQL_LIMITS.depth + 1))).toEqual({
      limit: 'depth',
      message: `Query too complex: fields nested more than ${GRAPHQL_LIMITS.depth} deep (limit: depth ${GRAPHQL_LIMITS.depth}). Split it into smaller requests.`,
    });
    const viaFragments = `{ node { ...A } } fragment A on Node { child { ...B } } fragment B on Node { ${nested(11).slice(2, -2)} }`;
    expect(refusal(viaFragments)?.limit).toBe('depth');
  });

  it('refuses too many fields, fragments counted where they are used, and a fragment bomb without expanding it', () => {
    const wide = aliases(
      GRAPHQL_LIMITS.aliases,
      `viewer { ${'uid name role '.repeat(GRAPHQL_LIMITS.repeats)} }`,
    );
    expect(refusal(wide)?.limit).toBe('fields');
    // Each fragment uses the next one twice: 2^30 fields once expanded.
    const levels = 30;
    const bomb = [
      '{ node { ...F0 } }',
      ...Array.from({ length: levels }, (_, i) => `fragment F${i} on Node { ...F${i + 1} ...F${i + 1} }`),
      `fragment F${levels} on Node { id }`,
    ].join('\n');
    const started = performance.now();
    // What it multiplies is copies of one field in one place.
    expect(refusal(bomb)?.limit).toBe('repeats');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuses one field selected more than 10 times in one place, fragments included', () => {
    expect(refusal(`{ ${'viewer { uid } '.repeat(GRAPHQL_LIMITS.repeats)} }`)).toBeNull();
    expect(refusal(`{ ${'viewer { uid } '.repeat(GRAPHQL_LIMITS.repeats + 1)} }`)).toEqual({
      limit: 'repeats',
      message: `Query too complex: "viewer" selected more than ${GRAPHQL_LIMITS.repeats} times in one place (limit: repeats ${GRAPHQL_LIMITS.repeats}). Split it into smaller requests.`,
    });
    const viaFragments = `{ viewer { uid ...A ...B } } fragment A on Owner { ${'uid '.repeat(5)} } fragment B on Owner { ${'uid '.repeat(5)} }`;
    expect(refusal(viaFragments)?.limit).toBe('repeats');
    // Aliases are other names: they count as aliases instead.
    expect(refusal(aliases(GRAPHQL_LIMITS.aliases, 'viewer { uid }'))).toBeNull();
  });

  it('leaves unknown and cyclic fragments to validation instead of looping', () => {
    expect(refusal('{ node { ...A } } fragment A on Node { ...B } fragment B on Node { ...A }')).toBeNull();
    expect(refusal('{ node { ...Missing } }')).toBeNull();
  });

  it('refuses a document with too many tokens, or braces or brackets nested past any allowed depth, before parsing it', () => {
    expect(refusal(`{ viewer { ${'uid '.repeat(GRAPHQL_LIMITS.tokens)} } }`)?.limit).toBe('tokens');
    // Deep enough to exhaust the parser's stack if it were parsed.
    expect(refusal(`{ a: node(x: ${'{ a: '.repeat(4_000)}1${' }'.repeat(4_000)}) { id } }`)?.limit).toBe(
      'depth',
    );
    expect(refusal(`{ node(x: ${'['.repeat(4_000)}1${']'.repeat(4_000)}) { id } }`)?.limit).toBe('depth');
    expect(() => analyse('{ viewer { ')).toThrow(GraphQLError);
  });

  it('checks every operation of the document, whichever one runs', () => {
    expect(refusal(`query A { viewer { uid } } query B ${aliases(40, 'viewer { uid }')}`)?.limit).toBe(
      'aliases',
    );
  });
});

describe('introspection (ADR 019)', () => {
  it('is for developers only; __typename is for everyone', () => {
    expect(refusal('{ __schema { types { name } } }')).toEqual({
      limit: 'introspection',
      message: INTROSPECTION_FOR_DEVELOPERS,
    });
    expect(refusal('{ __type(name: "Cart") { name } }')?.limit).toBe('introspection');
    expect(refusal('{ viewer { ...F } } fragment F on Owner { q: __typename }')).toBeNull();
    expect(refusal('{ __typename viewer { __typename } }')).toBeNull();
  });

  it(`accepts graphql-js's standard introspection query (depth ${INTROSPECTION_DEPTH}) from a developer`, () => {
    expect(INTROSPECTION_DEPTH).toBe(15);
    const figures = analyse(STANDARD_INTROSPECTION, { dev: true });
    expect(figures.depth).toBe(INTROSPECTION_DEPTH);
    expect(figures.introspectionCost).toBeGreaterThan(0);
    expect(refusal(STANDARD_INTROSPECTION)?.limit).toBe('introspection');
  });

  it('refuses introspection deeper than the standard query, and a second schema walk', () => {
    const deep = `{ __type(name: "Cart") { ${'ofType { '.repeat(INTROSPECTION_DEPTH - 1)}name${' }'.repeat(INTROSPECTION_DEPTH - 1)} } }`;
    expect(refusal(deep, { dev: true })?.limit).toBe('depth');
    const plusNames = STANDARD_INTROSPECTION.replace(
      '__schema {',
      'names: __schema { types { name } } __schema {',
    );
    expect(refusal(plusNames, { dev: true })).toBeNull();
    const twice = STANDARD_INTROSPECTION.replace(
      '__schema {',
      'again: __schema { types { ...FullType } } __schema {',
    );
    expect(refusal(twice, { dev: true })?.limit).toBe('cost');
  });

  it("refuses listing a type's members inside another list of members", () => {
    const cyclic = '{ __schema { types { fields { type { fields { name } } } } } }';
    expect(refusal(cyclic, { dev: true })?.limit).toBe('introspection');
    expect(
      refusal('{ __type(name: "Cart") { fields { type { ofType { ofType { fields { name } } } } } } }', {
        dev: true,
      })?.limit,
    ).toBe('introspection');
  });

  // What the estimate is for: an accepted introspection document never resolves more fields than
  // its estimated cost, whatever its shape.
  it('estimates at least the fields an accepted introspection document resolves', () => {
    const leaf = fc.constantFrom('name', 'kind', 'description', '__typename');
    const typeRef: fc.Arbitrary<string> = fc.letrec<{ ref: string }>((tie) => ({
      ref: fc.oneof(
        { depthSize: 'small' },
        leaf,
        tie('ref').map((inner) => `ofType { ${inner} }`),
        fc.tuple(leaf, tie('ref')).map(([a, b]) => `${a} ofType { ${b} }`),
      ),
    })).ref;
    const inputValue = fc
      .tuple(fc.constantFrom('name', 'defaultValue'), typeRef)
      .map(([a, t]) => `${a} type { ${t} }`);
    const field = fc
      .tuple(fc.constantFrom('name', 'isDeprecated'), typeRef, fc.option(inputValue))
      .map(([a, t, args]) => `${a} type { ${t} }${args ? ` args { ${args} }` : ''}`);
    const fullType = fc
      .subarray(['name', 'kind', 'fields', 'inputFields', 'interfaces', 'enumValues', 'possibleTypes'], {
        minLength: 1,
      })
      .chain((parts) =>
        fc
          .tuple(field, inputValue, typeRef)
          .map(([f, i, t]) =>
            parts
              .map((p) =>
                p === 'fields'
                  ? `fields(includeDeprecated: true) { ${f} }`
                  : p === 'inputFields'
                    ? `inputFields { ${i} }`
                    : p === 'interfaces' || p === 'possibleTypes'
                      ? `${p} { ${t} }`
                      : p === 'enumValues'
                        ? 'enumValues(includeDeprecated: true) { name }'
                        : p,
              )
              .join(' '),
          ),
      );
    const document = fc
      .tuple(
        fullType,
        fc.constantFrom('types', 'queryType', 'type'),
        fc.constantFrom('Cart', 'Query', 'Line'),
      )
      .map(([body, root, name]) =>
        root === 'type' ? `{ __type(name: "${name}") { ${body} } }` : `{ __schema { ${root} { ${body} } } }`,
      );
    const resolved = (v: unknown): number =>
      Array.isArray(v)
        ? v.reduce((a: number, x) => a + resolved(x), 0)
        : v && typeof v === 'object'
          ? Object.values(v).reduce((a: number, x) => a + 1 + resolved(x), 0)
          : 0;
    fc.assert(
      fc.property(document, (query) => {
        const figures = analyse(query, { dev: true });
        const result = graphqlSync({ schema, source: query });
        expect(result.errors).toBeUndefined();
        expect(figures.introspectionCost).toBeGreaterThanOrEqual(resolved(result.data));
      }),
      { numRuns: 200 },
    );
  });
});
