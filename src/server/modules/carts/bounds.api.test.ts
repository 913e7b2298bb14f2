import { CART_MESSAGES } from '@domain/carts';
import { BOUND_MESSAGES, BOUNDS } from '@domain/reference';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, changeEvents } from '../../db/schema';
import { seedCartCatalog } from '../../testing/cart-fixtures';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// Stated bounds (ADR 026): every quantity and amount a cart takes has a stated bound, refused
// with a field message at every door; a refused call writes nothing; the lists answer with a cart
// at the largest allowed values; no error text carries SQL.

let t: TestApp;
let agent: SignedIn;
let uid: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  await seedCartCatalog(db());
  uid = (await insertAccount(db(), { userType: 3 })).uid;
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: agent.headers });
const gql = (query: string, variables: Record<string, unknown> = {}) =>
  inject('POST', '/api/query', { query, variables });

async function newCart(): Promise<string> {
  const r = await inject('POST', '/api/carts', { uid, localeCode: 'en-US' });
  expect(r.statusCode).toBe(200);
  return r.json().data.cartId;
}
async function cartWithLine(sku = 'P100', quantity = 2): Promise<{ cartId: string; lineId: string }> {
  const cartId = await newCart();
  const r = await inject('POST', `/api/carts/${cartId}/products`, { sku, quantity });
  expect(r.statusCode, r.body).toBe(200);
  return { cartId, lineId: r.json().data.products.find((p: { sku: string }) => p.sku === sku).id };
}

/** The stored row as it stands, with the number of its change events. */
async function stored(cartId: string) {
  const [row] = await db().select().from(carts).where(eq(carts.cartId, cartId));
  const events = await db().select().from(changeEvents).where(eq(changeEvents.entityId, cartId));
  return { version: row?.version, instances: row?.cartInstances, events: events.length };
}

const ADD = `mutation($cartId: ID, $uid: ID!, $sku: String!, $quantity: Float!) {
  addProduct(cartId: $cartId, uid: $uid, localeCode: "en-US", channel: "WEB", sku: $sku, quantity: $quantity) {
    cartId version products { sku quantity } notices { code message field value } } }`;
const INCREMENT = `mutation($cartId: ID, $uid: ID!, $lineItemId: ID!) {
  incrementProductQuantity(cartId: $cartId, uid: $uid, lineItemId: $lineItemId) { cartId products { quantity } } }`;

const override = (lineId: string, o: Record<string, unknown> = {}) => ({
  id: lineId,
  sku: 'P100',
  overridePrice: 5,
  overridePV: 1,
  overrideQV: 1,
  overrideCV: 1,
  quantity: 1,
  ...o,
});

describe('quantities: bounded at every door, nothing written when refused', () => {
  it('REST add: 0 and −1 get the spec message; 1e15, 2^31 and 1,000 the bound; all write nothing', async () => {
    const { cartId } = await cartWithLine();
    const before = await stored(cartId);
    const cases: [unknown, string][] = [
      [0, CART_MESSAGES.positiveQuantity],
      [-1, CART_MESSAGES.positiveQuantity],
      [1e15, BOUND_MESSAGES.quantity],
      [2 ** 31, BOUND_MESSAGES.quantity],
      [BOUNDS.lineQuantity + 1, BOUND_MESSAGES.quantity],
      ['12', 'Quantity must be a number'],
      ['NaN', 'Quantity must be a number'],
      ['1e400', 'Quantity must be a number'],
      [null, 'Quantity must be a number'],
    ];
    for (const [quantity, message] of cases) {
      const r = await inject('POST', `/api/carts/${cartId}/products`, { sku: 'P100', quantity });
      expect(r.statusCode, String(quantity)).toBe(400);
      expect(r.json().error).toBe(message);
      expect(r.json().issues?.[0]?.path).toMatch(/quantity$/);
    }
    expect(await stored(cartId)).toEqual(before);
  });

  it('REST add: a line may not pass the bound by adding to it', async () => {
    const { cartId } = await cartWithLine('P100', 990);
    const before = await stored(cartId);
    const r = await inject('POST', `/api/carts/${cartId}/products`, { sku: 'P100', quantity: 10 });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toBe(BOUND_MESSAGES.lineQuantity('P100', 990));
    expect(await stored(cartId)).toEqual(before);
    const nine = await inject('POST', `/api/carts/${cartId}/products`, { sku: 'P100', quantity: 9 });
    expect(nine.json().data.products[0].quantity).toBe(BOUNDS.lineQuantity);
  });

  it('REST set quantity: above the bound is refused (not removed, not clipped); 0 and −1 remove (spec 2 §4)', async () => {
    const { cartId, lineId } = await cartWithLine();
    const before = await stored(cartId);
    for (const quantity of [1e15, 2 ** 31, 1e300, BOUNDS.lineQuantity + 1]) {
      const r = await inject('PUT', `/api/carts/${cartId}/lines/${lineId}`, { quantity });
      expect(r.statusCode).toBe(400);
      expect(r.json().issues[0]).toEqual({ path: 'body.quantity', message: BOUND_MESSAGES.quantity });
    }
    for (const quantity of ['abc', '']) {
      expect((await inject('PUT', `/api/carts/${cartId}/lines/${lineId}`, { quantity })).statusCode).toBe(
        400,
      );
    }
    expect(await stored(cartId)).toEqual(before);
    const at = await inject('PUT', `/api/carts/${cartId}/lines/${lineId}`, { quantity: BOUNDS.lineQuantity });
    expect(at.json().data.products[0].quantity).toBe(BOUNDS.lineQuantity);
    const removed = await inject('PUT', `/api/carts/${cartId}/lines/${lineId}`, { quantity: -1 });
    expect(removed.json().data.products).toEqual([]);
  });

  it('GraphQL addProduct: refused with the field message and code 400, writing nothing (nor a new cart)', async () => {
    const { cartId } = await cartWithLine();
    const before = await stored(cartId);
    for (const [quantity, message] of [
      [1e15, BOUND_MESSAGES.quantity],
      [2 ** 31, BOUND_MESSAGES.quantity],
      [1e300, BOUND_MESSAGES.quantity],
      [0, CART_MESSAGES.positiveQuantity],
      [-1, CART_MESSAGES.positiveQuantity],
    ] as const) {
      const r = await gql(ADD, { cartId, uid, sku: 'P100', quantity });
      expect(r.statusCode, String(quantity)).toBe(400);
      expect(r.json().errors[0]).toMatchObject({
        message,
        extensions: { code: 'BAD_REQUEST', field: 'quantity' },
      });
    }
    // A string where a Float goes is the query's fault: 400, before anything runs.
    const typed = await gql(ADD, { cartId, uid, sku: 'P100', quantity: 'abc' });
    expect(typed.statusCode).toBe(400);
    expect(await stored(cartId)).toEqual(before);
    // Without a cart id the owner's open cart is used or made: a refused quantity makes none.
    const other = (await insertAccount(db(), { userType: 3 })).uid;
    const r = await gql(ADD, { uid: other, sku: 'P100', quantity: 2 ** 31 });
    expect(r.json().errors[0].message).toBe(BOUND_MESSAGES.quantity);
    expect(await db().select().from(carts).where(eq(carts.uid, other))).toEqual([]);
  });

  it('GraphQL incrementProductQuantity: a line at the bound stays there', async () => {
    const { cartId, lineId } = await cartWithLine('P100', BOUNDS.lineQuantity);
    const before = await stored(cartId);
    const r = await gql(INCREMENT, { cartId, uid, lineItemId: lineId });
    expect(r.json().errors[0]).toMatchObject({
      message: BOUND_MESSAGES.quantity,
      extensions: { field: 'quantity' },
    });
    expect(await stored(cartId)).toEqual(before);
  });
});

describe('price overrides: bounded, and the cart as a whole', () => {
  it('refuses 1e300, 30,000,000, a cent above the bound, negative and non-numbers, writing nothing', async () => {
    const { cartId, lineId } = await cartWithLine();
    const before = await stored(cartId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ overridePrice: 1e300 }, 'body.overridePrice', BOUND_MESSAGES.overridePrice],
      [{ overridePrice: 30_000_000 }, 'body.overridePrice', BOUND_MESSAGES.overridePrice],
      [
        { overridePrice: BOUNDS.overridePriceDollars + 0.01 },
        'body.overridePrice',
        BOUND_MESSAGES.overridePrice,
      ],
      [{ overridePrice: -1 }, 'body.overridePrice', 'Override price cannot be negative'],
      [{ overridePrice: 'NaN' }, 'body.overridePrice', 'Override price must be a number'],
      [{ overridePV: 1e300 }, 'body.overridePV', BOUND_MESSAGES.overrideVolume('Override PV')],
      [{ overrideCV: 2 ** 31 }, 'body.overrideCV', BOUND_MESSAGES.overrideVolume('Override CV')],
      [{ quantity: 2 ** 31 }, 'body.quantity', BOUND_MESSAGES.quantity],
      [{ quantity: 0 }, 'body.quantity', 'Quantity must be at least 1'],
    ];
    for (const [o, path, message] of cases) {
      const r = await inject('POST', `/api/carts/${cartId}/overrides`, override(lineId, o));
      expect(r.statusCode, JSON.stringify(o)).toBe(400);
      expect(r.json().issues[0]).toEqual({ path, message });
    }
    expect(await stored(cartId)).toEqual(before);
  });

  it('a change that would take the cart above $1,000,000.00 is refused at the field that did it', async () => {
    const { cartId, lineId } = await cartWithLine('P100', 200);
    const before = await stored(cartId);
    // 200 × $10,000.00 = $2,000,000.00.
    const r = await inject(
      'POST',
      `/api/carts/${cartId}/overrides`,
      override(lineId, { overridePrice: BOUNDS.overridePriceDollars, quantity: 200 }),
    );
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      error: BOUND_MESSAGES.cartTotal,
      issues: [{ path: 'overridePrice', message: BOUND_MESSAGES.cartTotal }],
    });
    expect(await stored(cartId)).toEqual(before);
  });

  it('property: for any out-of-bound input at any door, the stored cart is unchanged', async () => {
    const { cartId, lineId } = await cartWithLine('P100', 3);
    const over = fc.oneof(
      fc.integer({ min: BOUNDS.lineQuantity + 1, max: Number.MAX_SAFE_INTEGER }),
      fc.double({ min: BOUNDS.lineQuantity + 0.001, max: 1e308, noNaN: true }),
      fc.constantFrom(2 ** 31, 2 ** 53, 1e15, 1e300),
    );
    const notANumber = fc.constantFrom('NaN', 'Infinity', '1e400', '', '12abc', null, true, [], {});
    const price = fc.oneof(
      fc.double({ min: BOUNDS.overridePriceDollars + 0.001, max: 1e308, noNaN: true }),
      fc.double({ min: -1e308, max: -0.001, noNaN: true }),
      notANumber,
    );
    const door = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), quantity: fc.oneof(over, notANumber) }),
      fc.record({ kind: fc.constant('set' as const), quantity: fc.oneof(over, notANumber) }),
      fc.record({ kind: fc.constant('gqlAdd' as const), quantity: over }),
      fc.record({
        kind: fc.constant('override' as const),
        field: fc.constantFrom('overridePrice', 'overridePV'),
        value: price,
      }),
      fc.record({ kind: fc.constant('overrideQuantity' as const), quantity: fc.oneof(over, notANumber) }),
    );
    const before = await stored(cartId);
    await fc.assert(
      fc.asyncProperty(door, async (d) => {
        const r =
          d.kind === 'add'
            ? await inject('POST', `/api/carts/${cartId}/products`, { sku: 'P100', quantity: d.quantity })
            : d.kind === 'set'
              ? await inject('PUT', `/api/carts/${cartId}/lines/${lineId}`, { quantity: d.quantity })
              : d.kind === 'gqlAdd'
                ? await gql(ADD, { cartId, uid, sku: 'P100', quantity: d.quantity })
                : d.kind === 'override'
                  ? await inject(
                      'POST',
                      `/api/carts/${cartId}/overrides`,
                      override(lineId, { [d.field]: d.value }),
                    )
                  : await inject(
                      'POST',
                      `/api/carts/${cartId}/overrides`,
                      override(lineId, { quantity: d.quantity }),
                    );
        expect(r.statusCode).toBe(400);
        expect(r.body).not.toMatch(/select|insert|update|carts|::/i);
        expect(await stored(cartId)).toEqual(before);
      }),
      { numRuns: 40, seed: 20261201 },
    );
  });
});

describe('the lists answer with the largest allowed cart', () => {
  it('GET /api/carts, GraphQL carts and the cart itself, at $999,990.00 and 999 units', async () => {
    const owner = (await insertAccount(db(), { userType: 3 })).uid;
    const created = await inject('POST', '/api/carts', { uid: owner, localeCode: 'en-US' });
    const cartId = created.json().data.cartId as string;
    // S0 ($10.00) × 999 = $9,990.00; S1 × 99 overridden at $10,000.00 = $990,000.00.
    await inject('POST', `/api/carts/${cartId}/products`, { sku: 'S0', quantity: BOUNDS.lineQuantity });
    const added = await inject('POST', `/api/carts/${cartId}/products`, { sku: 'S1', quantity: 99 });
    const s1 = added.json().data.products.find((p: { sku: string }) => p.sku === 'S1').id;
    const r = await inject('POST', `/api/carts/${cartId}/overrides`, {
      id: s1,
      sku: 'S1',
      overridePrice: BOUNDS.overridePriceDollars,
      overridePV: BOUNDS.overrideVolume,
      overrideQV: BOUNDS.overrideVolume,
      overrideCV: BOUNDS.overrideVolume,
      quantity: 99,
    });
    expect(r.statusCode, r.body).toBe(200);
    const total = 999 * 1000 + 99 * 1_000_000;
    expect(r.json().data.subtotalInCents).toBe(total);
    // The lines and the free bag the threshold rule adds.
    const units = r.json().data.totalProducts as number;
    expect(units).toBe(999 + 99 + 1);

    const list = await inject('GET', `/api/carts?q=${cartId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ cartId, totalProducts: units, subtotalInCents: total });
    const g = await gql(
      `query($uid: ID!, $cartId: ID!) { carts(uid: $uid) { cartId totalProducts subtotalInCents }
         cart(cartId: $cartId) { subtotalInCents prePromoSubtotalInCents products { totalPriceInCents } volumes { PV } } }`,
      { uid: owner, cartId },
    );
    expect(g.json().errors).toBeUndefined();
    expect(g.json().data.carts[0]).toEqual({ cartId, totalProducts: units, subtotalInCents: total });
    expect(g.json().data.cart.subtotalInCents).toBe(total);
  });
});

describe('no error text carries SQL', () => {
  it('an unexpected failure in GraphQL carts answers a generic message with the request id', async () => {
    const owner = (await insertAccount(db(), { userType: 3 })).uid;
    const created = await inject('POST', '/api/carts', { uid: owner, localeCode: 'en-US' });
    const cartId = created.json().data.cartId as string;
    // A stored figure no cast can read (written by hand, as an old release or a repair might).
    await db().execute(
      sql`update carts set cart_instances = jsonb_set(cart_instances, '{en-US,subtotalInCents}', '"n/a"') where cart_id = ${cartId}`,
    );
    const r = await gql('query($uid: ID!) { carts(uid: $uid) { cartId subtotalInCents } }', { uid: owner });
    const [error] = r.json().errors;
    const requestId = r.headers['x-request-id'];
    expect(error.message).toBe(`Something went wrong on our side. Please try again. (request ${requestId})`);
    expect(error.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', requestId });
    expect(r.body).not.toMatch(/select|numeric|cart_instances|Failed query/i);
    const rest = await inject('GET', `/api/carts?q=${cartId}`);
    expect(rest.statusCode).toBe(500);
    expect(rest.body).not.toMatch(/select|numeric|cart_instances/i);
    await db().delete(carts).where(eq(carts.cartId, cartId));
  });
});
