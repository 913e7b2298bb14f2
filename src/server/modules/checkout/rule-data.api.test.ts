import type { CartView } from '@domain/carts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeEvents,
  orders,
  paymentCards,
  paymentTransactions,
  promoRedemptions,
  shippingRates,
  taxRates,
} from '../../db/schema';
import { seedCartCatalog } from '../../testing/cart-fixtures';
import { insertAccount } from '../../testing/fixtures';
import { gate, heldGateway } from '../../testing/gate';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// Rules that could never apply get their data (spec 3 §4): influencer attribution recorded on the
// cart (hasInfluencer), redemptions recorded per email at purchase (limitOnePerEmail), and
// subscription lines carried onto the placed order's lines.

let t: TestApp;
let agent: SignedIn;
const db = () => t.database.db;

const INFLUENCER_RULE = 'Influencer Serum 20%';
const ONCE_RULE = 'First Order Mist Half Off';

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  await seedCartCatalog(db(), [
    {
      id: 0,
      name: INFLUENCER_RULE,
      priority: 58,
      hasInfluencer: true,
      actionItems: ['S2'],
      discountValue: { '1': 0.2, '2': 0.2 },
      actionQuantity: { max: 99 },
    },
    {
      id: 0,
      name: ONCE_RULE,
      priority: 57,
      limitOnePerEmail: true,
      actionItems: ['S4'],
      discountValue: { '1': 0.5, '2': 0.5 },
      actionQuantity: { max: 1 },
    },
  ]);
  await db()
    .insert(shippingRates)
    .values({ countryId: 1, shippingMethodId: 3, amountCents: 795, phoenixShippingMethodId: 1 });
  await db().insert(taxRates).values({ countryId: 1, region: 'TX', rateBasisPoints: 825, taxShipping: true });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: agent.headers });
const put = (url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: agent.headers });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: agent.headers });

async function cartWith(uid: string, lines: [string, number, boolean?][]): Promise<string> {
  const created = await post('/api/carts', { uid, localeCode: 'en-US' });
  expect(created.statusCode, created.body).toBe(200);
  const cartId = created.json().data.cartId as string;
  for (const [sku, quantity, subscription] of lines) {
    const r = await post(`/api/carts/${cartId}/products`, { sku, quantity, subscription: !!subscription });
    expect(r.statusCode, r.body).toBe(200);
  }
  return cartId;
}
const cartOf = async (cartId: string) => (await get(`/api/carts/${cartId}`)).json().data as CartView;
const explained = (cart: CartView, promo: string) => cart.appliedPromos.find((p) => p.promo === promo);

async function savedCard(uid: string) {
  const id = `card_${uid.slice(-8)}_${Math.random().toString(36).slice(2, 8)}`;
  await db().insert(paymentCards).values({
    id,
    accountUid: uid,
    brand: 'Visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2040,
    countryId: 1,
  });
  return id;
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

async function purchase(uid: string, cartId: string) {
  return post('/api/purchase', {
    cartId,
    uid,
    localeCode: 'en-US',
    orderType: 16,
    shipping: { method: 3, address: ADDRESS },
    appliedCredit: 0,
    payment: { savedCard: true, cardId: await savedCard(uid) },
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}-${Date.now()}`,
  });
}

describe('influencer attribution on the cart (hasInfluencer)', () => {
  it('without one the rule is refused with its reason; with one it applies; removing it refuses it again', async () => {
    const buyer = await insertAccount(db(), { userType: 3, tAndCAccepted: true });
    const influencer = await insertAccount(db(), { userType: 1, firstName: 'Ivy', lastName: 'Influence' });
    const cartId = await cartWith(buyer.uid, [['S2', 1]]);
    const before = await cartOf(cartId);
    expect(before.influencer).toBeNull();
    expect(explained(before, INFLUENCER_RULE)).toMatchObject({ applied: false, code: 'influencer' });
    expect(before.subtotalInCents).toBe(1200);

    const set = await put(`/api/carts/${cartId}/influencer`, { phoenixId: influencer.phoenixId });
    expect(set.statusCode, set.body).toBe(200);
    const attributed = set.json().data as CartView;
    expect(attributed.influencer).toEqual({ phoenixId: influencer.phoenixId, name: 'Ivy Influence' });
    expect(explained(attributed, INFLUENCER_RULE)).toMatchObject({ applied: true, amountInCents: 240 });
    expect(attributed.subtotalInCents).toBe(960);
    // Read again (not the edit's answer): the attribution is stored with the cart.
    expect((await cartOf(cartId)).influencer?.phoenixId).toBe(influencer.phoenixId);

    // Audited: who set it, and the attribution before and after.
    const events = await db().select().from(changeEvents).where(eq(changeEvents.entityId, cartId));
    const event = events.find((e) => e.action === 'cart.influencer');
    expect(event?.changedBy).toBe(agent.email);
    expect(JSON.stringify(event?.differences)).toContain(String(influencer.phoenixId));

    const cleared = await put(`/api/carts/${cartId}/influencer`, { phoenixId: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.influencer).toBeNull();
    expect(explained(cleared.json().data, INFLUENCER_RULE)).toMatchObject({
      applied: false,
      code: 'influencer',
    });
  });

  it('refuses an influencer who is not an active consultant, or the owner, and changes nothing', async () => {
    const buyer = await insertAccount(db(), { userType: 1, tAndCAccepted: true });
    const client = await insertAccount(db(), { userType: 3 });
    const terminated = await insertAccount(db(), { userType: 1, accountStatus: 2 });
    const cartId = await cartWith(buyer.uid, [['S2', 1]]);
    const version = (await cartOf(cartId)).version;
    for (const [phoenixId, message] of [
      [client.phoenixId, `No active consultant has account number ${client.phoenixId}`],
      [terminated.phoenixId, `No active consultant has account number ${terminated.phoenixId}`],
      [99_999_999, 'No active consultant has account number 99999999'],
      [buyer.phoenixId, 'cannot be their own influencer'],
    ] as const) {
      const r = await put(`/api/carts/${cartId}/influencer`, { phoenixId });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error).toContain(message);
    }
    const bad = await put(`/api/carts/${cartId}/influencer`, { phoenixId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('account number');
    const after = await cartOf(cartId);
    expect(after.version).toBe(version);
    expect(after.influencer).toBeNull();
  });

  it('the attribution follows a locale switch and goes with the cart when it is emptied', async () => {
    const buyer = await insertAccount(db(), { userType: 3 });
    const influencer = await insertAccount(db(), { userType: 1 });
    const cartId = await cartWith(buyer.uid, [['S2', 1]]);
    expect(
      (await put(`/api/carts/${cartId}/influencer`, { phoenixId: influencer.phoenixId })).statusCode,
    ).toBe(200);
    const switched = await put(`/api/carts/${cartId}/locale`, { localeCode: 'en-CA' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data.influencer?.phoenixId).toBe(influencer.phoenixId);
    const emptied = await post(`/api/carts/${cartId}/clear`, {});
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json().data.influencer).toBeNull();
  });

  it('a request without a signed-in staff member cannot set one (checked on the server)', async () => {
    const buyer = await insertAccount(db(), { userType: 3 });
    const cartId = await cartWith(buyer.uid, [['S2', 1]]);
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/carts/${cartId}/influencer`,
      payload: { phoenixId: 1 },
    });
    expect([401, 403]).toContain(r.statusCode);
  });
});

describe('one redemption per email (limitOnePerEmail)', () => {
  it('the purchase records the redemption; a second cart of the same email is refused the promotion', async () => {
    const buyer = await insertAccount(db(), {
      userType: 3,
      tAndCAccepted: true,
      email: 'Once.Only@Example.com',
    });
    const first = await cartWith(buyer.uid, [['S4', 1]]);
    const priced = await cartOf(first);
    expect(explained(priced, ONCE_RULE)).toMatchObject({ applied: true, amountInCents: 700 });
    expect(priced.subtotalInCents).toBe(700);

    const placed = await purchase(buyer.uid, first);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.id as string;
    const recorded = await db()
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.email, 'once.only@example.com'));
    expect(recorded).toMatchObject([{ promo: ONCE_RULE, orderId }]);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.subtotalCents).toBe(700);

    const second = await cartWith(buyer.uid, [['S4', 1]]);
    const again = await cartOf(second);
    expect(explained(again, ONCE_RULE)).toMatchObject({
      applied: false,
      code: 'limit_one_per_email',
      message: 'This email has already redeemed the rule.',
    });
    expect(again.subtotalInCents).toBe(1400);
    const placedAgain = await purchase(buyer.uid, second);
    expect(placedAgain.statusCode, placedAgain.body).toBe(200);
    const [order2] = await db().select().from(orders).where(eq(orders.id, placedAgain.json().data.id));
    expect(order2?.subtotalCents).toBe(1400);
    // Another email is not affected.
    const other = await insertAccount(db(), { userType: 3, tAndCAccepted: true });
    const theirs = await cartOf(await cartWith(other.uid, [['S4', 1]]));
    expect(explained(theirs, ONCE_RULE)).toMatchObject({ applied: true });
  });

  it('a redemption made while a purchase was charging refuses that order: not written, its charge voided', async () => {
    const buyer = await insertAccount(db(), { userType: 3, tAndCAccepted: true, email: 'race@example.com' });
    const carts = [await cartWith(buyer.uid, [['S4', 1]]), await cartWith(buyer.uid, [['S4', 1]])];
    const real = t.app.ctx.gateway;
    const slowCharge = gate();
    t.app.ctx.gateway = heldGateway(real, { charge: { gate: slowCharge, when: 'after' } });
    try {
      // The first purchase priced the promotion and is charging; the second one runs to the end.
      const first = purchase(buyer.uid, carts[0]!);
      await slowCharge.entered;
      const second = await purchase(buyer.uid, carts[1]!);
      expect(second.statusCode, second.body).toBe(200);
      slowCharge.open();
      const refused = await first;
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toContain(`This email has already redeemed ${ONCE_RULE}`);
    } finally {
      t.app.ctx.gateway = real;
    }
    const placed = await db().select().from(orders).where(eq(orders.customerUid, buyer.uid));
    expect(placed.map((o) => o.subtotalCents)).toEqual([700]);
    const rows = await db()
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.email, 'race@example.com'));
    expect(rows).toMatchObject([{ orderId: placed[0]!.id }]);
    // The refused order's authorization was voided: no charge is left standing for it.
    const voids = await db().select().from(paymentTransactions).where(eq(paymentTransactions.kind, 'void'));
    expect(voids.map((v) => v.status)).toEqual(['succeeded']);
    const [voided] = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, voids[0]!.parentTransactionId!));
    expect(voided?.orderId).not.toBe(placed[0]!.id);
  });
});

describe('subscription lines on the placed order', () => {
  it('a subscription line keeps its flag on the order lines and in the order detail', async () => {
    const buyer = await insertAccount(db(), { userType: 3, tAndCAccepted: true });
    const cartId = await cartWith(buyer.uid, [
      ['S6', 1],
      ['S6', 2, true],
    ]);
    const cart = await cartOf(cartId);
    expect(cart.unpromofiedItems.map((l) => [l.sku, l.quantity, l.subscription ?? false])).toEqual([
      ['S6', 1, false],
      ['S6', 2, true],
    ]);
    const placed = await purchase(buyer.uid, cartId);
    expect(placed.statusCode, placed.body).toBe(200);
    const detail = await get(`/api/cs/order/${placed.json().data.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const lines = (detail.json().data.lines ?? detail.json().data.products) as {
      sku: string;
      quantity: number;
      subscription: boolean;
    }[];
    expect(lines.map((l) => [l.sku, l.quantity, l.subscription])).toEqual([
      ['S6', 1, false],
      ['S6', 2, true],
    ]);
  });
});
