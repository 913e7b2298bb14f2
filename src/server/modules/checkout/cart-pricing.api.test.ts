import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orders, shippingAddresses, termsRecords } from '../../db/schema';
import { context, key, ON_ADDRESS, setUpCheckoutApp, TX_ADDRESS } from '../../testing/checkout-app';
import { insertAccount } from '../../testing/fixtures';

const { app, db, post, get, customer, savedCard, cartWith } = setUpCheckoutApp();

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

describe('consultant override defaults (spec 2 §6 feature flag)', () => {
  const setFlag = async (enabled: boolean) => {
    const dev = await app().signIn('developer');
    const r = await app().app.inject({
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
