import { REFUND_MESSAGES } from '@domain/refunds/refund-math';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCredit, refunds } from '../../db/schema';
import { oneLineOrder } from '../../testing/refund-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { NOT_REFUNDABLE_FULLY_REFUNDED } from './refunds.service';

// What remains paid is always refundable, as an amount without products, and "fully refunded"
// (the cancel rule, spec 2 §4–§5) is always reachable (ADR 021).

let t: TestApp;
let agent: SignedIn;
let leader: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  [agent, leader] = await Promise.all([t.signIn('agent'), t.signIn('leader')]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const post = (url: string, payload: unknown, who = agent) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: who.headers });
let k = 0;
const key = () => `remainder-${++k}-${Math.random().toString(36).slice(2)}`;
const view = async (orderId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/cs/order/${orderId}/refunds`, headers: agent.headers })
  ).json().data.order;
const cancel = (orderId: string) =>
  post(`/api/cs/cancelOrder/${orderId}`, { ticket: 'T-9', reason: 'Customer asked' }, leader);
const membership = [{ sku: '9000', quantity: 1, adjustedPrice: 2900 }];

describe('a short refund does not strand the cents it left', () => {
  it('SKU 9000 refunded 28.99 of 29.00: the last cent refunds as an amount, then a leader may cancel', async () => {
    const { order, card, gateway } = await oneLineOrder(
      db(),
      { sku: '9000', priceCents: 2900 },
      { isMembership: true },
    );
    const first = await post('/api/cs/refund', {
      orderId: order.id,
      returnItems: membership,
      reason: 'Returns',
      amount: 2899,
      idempotencyKey: key(),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await view(order.id)).toMatchObject({
      fullyRefunded: false,
      refundable: [{ sku: '9000', refundable: 0 }],
      cards: [{ remainingAmount: 1 }],
      // The cent left is refundable: the form stays open.
      notRefundable: null,
    });
    expect((await cancel(order.id)).json().error).toBe('Order needs to be fully refunded before cancelling.');

    // More than remains is refused and writes nothing.
    const tooMuch = await post('/api/cs/refund', {
      orderId: order.id,
      reason: 'Returns',
      amount: 2,
      idempotencyKey: key(),
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe(REFUND_MESSAGES.overRefund);

    const cent = await post('/api/cs/refund', {
      orderId: order.id,
      reason: 'Returns',
      amount: 1,
      idempotencyKey: key(),
    });
    expect(cent.statusCode, cent.body).toBe(200);
    expect(cent.json()).toMatchObject({
      success: true,
      data: { amount: 1, returnItems: [], status: 'processed' },
    });
    expect(await gateway.refundable(card)).toBe(0);
    expect(await view(order.id)).toMatchObject({
      fullyRefunded: true,
      refunded: 2900,
      cards: [{ remainingAmount: 0 }],
      // Nothing is left: the refund form is closed, and says why.
      notRefundable: NOT_REFUNDABLE_FULLY_REFUNDED,
    });
    expect((await cancel(order.id)).statusCode).toBe(200);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(2);
  });

  it('a product-credit-only refund of the card’s 21.50 counts as the refund: fully refunded, the card not refunded again', async () => {
    const { order, customer, card, gateway } = await oneLineOrder(
      db(),
      { sku: 'SERUM', priceCents: 2150 },
      { isMembership: true },
    );
    const res = await post('/api/cs/refund', {
      orderId: order.id,
      returnItems: [{ sku: 'SERUM', quantity: 1, adjustedPrice: 2150 }],
      reason: 'Returns',
      amount: 0,
      pcAmount: 2150,
      idempotencyKey: key(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [credit] = await db()
      .select()
      .from(productCredit)
      .where(eq(productCredit.accountUid, customer.uid));
    expect(credit!.balanceCents).toBe(2150);
    // The card's money went back as credit: nothing remains on the card, and the order is refunded.
    expect(await view(order.id)).toMatchObject({
      fullyRefunded: true,
      cards: [{ remainingAmount: 0 }],
      pcRemaining: 0,
      notRefundable: NOT_REFUNDABLE_FULLY_REFUNDED,
    });
    for (const again of [{ amount: 1 }, { amount: 0, pcAmount: 1 }]) {
      const r = await post('/api/cs/refund', {
        orderId: order.id,
        reason: 'Returns',
        ...again,
        idempotencyKey: key(),
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toBe(REFUND_MESSAGES.overRefund);
    }
    expect(await gateway.refundable(card)).toBe(2150);
    expect((await cancel(order.id)).statusCode).toBe(200);
  });

  it('an order partly paid in credit: a credit-only refund of the items leaves the card refundable as an amount', async () => {
    const { order, card, gateway } = await oneLineOrder(
      db(),
      { sku: 'KIT', priceCents: 5000, creditCents: 2150 },
      { isMembership: true },
    );
    const res = await post('/api/cs/refund', {
      orderId: order.id,
      returnItems: [{ sku: 'KIT', quantity: 1, adjustedPrice: 5000 }],
      reason: 'Returns',
      amount: 0,
      pcAmount: 2150,
      idempotencyKey: key(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await view(order.id)).toMatchObject({
      fullyRefunded: false,
      cards: [{ remainingAmount: 2850 }],
      pcRemaining: 0,
    });
    const rest = await post('/api/cs/refund', {
      orderId: order.id,
      reason: 'Returns',
      amount: 2850,
      idempotencyKey: key(),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await gateway.refundable(card)).toBe(0);
    expect(await view(order.id)).toMatchObject({ fullyRefunded: true });
    expect((await cancel(order.id)).statusCode).toBe(200);
  });
});
