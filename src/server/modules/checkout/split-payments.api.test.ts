import { MAX_SPLIT_CARDS } from '@domain/checkout';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  captureRetries,
  changeEvents,
  checkoutSubmissions,
  orderPayments,
  orders,
  paymentCards,
  paymentTransactions,
  productCredit,
  shippingRates,
  taxRates,
} from '../../db/schema';
import { seedCartCatalog } from '../../testing/cart-fixtures';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { captureRetryPass } from './capture.service';
import { faults } from './purchase.service';

// Split payments at checkout (spec 2 §3 Payment.splitPayments; ADR 030): an order paid with two to
// four cards, each authorized and captured once, nothing charged when any card fails, refunds
// landing back on each card.

let t: TestApp;
let agent: SignedIn;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  await seedCartCatalog(db());
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
    ]);
  await db()
    .insert(taxRates)
    .values([{ countryId: 1, region: 'TX', rateBasisPoints: 825, taxShipping: true }]);
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

async function customer(creditCents = 0) {
  const a = await insertAccount(db(), { userType: 3, tAndCAccepted: true });
  if (creditCents)
    await db().insert(productCredit).values({ accountUid: a.uid, country: 'us', balanceCents: creditCents });
  return a;
}

let cardNo = 0;
async function savedCard(
  uid: string,
  o: { simulate?: string | null; last4?: string; expYear?: number; expMonth?: number } = {},
) {
  cardNo += 1;
  const id = `card_split_${cardNo}_${Math.random().toString(36).slice(2, 8)}`;
  await db()
    .insert(paymentCards)
    .values({
      id,
      accountUid: uid,
      brand: 'Visa',
      last4: o.last4 ?? String(1000 + cardNo).slice(-4),
      expMonth: o.expMonth ?? 12,
      expYear: o.expYear ?? 2040,
      countryId: 1,
      simulate: o.simulate ?? null,
    });
  return id;
}

async function cartWith(uid: string, lines: [string, number][]) {
  const created = await post('/api/carts', { uid, localeCode: 'en-US' });
  expect(created.statusCode).toBe(200);
  const cartId = created.json().data.cartId as string;
  for (const [sku, quantity] of lines) {
    const r = await post(`/api/carts/${cartId}/products`, { sku, quantity });
    expect(r.statusCode, r.body).toBe(200);
  }
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

const key = () => `split-${Math.random().toString(36).slice(2)}-${Date.now()}`;

/** What the cards must pay: the estimate's total after product credit. */
async function due(uid: string, cartId: string, appliedCredit = 0) {
  const e = await post('/api/orders/estimate', context(uid, cartId, { appliedCredit }));
  expect(e.statusCode, e.body).toBe(200);
  return e.json().context.totals.grandTotal as number;
}

const splitBody = (
  uid: string,
  cartId: string,
  splits: { amount: number; cardId?: string; squareNonce?: string; saveCard?: boolean }[],
  appliedCredit = 0,
) => ({
  ...context(uid, cartId, { appliedCredit, payment: { splitPayments: splits } }),
  idempotencyKey: key(),
});

/** The gateway movements of a card, by kind and status. */
const moves = async (cardId: string) =>
  (await db().select().from(paymentTransactions).where(eq(paymentTransactions.cardId, cardId)))
    .map((m) => `${m.kind}:${m.status}:${m.amountCents}`)
    .sort();

/** Every unit the order can still refund, at its adjusted price (the refund estimate's list). */
async function returnable(orderId: string) {
  const r = await post('/api/cs/refund/estimate', { orderId, returnShipping: false, returnItems: [] });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data.order.refundable as { sku: string; adjustedPrice: number; refundable: number }[])
    .filter((x) => x.refundable > 0)
    .map((x) => ({ sku: x.sku, quantity: x.refundable, adjustedPrice: x.adjustedPrice }));
}

const ordersOf = (uid: string) => db().select().from(orders).where(eq(orders.customerUid, uid));
const paymentsOf = (id: string) =>
  db().select().from(orderPayments).where(eq(orderPayments.orderId, id)).orderBy(orderPayments.id);

describe('split payments at checkout (ADR 030)', () => {
  it('two saved cards: each authorized and captured once for its amount; the order answers splitPayments', async () => {
    const c = await customer();
    const [a, b] = [await savedCard(c.uid), await savedCard(c.uid)];
    const cartId = await cartWith(c.uid, [['LIP', 3]]);
    const total = await due(c.uid, cartId);
    const r = await post(
      '/api/purchase',
      splitBody(c.uid, cartId, [
        { amount: 1000, cardId: a },
        { amount: total - 1000, cardId: b },
      ]),
    );
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data.id as string;
    expect(r.json().data).toMatchObject({ grandTotal: total, collection: 'invoices', state: 3 });
    expect(await moves(a)).toEqual(['authorize:succeeded:1000', 'capture:succeeded:1000']);
    expect(await moves(b)).toEqual([
      `authorize:succeeded:${total - 1000}`,
      `capture:succeeded:${total - 1000}`,
    ]);
    const [o] = await ordersOf(c.uid);
    expect(o).toMatchObject({ paymentState: 'captured', grandTotalCents: total });
    const pays = await paymentsOf(id);
    expect(pays.map((p) => [p.method, p.cardId, p.amountCents, p.state])).toEqual([
      ['card', a, 1000, 'captured'],
      ['card', b, total - 1000, 'captured'],
    ]);
    const detail = (await get(`/api/cs/order/${id}`)).json().data;
    expect(detail.splitPayments).toHaveLength(2);
    expect(detail.splitPayments[0]).toMatchObject({
      amount: 1000,
      brand: 'Visa',
      cardId: a,
      refundAmount: 0,
      state: 'captured',
      transactionId: pays[0]!.transactionId,
      tenderId: pays[0]!.transactionId,
    });
    expect(detail.splitPayments.reduce((s: number, p: { amount: number }) => s + p.amount, 0)).toBe(total);
    const [created] = await db()
      .select()
      .from(changeEvents)
      .where(and(eq(changeEvents.entityId, id), eq(changeEvents.action, 'order.create')));
    const split = created!.differences.find((d) => d.path[0] === 'splitPayments');
    expect(split?.rhs).toHaveLength(2);
  });

  it('an order on one card answers no splitPayments; a split counts as the payment of the checkout estimate', async () => {
    const c = await customer();
    const [a, b] = [await savedCard(c.uid), await savedCard(c.uid)];
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const total = await due(c.uid, cartId);
    const e = await post(
      '/api/orders/estimate',
      context(c.uid, cartId, {
        payment: {
          splitPayments: [
            { amount: 100, cardId: a },
            { amount: total - 100, cardId: b },
          ],
        },
      }),
    );
    expect(e.json().context.step).toBe(3);
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { payment: { savedCard: true, cardId: a } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const detail = (await get(`/api/cs/order/${r.json().data.id}`)).json().data;
    expect(detail.splitPayments).toEqual([]);
    expect(detail.payments.map((p: { amountCents: number }) => p.amountCents)).toEqual([total]);
  });

  it('three cards (two saved, one new and saved) plus product credit: the cards pay the total after credit', async () => {
    const c = await customer(1000);
    const [a, b] = [await savedCard(c.uid), await savedCard(c.uid)];
    const token = await t.app.ctx.gateway.tokenizeCard({
      number: '4111 1111 1111 1111',
      cvv: '123',
      expiry: '12/39',
      postalCode: '78701',
    });
    const cartId = await cartWith(c.uid, [['LIP', 4]]);
    const total = await due(c.uid, cartId, 600);
    const r = await post(
      '/api/purchase',
      splitBody(
        c.uid,
        cartId,
        [
          { amount: 700, cardId: a },
          { amount: 900, squareNonce: token.token, saveCard: true },
          { amount: total - 1600, cardId: b },
        ],
        600,
      ),
    );
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data.id as string;
    const pays = await paymentsOf(id);
    expect(pays.map((p) => [p.method, p.amountCents, p.state])).toEqual([
      ['card', 700, 'captured'],
      ['card', 900, 'captured'],
      ['card', total - 1600, 'captured'],
      ['productCredit', 600, 'captured'],
    ]);
    expect(pays[1]!.accountNumber).toBe('1111');
    const saved = await db().select().from(paymentCards).where(eq(paymentCards.accountUid, c.uid));
    expect(saved.map((s) => s.last4)).toContain('1111');
    const [balance] = await db().select().from(productCredit).where(eq(productCredit.accountUid, c.uid));
    expect(balance!.balanceCents).toBe(400);
    const detail = (await get(`/api/cs/order/${id}`)).json().data;
    expect(detail.splitPayments.map((p: { amount: number }) => p.amount)).toEqual([700, 900, total - 1600]);
  });

  it('amounts a cent short are refused with the difference in money, and nothing is written or charged', async () => {
    const c = await customer(500);
    const [a, b] = [await savedCard(c.uid), await savedCard(c.uid)];
    const cartId = await cartWith(c.uid, [['LIP', 2]]);
    const total = await due(c.uid, cartId, 200);
    const body = splitBody(
      c.uid,
      cartId,
      [
        { amount: 1000, cardId: a },
        { amount: total - 1001, cardId: b },
      ],
      200,
    );
    const r = await post('/api/purchase', body);
    expect(r.statusCode).toBe(400);
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(r.json().error).toBe(
      `Your order was not successful. The card amounts add up to ${money(total - 1)}, $0.01 short of the ${money(total)} to pay by card.`,
    );
    expect(r.json().issues).toEqual([
      { path: 'payment.splitPayments', message: expect.stringContaining('$0.01 short') },
    ]);
    const over = await post(
      '/api/purchase',
      splitBody(
        c.uid,
        cartId,
        [
          { amount: 1000, cardId: a },
          { amount: total - 999, cardId: b },
        ],
        200,
      ),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toContain('$0.01 more than');
    expect(await ordersOf(c.uid)).toHaveLength(0);
    expect(await moves(a)).toEqual([]);
    expect(await moves(b)).toEqual([]);
    const [balance] = await db().select().from(productCredit).where(eq(productCredit.accountUid, c.uid));
    expect(balance!.balanceCents).toBe(500);
    // Corrected, the same checkout goes through under its key.
    const fixed = await post('/api/purchase', {
      ...body,
      payment: {
        splitPayments: [
          { amount: 1000, cardId: a },
          { amount: total - 1000, cardId: b },
        ],
      },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it('refuses a bad split with a field message before anything is charged', async () => {
    const c = await customer();
    const other = await customer();
    const [a, b] = [await savedCard(c.uid), await savedCard(c.uid)];
    const expired = await savedCard(c.uid, { expYear: 2020, expMonth: 1, last4: '7777' });
    const theirs = await savedCard(other.uid, { last4: '8888' });
    const cartId = await cartWith(c.uid, [['LIP', 2]]);
    const total = await due(c.uid, cartId);
    const refused = async (
      splits: Parameters<typeof splitBody>[2],
      status: number,
      message: string,
      path?: string,
    ) => {
      const r = await post('/api/purchase', splitBody(c.uid, cartId, splits));
      expect(r.statusCode, r.body).toBe(status);
      expect(r.json().error).toContain(message);
      if (path) expect(r.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    };
    await refused([{ amount: total, cardId: a }], 400, 'at least 2 cards');
    await refused(
      Array.from({ length: MAX_SPLIT_CARDS + 1 }, (_, i) => ({
        amount: i === 0 ? total - MAX_SPLIT_CARDS : 1,
        cardId: `c${i}`,
      })),
      400,
      `at most ${MAX_SPLIT_CARDS} cards`,
    );
    await refused(
      [
        { amount: 0, cardId: a },
        { amount: total, cardId: b },
      ],
      400,
      'Amount must be more than $0.00',
      'body.payment.splitPayments.0.amount',
    );
    await refused(
      [
        { amount: 10.5, cardId: a },
        { amount: total - 10.5, cardId: b },
      ],
      400,
      'Amount must be whole cents',
    );
    await refused(
      [
        { amount: 1e12, cardId: a },
        { amount: total, cardId: b },
      ],
      400,
      "A card's amount cannot be more than",
    );
    await refused(
      [
        { amount: 100, cardId: a },
        { amount: total - 100, cardId: a },
      ],
      400,
      'Each card can be used once in a split.',
    );
    await refused(
      [{ amount: 100 }, { amount: total - 100, cardId: b }] as never,
      400,
      'Choose a saved card or enter a new card.',
    );
    await refused(
      [
        { amount: 100, cardId: a },
        { amount: total - 100, cardId: expired },
      ],
      400,
      'Visa ending 7777 has expired. Choose another card.',
      'payment.splitPayments.1.cardId',
    );
    await refused(
      [
        { amount: 100, cardId: theirs },
        { amount: total - 100, cardId: b },
      ],
      400,
      'Visa ending 8888 does not belong to this customer.',
      'payment.splitPayments.0.cardId',
    );
    expect(await ordersOf(c.uid)).toHaveLength(0);
    for (const card of [a, b, expired, theirs]) expect(await moves(card)).toEqual([]);
  });

  it('one card declined: the cards already authorized are voided, nothing is captured, no order; the answer names the card', async () => {
    const c = await customer(800);
    const a = await savedCard(c.uid, { last4: '4242' });
    const declined = await savedCard(c.uid, { simulate: 'decline', last4: '0002' });
    const b = await savedCard(c.uid, { last4: '5555' });
    const cartId = await cartWith(c.uid, [['LIP', 3]]);
    const total = await due(c.uid, cartId, 300);
    const r = await post(
      '/api/purchase',
      splitBody(
        c.uid,
        cartId,
        [
          { amount: 500, cardId: a },
          { amount: 600, cardId: declined },
          { amount: total - 1100, cardId: b },
        ],
        300,
      ),
    );
    expect(r.statusCode).toBe(402);
    expect(r.json().error).toMatch(/^Your order was not successful\. Visa ending 0002 was declined: /);
    expect(await ordersOf(c.uid)).toHaveLength(0);
    expect(await moves(a)).toEqual(['authorize:succeeded:500', 'void:succeeded:500']);
    expect(await moves(declined)).toEqual(['authorize:failed:600']);
    // The card after the declined one is never asked.
    expect(await moves(b)).toEqual([]);
    const [balance] = await db().select().from(productCredit).where(eq(productCredit.accountUid, c.uid));
    expect(balance!.balanceCents).toBe(800);
  });

  it('a failed order write voids every card of the split', async () => {
    const c = await customer();
    const [a, b] = [await savedCard(c.uid), await savedCard(c.uid)];
    const cartId = await cartWith(c.uid, [['LIP', 2]]);
    const total = await due(c.uid, cartId);
    faults.beforeCommit = () => {
      throw new Error('disk full');
    };
    const r = await post(
      '/api/purchase',
      splitBody(c.uid, cartId, [
        { amount: 300, cardId: a },
        { amount: total - 300, cardId: b },
      ]),
    );
    expect(r.statusCode).toBe(500);
    expect(await ordersOf(c.uid)).toHaveLength(0);
    expect(await moves(a)).toEqual(['authorize:succeeded:300', 'void:succeeded:300']);
    expect(await moves(b)).toEqual([`authorize:succeeded:${total - 300}`, `void:succeeded:${total - 300}`]);
  });

  it('a retry with one key charges each card once: double submit, and a process dying after the authorizations', async () => {
    const c = await customer();
    const [a, b] = [await savedCard(c.uid), await savedCard(c.uid)];
    const cartId = await cartWith(c.uid, [['LIP', 2]]);
    const total = await due(c.uid, cartId);
    const body = splitBody(c.uid, cartId, [
      { amount: 400, cardId: a },
      { amount: total - 400, cardId: b },
    ]);
    faults.crashAt = 'authorized';
    expect((await post('/api/purchase', body)).statusCode).toBe(500);
    faults.crashAt = null;
    expect(await moves(a)).toEqual(['authorize:succeeded:400']);
    // While the lease holds the attempt is in flight; once it lapses the next submit finishes it.
    expect((await post('/api/purchase', body)).statusCode).toBe(409);
    await db()
      .update(checkoutSubmissions)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(checkoutSubmissions.idempotencyKey, body.idempotencyKey));
    const [x, y] = await Promise.all([post('/api/purchase', body), post('/api/purchase', body)]);
    expect([x.statusCode, y.statusCode].sort()[0]).toBe(200);
    const again = await post('/api/purchase', body);
    expect(again.statusCode).toBe(200);
    expect(await ordersOf(c.uid)).toHaveLength(1);
    expect(await moves(a)).toEqual(['authorize:succeeded:400', 'capture:succeeded:400']);
    expect(await moves(b)).toEqual([
      `authorize:succeeded:${total - 400}`,
      `capture:succeeded:${total - 400}`,
    ]);
  });

  it('a capture that fails on one card is retried for that card only; every card is captured once', async () => {
    const c = await customer();
    const [a, b] = [await savedCard(c.uid), await savedCard(c.uid)];
    const cartId = await cartWith(c.uid, [['LIP', 2]]);
    const total = await due(c.uid, cartId);
    const gateway = t.app.ctx.gateway;
    const capture = gateway.capture.bind(gateway);
    let failOnce = true;
    gateway.capture = async (req) => {
      const [pb] = await db()
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, req.transactionId));
      if (failOnce && pb?.cardId === b) {
        failOnce = false;
        throw new Error('processor timeout');
      }
      return capture(req);
    };
    try {
      const r = await post(
        '/api/purchase',
        splitBody(c.uid, cartId, [
          { amount: 500, cardId: a },
          { amount: total - 500, cardId: b },
        ]),
      );
      expect(r.statusCode, r.body).toBe(200);
      const id = r.json().data.id as string;
      expect((await paymentsOf(id)).map((p) => p.state)).toEqual(['captured', 'authorized']);
      expect((await ordersOf(c.uid))[0]!.paymentState).toBe('authorized');
      await db()
        .update(captureRetries)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(captureRetries.orderId, id));
      expect(await captureRetryPass(t.app.ctx)).toBeGreaterThan(0);
      expect((await paymentsOf(id)).map((p) => p.state)).toEqual(['captured', 'captured']);
      expect((await ordersOf(c.uid))[0]!.paymentState).toBe('captured');
      expect(await moves(a)).toEqual(['authorize:succeeded:500', 'capture:succeeded:500']);
      expect(await moves(b)).toEqual([
        `authorize:succeeded:${total - 500}`,
        `capture:succeeded:${total - 500}`,
      ]);
    } finally {
      gateway.capture = capture;
    }
  });

  it('a refund of a split order lands back on each card, never above its amount', async () => {
    const c = await customer();
    const [a, b] = [await savedCard(c.uid), await savedCard(c.uid)];
    const cartId = await cartWith(c.uid, [['LIP', 3]]);
    const total = await due(c.uid, cartId);
    const r = await post(
      '/api/purchase',
      splitBody(c.uid, cartId, [
        { amount: 700, cardId: a },
        { amount: total - 700, cardId: b },
      ]),
    );
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data.id as string;
    const pays = await paymentsOf(id);
    const items = await returnable(id);
    const est = await post('/api/cs/refund/estimate', {
      orderId: id,
      returnShipping: true,
      returnItems: items,
    });
    expect(est.statusCode, est.body).toBe(200);
    const e = est.json().data;
    expect(
      e.order.cards.map((x: { transactionId: string; paidAmount: number }) => [
        x.transactionId,
        x.paidAmount,
      ]),
    ).toEqual(pays.map((p) => [p.transactionId, p.amountCents]));
    expect(e.amount).toBe(total);
    const sub = await post('/api/cs/refund', {
      orderId: id,
      returnShipping: true,
      returnItems: items,
      reason: 'Defective / Damaged Item',
      amount: e.amount,
      pcAmount: e.pcAmount,
      cards: e.cards,
      idempotencyKey: key(),
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const after = await paymentsOf(id);
    expect(after.map((p) => p.refundedCents)).toEqual([700, total - 700]);
    const detail = (await get(`/api/cs/order/${id}`)).json().data;
    expect(detail.splitPayments.map((p: { refundAmount: number }) => p.refundAmount)).toEqual([
      700,
      total - 700,
    ]);
    const refunds = (
      await db()
        .select()
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.kind, 'refund'), inArray(paymentTransactions.cardId, [a, b])))
    ).map((m) => [m.cardId, m.amountCents]);
    expect(refunds.sort()).toEqual(
      [
        [a, 700],
        [b, total - 700],
      ].sort(),
    );
  });
});

describe('split payments: property (ADR 021 money invariants)', () => {
  it('for generated carts, credit and splits: the cards capture exactly total − credit; a refund per card never passes its capture', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 1500 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 2, maxLength: MAX_SPLIT_CARDS }),
        fc.integer({ min: 1, max: 100 }),
        async (units, creditCents, weights, refundShare) => {
          const c = await customer(creditCents);
          const cards: string[] = [];
          for (const _ of weights) cards.push(await savedCard(c.uid));
          const cartId = await cartWith(c.uid, [['LIP', units]]);
          const total = await due(c.uid, cartId, creditCents);
          fc.pre(total >= weights.length);
          // Weighted shares of the total, at least a cent each, the last taking the rounding.
          const sumW = weights.reduce((s, w) => s + w, 0);
          const amounts = weights.map((w) =>
            Math.max(1, Math.floor(((total - weights.length) * w) / sumW) + 1),
          );
          amounts[amounts.length - 1]! += total - amounts.reduce((s, x) => s + x, 0);
          fc.pre(amounts.every((x) => x > 0));
          const r = await post(
            '/api/purchase',
            splitBody(
              c.uid,
              cartId,
              amounts.map((amount, i) => ({ amount, cardId: cards[i]! })),
              creditCents,
            ),
          );
          expect(r.statusCode, r.body).toBe(200);
          const id = r.json().data.id as string;
          const [o] = await ordersOf(c.uid);
          const captured = (
            await db()
              .select()
              .from(paymentTransactions)
              .where(
                and(
                  eq(paymentTransactions.kind, 'capture'),
                  eq(paymentTransactions.status, 'succeeded'),
                  inArray(paymentTransactions.cardId, cards),
                ),
              )
          ).reduce((s, m) => s + m.amountCents, 0);
          expect(captured).toBe(o!.grandTotalCents);
          expect(captured + o!.appliedCreditCents).toBe(o!.grandTotalCents + o!.appliedCreditCents);
          // Two refunds, split over the cards by the refund estimate: some units, then the rest and
          // the shipping.
          const items = await returnable(id);
          const back = items.map((x) => ({
            ...x,
            quantity: Math.max(1, Math.floor((x.quantity * refundShare) / 100)),
          }));
          const rest = items
            .map((x, i) => ({ ...x, quantity: x.quantity - back[i]!.quantity }))
            .filter((x) => x.quantity > 0);
          const refund = async (returnItems: typeof items, returnShipping: boolean) => {
            const ask = { orderId: id, returnShipping, returnItems };
            const est = await post('/api/cs/refund/estimate', ask);
            expect(est.statusCode, est.body).toBe(200);
            const e = est.json().data;
            const sub = await post('/api/cs/refund', {
              ...ask,
              reason: 'Defective / Damaged Item',
              amount: e.amount,
              pcAmount: e.pcAmount,
              cards: e.cards,
              idempotencyKey: key(),
            });
            expect(sub.statusCode, sub.body).toBe(200);
            return e.amount as number;
          };
          let refunded = await refund(back, false);
          // The rest and the shipping: everything the cards paid comes back, card by card.
          refunded += await refund(rest, true);
          const pays = (await paymentsOf(id)).filter((p) => p.method === 'card');
          expect(pays.reduce((s, p) => s + p.refundedCents, 0)).toBe(refunded);
          expect(refunded).toBeLessThanOrEqual(captured);
          expect(pays.reduce((s, p) => s + p.amountCents, 0)).toBe(captured);
          for (const p of await paymentsOf(id)) {
            expect(p.refundedCents).toBeLessThanOrEqual(p.amountCents);
            expect(p.refundedCents).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 8 },
    );
  }, 180_000);
});
