import { ORDERING_MESSAGES } from '@domain/checkout';
import { NOTICE_CODES } from '@domain/platform/notices';
import { ORDER_TYPE, SKU } from '@domain/reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../scripts/demo/index';
import {
  STORY_CUSTOMERS,
  STORY_FR_CA_CREDIT_CENTS,
  STORY_IDS,
  type StoryCustomer,
} from '../../scripts/demo/story-customers';
import { createTestApp, type SignedIn, type TestApp } from './testing/test-app';

// The demo's named customers (README "Demo customers for each flow"): each stays ready for the
// flow it is listed for, checked through the API the screens use.

let t: TestApp;
let agent: SignedIn;
const S = STORY_CUSTOMERS;

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  await seedDemo(t.database.db, {
    accounts: 60,
    includeStaff: false,
    demoPassword: 'unused-password',
    keyring: t.app.ctx.keyring,
  });
}, 180_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: agent.headers });
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: agent.headers });
const key = () => `story-${Math.random().toString(36).slice(2)}-${Date.now()}`;

async function cartWith(c: StoryCustomer, skus: string[]) {
  const localeCode = c.countryId === 2 ? 'fr-CA' : 'en-US';
  const created = await post('/api/carts', { uid: c.uid, localeCode });
  expect(created.statusCode, created.body).toBe(200);
  const cartId = created.json().data.cartId as string;
  for (const sku of skus) {
    const added = await post(`/api/carts/${cartId}/products`, { sku, quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
  }
  return (await get(`/api/carts/${cartId}`)).json().data as {
    cartId: string;
    products: { sku: string }[];
    notices: { code: string }[];
  };
}

async function savedCards(c: StoryCustomer) {
  const r = await post(`/api/customerCards/${c.uid}`, { country: c.countryId });
  expect(r.statusCode).toBe(200);
  return r.json().data as { id: string }[];
}

describe('demo customers for each flow', () => {
  it('each is found by their account number, under their name', async () => {
    for (const c of Object.values(S) as StoryCustomer[]) {
      const r = await get(`/api/customers?q=${c.phoenixId}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(JSON.stringify(r.json()), c.lastName).toContain(c.uid);
      const account = (await get(`/api/checkout/account/${c.uid}`)).json().data;
      expect(account).toMatchObject({
        firstName: c.firstName,
        lastName: c.lastName,
        phoenixId: c.phoenixId,
        userType: c.userType,
        countryId: c.countryId,
      });
      expect(await savedCards(c)).toHaveLength(c === S.twoCards ? 2 : 1);
    }
  });

  it('enrollment: the prospect passes the enrollment check and an enrollment order is placed', async () => {
    const c = S.enrollment;
    const check = await post('/api/enrollments/verify', { uid: c.uid, countryId: 1 });
    expect(check.json()).toEqual({
      success: true,
      canClose: true,
      errors: [],
      message: ORDERING_MESSAGES.enrollmentStarted,
    });
    const cart = await cartWith(c, [SKU.enrollmentKit]);
    expect(cart.products.map((p) => p.sku)).toEqual([SKU.enrollmentKit]);
    const [card] = await savedCards(c);
    const address = (await get(`/api/checkout/account/${c.uid}`)).json().data.shippingAddresses[0];
    const context = {
      cartId: cart.cartId,
      uid: c.uid,
      localeCode: 'en-US',
      orderType: ORDER_TYPE.enrollment,
      shipping: { method: null, address },
      appliedCredit: 0,
    };
    const estimate = (await post('/api/orders/estimate', context)).json();
    const method = estimate.context.shipping.rates[0].method as number;
    const placed = await post('/api/purchase', {
      ...context,
      shipping: { method, address },
      payment: { savedCard: true, cardId: card!.id },
      idempotencyKey: key(),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = (await get(`/api/cs/order/${placed.json().data.id}`)).json().data;
    expect(order).toMatchObject({ orderType: ORDER_TYPE.enrollment });
  });

  it('renewal window: the member may buy the renewal SKU', async () => {
    const cart = await cartWith(S.renewal, [SKU.renewal]);
    expect(cart.products.map((p) => p.sku)).toContain(SKU.renewal);
    expect(cart.notices.map((n) => n.code)).not.toContain(NOTICE_CODES.renewalIneligible);
  });

  it('membership purchase: the client may buy the membership SKU', async () => {
    const cart = await cartWith(S.membership, [SKU.memberProgram]);
    expect(cart.products.map((p) => p.sku)).toContain(SKU.memberProgram);
    expect(cart.notices.map((n) => n.code)).not.toContain(NOTICE_CODES.membershipIneligible);
  });

  it('host: an open popup with an order in it, and a popup cart with a free and a half-off host reward', async () => {
    const c = S.host;
    const popups = JSON.stringify((await get(`/api/customers/${c.uid}/popups`)).json());
    expect(popups).toContain(String(STORY_IDS.popupId));
    const popup = (await get(`/api/customers/${c.uid}/popups/${STORY_IDS.popupId}`)).json().data;
    expect(JSON.stringify(popup)).toContain(STORY_IDS.popupOrder);
    const cart = (await get(`/api/customers/${c.uid}/carts/${STORY_IDS.hostCart}`)).json().data;
    expect(JSON.stringify(cart)).toContain(String(STORY_IDS.popupId));
    const rewards = (cart.instances as { hostRewards: { isFree: boolean }[] }[]).flatMap(
      (i) => i.hostRewards,
    );
    expect(rewards.map((r) => r.isFree).sort()).toEqual([false, true]);
  });

  it('DHL hold: the order is downstream and held', async () => {
    const order = (await get(`/api/cs/order/${STORY_IDS.dhlHoldOrder}`)).json().data;
    expect(order).toMatchObject({ dhlHoldStatus: 'HOLD', state: 8 });
    expect(order.phoenixOrderId).not.toBe('N/A');
    expect(JSON.stringify(order)).toContain(S.dhlHold.uid);
  });

  it('split card: the order was paid on two cards and nothing is refunded', async () => {
    const r = await get(`/api/cs/order/${STORY_IDS.twoCardOrder}/refunds`);
    expect(r.statusCode, r.body).toBe(200);
    const body = JSON.stringify(r.json());
    expect(body).toContain('4242');
    expect(body).toContain('4444');
    const order = (await get(`/api/cs/order/${STORY_IDS.twoCardOrder}`)).json().data;
    expect(JSON.stringify(order)).toContain(S.twoCards.uid);
    expect(order.splitPayments.map((p: { last4: string }) => p.last4)).toEqual(['4242', '4444']);
  });

  it('split card: a new order for Miles Carter is split across his two saved cards at checkout', async () => {
    const c = S.twoCards;
    const cards = await savedCards(c);
    const cart = await cartWith(c, []);
    expect(cart.cartId).toBeTruthy();
    const address = (await get(`/api/checkout/account/${c.uid}`)).json().data.shippingAddresses[0];
    // The first product of the catalog that takes a unit (one in stock).
    const products = (await get('/api/catalog/products?localeCode=en-US&limit=50')).json().data as {
      sku: string;
    }[];
    let added = false;
    for (const p of products) {
      if (added) break;
      added =
        (await post(`/api/carts/${cart.cartId}/products`, { sku: p.sku, quantity: 1 })).statusCode === 200;
    }
    expect(added).toBe(true);
    const context = {
      cartId: cart.cartId,
      uid: c.uid,
      localeCode: 'en-US',
      orderType: ORDER_TYPE.portal,
      shipping: { method: null, address },
      appliedCredit: 0,
    };
    const estimate = (await post('/api/orders/estimate', context)).json();
    const method = estimate.context.shipping.rates[0].method as number;
    const priced = (await post('/api/orders/estimate', { ...context, shipping: { method, address } })).json();
    const total = priced.context.totals.grandTotal as number;
    const placed = await post('/api/purchase', {
      ...context,
      shipping: { method, address },
      payment: {
        splitPayments: [
          { amount: 100, cardId: cards[0]!.id },
          { amount: total - 100, cardId: cards[1]!.id },
        ],
      },
      idempotencyKey: key(),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = (await get(`/api/cs/order/${placed.json().data.id}`)).json().data;
    expect(order.splitPayments.map((p: { amount: number }) => p.amount)).toEqual([100, total - 100]);
    expect(order.paymentState).toBe('captured');
  });

  it('fr-CA member: French, in Canada, a member with Canadian credit', async () => {
    const c = S.frCa;
    const account = (await get(`/api/checkout/account/${c.uid}`)).json().data;
    expect(account).toMatchObject({ countryId: 2, defaultLanguageId: 2 });
    expect(account.productCredit.ca).toBe(STORY_FR_CA_CREDIT_CENTS);
    expect(new Date(account.memberExpirationDateUTC).getTime()).toBeGreaterThan(Date.now());
  });
});
