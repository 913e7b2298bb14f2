import type { CartView } from '@domain/carts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orders,
  paymentCards,
  productPrices,
  returns,
  shippingRates,
  taxRates,
  termsRecords,
} from '../../db/schema';
import { seedCartCatalog } from '../../testing/cart-fixtures';
import { insertAccount } from '../../testing/fixtures';
import { twoCardOrder } from '../../testing/refund-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// Fields spec 2 names on the objects it answers, each from real data: the cart's unpromofiedItems
// and its lines' redemptionKey (REST, GraphQL, OpenAPI), the order context (customer groupId,
// memberExpirationDateUTC, enrollmentDateUTC, consultantMilestones; giftOption, hostRewardItems,
// outOfStock, isWholesale), the portal account (bobTCs, squareId, squareIdCA), order-log events
// (auth, authType) and refund records (phoenixResponse).

let t: TestApp;
let agent: SignedIn;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  await seedCartCatalog(db());
  await db()
    .insert(shippingRates)
    .values({ countryId: 1, shippingMethodId: 3, amountCents: 795, phoenixShippingMethodId: 1 });
  await db().insert(taxRates).values({ countryId: 1, region: 'TX', rateBasisPoints: 825, taxShipping: true });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: agent.headers });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: agent.headers });

async function cartWith(uid: string, lines: [string, number][]): Promise<CartView> {
  const created = await post('/api/carts', { uid, localeCode: 'en-US' });
  const cartId = created.json().data.cartId as string;
  let cart = created.json().data as CartView;
  for (const [sku, quantity] of lines) {
    const r = await post(`/api/carts/${cartId}/products`, { sku, quantity });
    expect(r.statusCode, r.body).toBe(200);
    cart = r.json().data;
  }
  return cart;
}

const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '100 Congress Ave',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  countryId: 1 as const,
};
const context = (uid: string, cartId: string, extra: object = {}) => ({
  cartId,
  uid,
  localeCode: 'en-US',
  orderType: 16,
  shipping: { method: 3, address: ADDRESS },
  appliedCredit: 0,
  ...extra,
});

describe('cart: unpromofiedItems and line redemptionKey', () => {
  it('REST and GraphQL answer the entered lines and the redemption behind each free line', async () => {
    const buyer = await insertAccount(db(), { userType: 3 });
    // Buy 2 Lipsticks Get 1 Free: three lipsticks, one of them free on a line of its own.
    const cart = await cartWith(buyer.uid, [
      ['LIP', 3],
      ['P100', 1],
    ]);
    expect(cart.unpromofiedItems.map((l) => [l.sku, l.quantity])).toEqual([
      ['LIP', 3],
      ['P100', 1],
    ]);
    const lipLine = cart.unpromofiedItems[0]!.id;
    const free = cart.products.filter((p) => p.isPromo);
    expect(free.map((p) => [p.sku, p.quantity, p.redemptionKey])).toEqual([
      ['LIP', 1, `Buy 2 Lipsticks Get 1 Free:${lipLine}.1`],
    ]);
    expect(cart.products.filter((p) => !p.isPromo).every((p) => p.redemptionKey === null)).toBe(true);

    const gql = await post('/api/query', {
      query: `query($cartId: ID) { cart(cartId: $cartId) {
        unpromofiedItems { id sku quantity } influencer { phoenixId }
        products { sku isPromo redemptionKey } } }`,
      variables: { cartId: cart.cartId },
    });
    expect(gql.statusCode, gql.body).toBe(200);
    const answered = gql.json().data.cart;
    expect(answered.unpromofiedItems).toEqual(
      cart.unpromofiedItems.map((l) => ({ id: l.id, sku: l.sku, quantity: l.quantity })),
    );
    expect(answered.influencer).toBeNull();
    expect(answered.products.find((p: { isPromo: boolean }) => p.isPromo).redemptionKey).toBe(
      `Buy 2 Lipsticks Get 1 Free:${lipLine}.1`,
    );
  });
});

describe('order context (estimate)', () => {
  it('answers the customer with group, dates and milestones, the gift option, host rewards, out of stock and wholesale', async () => {
    const buyer = await insertAccount(db(), {
      userType: 1,
      tAndCAccepted: true,
      groupId: 42,
      enrollmentDateUtc: new Date('2024-03-05T08:00:00Z'),
      memberExpirationDateUtc: new Date('2027-03-05T00:00:00Z'),
      consultantMilestones: [{ name: 'first-100', achievedAt: '2024-04-01', expirationDate: '2027-04-01' }],
    });
    const cart = await cartWith(buyer.uid, [
      ['P100', 1],
      ['S1', 1],
    ]);
    const host = await post(`/api/carts/${cart.cartId}/host-rewards`, { sku: 'HOST', isFree: true });
    expect(host.statusCode, host.body).toBe(200);
    // S1 sold out after it was put in the cart.
    await db()
      .update(productPrices)
      .set({ inStock: false })
      .where(sql`${productPrices.sku} = 'S1' and ${productPrices.countryId} = 1`);
    const r = await post(
      '/api/checkout/estimate',
      context(buyer.uid, cart.cartId, { giftMessage: 'Enjoy!' }),
    );
    expect(r.statusCode, r.body).toBe(200);
    const ctx = r.json().context;
    expect(ctx.customer).toEqual({
      uid: buyer.uid,
      firstName: buyer.firstName,
      lastName: buyer.lastName,
      userType: 1,
      sponsorId: 1,
      phoenixId: buyer.phoenixId,
      email: buyer.email,
      groupId: 42,
      memberExpirationDateUTC: '2027-03-05T00:00:00.000Z',
      enrollmentDateUTC: '2024-03-05T08:00:00.000Z',
      consultantMilestones: [{ name: 'first-100', achievedAt: '2024-04-01', expirationDate: '2027-04-01' }],
    });
    expect(ctx.giftOption).toBe(true);
    expect(ctx.hostRewardItems).toEqual([{ sku: 'HOST', quantity: 1, isFree: true }]);
    expect(ctx.outOfStock).toEqual(['S1']);
    expect(ctx.isWholesale).toBe(true);

    const client = await insertAccount(db(), { userType: 3, tAndCAccepted: true });
    const theirs = await cartWith(client.uid, [['P100', 1]]);
    const plain = (await post('/api/checkout/estimate', context(client.uid, theirs.cartId))).json().context;
    expect(plain).toMatchObject({
      giftOption: false,
      hostRewardItems: [],
      outOfStock: [],
      isWholesale: false,
    });
    expect(plain.customer).toMatchObject({
      groupId: null,
      memberExpirationDateUTC: null,
      enrollmentDateUTC: null,
      consultantMilestones: [],
    });
    const asked = await post(
      '/api/checkout/estimate',
      context(client.uid, theirs.cartId, { giftOption: true }),
    );
    expect(asked.json().context.giftOption).toBe(true);
    await db().update(productPrices).set({ inStock: true }).where(sql`${productPrices.sku} = 'S1'`);
  });
});

describe('portal account: bobTCs, squareId, squareIdCA', () => {
  it('answers the terms records and the processor customer ids', async () => {
    const a = await insertAccount(db(), { userType: 2, squareId: 'SQ-US-123', squareIdCa: 'SQ-CA-456' });
    await db()
      .insert(termsRecords)
      .values([
        { accountUid: a.uid, orderId: 'ORD1', orderDate: new Date('2025-01-02T00:00:00Z'), signed: true },
        {
          accountUid: a.uid,
          orderId: null,
          orderDate: new Date('2025-06-01T00:00:00Z'),
          orderExpiration: new Date('2025-07-01T00:00:00Z'),
          declined: true,
        },
      ]);
    const r = await get(`/api/checkout/account/${a.uid}`);
    expect(r.statusCode, r.body).toBe(200);
    const data = r.json().data;
    expect(data.squareId).toBe('SQ-US-123');
    expect(data.squareIdCA).toBe('SQ-CA-456');
    expect(data.bobTCs).toEqual([
      {
        orderId: null,
        orderDate: '2025-06-01T00:00:00.000Z',
        orderExpiration: '2025-07-01T00:00:00.000Z',
        signed: false,
        declined: true,
      },
      {
        orderId: 'ORD1',
        orderDate: '2025-01-02T00:00:00.000Z',
        orderExpiration: null,
        signed: true,
        declined: false,
      },
    ]);
    const none = await insertAccount(db(), { userType: 3 });
    expect((await get(`/api/checkout/account/${none.uid}`)).json().data).toMatchObject({
      squareId: null,
      squareIdCA: null,
      bobTCs: [],
    });
  });
});

describe('order-log events: auth and authType', () => {
  it('each event names who was signed in and how, never a token', async () => {
    const buyer = await insertAccount(db(), { userType: 3, tAndCAccepted: true });
    const cart = await cartWith(buyer.uid, [['P100', 1]]);
    const cardId = `card_${buyer.uid.slice(-8)}`;
    await db().insert(paymentCards).values({
      id: cardId,
      accountUid: buyer.uid,
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      countryId: 1,
    });
    const placed = await post('/api/purchase', {
      ...context(buyer.uid, cart.cartId, { payment: { savedCard: true, cardId } }),
      idempotencyKey: `key-${Date.now()}`,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const log = await get(`/api/cs/order/${placed.json().data.id}/audit`);
    expect(log.statusCode, log.body).toBe(200);
    const created = log.json().data.find((e: { action: string }) => e.action === 'order.create');
    expect(created).toMatchObject({ changedBy: agent.email, auth: agent.id, authType: 'session' });
    // A job's event is the system's.
    const captured = log.json().data.find((e: { changedBy: string }) => e.changedBy === 'system');
    if (captured) expect(captured).toMatchObject({ auth: 'system', authType: 'system' });
    const raw = JSON.stringify(log.json().data);
    expect(raw).not.toMatch(/Bearer|sess_|token/i);
  });
});

describe('refund records: phoenixResponse', () => {
  it('records the downstream order and the return opened there; null for an order not downstream', async () => {
    const { order, first, second } = await twoCardOrder(db());
    await db().update(orders).set({ phoenixOrderId: 312_345_678 }).where(eq(orders.id, order.id));
    const refund = await post('/api/cs/refund', {
      orderId: order.id,
      returnItems: [{ sku: 'A', quantity: 1, adjustedPrice: 2500 }],
      returnShipping: false,
      reason: 'Defective / Damaged Item',
      amount: 2409,
      pcAmount: 321,
      cards: [
        { transactionId: first, refundAmount: 1285 },
        { transactionId: second, refundAmount: 1124 },
      ],
      idempotencyKey: `refund-${Date.now()}`,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const list = (await get(`/api/cs/order/${order.id}/refunds`)).json().data.refunds;
    const [ret] = await db().select().from(returns).where(eq(returns.refundId, list[0].id));
    expect(list[0].phoenixResponse).toEqual({
      phoenixOrderId: 312_345_678,
      returnId: ret!.id,
      returnStatus: 1,
    });
    expect(refund.json().data.phoenixResponse).toEqual(list[0].phoenixResponse);

    const other = await twoCardOrder(db());
    const amountOnly = await post('/api/cs/refund', {
      orderId: other.order.id,
      returnItems: [],
      returnShipping: false,
      reason: 'Goodwill',
      amount: 500,
      pcAmount: 0,
      cards: [
        { transactionId: other.first, refundAmount: 500 },
        { transactionId: other.second, refundAmount: 0 },
      ],
      idempotencyKey: `refund-b-${Date.now()}`,
    });
    expect(amountOnly.statusCode, amountOnly.body).toBe(200);
    expect(amountOnly.json().data.phoenixResponse).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents the new fields where the objects are answered', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    for (const field of [
      'unpromofiedItems',
      'redemptionKey',
      'influencer',
      'giftOption',
      'outOfStock',
      'isWholesale',
      'consultantMilestones',
      'groupId',
      'bobTCs',
      'squareIdCA',
      'authType',
      'phoenixResponse',
    ])
      expect(doc, field).toContain(`"${field}"`);
  });
});
