import { newSiftSession } from '@domain/ordering';
import { BRAND_NAME, ORDER_STATE } from '@domain/reference';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  captureRetries,
  changeEvents,
  checkoutSubmissions,
  contentEntries,
  downstreamExports,
  failedOrders,
  featureFlags,
  orderLines,
  orderPayments,
  orders,
  outbox,
  paymentCards,
  paymentTransactions,
  productCredit,
  productCreditLedger,
  productPrices,
  products,
  shippingAddresses,
  shippingRates,
  socials,
  taxRates,
  termsRecords,
} from '../../db/schema';
import { SYSTEM_ACTOR } from '../../platform/audit';
import { seedCartCatalog } from '../../testing/cart-fixtures';
import { insertAccount } from '../../testing/fixtures';
import { gate, heldGateway, manualLeaseClock } from '../../testing/gate';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { downstreamPass } from '../downstream/downstream.worker';
import { appendCredit } from '../product-credit/product-credit.service';
import { captureRetryPass, MAX_CAPTURE_ATTEMPTS } from './capture.service';
import { clearCatalogCache } from './catalog.service';
import { faults } from './purchase.service';

let t: TestApp;
let agent: SignedIn;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  await seedCartCatalog(db());
  await db()
    .insert(products)
    .values([
      { sku: '9000', productId: 9000, title: 'Member Program', flags: ['web', 'counterbase'] },
      { sku: 'SPECIAL', productId: 990_001, title: 'Special Price Toner', flags: ['web'] },
      { sku: 'HIDDEN', productId: 990_002, title: 'Hidden Discontinued Item', flags: [] },
    ]);
  await db()
    .insert(productPrices)
    .values([
      { sku: '9000', countryId: 1, priceCents: 4900 },
      { sku: 'SPECIAL', countryId: 1, priceCents: 3000, specialPriceCents: 2400 },
      { sku: 'HIDDEN', countryId: 1, priceCents: 100 },
    ]);
  // Every catalog product of the seed is visible on the web.
  await db().execute(
    sql`update products set flags = '{web,counterbase}' where flags = '{}' and sku <> 'HIDDEN'`,
  );
  await db()
    .insert(shippingRates)
    .values([
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
  await db()
    .insert(taxRates)
    .values([
      { countryId: 1, region: 'TX', rateBasisPoints: 825, taxShipping: true },
      { countryId: 2, region: 'ON', rateBasisPoints: 1300, taxShipping: true },
    ]);
});
afterAll(() => t.close());
afterEach(() => {
  faults.beforeCommit = null;
  faults.crashAt = null;
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: agent.headers });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: agent.headers });

const TX_ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '100 Congress Ave',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  countryId: 1 as const,
};
const ON_ADDRESS = {
  firstName: 'Marie',
  lastName: 'Tremblay',
  address: '290 Bremner Blvd',
  city: 'Toronto',
  region: 'ON',
  postalCode: 'M5V 3L9',
  countryId: 2 as const,
};

async function customer(o: Parameters<typeof insertAccount>[1] = {}, creditCents = 0) {
  const a = await insertAccount(db(), { userType: 3, tAndCAccepted: true, ...o });
  if (creditCents)
    await db().insert(productCredit).values({ accountUid: a.uid, country: 'us', balanceCents: creditCents });
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

const context = (uid: string, cartId: string, o: Record<string, unknown> = {}) => ({
  cartId,
  uid,
  localeCode: 'en-US',
  orderType: 16,
  shipping: { method: 3, address: TX_ADDRESS },
  appliedCredit: 0,
  ...o,
});

const key = () => `key-${Math.random().toString(36).slice(2)}-${Date.now()}`;

describe('catalog (spec 3 §4)', () => {
  it('shows only visible products, with the special price and the compare-at price', async () => {
    const r = await get('/api/catalog/products?localeCode=en-US&q=toner');
    expect(r.statusCode).toBe(200);
    const [item] = r.json().data;
    expect(item).toMatchObject({ sku: 'SPECIAL', price: 2400, compareAtPrice: 3000 });
    const hidden = await get('/api/catalog/products?localeCode=en-US&q=discontinued');
    expect(hidden.json().data).toEqual([]);
  });

  it('sorts by price ascending and descending', async () => {
    const asc = (await get('/api/catalog/products?sort=price%20ascending&limit=100')).json().data as {
      price: number;
    }[];
    const desc = (await get('/api/catalog/products?sort=price%20descending&limit=100')).json().data as {
      price: number;
    }[];
    expect(asc.map((i) => i.price)).toEqual([...asc.map((i) => i.price)].sort((a, b) => a - b));
    expect(desc.map((i) => i.price)).toEqual([...desc.map((i) => i.price)].sort((a, b) => b - a));
    expect(asc.length).toBeGreaterThan(10);
  });

  it('refuses an unknown sort with a 400 and the options', async () => {
    const r = await get('/api/catalog/products?sort=cheapest');
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toContain('recommended');
  });

  it('sees a price change (the cache is invalidated when the catalog changes)', async () => {
    await get('/api/catalog/products?q=toner');
    await db().update(productPrices).set({ specialPriceCents: 2200 }).where(eq(productPrices.sku, 'SPECIAL'));
    // Past the cache's once-a-second check of its stamp.
    t.clock.advance(1100);
    const [item] = (await get('/api/catalog/products?q=toner')).json().data;
    expect(item.price).toBe(2200);
  });
});

describe('feature flags catalogCache and contentDrafts (spec 3 §4)', () => {
  const setFlag = (name: string, enabled: boolean) =>
    db().update(featureFlags).set({ enabled }).where(eq(featureFlags.name, name));
  afterAll(async () => {
    await setFlag('catalogCache', true);
    await setFlag('contentDrafts', false);
    await db().execute(sql`update products set title = 'Special Price Toner' where sku = 'SPECIAL'`);
  });

  it('catalogCache on: the catalog is read from the cache; off: every read loads it afresh', async () => {
    const title = async () =>
      ((await get('/api/catalog/products?q=toner')).json().data as { sku: string; title: string }[]).find(
        (p) => p.sku === 'SPECIAL',
      )?.title;
    await setFlag('catalogCache', true);
    clearCatalogCache(t.app.ctx);
    expect(await title()).toBe('Special Price Toner');
    // A change the cache's stamp does not see (the row's updated_at untouched): the cache answers.
    await db().execute(sql`update products set title = 'Special Price Toner Plus' where sku = 'SPECIAL'`);
    expect(await title()).toBe('Special Price Toner');
    await setFlag('catalogCache', false);
    expect(await title()).toBe('Special Price Toner Plus');
  });

  it('contentDrafts off: drafts are not shown even when asked for; on: they are', async () => {
    await db()
      .insert(contentEntries)
      .values([
        { id: 'page/about', type: 'page', url: '/about', title: 'About us', fields: { body: 'Published' } },
        {
          id: 'page/about/draft',
          type: 'page',
          url: '/about',
          drafts: true,
          title: 'About us',
          fields: { body: 'Draft' },
        },
      ]);
    const body = async (drafts: boolean) =>
      (await get(`/api/content?url=/about&drafts=${drafts}`))
        .json()
        .data.map((e: { fields: { body: string } }) => e.fields.body);
    await setFlag('contentDrafts', false);
    expect(await body(true)).toEqual(['Published']);
    await setFlag('contentDrafts', true);
    // The content cache keys on the drafts asked for: this read is not the one above.
    expect(await body(true)).toEqual(['Draft']);
    expect(await body(false)).toEqual(['Published']);
  });
});

describe('entitled prices (ADR 023): the lowest price the shopper may pay, shown and charged', () => {
  beforeAll(async () => {
    await db()
      .insert(products)
      .values([
        { sku: 'SALE1149', productId: 990_149, title: 'Sale Night Cream', flags: ['web'] },
        { sku: 'DEARSPECIAL', productId: 990_150, title: 'Dear Special Balm', flags: ['web'] },
        { sku: 'MEMBERBALM', productId: 990_151, title: 'Member Balm', flags: ['web'] },
      ]);
    await db()
      .insert(productPrices)
      .values([
        {
          sku: 'SALE1149',
          countryId: 1,
          priceCents: 8000,
          specialPriceCents: 6800,
          memberPriceCents: 7200,
          wholesalePriceCents: 6000,
        },
        {
          sku: 'DEARSPECIAL',
          countryId: 1,
          priceCents: 5000,
          specialPriceCents: 5500,
          memberPriceCents: 5200,
        },
        { sku: 'MEMBERBALM', countryId: 1, priceCents: 4000, memberPriceCents: 3600 },
      ]);
    clearCatalogCache(t.app.ctx);
  });
  const shown = async (q: string, userType?: number) =>
    (await get(`/api/catalog/products?q=${q}${userType === undefined ? '' : `&userType=${userType}`}`)).json()
      .data[0] as { price: number; compareAtPrice: number | null };

  it('the catalog answers the price of the shopper’s tier, the regular price struck through', async () => {
    expect(await shown('sale%20night')).toMatchObject({ price: 6800, compareAtPrice: 8000 });
    expect(await shown('sale%20night', 2)).toMatchObject({ price: 6800, compareAtPrice: 8000 });
    expect(await shown('sale%20night', 1)).toMatchObject({ price: 6000, compareAtPrice: 8000 });
    // A special price above the regular price is no offer.
    expect(await shown('dear%20special')).toMatchObject({ price: 5000, compareAtPrice: null });
    expect(await shown('dear%20special', 2)).toMatchObject({ price: 5000, compareAtPrice: null });
    expect((await get('/api/catalog/products?userType=nine')).statusCode).toBe(400);
  });

  it('a Member’s cart, estimate and order charge the sale price, and the order goes downstream', async () => {
    const c = await customer({ userType: 2, phoenixId: 770_149 });
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [
      ['SALE1149', 1],
      ['DEARSPECIAL', 1],
      ['MEMBERBALM', 1],
    ]);
    const cart = (await get(`/api/carts/${cartId}`)).json().data;
    const own = cart.products.filter((p: { isPromo: boolean }) => !p.isPromo);
    expect(own.map((p: { sku: string; priceInCents: number }) => [p.sku, p.priceInCents])).toEqual([
      ['SALE1149', 6800],
      ['DEARSPECIAL', 5000],
      ['MEMBERBALM', 3600],
    ]);
    const e = (await post('/api/orders/estimate', context(c.uid, cartId))).json();
    // Over $100 the cart's travel bag (5.00) is added, at its price and discounted in full.
    expect(e.context.totals).toMatchObject({ prePromoSubtotal: 15_900, discount: 500, subtotal: 15_400 });
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data.id as string;
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(lines.filter((l) => !l.isPromo).map((l) => [l.sku, l.priceCents, l.totalCents])).toEqual([
      ['SALE1149', 6800, 6800],
      ['DEARSPECIAL', 5000, 5000],
      ['MEMBERBALM', 3600, 3600],
    ]);
    await downstreamPass(db(), t.app.log, { sweep: true });
    const [o] = await db().select().from(orders).where(eq(orders.id, id));
    expect(
      (await db().select().from(failedOrders).where(eq(failedOrders.orderId, id))).map((f) => f.errorMessage),
    ).toEqual([]);
    expect(o!.phoenixOrderId).not.toBeNull();
  });
});

describe("the shipping address of an order (spec 1 §5, spec 3 §3): the address form's rules", () => {
  it('refuses a purchase whose address breaks a form rule, saving nothing; a good one is saved as the form saves it', async () => {
    const c = await customer();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const bad: [Record<string, unknown>, string][] = [
      [{ telephone: 'abc' }, 'Must be a valid telephone number'],
      [{ region: 'ZZ' }, 'Must be a valid state'],
      [{ address: 'x'.repeat(36) }, 'Address can not exceed 35 characters'],
      [{ address2: 'y'.repeat(31) }, 'Address must not be over 30 characters'],
      [
        { melissaVerificationDateUTC: 'abc' },
        'Enter the verification date as a date and time that has passed.',
      ],
      [{ melissaVerificationDateUTC: '2028-02-30T10:00:00Z' }, 'Enter the verification date'],
      [{ melissaVerificationDateUTC: '2999-01-01T00:00:00Z' }, 'Enter the verification date'],
    ];
    for (const [over, message] of bad) {
      const r = await post('/api/purchase', {
        ...context(c.uid, cartId, {
          shipping: { method: 3, address: { ...TX_ADDRESS, saveAddress: true, ...over } },
          payment: { savedCard: true, cardId: card },
        }),
        idempotencyKey: key(),
      });
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(r.body).toContain(message);
    }
    expect(
      await db().select().from(shippingAddresses).where(eq(shippingAddresses.accountUid, c.uid)),
    ).toEqual([]);
    expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toEqual([]);

    const ok = await post('/api/purchase', {
      ...context(c.uid, cartId, {
        shipping: {
          method: 3,
          address: {
            ...TX_ADDRESS,
            saveAddress: true,
            telephone: '(512) 555-0100',
            melissaVerificationDateUTC: '2026-01-15T18:30:00.000Z',
          },
        },
        payment: { savedCard: true, cardId: card },
      }),
      idempotencyKey: key(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = await db().select().from(shippingAddresses).where(eq(shippingAddresses.accountUid, c.uid));
    expect(saved).toMatchObject([{ telephone: '5125550100', region: 'TX', postalCode: '78701' }]);
  });
});

describe('the shipping address of a purchase: ZIP code against state, as the address form checks it (ADR 029)', () => {
  it('refuses a ZIP code of another state on the postal code field, charging and saving nothing; corrected, the same key goes ahead', async () => {
    const c = await customer();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const idempotencyKey = key();
    const buy = (address: Record<string, unknown>) =>
      post('/api/purchase', {
        ...context(c.uid, cartId, {
          shipping: { method: 3, address: { ...TX_ADDRESS, saveAddress: true, ...address } },
          payment: { savedCard: true, cardId: card },
        }),
        idempotencyKey,
      });
    const message = 'Zip Code 10001 is in New York, not Texas.';
    const r = await buy({ postalCode: '10001' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      success: false,
      error: `Your order was not successful. We cannot ship to this address: ${message}`,
      issues: [{ path: 'body.shipping.address.postalCode', message }],
    });
    const unknown = await post('/api/purchase', {
      ...context(c.uid, cartId, {
        shipping: { method: 3, address: { ...TX_ADDRESS, postalCode: '00000' } },
        payment: { savedCard: true, cardId: card },
      }),
      idempotencyKey: key(),
    });
    expect(unknown.json().issues).toEqual([
      { path: 'body.shipping.address.postalCode', message: 'Zip Code 00000 was not found.' },
    ]);
    expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toEqual([]);
    expect(
      await db().select().from(shippingAddresses).where(eq(shippingAddresses.accountUid, c.uid)),
    ).toEqual([]);
    // The estimate says the same before anything is submitted.
    const e = await post(
      '/api/orders/estimate',
      context(c.uid, cartId, { shipping: { method: 3, address: { ...TX_ADDRESS, postalCode: '10001' } } }),
    );
    expect(e.json()).toMatchObject({
      success: false,
      code: 'void-shipping-address',
      message: `We cannot ship to this address: ${message}`,
    });
    const ok = await buy({ postalCode: '78701' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toHaveLength(1);
  });
});

describe('attribution (spec 2 §6): the order names the consultant it is attributed to', () => {
  it('a client with a sponsor names the sponsor; a consultant or a client of the company names nobody', async () => {
    const sponsor = await insertAccount(db(), { userType: 1, firstName: 'Sally', lastName: 'Sponsor' });
    const buy = async (uid: string) => {
      const card = await savedCard(uid);
      const cartId = await cartWith(uid, [['LIP', 1]]);
      const r = await post('/api/purchase', {
        ...context(uid, cartId, { payment: { savedCard: true, cardId: card } }),
        idempotencyKey: key(),
      });
      expect(r.statusCode, r.body).toBe(200);
      const id = r.json().data.id as string;
      const [row] = await db().select().from(orders).where(eq(orders.id, id));
      return row!;
    };
    const client = await customer({ sponsorId: sponsor.phoenixId });
    const attributed = await buy(client.uid);
    expect(attributed).toMatchObject({ sponsorId: sponsor.phoenixId, consultantName: 'Sally Sponsor' });
    const detail = await get(`/api/cs/order/${attributed.id}`);
    expect(detail.json().data.consultantName).toBe('Sally Sponsor');
    expect((await buy((await customer({ sponsorId: 1 })).uid)).consultantName).toBeNull();
    const consultant = await customer({
      userType: 1,
      sponsorId: sponsor.phoenixId,
      dateOfBirth: '1980-01-01',
    });
    expect((await buy(consultant.uid)).consultantName).toBeNull();
  });
});

describe('estimate (spec 2 §4, §5): hand-computed totals', () => {
  it('US: promo, shipping, tax on products and shipping, product credit', async () => {
    const c = await customer({}, 1000);
    // P100 2000 less 10% = 1800; LIP 1000. Subtotal 2800 of 3000.
    const cartId = await cartWith(c.uid, [
      ['P100', 1],
      ['LIP', 1],
    ]);
    const r = await post('/api/orders/estimate', context(c.uid, cartId, { appliedCredit: 500 }));
    expect(r.statusCode, r.body).toBe(200);
    const e = r.json();
    expect(e.success).toBe(true);
    // Tax TX 8.25%: 2800 → 231; shipping 795 → 65.59 → 66. Total 2800 + 795 + 297 − 500.
    expect(e.context.totals).toEqual({
      prePromoSubtotal: 3000,
      discount: 200,
      subtotal: 2800,
      shipping: 795,
      tax: 297,
      shippingTax: 66,
      appliedCredit: 500,
      grandTotal: 3392,
    });
    expect(e.context.shipping.rates.map((x: { method: number }) => x.method)).toEqual([3, 5, 6]);
    expect(e.context.productCredit).toEqual({ balance: 1000, applied: 500 });
  });

  it('US: a promo code lowers the subtotal and the tax with it', async () => {
    const c = await customer();
    const cartId = await cartWith(
      c.uid,
      [
        ['P100', 1],
        ['LIP', 1],
      ],
      'en-US',
      'LIP15',
    );
    const e = (await post('/api/orders/estimate', context(c.uid, cartId))).json();
    // LIP 1000 − 15% = 850: subtotal 2650; tax 218.63 → 219 + 66.
    expect(e.context.totals).toMatchObject({ subtotal: 2650, tax: 285, grandTotal: 2650 + 795 + 285 });
  });

  it('US: free ground shipping over $100 from the rate table', async () => {
    const c = await customer();
    const cartId = await cartWith(c.uid, [
      ['P200', 3],
      ['P100', 1],
    ]);
    const e = (await post('/api/orders/estimate', context(c.uid, cartId))).json();
    // 9000 + 1800 = 10800 ≥ 10000: ground is free; tax 891, none on shipping.
    expect(e.context.totals).toMatchObject({ subtotal: 10800, shipping: 0, tax: 891, grandTotal: 11691 });
  });

  it('CA: Ontario HST on products and shipping, in CAD', async () => {
    const c = await customer({ countryId: 2 });
    const cartId = await cartWith(c.uid, [['P100', 1]], 'en-CA');
    const e = (
      await post(
        '/api/orders/estimate',
        context(c.uid, cartId, { localeCode: 'en-CA', shipping: { method: 9, address: ON_ADDRESS } }),
      )
    ).json();
    expect(e.context.currency.name).toBe('CAD');
    // 1800 + 995; 13%: 234 + 129.35 → 129.
    expect(e.context.totals).toMatchObject({ subtotal: 1800, shipping: 995, tax: 363, grandTotal: 3158 });
  });

  it('a shipping drop promo removes methods and clears the chosen one', async () => {
    const c = await customer();
    const cartId = await cartWith(c.uid, [['SUN', 1]]);
    const e = (
      await post(
        '/api/orders/estimate',
        context(c.uid, cartId, { shipping: { method: 5, address: TX_ADDRESS } }),
      )
    ).json();
    expect(e.context.shipping.method).toBeNull();
    expect(e.context.shipping.rates.map((x: { method: number }) => x.method)).toEqual([3]);
    expect(e.context.cartMessages[0]).toMatchObject({ code: 'cart/counter-sun' });
  });

  it('answers the void-shipping-address code when the ZIP code is not in the state', async () => {
    const c = await customer();
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const r = await post(
      '/api/orders/estimate',
      context(c.uid, cartId, { shipping: { method: 3, address: { ...TX_ADDRESS, postalCode: '90210' } } }),
    );
    expect(r.json()).toMatchObject({ success: false, code: 'void-shipping-address' });
    expect(r.json().message).toBe(
      'We cannot ship to this address: Zip Code 90210 is in California, not Texas.',
    );
  });

  it('keeps applied credit to the balance and says so', async () => {
    const c = await customer({}, 300);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const e = (await post('/api/orders/estimate', context(c.uid, cartId, { appliedCredit: 500 }))).json();
    expect(e.context.productCredit).toEqual({ balance: 300, applied: 300 });
    expect(e.context.errors).toContain('Product credit applied may not exceed the available balance.');
  });

  it('refuses a bad context with a 400', async () => {
    const r = await post('/api/orders/estimate', { cartId: 'nope', uid: 'x', localeCode: 'en-GB' });
    expect(r.statusCode).toBe(400);
  });

  it('sets step 3 once a method and a card exist (checkout estimate)', async () => {
    const c = await customer();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const e = (
      await post(
        '/api/checkout/estimate',
        context(c.uid, cartId, { payment: { savedCard: true, cardId: card } }),
      )
    ).json();
    expect(e.context.step).toBe(3);
    const none = (
      await post('/api/checkout/estimate', { ...context(c.uid, cartId), uid: 'NOSUCHCUSTOMER' })
    ).json();
    expect(none.success).toBe(false);
  });
});

describe('purchase', () => {
  it('credit applied to an order consumes the grants, soonest expiry first: Σ remainingValue = balance (ADR 021)', async () => {
    const c = await customer();
    const grant = (cents: number, expiresAt: Date | null) =>
      db().transaction((tx) =>
        appendCredit(tx, {
          uid: c.uid,
          country: 'us',
          cents,
          expiresAt,
          doesNotExpire: expiresAt === null,
          reasonId: 4,
          reason: 'Goodwill',
          actor: SYSTEM_ACTOR,
          action: 'productCredit.adjust',
          now: new Date(),
        }),
      );
    await grant(600, null);
    await grant(300, new Date(Date.now() + 90 * 86_400_000));
    await grant(200, new Date(Date.now() + 10 * 86_400_000));
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { appliedCredit: 700, payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const entries = await db()
      .select()
      .from(productCreditLedger)
      .where(eq(productCreditLedger.accountUid, c.uid))
      .orderBy(productCreditLedger.id);
    // 2.00 (10 days) and 3.00 (90 days) first, then 2.00 of the never-expiring 6.00.
    expect(entries.map((e) => [e.amountCents, e.remainingValueCents])).toEqual([
      [600, 400],
      [300, 0],
      [200, 0],
      [-700, 0],
    ]);
    expect(entries[3]!.orderId).toBe(r.json().data.id);
    const [balance] = await db().select().from(productCredit).where(eq(productCredit.accountUid, c.uid));
    expect(balance!.balanceCents).toBe(400);
    expect(balance!.expirationDate).toBeNull();
  });

  it('places a captured order with lines, card and credit payments, the credit deducted, audit, email, export and an empty cart', async () => {
    const c = await customer({ email: 'buyer-one@example.com' }, 1000);
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [
      ['P100', 1],
      ['LIP', 1],
    ]);
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { appliedCredit: 500, payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const answer = r.json();
    expect(answer).toMatchObject({ success: true, message: 'Your order was successfully submitted.' });
    expect(answer.data).toMatchObject({
      collection: 'invoices',
      state: 3,
      grandTotal: 3392,
      currency: 'USD',
    });
    const [o] = await db().select().from(orders).where(eq(orders.id, answer.data.id));
    expect(o).toMatchObject({
      customerUid: c.uid,
      subtotalCents: 2800,
      shippingCents: 795,
      taxCents: 297,
      shippingTaxCents: 66,
      appliedCreditCents: 500,
      grandTotalCents: 3392,
      paymentState: 'captured',
      shippingMethodId: 3,
      channel: 4,
      orderType: 16,
    });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, o!.id));
    expect(lines.map((l) => [l.sku, l.quantity, l.totalCents])).toEqual([
      ['P100', 1, 1800],
      ['LIP', 1, 1000],
    ]);
    expect(Number(lines[0]!.pv)).toBeGreaterThan(0);
    const payments = await db().select().from(orderPayments).where(eq(orderPayments.orderId, o!.id));
    expect(payments.map((p) => [p.method, p.amountCents]).sort()).toEqual([
      // The card pays the grand total (already net of credit); credit pays the rest.
      ['card', 3392],
      ['productCredit', 500],
    ]);
    const [balance] = await db().select().from(productCredit).where(eq(productCredit.accountUid, c.uid));
    expect(balance!.balanceCents).toBe(500);
    const events = await db().select().from(changeEvents).where(eq(changeEvents.entityId, o!.id));
    expect(events.map((e) => e.action)).toContain('order.create');
    const mail = await db().select().from(outbox).where(eq(outbox.entityId, o!.id));
    expect(mail.map((m) => [m.template, m.toAddress])).toEqual([
      ['order-confirmation', 'buyer-one@example.com'],
    ]);
    const [exp] = await db().select().from(downstreamExports).where(eq(downstreamExports.orderId, o!.id));
    expect(exp?.status).toBe('pending');
    const cart = (await get(`/api/carts/${cartId}`)).json().data;
    expect(cart.totalProducts).toBe(0);
  });

  it('writes the confirmation email in French for a French-speaking customer', async () => {
    const c = await customer({ countryId: 2, defaultLanguageId: 2, email: 'cliente@example.com' });
    const card = await savedCard(c.uid, null, 2);
    const cartId = await cartWith(c.uid, [['P100', 1]], 'fr-CA');
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, {
        localeCode: 'fr-CA',
        shipping: { method: 9, address: ON_ADDRESS },
        payment: { savedCard: true, cardId: card },
      }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const [mail] = await db().select().from(outbox).where(eq(outbox.entityId, r.json().data.id));
    expect(mail!.subject).toContain('Votre commande');
    // In French throughout, money as written in French Canada, under the brand's name.
    const text = mail!.text!.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Merci de votre commande');
    expect(text).toContain('Total : 31,58 $ CA');
    expect(text).toContain(BRAND_NAME);
    expect(mail!.html).toContain(BRAND_NAME);
    const [o] = await db().select().from(orders).where(eq(orders.id, r.json().data.id));
    expect(o).toMatchObject({ currency: 'CAD', localeCode: 'fr-CA', grandTotalCents: 3158, squareV2: true });
  });

  it('a double submit with one key leaves one order and one charge', async () => {
    const c = await customer();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 2]]);
    const body = {
      ...context(c.uid, cartId, { payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    };
    const [a, b] = await Promise.all([post('/api/purchase', body), post('/api/purchase', body)]);
    const codes = [a.statusCode, b.statusCode].sort();
    // The second is either answered with the first order or told the first is in flight.
    expect(codes[0]).toBe(200);
    expect([200, 409]).toContain(codes[1]);
    const again = await post('/api/purchase', body);
    expect(again.statusCode).toBe(200);
    const placed = await db().select().from(orders).where(eq(orders.customerUid, c.uid));
    expect(placed).toHaveLength(1);
    expect(again.json().data.id).toBe(placed[0]!.id);
    const moves = await db().select().from(paymentTransactions).where(eq(paymentTransactions.cardId, card));
    // One authorization and its capture: one charge of the card.
    expect(moves.map((m) => [m.kind, m.status]).sort()).toEqual([
      ['authorize', 'succeeded'],
      ['capture', 'succeeded'],
    ]);
  });

  it('the key in the Idempotency-Key header answers the first order; another order under it is 422; none is 400 (ADR 021)', async () => {
    const c = await customer();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const body = context(c.uid, cartId, { payment: { savedCard: true, cardId: card } });
    const headerKey = key();
    const send = (payload: object, headers: Record<string, string> = { 'idempotency-key': headerKey }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/purchase',
        payload,
        headers: { ...agent.headers, ...headers },
      });
    const first = await send(body);
    expect(first.statusCode, first.body).toBe(200);
    expect((await send(body)).json().data.id).toBe(first.json().data.id);
    const other = await send({ ...body, giftMessage: 'Happy birthday' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      error: 'This idempotency key was already used for a different order.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const none = await send(body, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(/^An idempotency key is required/);
    expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toHaveLength(1);
  });

  it('a declined card leaves no order and no credit taken; the same checkout can then succeed', async () => {
    const c = await customer({}, 1000);
    const declined = await savedCard(c.uid, 'decline');
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const k = key();
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { appliedCredit: 200, payment: { savedCard: true, cardId: declined } }),
      idempotencyKey: k,
    });
    expect(r.statusCode).toBe(402);
    expect(r.json().error).toMatch(/^Your order was not successful\. /);
    expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toHaveLength(0);
    const [balance] = await db().select().from(productCredit).where(eq(productCredit.accountUid, c.uid));
    expect(balance!.balanceCents).toBe(1000);
    const good = await savedCard(c.uid);
    const retry = await post('/api/purchase', {
      ...context(c.uid, cartId, { appliedCredit: 200, payment: { savedCard: true, cardId: good } }),
      idempotencyKey: k,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const [sub] = await db()
      .select()
      .from(checkoutSubmissions)
      .where(eq(checkoutSubmissions.idempotencyKey, k));
    expect(sub).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('a new card is charged through its gateway token (never a card number)', async () => {
    const c = await customer();
    const token = await t.app.ctx.gateway.tokenizeCard({
      number: '4111 1111 1111 1111',
      cvv: '123',
      expiry: '12/39',
      postalCode: '78701',
    });
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { payment: { savedCard: false, squareNonce: token.token, saveCard: true } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const cards = await db().select().from(paymentCards).where(eq(paymentCards.accountUid, c.uid));
    expect(cards.map((x) => x.last4)).toEqual(['1111']);
  });

  it('voids the charge when the order write fails, and keeps nothing', async () => {
    const c = await customer();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    faults.beforeCommit = () => {
      throw new Error('disk full');
    };
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode).toBe(500);
    expect(r.json().error).toBe('Your order was not successful. Sorry, there was an error. Try again?');
    expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toHaveLength(0);
    const [charge] = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.cardId, card));
    expect(charge).toMatchObject({ kind: 'authorize', status: 'succeeded' });
    const voids = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.parentTransactionId, charge!.id));
    expect(voids.map((x) => [x.kind, x.status])).toEqual([['void', 'succeeded']]);
  });

  it('keeps the Sift session id on the order only while it lives (30 minutes)', async () => {
    const c = await customer();
    const card = await savedCard(c.uid);
    const place = async (siftSessionId: string) => {
      const cartId = await cartWith(c.uid, [['LIP', 1]]);
      const r = await post('/api/purchase', {
        ...context(c.uid, cartId, { siftSessionId, payment: { savedCard: true, cardId: card } }),
        idempotencyKey: key(),
      });
      expect(r.statusCode, r.body).toBe(200);
      const [o] = await db().select().from(orders).where(eq(orders.id, r.json().data.id));
      return o!.siftSessionId;
    };
    const live = newSiftSession(Date.now() - 29 * 60_000, 'livesession01').id;
    const stale = newSiftSession(Date.now() - 31 * 60_000, 'stalesession1').id;
    expect(await place(live)).toBe(live);
    expect(await place(stale)).toBeNull();
  });

  it('refuses an empty cart, a missing method and a card of someone else', async () => {
    const c = await customer();
    const other = await customer();
    const card = await savedCard(other.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const foreign = await post('/api/purchase', {
      ...context(c.uid, cartId, { payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe(
      'Your order was not successful. That saved card does not belong to this customer.',
    );
    const own = await savedCard(c.uid);
    const noMethod = await post('/api/purchase', {
      ...context(c.uid, cartId, {
        shipping: { method: null, address: TX_ADDRESS },
        payment: { savedCard: true, cardId: own },
      }),
      idempotencyKey: key(),
    });
    expect(noMethod.json().error).toBe('Your order was not successful. Choose a shipping method.');
    const empty = await cartWith(c.uid, []);
    const r = await post('/api/purchase', {
      ...context(c.uid, empty, { payment: { savedCard: true, cardId: own } }),
      idempotencyKey: key(),
    });
    expect(r.json().error).toBe('Your order was not successful. You cannot checkout if your cart is empty!');
  });
});

describe('a purchase whose process dies (ADR 014 leases)', () => {
  const lapse = (k: string) =>
    db()
      .update(checkoutSubmissions)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(checkoutSubmissions.idempotencyKey, k));
  const cardMoves = async (card: string) =>
    (await db().select().from(paymentTransactions).where(eq(paymentTransactions.cardId, card)))
      .map((m) => [m.kind, m.status])
      .sort();

  for (const stage of ['authorized', 'committed'] as const) {
    it(`dies right after the order is ${stage}: 409 while the lease holds, then taken over and finished once`, async () => {
      const c = await customer({}, 1000);
      const card = await savedCard(c.uid);
      const cartId = await cartWith(c.uid, [['LIP', 2]]);
      const body = {
        ...context(c.uid, cartId, { appliedCredit: 300, payment: { savedCard: true, cardId: card } }),
        idempotencyKey: key(),
      };
      faults.crashAt = stage;
      expect((await post('/api/purchase', body)).statusCode).toBe(500);
      faults.crashAt = null;
      const [stalled] = await db()
        .select()
        .from(checkoutSubmissions)
        .where(eq(checkoutSubmissions.idempotencyKey, body.idempotencyKey));
      expect(stalled).toMatchObject({ status: 'pending', attempts: 1 });
      expect(await cardMoves(card)).toEqual([['authorize', 'succeeded']]);
      expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toHaveLength(
        stage === 'committed' ? 1 : 0,
      );
      // While the lease holds the attempt is in flight.
      const busy = await post('/api/purchase', body);
      expect(busy.statusCode).toBe(409);
      // The dead process never renews it; the next submit takes the attempt over and finishes it.
      await lapse(body.idempotencyKey);
      const [a, b] = await Promise.all([post('/api/purchase', body), post('/api/purchase', body)]);
      // Two at once: one takes it over; the other is told it is in flight or answered the order.
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([200, 409]).toContain(codes[1]);
      const done = a.statusCode === 200 ? a.json() : b.json();
      expect(done).toMatchObject({ success: true, data: { id: stalled!.docId, collection: 'invoices' } });
      const placed = await db().select().from(orders).where(eq(orders.customerUid, c.uid));
      expect(placed.map((o) => [o.id, o.paymentState])).toEqual([[stalled!.docId, 'captured']]);
      // One authorization (replayed from the gateway's ledger, not made again) and one capture.
      expect(await cardMoves(card)).toEqual([
        ['authorize', 'succeeded'],
        ['capture', 'succeeded'],
      ]);
      const [balance] = await db().select().from(productCredit).where(eq(productCredit.accountUid, c.uid));
      expect(balance!.balanceCents).toBe(700);
      const [settled] = await db()
        .select()
        .from(checkoutSubmissions)
        .where(eq(checkoutSubmissions.idempotencyKey, body.idempotencyKey));
      expect(settled).toMatchObject({ status: 'succeeded', attempts: 1, orderId: stalled!.docId });
      expect((await get(`/api/carts/${cartId}`)).json().data.totalProducts).toBe(0);
      const again = await post('/api/purchase', body);
      expect(again.json().data.id).toBe(stalled!.docId);
    });
  }
});

describe('an attempt that outlives its lease (ADR 021)', () => {
  const lapse = (k: string) =>
    db()
      .update(checkoutSubmissions)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(checkoutSubmissions.idempotencyKey, k));
  const submissionOf = async (k: string) =>
    (await db().select().from(checkoutSubmissions).where(eq(checkoutSubmissions.idempotencyKey, k)))[0]!;
  const cardMoves = async (card: string) =>
    (await db().select().from(paymentTransactions).where(eq(paymentTransactions.cardId, card)))
      .map((m) => [m.kind, m.status])
      .sort();
  let clock: ReturnType<typeof manualLeaseClock>;
  beforeAll(() => {
    clock = manualLeaseClock();
  });
  afterAll(() => clock.restore());

  async function checkout() {
    const c = await customer();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 2]]);
    const body = {
      ...context(c.uid, cartId, { payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    };
    return { c, card, body };
  }

  for (const retry of ['capturing', 'finished'] as const) {
    it(`the first attempt, slow at the gateway, leaves alone the authorization of the retry that took over (retry ${retry})`, async () => {
      const { c, card, body } = await checkout();
      const real = t.app.ctx.gateway;
      const slowCharge = gate();
      const slowCapture = gate();
      t.app.ctx.gateway = heldGateway(real, {
        charge: { gate: slowCharge, when: 'after' },
        ...(retry === 'capturing' ? { capture: { gate: slowCapture, when: 'before' as const } } : {}),
      });
      try {
        const first = post('/api/purchase', body);
        await slowCharge.entered;
        // The first attempt stalls past its lease (its heartbeat could not renew it); the client retries.
        await lapse(body.idempotencyKey);
        const second = post('/api/purchase', body);
        if (retry === 'capturing') await slowCapture.entered;
        else expect((await second).statusCode).toBe(200);
        // The first attempt goes on: the order is already written under its id.
        slowCharge.open();
        const a = await first;
        slowCapture.open();
        const b = await second;
        expect([a.statusCode, b.statusCode], a.body).toEqual([200, 200]);
        expect(a.json().data.id).toBe(b.json().data.id);
      } finally {
        t.app.ctx.gateway = real;
      }
      const placed = await db().select().from(orders).where(eq(orders.customerUid, c.uid));
      expect(placed.map((o) => [o.paymentState, o.state])).toEqual([['captured', ORDER_STATE.captured]]);
      // One authorization, captured once, never voided; no failed order; the key answers the order.
      expect(await cardMoves(card)).toEqual([
        ['authorize', 'succeeded'],
        ['capture', 'succeeded'],
      ]);
      expect(await db().select().from(failedOrders).where(eq(failedOrders.orderId, placed[0]!.id))).toEqual(
        [],
      );
      expect(await submissionOf(body.idempotencyKey)).toMatchObject({
        status: 'succeeded',
        orderId: placed[0]!.id,
      });
      expect((await post('/api/purchase', body)).json().data.id).toBe(placed[0]!.id);
      expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toHaveLength(1);
    });
  }

  it('the lease is renewed while the attempt works, and only by the attempt that owns it', async () => {
    const { card, body } = await checkout();
    const real = t.app.ctx.gateway;
    const slowCharge = gate();
    t.app.ctx.gateway = heldGateway(real, { charge: { gate: slowCharge, when: 'after' } });
    try {
      const first = post('/api/purchase', body);
      await slowCharge.entered;
      // About to lapse; a heartbeat renews it for a whole lease, so a retry is told it is in flight.
      await db()
        .update(checkoutSubmissions)
        .set({ leaseUntil: new Date(Date.now() + 1000) })
        .where(eq(checkoutSubmissions.idempotencyKey, body.idempotencyKey));
      expect(clock.running).toBe(1);
      await clock.beat();
      const renewed = await submissionOf(body.idempotencyKey);
      expect(renewed.leaseUntil.getTime()).toBeGreaterThan(Date.now() + 20_000);
      expect((await post('/api/purchase', body)).statusCode).toBe(409);
      // Had it lapsed anyway and been taken over, the first attempt's beats no longer touch it.
      await lapse(body.idempotencyKey);
      const owner = renewed.leaseOwner;
      await db()
        .update(checkoutSubmissions)
        .set({ leaseOwner: 'another-attempt', leaseUntil: new Date(Date.now() + 30_000) })
        .where(eq(checkoutSubmissions.idempotencyKey, body.idempotencyKey));
      const before = (await submissionOf(body.idempotencyKey)).leaseUntil.getTime();
      await clock.beat();
      expect((await submissionOf(body.idempotencyKey)).leaseUntil.getTime()).toBe(before);
      await db()
        .update(checkoutSubmissions)
        .set({ leaseOwner: owner })
        .where(eq(checkoutSubmissions.idempotencyKey, body.idempotencyKey));
      slowCharge.open();
      expect((await first).statusCode).toBe(200);
    } finally {
      t.app.ctx.gateway = real;
    }
    // The attempt is over: nothing renews its lease any more.
    expect(clock.running).toBe(0);
    expect(await cardMoves(card)).toEqual([
      ['authorize', 'succeeded'],
      ['capture', 'succeeded'],
    ]);
  });
});

describe('a capture that fails after the order was written (ADR 015)', () => {
  const failingCapture = () => {
    const real = t.app.ctx.gateway;
    t.app.ctx.gateway = {
      ...real,
      tokenizeCard: (c) => real.tokenizeCard(c),
      charge: (r) => real.charge(r),
      capture: async () => Promise.reject(new Error('gateway timeout')),
      void: (r) => real.void(r),
      refund: (r) => real.refund(r),
      refundable: (id) => real.refundable(id),
    } as typeof real;
    return () => {
      t.app.ctx.gateway = real;
    };
  };
  const due = (orderId: string) =>
    db()
      .update(captureRetries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(captureRetries.orderId, orderId));
  const actionsOf = async (orderId: string) =>
    (await db().select().from(changeEvents).where(eq(changeEvents.entityId, orderId))).map((e) => e.action);

  async function placeWithFailingCapture() {
    const c = await customer();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const restore = failingCapture();
    let r: Awaited<ReturnType<typeof post>>;
    try {
      r = await post('/api/purchase', {
        ...context(c.uid, cartId, { payment: { savedCard: true, cardId: card } }),
        idempotencyKey: key(),
      });
    } finally {
      restore();
    }
    expect(r.statusCode, r.body).toBe(200);
    return { id: r.json().data.id as string, card };
  }

  it('keeps the order authorized and out of the export, shows a failed order, and the worker captures it later', async () => {
    const { id, card } = await placeWithFailingCapture();
    const [o] = await db().select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({
      paymentState: 'authorized',
      dateCapturedUtc: null,
      collection: 'invoices',
      state: ORDER_STATE.processing,
    });
    expect(await db().select().from(downstreamExports).where(eq(downstreamExports.orderId, id))).toEqual([]);
    const [failure] = await db().select().from(failedOrders).where(eq(failedOrders.orderId, id));
    expect(failure).toMatchObject({ errorCode: 'PAYMENT_NOT_CAPTURED', resolvedAt: null });
    expect(failure!.errorMessage).toContain('gateway timeout');
    expect(await actionsOf(id)).toContain('order.captureFailed');
    // The export's sweep never queues an uncaptured order.
    await downstreamPass(db(), t.app.log, { sweep: true });
    expect(await db().select().from(downstreamExports).where(eq(downstreamExports.orderId, id))).toEqual([]);
    // Not due yet: the worker leaves it alone.
    await captureRetryPass(t.app.ctx);
    expect((await db().select().from(captureRetries).where(eq(captureRetries.orderId, id)))[0]).toMatchObject(
      {
        status: 'pending',
        attempts: 1,
      },
    );
    // A retry that fails again is counted and audited.
    const restore = failingCapture();
    try {
      await due(id);
      await captureRetryPass(t.app.ctx);
    } finally {
      restore();
    }
    expect((await db().select().from(captureRetries).where(eq(captureRetries.orderId, id)))[0]).toMatchObject(
      {
        status: 'pending',
        attempts: 2,
      },
    );
    expect(await actionsOf(id)).toContain('order.captureRetryFailed');
    // The gateway is back: the next retry captures, queues the export and resolves the failed order.
    await due(id);
    await captureRetryPass(t.app.ctx);
    const [after] = await db().select().from(orders).where(eq(orders.id, id));
    expect(after!.paymentState).toBe('captured');
    expect(after!.state).toBe(ORDER_STATE.captured);
    expect(after!.dateCapturedUtc).not.toBeNull();
    const payments = await db().select().from(orderPayments).where(eq(orderPayments.orderId, id));
    expect(payments.map((p) => p.state)).toEqual(['captured']);
    const [exp] = await db().select().from(downstreamExports).where(eq(downstreamExports.orderId, id));
    expect(exp?.status).toBe('pending');
    const [resolved] = await db().select().from(failedOrders).where(eq(failedOrders.orderId, id));
    expect(resolved!.resolvedAt).not.toBeNull();
    expect(await actionsOf(id)).toContain('order.captured');
    const moves = await db().select().from(paymentTransactions).where(eq(paymentTransactions.cardId, card));
    expect(moves.filter((m) => m.kind === 'capture' && m.status === 'succeeded')).toHaveLength(1);
    // The process view shows the capture's story.
    const view = (await get(`/api/cs/order/${id}/process`)).json().data;
    expect(view.history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['order.captureFailed', 'order.captured']),
    );
  });

  it(`gives up after ${MAX_CAPTURE_ATTEMPTS} attempts; a staff retry from Failed orders captures it`, async () => {
    const { id } = await placeWithFailingCapture();
    const restore = failingCapture();
    try {
      for (let i = 0; i < MAX_CAPTURE_ATTEMPTS + 2; i++) {
        await due(id);
        await captureRetryPass(t.app.ctx);
      }
    } finally {
      restore();
    }
    const [retry] = await db().select().from(captureRetries).where(eq(captureRetries.orderId, id));
    expect(retry).toMatchObject({ status: 'failed', attempts: MAX_CAPTURE_ATTEMPTS });
    expect(await actionsOf(id)).toContain('order.captureGaveUp');
    const [failure] = await db().select().from(failedOrders).where(eq(failedOrders.orderId, id));
    expect(failure!.errorMessage).toContain(`failed after ${MAX_CAPTURE_ATTEMPTS} attempts`);
    const r = await post('/api/cs/failedOrders/retry', { ids: [failure!.id] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data[0]).toMatchObject({
      outcome: 'queued',
      message: 'Payment captured: the order is queued for export.',
    });
    const [o] = await db().select().from(orders).where(eq(orders.id, id));
    expect(o!.paymentState).toBe('captured');
    expect(await db().select().from(downstreamExports).where(eq(downstreamExports.orderId, id))).toHaveLength(
      1,
    );
  });
});

describe('ship to social (spec 2 §3, §4, §9 shipping option 6)', () => {
  /** A consultant hosting an open popup, with a default address in Texas, and a client of theirs. */
  async function popupSetup(o: { hostAddress?: boolean; status?: 'open' | 'closed' } = {}) {
    const host = await customer({ userType: 1 });
    if (o.hostAddress !== false)
      await db().insert(shippingAddresses).values({
        accountUid: host.uid,
        firstName: 'Hostess',
        lastName: 'Withthemost',
        address: '500 E 7th St',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        country: 'US',
        countryId: 1,
        isDefaultShipping: true,
      });
    const [popup] = await db()
      .insert(socials)
      .values({ uid: host.uid, hostUid: host.uid, name: 'Spring Glow Pop-Up', status: o.status ?? 'open' })
      .returning();
    const c = await customer({ sponsorId: host.phoenixId, email: 'popup-guest@example.com' });
    return { host, popup: popup!, c };
  }

  it('offers Ship to Social (6, free) instead of the rate tables’ method 6 once a popup is chosen; tax from the host address', async () => {
    const { popup, c } = await popupSetup();
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const plain = (await post('/api/orders/estimate', context(c.uid, cartId))).json();
    expect(plain.context.shipping.rates.map((r: { name: string }) => r.name)).toEqual([
      'Standard Ground',
      '2nd Day',
      'Next Day',
    ]);
    expect(plain.context.shipToSocial).toBeNull();
    // No customer address: the host's address is where the order goes and what is taxed.
    const e = (
      await post(
        '/api/orders/estimate',
        context(c.uid, cartId, { popupId: popup.id, shipping: { method: 6, address: null } }),
      )
    ).json();
    expect(e.success, JSON.stringify(e)).toBe(true);
    expect(
      e.context.shipping.rates.map((r: { method: number; name: string; amount: number }) => [
        r.method,
        r.name,
        r.amount,
      ]),
    ).toEqual([
      [3, 'Standard Ground', 795],
      [5, '2nd Day', 1695],
      [6, 'Ship to Social', 0],
    ]);
    expect(e.context.shipping.method).toBe(6);
    // LIP 1000, TX 8.25% → 83 (nothing on a free shipping charge).
    expect(e.context.totals).toMatchObject({ subtotal: 1000, shipping: 0, tax: 83, grandTotal: 1083 });
    expect(e.context.shipToSocial).toMatchObject({
      popupId: popup.id,
      name: 'Spring Glow Pop-Up',
      chosen: true,
      address: { address: '500 E 7th St', region: 'TX', postalCode: '78701' },
    });
  });

  it('writes the order to ship-to-socials: authorized, not exported, Pending Pop-up in search, shipped to the host', async () => {
    const { popup, c } = await popupSetup();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 2]]);
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, {
        popupId: popup.id,
        shipping: { method: 6, address: null },
        payment: { savedCard: true, cardId: card },
      }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ collection: 'ship-to-socials', state: 1, grandTotal: 2165 });
    const id = r.json().data.id as string;
    const [o] = await db().select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({
      socialId: popup.id,
      shippingMethodId: 6,
      shippingCents: 0,
      paymentState: 'authorized',
      dateCapturedUtc: null,
      shippingAddress: expect.objectContaining({ address: '500 E 7th St', firstName: 'Hostess' }),
    });
    // Nothing downstream while it waits for its pop-up, not even after a sweep of the export.
    await downstreamPass(db(), t.app.log, { sweep: true });
    expect(await db().select().from(downstreamExports).where(eq(downstreamExports.orderId, id))).toEqual([]);
    const [pay] = await db().select().from(orderPayments).where(eq(orderPayments.orderId, id));
    expect(pay).toMatchObject({ method: 'card', state: 'authorized', amountCents: 2165 });
    // The customer's address book is left alone; the popup counts the order.
    expect(
      await db().select().from(shippingAddresses).where(eq(shippingAddresses.accountUid, c.uid)),
    ).toEqual([]);
    const [s] = await db().select().from(socials).where(eq(socials.id, popup.id));
    expect(s).toMatchObject({ orderCount: 1, totalCents: 2165 });
    const search = await get(`/api/cs/orders/?orderId=${o!.orderId}`);
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().data.processedOrders.map((x: { status: string }) => x.status)).toEqual([
      'Pending Pop-up',
    ]);
    const detail = (await get(`/api/cs/order/${id}`)).json();
    expect(JSON.stringify(detail)).toContain('ship-to-socials');
  });

  it('a popup order shipped to the customer is an ordinary invoice with the popup on it', async () => {
    const { popup, c } = await popupSetup();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { popupId: popup.id, payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ collection: 'invoices', state: 3 });
    const [o] = await db().select().from(orders).where(eq(orders.id, r.json().data.id));
    expect(o).toMatchObject({ socialId: popup.id, shippingMethodId: 3, paymentState: 'captured' });
  });

  it('refuses a popup that is closed or not the customer’s, and Ship to Social without a host address', async () => {
    const closed = await popupSetup({ status: 'closed' });
    const cartId = await cartWith(closed.c.uid, [['LIP', 1]]);
    const e = (
      await post('/api/orders/estimate', context(closed.c.uid, cartId, { popupId: closed.popup.id }))
    ).json();
    expect(e).toMatchObject({
      success: false,
      message: 'That pop-up is not open for this customer. Choose another or none.',
    });
    const stranger = await customer();
    const other = await popupSetup();
    const strangerCart = await cartWith(stranger.uid, [['LIP', 1]]);
    const card = await savedCard(stranger.uid);
    const refused = await post('/api/purchase', {
      ...context(stranger.uid, strangerCart, {
        popupId: other.popup.id,
        shipping: { method: 6, address: null },
        payment: { savedCard: true, cardId: card },
      }),
      idempotencyKey: key(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      'Your order was not successful. That pop-up is not open for this customer. Choose another or none.',
    );
    const noAddress = await popupSetup({ hostAddress: false });
    const cart2 = await cartWith(noAddress.c.uid, [['LIP', 1]]);
    const e2 = (
      await post(
        '/api/orders/estimate',
        context(noAddress.c.uid, cart2, {
          popupId: noAddress.popup.id,
          shipping: { method: 6, address: null },
        }),
      )
    ).json();
    expect(e2).toMatchObject({ success: false, code: 'void-shipping-address' });
    expect(await db().select().from(orders).where(eq(orders.customerUid, stranger.uid))).toEqual([]);
  });
});

describe('consultant override defaults (spec 2 §6 feature flag)', () => {
  const setFlag = async (enabled: boolean) => {
    const dev = await t.signIn('developer');
    const r = await t.app.inject({
      method: 'PUT',
      url: '/api/flags/consultantOverrideDefaults',
      payload: { enabled },
      headers: dev.headers,
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  afterEach(() => setFlag(false));

  /** The account answer's defaults and the estimate's starting figures, for a fresh cart. */
  async function defaultsOf(userType: number) {
    const c = await customer({ userType });
    const account = (await get(`/api/checkout/account/${c.uid}`)).json().data;
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const e = (await post('/api/orders/estimate', context(c.uid, cartId, { orderType: 2 }))).json();
    expect(e.success, JSON.stringify(e)).toBe(true);
    return {
      account: account.overrideDefaults,
      estimate: e.context.overrideDefaults,
      totals: e.context.totals,
    };
  }

  it('flag on: a consultant starts with both overrides on, from the estimate’s tax and shipping', async () => {
    await setFlag(true);
    const consultant = await defaultsOf(1);
    expect(consultant.account).toEqual({ overrideTax: true, overrideShipping: true });
    // LIP at the consultant's price; ground 795 and TX 8.25% on both.
    expect(consultant.estimate).toEqual({
      overrideTax: consultant.totals.tax,
      overrideShipping: 795,
    });
    expect(consultant.totals.shipping).toBe(795);
    // Other accounts are unaffected.
    const client = await defaultsOf(3);
    expect(client.account).toEqual({ overrideTax: false, overrideShipping: false });
    expect(client.estimate).toBeNull();
  });

  it('flag off: nobody starts with overrides (today’s behaviour)', async () => {
    await setFlag(false);
    for (const userType of [1, 3]) {
      const d = await defaultsOf(userType);
      expect(d.account).toEqual({ overrideTax: false, overrideShipping: false });
      expect(d.estimate).toBeNull();
    }
  });

  it('the starting figures stay the estimate’s own while overrides apply, and a purchase still validates them', async () => {
    await setFlag(true);
    const c = await customer({ userType: 1 });
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const overridden = (
      await post(
        '/api/orders/estimate',
        context(c.uid, cartId, { orderType: 2, overrides: { overrideTax: 10, overrideShipping: 100 } }),
      )
    ).json().context;
    expect(overridden.totals).toMatchObject({ tax: 10, shipping: 100 });
    expect(overridden.overrideDefaults.overrideShipping).toBe(795);
    const bad = await post('/api/purchase', {
      ...context(c.uid, cartId, {
        orderType: 2,
        overrides: { overrideTax: -1, overrideShipping: 795 },
        payment: { savedCard: true, cardId: card },
      }),
      idempotencyKey: key(),
    });
    expect(bad.statusCode).toBe(400);
    expect(await db().select().from(orders).where(eq(orders.customerUid, c.uid))).toEqual([]);
  });
});

describe('membership SKU 9000 (spec 2 §5)', () => {
  it('a client without terms gets a pending-terms order: authorized, in the orders collection, with a terms record', async () => {
    const c = await customer({ tAndCAccepted: false });
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['9000', 1]]);
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ collection: 'orders', state: 1 });
    const [o] = await db().select().from(orders).where(eq(orders.id, r.json().data.id));
    expect(o).toMatchObject({ isMembership: true, paymentState: 'authorized', dateCapturedUtc: null });
    expect(await db().select().from(termsRecords).where(eq(termsRecords.orderId, o!.id))).toHaveLength(1);
    // Now the account has an order with pending terms: a second membership is refused.
    const again = await cartWith(c.uid, [['9000', 1]]);
    const second = await post('/api/purchase', {
      ...context(c.uid, again, { payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe(
      'Your order was not successful. This account has an order with pending terms and is not eligible for purchasing membership sku.',
    );
  });

  it('a consultant may not buy the membership SKU', async () => {
    const c = await customer({ userType: 1 });
    const cartId = await cartWith(c.uid, [['9000', 1]]);
    const e = (await post('/api/orders/estimate', context(c.uid, cartId))).json();
    expect(e.context.errors).toEqual(['This account is not eligible for purchasing membership sku.']);
  });
});

describe('order context calls (spec 2 §7)', () => {
  it('enrollment check: closable when terms, country and mentor agree; otherwise the spec messages', async () => {
    const ok = await customer({ countryId: 1, sponsorId: 4242 });
    const yes = (await post('/api/enrollments/verify', { uid: ok.uid, countryId: 1, mentorId: 4242 })).json();
    expect(yes).toEqual({
      success: true,
      canClose: true,
      errors: [],
      message: 'Enrollment order started. Please start by adding an enrollment sku to the cart.',
    });
    const no = await customer({ countryId: 1, tAndCAccepted: false });
    const answer = (
      await post('/api/enrollments/verify', { uid: no.uid, countryId: 2, mentorId: 99 })
    ).json();
    expect(answer.canClose).toBe(false);
    expect(answer.errors).toEqual([
      'The customer must accept the terms and conditions and enter their account details.',
      "The account's country flag must match the order's country.",
      'The selected mentor must match the attributed consultant.',
    ]);
    expect((await post('/api/enrollments/verify', { uid: 'NOBODY', countryId: 1 })).statusCode).toBe(404);
  });

  it('saved cards per country, the account in order context and the 5 most recent orders with products', async () => {
    const c = await customer({ email: 'recent@example.com' }, 700);
    const us = await savedCard(c.uid);
    await savedCard(c.uid, null, 2);
    const cards = (await post(`/api/customerCards/${c.uid}`, { country: 1 })).json().data;
    expect(cards.map((x: { id: string }) => x.id)).toEqual([us]);
    const acct = (await get(`/api/checkout/account/${c.uid}`)).json().data;
    expect(acct).toMatchObject({ uid: c.uid, productCredit: { us: 700, ca: 0 }, shippingAddresses: [] });
    for (let i = 0; i < 6; i++) {
      const cartId = await cartWith(c.uid, [['LIP', 1]]);
      const r = await post('/api/purchase', {
        ...context(c.uid, cartId, { payment: { savedCard: true, cardId: us } }),
        idempotencyKey: key(),
      });
      expect(r.statusCode).toBe(200);
    }
    const recent = (await get(`/api/customers/${c.uid}/recentOrders`)).json().data;
    expect(recent).toHaveLength(5);
    expect(recent[0].products).toEqual([{ sku: 'LIP', title: 'Sheer Lipstick', quantity: 1 }]);
    expect(recent[0].orderLabel).toMatch(/^F\d+$/);
  });
});

describe('changing country (spec 2 §4)', () => {
  it('switches the cart to the new locale and empties it', async () => {
    const c = await customer();
    const cartId = await cartWith(c.uid, [['LIP', 2]]);
    const r = await post(`/api/checkout/${cartId}/country`, { localeCode: 'fr-CA' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ localeCode: 'fr-CA', totalProducts: 0, currency: { name: 'CAD' } });
  });
});

describe('addresses (spec 3 §4, §7)', () => {
  it('verification suggests the right state for a ZIP code (AC) and errs on an unknown one (AE)', async () => {
    const ac = (
      await get('/api/address/verify?act=Check&a1=1%20Main&loc=Austin&admarea=CA&postal=78701&ctry=US')
    ).json();
    expect(ac.Records[0].Results).toContain('AC02');
    expect(ac.Records[0].AdministrativeArea).toBe('TX');
    const ae = (await get('/api/address/verify?act=Check&postal=00000&ctry=US')).json();
    expect(ae.Records[0].Results).toContain('AE01');
    const ca = (await get('/api/address/verify?act=Check&admarea=ON&postal=H2X%201Y4&ctry=CA')).json();
    expect(ca.Records[0]).toMatchObject({ AdministrativeArea: 'QC' });
  });

  it('autocomplete answers up to maxrecords (default 10) from the dataset', async () => {
    const r = (await get('/api/address/autocomplete?ff=787&country=US')).json();
    expect(r.Results.length).toBe(10);
    expect(r.Results[0].Address).toMatchObject({ AdministrativeArea: 'TX', ISO3166_2: 'US' });
  });

  it('maps search and find need a session token and answer place details', async () => {
    expect((await get('/api/maps/search?q=90210')).statusCode).toBe(400);
    const s = (await get('/api/maps/search?q=90210&sessiontoken=abcdefgh12')).json();
    const f = (
      await get(`/api/maps/find?place_id=${encodeURIComponent(s.data[0].place_id)}&sessiontoken=abcdefgh12`)
    ).json();
    expect(f.data).toMatchObject({ postalCode: '90210', region: 'CA', country: 'US' });
  });
});

describe('content entries (spec 3 §7)', () => {
  it('falls back to en-US when the locale has no entry', async () => {
    const r = (await get('/api/content?type=cartMessage&locale=fr-CA')).json();
    expect(r.data[0]).toMatchObject({ id: 'cart/counter-sun', locale: 'en-US', fallback: true });
  });
});
