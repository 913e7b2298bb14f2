import { ORDER_STATE } from '@domain/reference';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureRetries,
  changeEvents,
  checkoutSubmissions,
  downstreamExports,
  failedOrders,
  orderPayments,
  orders,
  paymentTransactions,
  productCredit,
} from '../../db/schema';
import { context, key, setUpCheckoutApp } from '../../testing/checkout-app';
import { gate, heldGateway, manualLeaseClock } from '../../testing/gate';
import { downstreamPass } from '../downstream/downstream.worker';
import { captureRetryPass, MAX_CAPTURE_ATTEMPTS } from './capture.service';
import { faults } from './purchase.service';

const { app, db, post, get, customer, savedCard, cartWith } = setUpCheckoutApp();

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
      const real = app().app.ctx.gateway;
      const slowCharge = gate();
      const slowCapture = gate();
      app().app.ctx.gateway = heldGateway(real, {
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
        app().app.ctx.gateway = real;
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
    const real = app().app.ctx.gateway;
    const slowCharge = gate();
    app().app.ctx.gateway = heldGateway(real, { charge: { gate: slowCharge, when: 'after' } });
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
      app().app.ctx.gateway = real;
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
    const real = app().app.ctx.gateway;
    app().app.ctx.gateway = {
      ...real,
      tokenizeCard: (c) => real.tokenizeCard(c),
      charge: (r) => real.charge(r),
      capture: async () => Promise.reject(new Error('gateway timeout')),
      void: (r) => real.void(r),
      refund: (r) => real.refund(r),
      refundable: (id) => real.refundable(id),
    } as typeof real;
    return () => {
      app().app.ctx.gateway = real;
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
    await downstreamPass(db(), app().app.log, { sweep: true });
    expect(await db().select().from(downstreamExports).where(eq(downstreamExports.orderId, id))).toEqual([]);
    // Not due yet: the worker leaves it alone.
    await captureRetryPass(app().app.ctx);
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
      await captureRetryPass(app().app.ctx);
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
    await captureRetryPass(app().app.ctx);
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
        await captureRetryPass(app().app.ctx);
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
