import { REFUND_MESSAGES } from '@domain/refunds/refund-math';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayments, refunds, staffUsers } from '../../db/schema';
import { twoCardOrder } from '../../testing/refund-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// The limits of one refund each refuse with their own reason (spec 2 §5, §8; ADR 021): more than
// the selection is worth, more than remains on the order, more than the cards can take. The
// estimate reads down when the cards cannot take the rest, and refund sums are read as bigint.

let t: TestApp;
let agent: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const db = () => t.database.db;
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: agent.headers });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: agent.headers });
let k = 0;
const key = () => `limits-${++k}-${Math.random().toString(36).slice(2)}`;
const oneA = [{ sku: 'A', quantity: 1, adjustedPrice: 2500 }];
const refundsOf = (orderId: string) => db().select().from(refunds).where(eq(refunds.orderId, orderId));

describe('POST /api/cs/refund: each limit says which it is, and writes nothing', () => {
  it('more than one A is worth (27.30) is refused as more than the selection, not as more than remains', async () => {
    const { order, first, second } = await twoCardOrder(db());
    const res = await post('/api/cs/refund', {
      orderId: order.id,
      returnItems: oneA,
      reason: 'Returns',
      amount: 2731,
      pcAmount: 0,
      cards: [
        { transactionId: first, refundAmount: 1500 },
        { transactionId: second, refundAmount: 1231 },
      ],
      idempotencyKey: key(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(REFUND_MESSAGES.overSelection);
    expect(await refundsOf(order.id)).toHaveLength(0);
  });

  it('an amount alone above what remains (84.99) is refused as more than remains', async () => {
    const { order } = await twoCardOrder(db());
    const res = await post('/api/cs/refund', {
      orderId: order.id,
      reason: 'Returns',
      amount: 7499,
      pcAmount: 1001,
      autoRefund: { flags: { splitAutoRefund: true } },
      idempotencyKey: key(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(REFUND_MESSAGES.overRefund);
    expect(await refundsOf(order.id)).toHaveLength(0);
  });

  it('an automatic split above what the cards hold (74.99) is refused in the spec’s words for the cards', async () => {
    const { order } = await twoCardOrder(db());
    const res = await post('/api/cs/refund', {
      orderId: order.id,
      reason: 'Returns',
      amount: 7500,
      pcAmount: 0,
      autoRefund: { flags: { splitAutoRefund: true } },
      idempotencyKey: key(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'Please make sure the refund amount for each card is equal to or less than the refund amount available.',
    );
    expect(await refundsOf(order.id)).toHaveLength(0);
  });
});

describe('POST /api/cs/refund/estimate when the cards cannot take the rest', () => {
  it('the credit takes what it still holds and the rest is its own figure; the estimate is accepted as is', async () => {
    const { order, first, second } = await twoCardOrder(db());
    // 74.99 back to the cards as an amount alone: the cards hold nothing more, the 10.00 credit is untouched.
    const alone = await post('/api/cs/refund', {
      orderId: order.id,
      reason: 'Goodwill',
      amount: 7499,
      cards: [
        { transactionId: first, refundAmount: 4000 },
        { transactionId: second, refundAmount: 3499 },
      ],
      idempotencyKey: key(),
    });
    expect(alone.statusCode, alone.body).toBe(200);
    const res = await post('/api/cs/refund/estimate', { orderId: order.id, returnItems: oneA });
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json().data;
    expect(e).toMatchObject({
      subtotal: 2500,
      shippingTotal: 0,
      tax: 230,
      pcAmount: 1000,
      amount: 0,
      unrefundable: 1730,
    });
    expect(e.pcAmount + e.amount + e.unrefundable).toBe(e.subtotal + e.shippingTotal + e.tax);
    const submit = await post('/api/cs/refund', {
      orderId: order.id,
      returnItems: oneA,
      reason: 'Returns',
      amount: e.amount,
      pcAmount: e.pcAmount,
      idempotencyKey: key(),
    });
    expect(submit.statusCode, submit.body).toBe(200);
    expect((await get(`/api/cs/order/${order.id}/refunds`)).json().data.order).toMatchObject({
      fullyRefunded: true,
      pcRemaining: 0,
    });
  });
});

describe('refund records name what they refunded', () => {
  it('items by product name and SKU, staff by name', async () => {
    const { order, first, second } = await twoCardOrder(db());
    const res = await post('/api/cs/refund', {
      orderId: order.id,
      returnItems: oneA,
      reason: 'Returns',
      amount: 2409,
      pcAmount: 321,
      cards: [
        { transactionId: first, refundAmount: 1285 },
        { transactionId: second, refundAmount: 1124 },
      ],
      idempotencyKey: key(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [record] = (await get(`/api/cs/order/${order.id}/refunds`)).json().data.refunds;
    expect(record.returnItems).toEqual([{ sku: 'A', quantity: 1, adjustedPrice: 2500, title: 'Lip Balm' }]);
    const [me] = await db().select().from(staffUsers).where(eq(staffUsers.id, agent.id));
    expect(record.adminUid).toBe(agent.id);
    expect(record.adminName).toBe(me!.name);
  });
});

describe('refund sums beyond 2^31 − 1 cents', () => {
  it('the order detail and the cancel rule read them exactly (bigint, not int)', async () => {
    const { order } = await twoCardOrder(db());
    const big = 2_000_000_000;
    await db().update(orderPayments).set({ amountCents: big }).where(eq(orderPayments.orderId, order.id));
    await db()
      .insert(refunds)
      .values(
        [1, 2].map((i) => ({
          id: `big-${order.id}-${i}`,
          orderId: order.id,
          reason: 'Returns',
          amountCents: big,
          pcAmountCents: big,
          currency: 'USD',
          adminUid: agent.id,
          status: 'processed' as const,
          idempotencyKey: `big-${order.id}-${i}`,
        })),
      );
    const res = await get(`/api/cs/order/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.refunds).toMatchObject({
      count: 2,
      refundedCents: 4_000_000_000,
      pcRefundedCents: 4_000_000_000,
      fullyRefunded: true,
    });
  });
});
