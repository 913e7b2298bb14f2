import {
  COUNTING_RUNS_QUERY,
  MILESTONE_PROGRESS_QUERY,
  MILESTONE_UPDATE_MUTATION,
  MILESTONES_QUERY,
  PAY_PAYOUTS_MUTATION,
  PAYOUT_PAGE_SIZE,
  PAYOUT_SELECTION_QUERY,
  PAYOUTS_QUERY,
  PERIODS_QUERY,
  START_COUNTING_MUTATION,
} from '@domain/incentives';
import { eq } from 'drizzle-orm';
import {
  buildClientSchema,
  type GraphQLSchema,
  getIntrospectionQuery,
  getNamedType,
  type IntrospectionQuery,
  isObjectType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, incentivePeriods } from '../../db/schema';
import {
  GRAPHQL_LIMITS,
  INTROSPECTION_FOR_DEVELOPERS,
  STANDARD_INTROSPECTION,
} from '../../platform/graphql-limits';
import { seedCartCatalog } from '../../testing/cart-fixtures';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// The request limits of both GraphQL endpoints (ADR 019): the bombs a security review sent are
// refused before they run, with a message naming the limit, and what the screens and the
// storefront send is still accepted.

let t: TestApp;
let agent: SignedIn;
let leader: SignedIn;
let developer: SignedIn;
let uid: string;

beforeAll(async () => {
  t = await createTestApp();
  [agent, leader, developer] = [
    await t.signIn('agent'),
    await t.signIn('leader'),
    await t.signIn('developer'),
  ];
  await seedCartCatalog(t.database.db);
  uid = (await insertAccount(t.database.db, { userType: 3 })).uid;
});
afterAll(() => t.close());

const QUERY = '/api/query';
const INCENTIVES = '/api/startCounting/query';
const post = (url: string, who: SignedIn, query: string, variables: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, payload: { query, variables }, headers: who.headers });

type Answer = Awaited<ReturnType<typeof post>>;
function expectRefused(answer: Answer, limit: string) {
  expect(answer.statusCode).toBe(400);
  const body = answer.json();
  expect(body.data).toBeNull();
  expect(body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit });
  if (limit !== 'introspection') {
    expect(body.errors[0].message).toMatch(new RegExp(`^Query too complex: .*\\(limit: ${limit} [\\d,]+\\)`));
  }
}
function expectAccepted(answer: Answer) {
  expect(answer.statusCode, answer.body).toBe(200);
  for (const e of answer.json().errors ?? []) expect(e.extensions?.code).not.toBe('QUERY_TOO_COMPLEX');
}

const aliased = (k: number, field: string) =>
  Array.from({ length: k }, (_, i) => `a${i}: ${field}`).join('\n');
const cartsOf = async (owner: string) => t.database.db.select().from(carts).where(eq(carts.uid, owner));

describe('GraphQL bombs are refused before they run', () => {
  it('refuses 1,500 aliases of cart (93 KB) by size, and 31 aliases by their number', async () => {
    const bomb = `{ ${aliased(1_500, `cart(cartId: "${'c'.repeat(28)}") { cartId }`)} }`;
    expect(bomb.length).toBeGreaterThan(90_000);
    expectRefused(await post(QUERY, agent, bomb), 'tokens');
    const polls = (k: number) => `{ ${aliased(k, `cartVersion(cartId: "${'c'.repeat(28)}") { version }`)} }`;
    expectAccepted(await post(QUERY, agent, polls(GRAPHQL_LIMITS.aliases)));
    const aliases = await post(QUERY, agent, polls(GRAPHQL_LIMITS.aliases + 1));
    expectRefused(aliases, 'aliases');
    expect(aliases.json().errors[0].message).toBe(
      'Query too complex: more than 30 aliases (limit: aliases 30). Split it into smaller requests.',
    );
  });

  it('prices a cart above a plain field: seven priced carts in one request are refused', async () => {
    expectAccepted(await post(QUERY, agent, `{ ${aliased(6, `cart(uid: "${uid}") { cartId }`)} }`));
    expectRefused(await post(QUERY, agent, `{ ${aliased(7, `cart(uid: "${uid}") { cartId }`)} }`), 'cost');
  });

  it('runs none of a refused document: three cart changes in one request change nothing', async () => {
    const owner = (await insertAccount(t.database.db, { userType: 3 })).uid;
    const change = `addProduct(uid: "${owner}", localeCode: "en-US", channel: "WEB", sku: "P100", quantity: 1) { cartId }`;
    expectRefused(await post(QUERY, agent, `mutation { ${aliased(3, change)} }`), 'cost');
    expect(await cartsOf(owner)).toEqual([]);
    expectAccepted(await post(QUERY, agent, `mutation { ${aliased(2, change)} }`));
    expect(await cartsOf(owner)).toHaveLength(1);
  });

  it('refuses introspection bombs on both endpoints, even from a developer', async () => {
    const walks = aliased(4, '__schema { types { ...FullType } }');
    const fourWalks = STANDARD_INTROSPECTION.replace('__schema {', `${walks} __schema {`);
    for (const url of [QUERY, INCENTIVES]) {
      expectRefused(await post(url, developer, fourWalks), 'cost');
      expectRefused(
        await post(url, developer, `{ ${aliased(1_000, '__schema { queryType { name } }')} }`),
        'tokens',
      );
      expectRefused(await post(url, developer, `{ ${aliased(100, '__typename')} }`), 'aliases');
    }
  });

  it(`keeps the depth limit of ${GRAPHQL_LIMITS.depth} and refuses a document too wide or too repetitive`, async () => {
    const deep = (d: number) => `{ viewer { ${'f { '.repeat(d - 2)}g${' }'.repeat(d - 2)} } }`;
    expectRefused(await post(QUERY, agent, deep(GRAPHQL_LIMITS.depth + 1)), 'depth');
    // At the limit the depth passes and validation speaks: the field does not exist.
    expect((await post(QUERY, agent, deep(GRAPHQL_LIMITS.depth))).json().errors[0].message).toMatch(
      /Cannot query field "f"/,
    );
    const wide = `{ ${aliased(GRAPHQL_LIMITS.aliases, `viewer { ${'uid name role '.repeat(GRAPHQL_LIMITS.repeats)} }`)} }`;
    expectRefused(await post(QUERY, agent, wide), 'fields');
    // The same field selected again and again: validation compares every pair of them.
    expectRefused(
      await post(QUERY, agent, `{ ${'viewer { uid } '.repeat(GRAPHQL_LIMITS.repeats + 1)} }`),
      'repeats',
    );
  });

  it('refuses a body over 1 MiB before parsing it, on both endpoints and the export', async () => {
    const variables = { ids: Array.from({ length: 120_000 }, (_, i) => `id-${i}`) };
    for (const url of [QUERY, INCENTIVES, '/api/startCounting/export']) {
      const answer = await t.app.inject({
        method: 'POST',
        url,
        payload: { query: '{ __typename }', variables },
        headers: leader.headers,
      });
      expect(answer.statusCode).toBe(413);
    }
  });
});

describe('introspection is for developers (ADR 019)', () => {
  it('lets a developer load both schemas with the standard introspection query, as GraphiQL and codegen do', async () => {
    for (const url of [QUERY, INCENTIVES]) {
      for (const query of [getIntrospectionQuery(), STANDARD_INTROSPECTION]) {
        const answer = await post(url, developer, query);
        expectAccepted(answer);
        const schema = buildClientSchema(answer.json().data as IntrospectionQuery);
        expect(schema.getQueryType()?.name).toBe('Query');
      }
    }
  });

  it('refuses introspection to every other role with a clear message, but answers __typename', async () => {
    for (const [url, who] of [
      [QUERY, agent],
      [QUERY, leader],
      [INCENTIVES, leader],
    ] as const) {
      const answer = await post(url, who, getIntrospectionQuery());
      expectRefused(answer, 'introspection');
      expect(answer.json().errors[0].message).toBe(INTROSPECTION_FOR_DEVELOPERS);
      expectRefused(await post(url, who, '{ __type(name: "Query") { name } }'), 'introspection');
      expect((await post(url, who, '{ __typename }')).json()).toEqual({ data: { __typename: 'Query' } });
    }
  });
});

/** Every field of `typeName`, objects followed (`{ a b c { d e } }`): the largest selection of a type. */
function everyField(schema: GraphQLSchema, typeName: string): string {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) return '';
  const parts = Object.values(type.getFields()).map((f) => {
    const inner = getNamedType(f.type);
    return isObjectType(inner) ? `${f.name} { ${everyField(schema, inner.name)} }` : f.name;
  });
  return parts.join(' ');
}

describe('what the screens and the storefront send is still accepted', () => {
  it('accepts every document of the incentives screens, with the variables they send', async () => {
    const range = { startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-31T23:59:59.999Z' };
    await t.database.db
      .insert(incentivePeriods)
      .values({ periodId: 202601, startDate: new Date(range.startDate), endDate: new Date(range.endDate) });
    const selection = { ...range, textSearch: null, excludes: [], selection: null };
    const documents: [string, Record<string, unknown>][] = [
      [MILESTONES_QUERY, {}],
      [PERIODS_QUERY, {}],
      [
        PAYOUTS_QUERY,
        { ...range, pagination: true, pageSize: PAYOUT_PAGE_SIZE, pageNumber: 1, textSearch: null },
      ],
      [PAYOUTS_QUERY, { ...range, pagination: false, textSearch: null }],
      [PAYOUT_SELECTION_QUERY, selection],
      [PAY_PAYOUTS_MUTATION, { ...selection, selectionId: 'limits-test' }],
      [COUNTING_RUNS_QUERY, range],
      [START_COUNTING_MUTATION, range],
      [MILESTONE_PROGRESS_QUERY, { name: 'No such milestone', ...range }],
      [
        MILESTONE_UPDATE_MUTATION,
        {
          name: 'No such milestone',
          requirements: [],
          rewards: { participantRewards: [], enrollerRewards: [] },
        },
      ],
    ];
    for (const [query, variables] of documents)
      expectAccepted(await post(INCENTIVES, leader, query, variables));
    // The CSV export sends the payouts query without pagination.
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/startCounting/export',
      payload: { query: PAYOUTS_QUERY, variables: { ...range, pagination: false, textSearch: null } },
      headers: leader.headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
  });

  it('accepts the storefront calls of spec 2 §7 with every field of the cart', async () => {
    const introspection = await post(QUERY, developer, getIntrospectionQuery());
    const schema = buildClientSchema(introspection.json().data as IntrospectionQuery);
    const cart = everyField(schema, 'Cart');
    const change = (name: string, extra = '') =>
      `mutation($uid: ID!) { ${name}(uid: $uid, localeCode: "en-US", channel: "WEB"${extra}) { ${cart} } }`;
    const added = await post(QUERY, agent, change('addProduct', ', sku: "P100", quantity: 1'), { uid });
    expectAccepted(added);
    const cartId = added.json().data.addProduct.cartId as string;
    const documents: [string, Record<string, unknown>][] = [
      [`query($id: ID) { cart(cartId: $id) { ${cart} } }`, { id: cartId }],
      [`query($uid: ID) { cart(uid: $uid, localeCode: "en-US") { ${cart} } }`, { uid }],
      ['query($id: ID!) { cartVersion(cartId: $id) { cartId version } }', { id: cartId }],
      [`query($uid: ID!) { carts(uid: $uid) { ${everyField(schema, 'CartSummary')} } }`, { uid }],
      [`query($uid: ID!) { clientCarts(uid: $uid) { ${everyField(schema, 'CartSummary')} } }`, { uid }],
      [
        `query($uid: ID!) { socialCarts(uid: $uid, socialId: 1) { ${everyField(schema, 'CartSummary')} } }`,
        { uid },
      ],
      [`{ userAccount(phoenixId: "1") { ${everyField(schema, 'UserAccount')} } }`, {}],
      [`query($uid: ID!) { attribution(uid: $uid) { ${everyField(schema, 'Attribution')} } }`, { uid }],
      [change('emptyCart'), { uid }],
    ];
    for (const [query, variables] of documents) expectAccepted(await post(QUERY, agent, query, variables));
  });
});
