import { and, ne, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { paymentCards, productCredit, productPrices, products, shippingRates, taxRates } from '../db/schema';
import { faults } from '../modules/checkout/purchase.service';
import { seedCartCatalog } from './cart-fixtures';
import { insertAccount } from './fixtures';
import { createTestApp, type SignedIn, type TestApp } from './test-app';

// The checkout API tests (catalog, cart pricing, purchase, its recovery, ship to social) share one
// setup: a test app with the cart catalog, the membership and special-price products, US and Canada
// shipping rates and the TX and ON tax rates, and an agent signed in.

/** A fresh app with the checkout catalog, rates and a signed-in agent. */
async function createCheckoutApp(): Promise<{ t: TestApp; agent: SignedIn }> {
  const t = await createTestApp();
  const agent = await t.signIn('agent');
  const db = t.database.db;
  await seedCartCatalog(db);
  await db.insert(products).values([
    { sku: '9000', productId: 9000, title: 'Member Program', flags: ['web', 'counterbase'] },
    { sku: 'SPECIAL', productId: 990_001, title: 'Special Price Toner', flags: ['web'] },
    { sku: 'HIDDEN', productId: 990_002, title: 'Hidden Discontinued Item', flags: [] },
  ]);
  await db.insert(productPrices).values([
    { sku: '9000', countryId: 1, priceCents: 4900 },
    { sku: 'SPECIAL', countryId: 1, priceCents: 3000, specialPriceCents: 2400 },
    { sku: 'HIDDEN', countryId: 1, priceCents: 100 },
  ]);
  // Every catalog product of the seed is visible on the web.
  await db
    .update(products)
    .set({ flags: ['web', 'counterbase'] })
    .where(and(sql`${products.flags} = '{}'`, ne(products.sku, 'HIDDEN')));
  await db.insert(shippingRates).values([
    {
      countryId: 1,
      shippingMethodId: 3,
      amountCents: 795,
      freeOverCents: 10_000,
      phoenixShippingMethodId: 1,
    },
    { countryId: 1, shippingMethodId: 5, amountCents: 1695, phoenixShippingMethodId: 2 },
    { countryId: 1, shippingMethodId: 6, amountCents: 2695, phoenixShippingMethodId: 3 },
    {
      countryId: 2,
      shippingMethodId: 9,
      amountCents: 995,
      freeOverCents: 12_500,
      phoenixShippingMethodId: 21,
    },
    { countryId: 2, shippingMethodId: 10, amountCents: 1995, phoenixShippingMethodId: 22 },
  ]);
  await db.insert(taxRates).values([
    { countryId: 1, region: 'TX', rateBasisPoints: 825, taxShipping: true },
    { countryId: 2, region: 'ON', rateBasisPoints: 1300, taxShipping: true },
  ]);
  return { t, agent };
}

/** Puts the purchase's fault switches back (after each test). */
export function resetPurchaseFaults() {
  faults.beforeCommit = null;
  faults.crashAt = null;
}

export const TX_ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '100 Congress Ave',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  countryId: 1 as const,
};
export const ON_ADDRESS = {
  firstName: 'Marie',
  lastName: 'Tremblay',
  address: '290 Bremner Blvd',
  city: 'Toronto',
  region: 'ON',
  postalCode: 'M5V 3L9',
  countryId: 2 as const,
};

/** The order context of a checkout: a US cart shipped standard to Texas, no credit applied. */
export const context = (uid: string, cartId: string, o: Record<string, unknown> = {}) => ({
  cartId,
  uid,
  localeCode: 'en-US',
  orderType: 16,
  shipping: { method: 3, address: TX_ADDRESS },
  appliedCredit: 0,
  ...o,
});

/** A fresh idempotency key. */
export const key = () => `key-${Math.random().toString(36).slice(2)}-${Date.now()}`;

/** Calls and fixtures of the app the test file set up (read when called, after its beforeAll). */
export function checkoutHelpers(current: () => { t: TestApp; agent: SignedIn }) {
  const db = () => current().t.database.db;
  const post = (url: string, payload: unknown) =>
    current().t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: current().agent.headers,
    });
  const get = (url: string) =>
    current().t.app.inject({ method: 'GET', url, headers: current().agent.headers });

  async function customer(o: Parameters<typeof insertAccount>[1] = {}, creditCents = 0) {
    const a = await insertAccount(db(), { userType: 3, tAndCAccepted: true, ...o });
    if (creditCents)
      await db()
        .insert(productCredit)
        .values({ accountUid: a.uid, country: 'us', balanceCents: creditCents });
    return a;
  }

  async function savedCard(uid: string, simulate: string | null = null, countryId = 1) {
    const id = `card_${uid.slice(-8)}_${Math.random().toString(36).slice(2, 8)}`;
    await db().insert(paymentCards).values({
      id,
      accountUid: uid,
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      countryId,
      simulate,
    });
    return id;
  }

  async function cartWith(uid: string, lines: [string, number][], localeCode = 'en-US', code?: string) {
    const created = await post('/api/carts', { uid, localeCode });
    expect(created.statusCode).toBe(200);
    const cartId = created.json().data.cartId as string;
    for (const [sku, quantity] of lines) {
      const r = await post(`/api/carts/${cartId}/products`, { sku, quantity });
      expect(r.statusCode, r.body).toBe(200);
    }
    if (code) expect((await post(`/api/carts/${cartId}/promo-codes`, { code })).statusCode).toBe(200);
    return cartId;
  }

  return { db, post, get, customer, savedCard, cartWith };
}

/**
 * One test file's checkout app: made before its tests, closed after them, the purchase faults
 * reset after each; `app()` and `agent()` are read when called, after the setup ran.
 */
export function setUpCheckoutApp() {
  let t: TestApp;
  let agent: SignedIn;
  beforeAll(async () => {
    ({ t, agent } = await createCheckoutApp());
  });
  afterAll(() => t.close());
  afterEach(resetPurchaseFaults);
  return { app: () => t, agent: () => agent, ...checkoutHelpers(() => ({ t, agent })) };
}
