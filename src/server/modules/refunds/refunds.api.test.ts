import type { PaymentGateway } from '@domain/payments/gateway';
import { REFUND_MESSAGES } from '@domain/refunds/refund-math';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeEvents,
  idempotencyKeys,
  orderPayments,
  paymentTransactions,
  productCredit,
  refunds,
  returns,
} from '../../db/schema';
import { gate, heldGateway, manualLeaseClock } from '../../testing/gate';
import { twoCardOrder } from '../../testing/refund-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { faults, finishStalledRefunds } from './refund-submit.service';

let t: TestApp;
let agent: SignedIn;
let leader: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  [agent, leader] = await Promise.all([t.signIn('agent'), t.signIn('leader')]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const post = (url: string, payload: unknown, who = agent, app = t.app) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: who.headers });
let k = 0;
const newKey = () => `test-key-${++k}-${Math.random().toString(36).slice(2)}`;

const oneA = [{ sku: 'A', quantity: 1, adjustedPrice: 2500 }];
/** One A, no shipping: 27.30 of which 3.21 product credit and 24.09 on the cards (12.85 + 11.24). */
const partial = (orderId: string, first: string, second: string, extra: object = {}) => ({
  orderId,
  returnItems: oneA,
  returnShipping: false,
  reason: 'Defective / Damaged Item',
  amount: 2409,
  pcAmount: 321,
  cards: [
    { transactionId: first, refundAmount: 1285 },
    { transactionId: second, refundAmount: 1124 },
  ],
  idempotencyKey: newKey(),
  ...extra,
});
const refundsOfOrder = (id: string) => db().select().from(refunds).where(eq(refunds.orderId, id));
const paymentsOf = (id: string) =>
  db().select().from(orderPayments).where(eq(orderPayments.orderId, id)).orderBy(orderPayments.id);

describe('POST /api/cs/refund/estimate', () => {
  it('answers the hand-computed figures, the split by what remains and the refundable items', async () => {
    const { order, first, second } = await twoCardOrder(db());
    const res = await post('/api/cs/refund/estimate', {
      orderId: order.id,
      returnItems: oneA,
      returnShipping: false,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      amount: 2409,
      pcAmount: 321,
      tax: 230,
      subtotal: 2500,
      shippingTotal: 0,
      problem: null,
    });
    expect(data.clawback).toEqual({ cv: 5, pv: 10, qv: 10 });
    expect(data.cards).toEqual([
      { transactionId: first, refundAmount: 1285 },
      { transactionId: second, refundAmount: 1124 },
    ]);
    expect(
      data.order.refundable.map((r: { sku: string; refundable: number }) => [r.sku, r.refundable]),
    ).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
    const override = await post('/api/cs/refund/estimate', {
      orderId: order.id,
      returnItems: oneA,
      autoRefund: {
        flags: { override: true },
        overriddenCards: [{ transactionId: first, refundAmount: 2000 }],
      },
    });
    expect(override.json().data.problem).toBe(REFUND_MESSAGES.sumMismatch);
    const selected = await post('/api/cs/refund/estimate', {
      orderId: order.id,
      returnItems: oneA,
      autoRefund: { selectedCardsTransactionIds: [second] },
    });
    expect(selected.json().data.cards).toEqual([
      { transactionId: first, refundAmount: 0 },
      { transactionId: second, refundAmount: 2409 },
    ]);
  });

  it('refuses a quantity above what is refundable with a 400 naming it', async () => {
    const { order } = await twoCardOrder(db());
    const res = await post('/api/cs/refund/estimate', {
      orderId: order.id,
      returnItems: [{ sku: 'A', quantity: 3, adjustedPrice: 2500 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Only 2 of SKU A can still be refunded.');
    expect((await post('/api/cs/refund/estimate', { orderId: 'NOPE', returnItems: [] })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/cs/refund', () => {
  it('refunds each card its share, gives the credit back to the ledger, opens a return and records it all', async () => {
    const { order, customer, first, second, gateway } = await twoCardOrder(db());
    const res = await post('/api/cs/refund', partial(order.id, first, second));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Processed refund successfully.' });
    expect(body.data).toMatchObject({
      status: 'processed',
      amount: 2409,
      pcAmount: 321,
      tax: 230,
      valid: true,
    });
    expect(body.data.cards.map((c: { status: string }) => c.status)).toEqual(['succeeded', 'succeeded']);
    const payments = await paymentsOf(order.id);
    expect(payments.map((p) => p.refundedCents)).toEqual([1285, 1124, 321]);
    expect(await gateway.refundable(first)).toBe(4000 - 1285);
    const [credit] = await db()
      .select()
      .from(productCredit)
      .where(eq(productCredit.accountUid, customer.uid));
    expect(credit!.balanceCents).toBe(321);
    const [ret] = await db().select().from(returns).where(eq(returns.orderId, order.id));
    expect(ret).toMatchObject({
      returnStatus: 1,
      refundId: body.data.id,
      items: [{ sku: 'A', quantity: 1 }],
    });
    const events = await db()
      .select()
      .from(changeEvents)
      .where(and(eq(changeEvents.entityId, order.id), like(changeEvents.action, 'order.refund%')));
    expect(events.map((e) => e.action).sort()).toEqual(['order.refund', 'order.refund.status']);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/cs/order/${order.id}/refunds`,
      headers: agent.headers,
    });
    expect(list.json().data.refunds).toHaveLength(1);
    expect(list.json().data.order.refundable[0]).toMatchObject({ sku: 'A', refunded: 1, refundable: 1 });
  });

  it('names the staff member of a refund recorded with only their id', async () => {
    const { order, first, second } = await twoCardOrder(db());
    expect((await post('/api/cs/refund', partial(order.id, first, second))).statusCode).toBe(200);
    // Refunds from before names were kept (and imported ones) hold only the staff member's id.
    await db().update(refunds).set({ adminName: null }).where(eq(refunds.orderId, order.id));
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/cs/order/${order.id}/refunds`,
      headers: leader.headers,
    });
    const [refund] = list.json().data.refunds;
    expect(refund.adminUid).toBe(agent.id);
    expect(refund.adminName).toMatch(/^agent \d+$/);
  });

  it("refuses the spec's split errors word for word and writes nothing", async () => {
    const { order, first, second } = await twoCardOrder(db());
    const cases: [object, string][] = [
      [
        {
          cards: [
            { transactionId: first, refundAmount: 2000 },
            { transactionId: second, refundAmount: 0 },
          ],
        },
        REFUND_MESSAGES.sumMismatch,
      ],
      [
        {
          cards: [
            { transactionId: first, refundAmount: 4001 },
            { transactionId: second, refundAmount: null },
          ],
          amount: 4001,
          pcAmount: 0,
          returnItems: [{ sku: 'A', quantity: 2, adjustedPrice: 2500 }],
        },
        REFUND_MESSAGES.cardExceeds,
      ],
      [{ amount: 0, pcAmount: 0, cards: [] }, REFUND_MESSAGES.nothingSelected],
      [{ amount: 2409, pcAmount: 1000 }, REFUND_MESSAGES.overSelection],
    ];
    for (const [change, message] of cases) {
      const res = await post('/api/cs/refund', partial(order.id, first, second, change));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await refundsOfOrder(order.id)).toHaveLength(0);
    expect((await paymentsOf(order.id)).map((p) => p.refundedCents)).toEqual([0, 0, 0]);
  });

  it('a whole refund over two steps adds up to the grand total; then a leader may cancel', async () => {
    const { order, first, second } = await twoCardOrder(db(), { order: { isMembership: true } });
    await post('/api/cs/refund', partial(order.id, first, second));
    const rest = await post('/api/cs/refund/estimate', {
      orderId: order.id,
      returnItems: [oneA[0], { sku: 'B', quantity: 1, adjustedPrice: 1999 }],
      returnShipping: true,
    });
    const e = rest.json().data;
    expect(e).toMatchObject({ amount: 5090, pcAmount: 679 });
    const res = await post('/api/cs/refund', {
      orderId: order.id,
      returnItems: [oneA[0], { sku: 'B', quantity: 1, adjustedPrice: 1999 }],
      returnShipping: true,
      reason: 'Returns',
      amount: e.amount,
      pcAmount: e.pcAmount,
      cards: e.cards,
      idempotencyKey: newKey(),
    });
    expect(res.json().success).toBe(true);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/cs/order/${order.id}/refunds`,
      headers: agent.headers,
    });
    expect(list.json().data.order).toMatchObject({ refunded: 7499, fullyRefunded: true });
    const cancel = await post(
      `/api/cs/cancelOrder/${order.id}`,
      { ticket: 'T-1', reason: 'Customer asked' },
      leader,
    );
    expect(cancel.statusCode).toBe(200);
  });

  it("the alternative payment method answers the spec's other message with its 2 business days note", async () => {
    const { order, first, second } = await twoCardOrder(db());
    await db()
      .update(orderPayments)
      .set({ method: 'alternative' })
      .where(eq(orderPayments.transactionId, second));
    const res = await post('/api/cs/refund', partial(order.id, first, second));
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Successfully processed refund.',
      notice: 'The request was made to the provider and may take up to 2 business days.',
    });
  });

  it('an unauthenticated call is refused at both paths', async () => {
    for (const url of [
      '/api/cs/refund',
      '/api/refund/refund',
      '/api/cs/retryRefund',
      '/api/cs/refund/estimate',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('idempotency', () => {
  it('same key and body: the first answer, one refund; another body under the key: 422', async () => {
    const { order, first, second } = await twoCardOrder(db());
    const body = partial(order.id, first, second);
    const a = await post('/api/refund/refund', body);
    const b = await post('/api/cs/refund', body);
    expect(b.json()).toEqual(a.json());
    const c = await post('/api/cs/refund', { ...body, reason: 'Something else' });
    expect(c.statusCode).toBe(422);
    expect(await refundsOfOrder(order.id)).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, body.idempotencyKey));
    expect(row).toMatchObject({ status: 'done', resourceId: a.json().data.id });
  });

  it('takes the key from the Idempotency-Key header; without any key, a clear 400 and no refund', async () => {
    const { order, first, second } = await twoCardOrder(db());
    const { idempotencyKey, ...body } = partial(order.id, first, second);
    const none = await post('/api/cs/refund', body);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(/^An idempotency key is required/);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/cs/refund',
        payload: body,
        headers: { ...agent.headers, 'idempotency-key': idempotencyKey },
      });
    const [a, b] = [await send(), await send()];
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(await refundsOfOrder(order.id)).toHaveLength(1);
  });

  it('50 concurrent submissions with one key make exactly one refund', async () => {
    const { order, first, second, gateway } = await twoCardOrder(db());
    const body = partial(order.id, first, second);
    const answers = await Promise.all(Array.from({ length: 50 }, () => post('/api/cs/refund', body)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const ids = new Set(answers.filter((r) => r.statusCode === 200).map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect(await refundsOfOrder(order.id)).toHaveLength(1);
    expect(await gateway.refundable(first)).toBe(4000 - 1285);
    expect((await paymentsOf(order.id)).map((p) => p.refundedCents)).toEqual([1285, 1124, 321]);
  });

  it('two app processes submitting the same key make exactly one refund', async () => {
    const other = await t.anotherApp();
    const { order, first, second, gateway } = await twoCardOrder(db());
    const body = partial(order.id, first, second);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/api/cs/refund', body, agent, i % 2 === 0 ? t.app : other)),
    );
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await refundsOfOrder(order.id)).toHaveLength(1);
    expect(await gateway.refundable(second)).toBe(3499 - 1124);
  });
});

describe('failed legs and retry', () => {
  it('a failed leg is recorded; retry pays only that leg, with its original key, and says one thing', async () => {
    // The second card's first refund attempt fails (test card 4000000000000259).
    const { order, first, second, gateway } = await twoCardOrder(db(), { secondCard: '4000000000000259' });
    const res = await post('/api/cs/refund', partial(order.id, first, second));
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.data.status).toBe('failed');
    expect(body.data.cards.map((c: { status: string }) => c.status)).toEqual(['succeeded', 'failed']);
    expect((await paymentsOf(order.id)).map((p) => p.refundedCents)).toEqual([1285, 0, 321]);
    const retry = await post('/api/cs/retryRefund', body.data);
    expect(retry.json()).toMatchObject({ success: true, message: 'Processed refund successfully.' });
    expect(retry.json().data.status).toBe('processed');
    expect((await paymentsOf(order.id)).map((p) => p.refundedCents)).toEqual([1285, 1124, 321]);
    const legTx = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.parentTransactionId, first));
    expect(legTx).toHaveLength(1);
    expect(legTx[0]!.attempts).toBe(1);
    const secondLeg = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.parentTransactionId, second));
    expect(secondLeg.map((x) => [x.status, x.attempts, x.idempotencyKey])).toEqual([
      ['succeeded', 2, body.data.cards[1].idempotencyKey],
    ]);
    expect(await gateway.refundable(second)).toBe(3499 - 1124);
    expect((await post('/api/cs/retryRefund', { id: body.data.id })).statusCode).toBe(409);
  });

  it('a retry that fails again answers only "Retry failed."', async () => {
    const { order, first, second } = await twoCardOrder(db(), { secondCard: '4000000000000341' });
    const body = (await post('/api/cs/refund', partial(order.id, first, second))).json();
    const retry = await post('/api/cs/retryRefund', { id: body.data.id });
    expect(retry.json()).toMatchObject({ success: false, message: 'Retry failed.' });
    expect(retry.json().data.retries).toBe(1);
  });

  it('a process killed between card legs leaves a record that retry completes, no leg paid twice', async () => {
    const { order, first, second, gateway } = await twoCardOrder(db());
    const real = t.app.ctx.gateway;
    let calls = 0;
    // The gateway refunds the first leg, then the process "dies" before writing the outcome.
    const crashing: PaymentGateway = {
      ...real,
      tokenizeCard: (c) => real.tokenizeCard(c),
      charge: (r) => real.charge(r),
      capture: (r) => real.capture(r),
      void: (r) => real.void(r),
      refundable: (id) => real.refundable(id),
      refund: async (r) => {
        const result = await real.refund(r);
        if (++calls === 1) throw new Error('simulated crash after the first leg');
        return result;
      },
    };
    t.app.ctx.gateway = crashing;
    const body = partial(order.id, first, second);
    try {
      const res = await post('/api/cs/refund', body);
      expect(res.statusCode).toBe(500);
    } finally {
      t.app.ctx.gateway = real;
    }
    const [stalled] = await refundsOfOrder(order.id);
    expect(stalled!.status).toBe('pending');
    expect(stalled!.cards.map((c) => c.status)).toEqual(['pending', 'pending']);
    expect(await gateway.refundable(first)).toBe(4000 - 1285);
    // While its lease holds, the key is in flight: 409 for the same key, 409 for a retry.
    expect((await post('/api/cs/refund', body)).statusCode).toBe(409);
    expect((await post('/api/cs/retryRefund', { id: stalled!.id })).statusCode).toBe(409);
    // The lease lapses (the dead process never renews it); retry completes the refund.
    await db()
      .update(idempotencyKeys)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, body.idempotencyKey));
    const retry = await post('/api/cs/retryRefund', { id: stalled!.id });
    expect(retry.json()).toMatchObject({ success: true, message: 'Processed refund successfully.' });
    expect(await gateway.refundable(first)).toBe(4000 - 1285);
    expect(await gateway.refundable(second)).toBe(3499 - 1124);
    expect((await paymentsOf(order.id)).map((p) => p.refundedCents)).toEqual([1285, 1124, 321]);
    const firstLeg = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.parentTransactionId, first));
    expect(firstLeg).toHaveLength(1);
    // The same key now answers the finished refund.
    const again = await post('/api/cs/refund', body);
    expect(again.json()).toMatchObject({ success: true, data: { id: stalled!.id, status: 'processed' } });
  });

  it('a stalled refund is also completed by resubmitting its key once the lease lapsed', async () => {
    const { order, first, second, gateway } = await twoCardOrder(db());
    const real = t.app.ctx.gateway;
    t.app.ctx.gateway = {
      ...real,
      refund: async () => Promise.reject(new Error('simulated crash before any leg')),
      refundable: (id) => real.refundable(id),
    } as PaymentGateway;
    const body = partial(order.id, first, second);
    try {
      expect((await post('/api/cs/refund', body)).statusCode).toBe(500);
    } finally {
      t.app.ctx.gateway = real;
    }
    await db()
      .update(idempotencyKeys)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, body.idempotencyKey));
    const res = await post('/api/cs/refund', body);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'processed' } });
    expect(await refundsOfOrder(order.id)).toHaveLength(1);
    expect(await gateway.refundable(first)).toBe(4000 - 1285);
  });
});

describe('attempts that outlive their lease, and refunds left pending (ADR 021)', () => {
  const lapse = (key: string) =>
    db()
      .update(idempotencyKeys)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, key));
  let clock: ReturnType<typeof manualLeaseClock>;
  beforeAll(() => {
    clock = manualLeaseClock();
  });
  afterAll(() => clock.restore());

  it('an attempt that stalled before writing, taken over by a resend, answers the same refund (not 400, not a second)', async () => {
    const { order, first, second, gateway } = await twoCardOrder(db());
    const body = partial(order.id, first, second);
    const slow = gate();
    let calls = 0;
    faults.beforeCreate = async () => {
      if (++calls === 1) await slow.pass();
    };
    try {
      const stalled = post('/api/cs/refund', body);
      await slow.entered;
      await lapse(body.idempotencyKey);
      const resent = await post('/api/cs/refund', body);
      expect(resent.statusCode, resent.body).toBe(200);
      slow.open();
      const late = await stalled;
      expect(late.statusCode, late.body).toBe(200);
      expect(late.json()).toMatchObject({
        success: true,
        data: { id: resent.json().data.id, status: 'processed' },
      });
    } finally {
      faults.beforeCreate = null;
    }
    expect(await refundsOfOrder(order.id)).toHaveLength(1);
    expect(await gateway.refundable(first)).toBe(4000 - 1285);
    expect((await paymentsOf(order.id)).map((p) => p.refundedCents)).toEqual([1285, 1124, 321]);
  });

  it('a refund left pending by a crash is finished by the worker once its lease lapsed, no leg paid twice', async () => {
    const { order, first, second, gateway } = await twoCardOrder(db());
    const real = t.app.ctx.gateway;
    let calls = 0;
    t.app.ctx.gateway = {
      ...real,
      tokenizeCard: (c) => real.tokenizeCard(c),
      charge: (r) => real.charge(r),
      capture: (r) => real.capture(r),
      void: (r) => real.void(r),
      refundable: (id) => real.refundable(id),
      refund: async (r) => {
        const result = await real.refund(r);
        if (++calls === 1) throw new Error('simulated crash after the first leg');
        return result;
      },
    };
    const body = partial(order.id, first, second);
    try {
      expect((await post('/api/cs/refund', body)).statusCode).toBe(500);
    } finally {
      t.app.ctx.gateway = real;
    }
    const [stalled] = await refundsOfOrder(order.id);
    expect(stalled!.status).toBe('pending');
    // While the lease holds, the worker leaves it alone (its attempt may still be at work).
    expect(await finishStalledRefunds(t.app.ctx)).toBe(0);
    await lapse(body.idempotencyKey);
    expect(await finishStalledRefunds(t.app.ctx)).toBe(1);
    const [done] = await refundsOfOrder(order.id);
    expect(done).toMatchObject({ id: stalled!.id, status: 'processed' });
    expect(await gateway.refundable(first)).toBe(4000 - 1285);
    expect(await gateway.refundable(second)).toBe(3499 - 1124);
    expect((await paymentsOf(order.id)).map((p) => p.refundedCents)).toEqual([1285, 1124, 321]);
    const firstLeg = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.parentTransactionId, first));
    expect(firstLeg).toHaveLength(1);
    // The key answers the finished refund; nothing is left for the worker.
    expect((await post('/api/cs/refund', body)).json()).toMatchObject({
      success: true,
      data: { id: stalled!.id, status: 'processed' },
    });
    expect(await finishStalledRefunds(t.app.ctx)).toBe(0);
  });

  it('the lease of the key is renewed while the legs are at the gateway', async () => {
    const { order, first, second } = await twoCardOrder(db());
    const real = t.app.ctx.gateway;
    const slow = gate();
    t.app.ctx.gateway = heldGateway(real, { refund: { gate: slow, when: 'before' } });
    const body = partial(order.id, first, second);
    try {
      const submitted = post('/api/cs/refund', body);
      await slow.entered;
      await db()
        .update(idempotencyKeys)
        .set({ leaseUntil: new Date(Date.now() + 1000) })
        .where(eq(idempotencyKeys.key, body.idempotencyKey));
      await clock.beat();
      const [row] = await db()
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, body.idempotencyKey));
      expect(row!.leaseUntil.getTime()).toBeGreaterThan(Date.now() + 20_000);
      expect((await post('/api/cs/refund', body)).statusCode).toBe(409);
      slow.open();
      expect((await submitted).json()).toMatchObject({ success: true });
    } finally {
      t.app.ctx.gateway = real;
    }
    expect(clock.running).toBe(0);
  });
});
