import { CART_MESSAGES } from '@domain/carts';
import { ORDERING_MESSAGES } from '@domain/checkout';
import { NOTICE_CODES } from '@domain/platform/notices';
import { BOUND_MESSAGES, BOUNDS } from '@domain/reference';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orders,
  paymentCards,
  productCredit,
  productPrices,
  products,
  shippingRates,
  taxRates,
} from '../../db/schema';
import { seedCartCatalog } from '../../testing/cart-fixtures';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// Stated bounds and notices at checkout (ADR 026): tax, shipping and credit figures have stated
// bounds (a purchase beyond them is a 400 with the field, never a 500); what the server changes on
// its own is said as a notice, in the cart's answer and in the estimate.

let t: TestApp;
let agent: SignedIn;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  await seedCartCatalog(db(), [
    { id: 21, name: 'BoB Membership Window', priority: 90, validateBoB: true, validateRenewal: true },
  ]);
  await db()
    .insert(products)
    .values([
      { sku: '9000', productId: 9000, title: 'Member Program', flags: ['web', 'counterbase'] },
      { sku: '9916', productId: 9916, title: 'Membership Renewal', flags: ['web', 'counterbase'] },
      { sku: 'ONE', productId: 990_301, title: 'Limited Edition Palette', maxQuantity: 1, flags: ['web'] },
    ]);
  await db()
    .insert(productPrices)
    .values([
      { sku: '9000', countryId: 1, priceCents: 4900 },
      { sku: '9916', countryId: 1, priceCents: 4900 },
      { sku: 'ONE', countryId: 1, priceCents: 3500 },
    ]);
  await db()
    .insert(shippingRates)
    .values([{ countryId: 1, shippingMethodId: 3, amountCents: 795, phoenixShippingMethodId: 1 }]);
  await db()
    .insert(taxRates)
    .values([{ countryId: 1, region: 'TX', rateBasisPoints: 825, taxShipping: true }]);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: agent.headers });
const gql = (query: string, variables: Record<string, unknown>) => post('/api/query', { query, variables });

const TX = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '100 Congress Ave',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  countryId: 1 as const,
};

async function customer(userType = 3, creditCents = 0) {
  const a = await insertAccount(db(), { userType, tAndCAccepted: true });
  if (creditCents)
    await db().insert(productCredit).values({ accountUid: a.uid, country: 'us', balanceCents: creditCents });
  const card = `card_${a.uid.slice(-8)}`;
  await db().insert(paymentCards).values({
    id: card,
    accountUid: a.uid,
    brand: 'Visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2040,
    countryId: 1,
  });
  return { uid: a.uid, card };
}

async function cartWith(uid: string, lines: [string, number][]) {
  const cartId = (await post('/api/carts', { uid, localeCode: 'en-US' })).json().data.cartId as string;
  for (const [sku, quantity] of lines)
    expect((await post(`/api/carts/${cartId}/products`, { sku, quantity })).statusCode).toBe(200);
  return cartId;
}

const orderContext = (uid: string, cartId: string, o: Record<string, unknown> = {}) => ({
  cartId,
  uid,
  localeCode: 'en-US',
  orderType: 16,
  shipping: { method: 3, address: TX },
  appliedCredit: 0,
  ...o,
});
const key = () => `key-${Math.random().toString(36).slice(2)}-${Date.now()}`;

describe('tax, shipping and credit bounds at the estimate and the purchase', () => {
  it('refuses out-of-bound overrides and credit with the field message, placing no order', async () => {
    const c = await customer();
    const cartId = await cartWith(c.uid, [['P100', 1]]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ overrides: { overrideTax: 1e12 } }, 'body.overrides.overrideTax', BOUND_MESSAGES.taxOverride],
      [{ overrides: { overrideTax: 2 ** 31 } }, 'body.overrides.overrideTax', BOUND_MESSAGES.taxOverride],
      [{ overrides: { overrideTax: -1 } }, 'body.overrides.overrideTax', 'Tax override cannot be negative'],
      [
        { overrides: { overrideShipping: 1e300 } },
        'body.overrides.overrideShipping',
        BOUND_MESSAGES.shippingOverride,
      ],
      [
        { overrides: { overrideShipping: BOUNDS.shippingOverrideCents + 1 } },
        'body.overrides.overrideShipping',
        BOUND_MESSAGES.shippingOverride,
      ],
      [
        { overrides: { overrideShipping: 'NaN' } },
        'body.overrides.overrideShipping',
        'Shipping override must be a number',
      ],
      [{ appliedCredit: 1e15 }, 'body.appliedCredit', BOUND_MESSAGES.appliedCredit],
      [{ appliedCredit: 0.5 }, 'body.appliedCredit', 'Product credit must be whole cents'],
    ];
    for (const [o, path, message] of cases) {
      for (const url of ['/api/orders/estimate', '/api/purchase']) {
        const r = await post(url, {
          ...orderContext(c.uid, cartId, o),
          payment: { savedCard: true, cardId: c.card },
          idempotencyKey: key(),
        });
        expect(r.statusCode, `${url} ${JSON.stringify(o)}`).toBe(400);
        expect(r.json().issues[0]).toEqual({ path, message });
      }
    }
    expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toEqual([]);
  });

  it('the largest cart with the largest tax and shipping overrides is placed and adds up', async () => {
    const c = await customer();
    const cartId = await cartWith(c.uid, [['S0', BOUNDS.lineQuantity]]);
    const cart = (await post(`/api/carts/${cartId}/products`, { sku: 'S1', quantity: 99 })).json().data;
    const s1 = cart.products.find((p: { sku: string }) => p.sku === 'S1').id;
    const o = await post(`/api/carts/${cartId}/overrides`, {
      id: s1,
      sku: 'S1',
      overridePrice: BOUNDS.overridePriceDollars,
      overridePV: 0,
      overrideQV: 0,
      overrideCV: 0,
      quantity: 99,
    });
    expect(o.statusCode, o.body).toBe(200);
    const overrides = {
      overrideTax: BOUNDS.taxOverrideCents,
      overrideShipping: BOUNDS.shippingOverrideCents,
    };
    const r = await post('/api/purchase', {
      ...orderContext(c.uid, cartId, { overrides }),
      payment: { savedCard: true, cardId: c.card },
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const subtotal = 999 * 1000 + 99 * 1_000_000;
    expect(r.json().data.grandTotal).toBe(subtotal + BOUNDS.taxOverrideCents + BOUNDS.shippingOverrideCents);
  });
});

describe('notices: told instead of silently corrected', () => {
  it('product credit above the balance: the estimate says it at the credit field, and the purchase refuses it', async () => {
    const c = await customer(3, 1000);
    const cartId = await cartWith(c.uid, [['P100', 2]]);
    const e = (
      await post('/api/orders/estimate', orderContext(c.uid, cartId, { appliedCredit: 2500 }))
    ).json();
    expect(e.context.notices).toContainEqual({
      code: NOTICE_CODES.creditOverBalance,
      message: ORDERING_MESSAGES.creditOverBalance,
      field: 'appliedCredit',
    });
    expect(e.context.productCredit).toEqual({ balance: 1000, applied: 1000 });
    const p = await post('/api/purchase', {
      ...orderContext(c.uid, cartId, { appliedCredit: 2500 }),
      payment: { savedCard: true, cardId: c.card },
      idempotencyKey: key(),
    });
    expect(p.statusCode).toBe(400);
    expect(p.json().error).toBe(ORDERING_MESSAGES.notSuccessful(ORDERING_MESSAGES.creditOverBalance));
    // Within the balance, no notice.
    const fine = (
      await post('/api/orders/estimate', orderContext(c.uid, cartId, { appliedCredit: 800 }))
    ).json();
    expect(fine.context.notices).toEqual([]);
  });

  it('product credit above the subtotal: applied up to the subtotal, and said', async () => {
    const c = await customer(3, 10_000);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const e = (
      await post('/api/orders/estimate', orderContext(c.uid, cartId, { appliedCredit: 5000 }))
    ).json();
    expect(e.context.productCredit.applied).toBe(1000);
    expect(e.context.notices).toEqual([
      {
        code: NOTICE_CODES.creditOverSubtotal,
        message: ORDERING_MESSAGES.creditOverSubtotal('$10.00'),
        field: 'appliedCredit',
      },
    ]);
  });

  it('a quantity lowered to the SKU’s maximum: the answer carries the notice (REST and GraphQL)', async () => {
    const c = await customer();
    const cartId = await cartWith(c.uid, []);
    const r = await post(`/api/carts/${cartId}/products`, { sku: 'ONE', quantity: 3 });
    expect(r.json().data.products[0].quantity).toBe(1);
    expect(r.json().data.notices).toEqual([
      { code: NOTICE_CODES.quantityCapped, message: CART_MESSAGES.capped('ONE', 1), field: 'quantity' },
    ]);
    const g = await gql(
      `mutation($cartId: ID, $uid: ID!) { addProduct(cartId: $cartId, uid: $uid, sku: "ONE", quantity: 2) {
        products { sku quantity } notices { code message field value } } }`,
      { cartId, uid: c.uid },
    );
    expect(g.json().data.addProduct.notices).toEqual([
      {
        code: NOTICE_CODES.quantityCapped,
        message: CART_MESSAGES.capped('ONE', 1),
        field: 'quantity',
        value: null,
      },
    ]);
    // The notice belongs to the change: reading the cart again does not repeat it.
    const read = await t.app.inject({ method: 'GET', url: `/api/carts/${cartId}`, headers: agent.headers });
    expect(read.json().data.notices).toEqual([]);
  });

  it('a checkout code replacing another names it, and the replaced one can be put back', async () => {
    const c = await customer();
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    await post(`/api/carts/${cartId}/promo-codes`, { code: 'LIP15' });
    const r = await post(`/api/carts/${cartId}/promo-codes`, { code: 'LIPP15' });
    expect(r.json().data.promoTags.map((t: { code: string }) => t.code)).toEqual(['LIPP15']);
    expect(r.json().data.notices).toEqual([
      {
        code: NOTICE_CODES.promoCodeReplaced,
        message: CART_MESSAGES.codeReplaced('LIPP15', 'LIP15'),
        field: 'promoCode',
        value: 'LIP15',
      },
    ]);
    const back = await post(`/api/carts/${cartId}/promo-codes`, { code: 'LIP15' });
    expect(back.json().data.promoTags).toMatchObject([{ code: 'LIP15', success: true }]);
    // A code that is not from checkout replaces nothing.
    const extra = await post(`/api/carts/${cartId}/promo-codes`, { code: 'EXTRA', fromCheckout: false });
    expect(extra.json().data.notices).toEqual([]);
  });

  it('a membership SKU the account may not buy: the spec’s message in the cart and in the estimate', async () => {
    const consultant = await customer(1);
    const cartId = await cartWith(consultant.uid, [
      ['P100', 1],
      ['9000', 1],
    ]);
    const cart = (
      await t.app.inject({ method: 'GET', url: `/api/carts/${cartId}`, headers: agent.headers })
    ).json().data;
    expect(cart.products.map((p: { sku: string }) => p.sku)).not.toContain('9000');
    const notice = {
      code: NOTICE_CODES.membershipIneligible,
      message: ORDERING_MESSAGES.membershipIneligible,
      field: 'sku',
    };
    expect(cart.notices).toEqual([notice]);
    const e = (await post('/api/orders/estimate', orderContext(consultant.uid, cartId))).json();
    expect(e.context.notices).toEqual([notice]);
  });

  it('a renewal SKU outside the window: the spec’s renewal message', async () => {
    const prospect = await customer(5);
    const cartId = await cartWith(prospect.uid, [['9916', 1]]);
    const cart = (
      await t.app.inject({ method: 'GET', url: `/api/carts/${cartId}`, headers: agent.headers })
    ).json().data;
    expect(cart.notices).toEqual([
      {
        code: NOTICE_CODES.renewalIneligible,
        message: ORDERING_MESSAGES.renewalIneligible,
        field: 'sku',
      },
    ]);
  });
});
