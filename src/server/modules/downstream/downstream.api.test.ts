import { isPhoenixOrderId, OrderProcess } from '@domain/downstream/downstream';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeEvents,
  downstreamExports,
  failedOrders,
  orderLines,
  orderPayments,
  orders,
} from '../../db/schema';
import type { Database } from '../../platform/db';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { enqueueExport, processExports } from './downstream.export';
import { sweepCaptured } from './downstream.repo';
import { downstreamWorker } from './downstream.worker';

let t: TestApp;
let agent: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const ADDRESS = {
  firstName: 'Jane',
  lastName: 'Doe',
  address: '1200 Barton Springs Rd',
  city: 'Austin',
  region: 'TX',
  postalCode: '78704',
  country: 'US',
  countryId: 1,
  telephone: '5125550134',
};

/** A captured order that passes every export rule, with one line and one card payment. */
async function capturedOrder(overrides: Partial<typeof orders.$inferInsert> = {}) {
  const account = await insertAccount(t.database.db);
  const order = await insertOrder(t.database.db, account.uid, {
    customerPhoenixId: account.phoenixId,
    shippingMethodId: 3,
    shippingAddress: ADDRESS,
    prePromoSubtotalCents: 5000,
    discountCents: 0,
    subtotalCents: 5000,
    shippingCents: 695,
    taxCents: 412,
    grandTotalCents: 6107,
    paymentState: 'captured',
    dateCapturedUtc: new Date(),
    cv: 40,
    pv: 40,
    qv: 40,
    ...overrides,
  });
  await t.database.db.insert(orderLines).values({
    orderId: order.id,
    lineNo: 1,
    sku: '1001',
    title: 'Lip Balm',
    quantity: 2,
    priceCents: 2500,
    adjustedPriceCents: 2500,
    totalCents: 5000,
    cv: 40,
    pv: 40,
    qv: 40,
  });
  await t.database.db.insert(orderPayments).values({
    orderId: order.id,
    method: 'card',
    brand: 'Visa',
    accountNumber: '4242',
    transactionId: `txn_${order.id}`,
    amountCents: 6107,
    currency: 'USD',
  });
  return order;
}

const exportOf = async (id: string) =>
  (await t.database.db.select().from(downstreamExports).where(eq(downstreamExports.orderId, id)))[0];
const orderOf = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const openFailuresOf = (id: string) =>
  t.database.db
    .select()
    .from(failedOrders)
    .where(and(eq(failedOrders.orderId, id), isNull(failedOrders.resolvedAt)));
const logOf = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(changeEvents)
      .where(and(eq(changeEvents.collection, 'orders-log'), eq(changeEvents.entityId, id)))
      .orderBy(changeEvents.id)
  ).map((e) => e.action);

const drain = async (db = t.database.db) => {
  while ((await processExports(db, t.app.log, 3)) > 0) {}
};
const listFailed = (query = '') =>
  t.app.inject({ method: 'GET', url: `/api/cs/failedOrders${query}`, headers: agent.headers });
const retry = (ids: unknown, headers = agent.headers) =>
  t.app.inject({ method: 'POST', url: '/api/cs/failedOrders/retry', payload: { ids }, headers });

describe('downstream export worker', () => {
  it('exports a queued captured order with a 9-digit Phoenix order id, audited', async () => {
    const order = await capturedOrder();
    await t.database.db.transaction((tx) => enqueueExport(tx, order.id));
    await drain();
    const after = await orderOf(order.id);
    expect(isPhoenixOrderId(after.phoenixOrderId!)).toBe(true);
    expect(await exportOf(order.id)).toMatchObject({ status: 'exported', attempts: 1, lastError: null });
    expect(await logOf(order.id)).toEqual(['downstream.queued', 'downstream.exported']);
  });

  it('the sweep queues captured orders that have no queue row, and only those', async () => {
    const missing = await capturedOrder();
    const pending = await capturedOrder({ collection: 'orders', dateCapturedUtc: null, state: 1 });
    const cancelled = await capturedOrder({ state: 7 });
    const exported = await capturedOrder({ phoenixOrderId: 987_654_321 });
    let queued = 0;
    while (true) {
      const n = await sweepCaptured(t.database.db, 100);
      if (n === 0) break;
      queued += n;
    }
    expect(queued).toBeGreaterThanOrEqual(1);
    expect(await exportOf(missing.id)).toMatchObject({ status: 'pending' });
    for (const o of [pending, cancelled, exported]) expect(await exportOf(o.id)).toBeUndefined();
    expect(await logOf(missing.id)).toEqual(['downstream.queued']);
    await drain();
    expect((await orderOf(missing.id)).phoenixOrderId).not.toBeNull();
  });

  it('a failing order becomes a failed order with context.orderId and the reason', async () => {
    const order = await capturedOrder({ shippingAddress: { ...ADDRESS, postalCode: 'K1A 0B1' } });
    await enqueueExport(t.database.db, order.id);
    await drain();
    expect((await orderOf(order.id)).phoenixOrderId).toBeNull();
    expect(await exportOf(order.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'Phoenix rejected order: postal code K1A 0B1 is not valid for United States',
    });
    const [failure] = await openFailuresOf(order.id);
    expect(failure).toMatchObject({ errorCode: 'ADDRESS_INVALID' });
    expect(failure!.dateCreatedUtc).toBeInstanceOf(Date);
    expect(failure!.context).toMatchObject({ orderId: String(order.orderId), attempts: 1 });
    expect(await logOf(order.id)).toEqual(['downstream.queued', 'downstream.failed']);
  });

  it('does not export an order cancelled while it waited', async () => {
    const order = await capturedOrder();
    await enqueueExport(t.database.db, order.id);
    await t.database.db.update(orders).set({ state: 7 }).where(eq(orders.id, order.id));
    await drain();
    expect(await exportOf(order.id)).toMatchObject({ status: 'cancelled' });
    expect((await orderOf(order.id)).phoenixOrderId).toBeNull();
  });

  it('skips Phoenix order ids already taken by orders from elsewhere', async () => {
    const res = (await t.database.db.execute(
      sql`select last_value, is_called from phoenix_order_id_seq`,
    )) as unknown as {
      rows: { last_value: string | number; is_called: boolean }[];
    };
    const seq = res.rows[0]!;
    const upcoming = Number(seq.last_value) + (seq.is_called ? 1 : 0);
    const holder = await capturedOrder({ phoenixOrderId: upcoming });
    const order = await capturedOrder();
    await enqueueExport(t.database.db, order.id);
    await drain();
    const assigned = (await orderOf(order.id)).phoenixOrderId!;
    expect(assigned).not.toBe(holder.phoenixOrderId);
    expect(assigned).toBeGreaterThan(upcoming);
  });
});

/** Several workers on their own connections (PostgreSQL) or interleaved on one (PGlite). */
async function concurrentWorkers(n: number) {
  const extra: Database[] = [];
  const connect = (t.database as Database & { connectAgain?: () => Promise<Database> }).connectAgain;
  for (let i = 0; i < n; i++) if (connect) extra.push(await connect());
  const dbs = extra.length > 0 ? extra.map((d) => d.db) : Array.from({ length: n }, () => t.database.db);
  let claims = 0;
  await Promise.all(
    dbs.map(async (db) => {
      for (;;) {
        const claimed = await processExports(db, t.app.log, 2);
        if (claimed === 0) break;
        claims += claimed;
      }
    }),
  );
  for (const d of extra) await d.close();
  return claims;
}

describe('downstream export with several workers', () => {
  it('four workers at once export every order exactly once, each with its own id', async () => {
    const batch = [];
    for (let i = 0; i < 24; i++) batch.push(await capturedOrder());
    const ids = batch.map((o) => o.id);
    for (const id of ids) await enqueueExport(t.database.db, id);
    const claims = await concurrentWorkers(4);
    expect(claims).toBeGreaterThanOrEqual(24);
    const exported = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
    const phoenixIds = exported.map((o) => o.phoenixOrderId);
    expect(phoenixIds.every((id) => id !== null && isPhoenixOrderId(id))).toBe(true);
    expect(new Set(phoenixIds).size).toBe(24);
    const rows = await t.database.db
      .select()
      .from(downstreamExports)
      .where(inArray(downstreamExports.orderId, ids));
    expect(rows.every((r) => r.status === 'exported' && r.attempts === 1)).toBe(true);
    const events = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(changeEvents)
      .where(and(inArray(changeEvents.entityId, ids), eq(changeEvents.action, 'downstream.exported')));
    expect(events[0]!.n).toBe(24);
  });
});

describe('failed orders: list and retry', () => {
  it('lists open failures newest first, undated last, with the order and customer', async () => {
    const a = await capturedOrder({ customerPhoenixId: null });
    const b = await capturedOrder({ customerPhoenixId: null });
    const c = await capturedOrder({ customerPhoenixId: null });
    for (const o of [a, b, c]) await enqueueExport(t.database.db, o.id);
    await drain();
    await t.database.db
      .update(failedOrders)
      .set({ dateCreatedUtc: new Date('2030-01-01T00:00:00Z') })
      .where(eq(failedOrders.orderId, a.id));
    await t.database.db
      .update(failedOrders)
      .set({ dateCreatedUtc: new Date('2030-01-02T00:00:00Z') })
      .where(eq(failedOrders.orderId, b.id));
    await t.database.db
      .update(failedOrders)
      .set({ dateCreatedUtc: null })
      .where(eq(failedOrders.orderId, c.id));
    const first = await listFailed('?limit=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.data.map((f: { orderDocId: string }) => f.orderDocId)).toEqual([b.id, a.id]);
    expect(body.hasMore).toBe(true);
    expect(body.data[0]).toMatchObject({
      orderId: b.orderId,
      customerUid: b.customerUid,
      errorCode: 'ACCOUNT_NOT_FOUND',
      attempts: 1,
      context: { orderId: String(b.orderId), dateCreatedUTC: '2030-01-02T00:00:00.000Z' },
    });
    const all = (await listFailed('?limit=200')).json().data as {
      orderDocId: string;
      context: { dateCreatedUTC: string | null };
    }[];
    const undated = all.findIndex((f) => f.context.dateCreatedUTC === null);
    expect(all.slice(undated).every((f) => f.context.dateCreatedUTC === null)).toBe(true);
    expect(all.some((f) => f.orderDocId === c.id)).toBe(true);
  });

  it('retry after fixing the data exports the order and resolves the failed entry; it drops off', async () => {
    const order = await capturedOrder({ shippingAddress: { ...ADDRESS, city: '' } });
    await enqueueExport(t.database.db, order.id);
    await drain();
    const [failure] = await openFailuresOf(order.id);
    expect(failure!.errorCode).toBe('ADDRESS_INCOMPLETE');

    // Unfixed: fails again, the same entry updated, attempts counted.
    const again = await retry([failure!.id]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      success: true,
      message: '1 failed again',
      data: [{ id: failure!.id, outcome: 'failed', orderDocId: order.id }],
    });
    expect(await openFailuresOf(order.id)).toHaveLength(1);
    expect(await exportOf(order.id)).toMatchObject({ status: 'failed', attempts: 2 });

    const fix = await t.app.inject({
      method: 'PUT',
      url: `/api/cs/order/${order.id}/shippingAddress`,
      headers: agent.headers,
      payload: { ...ADDRESS, companyName: '', address2: '' },
    });
    expect(fix.statusCode).toBe(200);
    const res = await retry([failure!.id]);
    const [result] = res.json().data;
    expect(result).toMatchObject({ outcome: 'exported', id: failure!.id });
    expect(isPhoenixOrderId(result.phoenixOrderId)).toBe(true);
    expect((await orderOf(order.id)).phoenixOrderId).toBe(result.phoenixOrderId);
    expect(await openFailuresOf(order.id)).toHaveLength(0);
    const [resolved] = await t.database.db
      .select()
      .from(failedOrders)
      .where(eq(failedOrders.id, failure!.id));
    expect(resolved!.resolvedBy).toBe(agent.email);
    const listed = (await listFailed('?limit=200')).json().data as { id: number }[];
    expect(listed.some((f) => f.id === failure!.id)).toBe(false);
    expect(await logOf(order.id)).toEqual([
      'downstream.queued',
      'downstream.failed',
      'downstream.retry',
      'downstream.failed',
      'order.shippingAddress',
      'downstream.retry',
      'downstream.exported',
    ]);

    // Retrying it once more changes nothing.
    const twice = await retry([failure!.id, 999_999_999]);
    expect(twice.json().data.map((r: { outcome: string }) => r.outcome)).toEqual([
      'alreadyResolved',
      'notFound',
    ]);
    expect((await orderOf(order.id)).phoenixOrderId).toBe(result.phoenixOrderId);
  });

  it('retries many at once, each with its own result', async () => {
    const good = await capturedOrder({ customerPhoenixId: null });
    const bad = await capturedOrder({ customerPhoenixId: null });
    for (const o of [good, bad]) await enqueueExport(t.database.db, o.id);
    await drain();
    await t.database.db.update(orders).set({ customerPhoenixId: 777_001 }).where(eq(orders.id, good.id));
    const [fGood] = await openFailuresOf(good.id);
    const [fBad] = await openFailuresOf(bad.id);
    const res = await retry([fGood!.id, fBad!.id]);
    expect(res.json().message).toBe('1 exported, 1 failed again');
    expect(res.json().data.map((r: { outcome: string }) => r.outcome)).toEqual(['exported', 'failed']);
  });

  it('refuses bad input with 400 and writes nothing; unknown paths 404', async () => {
    for (const ids of [[], ['1'], [0], [1, 1], 'x'])
      expect((await retry(ids)).statusCode, JSON.stringify(ids)).toBe(400);
    expect((await listFailed('?page=0')).statusCode).toBe(400);
    expect((await listFailed('?limit=x')).statusCode).toBe(400);
    const process = await t.app.inject({
      method: 'GET',
      url: '/api/cs/order/NOPE123/process',
      headers: agent.headers,
    });
    expect(process.statusCode).toBe(404);
    const badId = await t.app.inject({
      method: 'GET',
      url: '/api/cs/order/a%20b/process',
      headers: agent.headers,
    });
    expect(badId.statusCode).toBe(400);
    const order = await capturedOrder();
    const before = await logOf(order.id);
    const badAddress = await t.app.inject({
      method: 'PUT',
      url: `/api/cs/order/${order.id}/shippingAddress`,
      headers: agent.headers,
      payload: { ...ADDRESS, postalCode: 'nope' },
    });
    expect(badAddress.statusCode).toBe(400);
    expect(await logOf(order.id)).toEqual(before);
  });

  it('refuses a ZIP code of another state on the postal code field, as the address form does (ADR 029)', async () => {
    const order = await capturedOrder();
    const before = await logOf(order.id);
    const addressBefore = (await orderOf(order.id)).shippingAddress;
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/cs/order/${order.id}/shippingAddress`,
        headers: agent.headers,
        payload,
      });
    const elsewhere = await put({ ...ADDRESS, postalCode: '10001' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      success: false,
      error: 'Zip Code 10001 is in New York, not Texas.',
      issues: [{ path: 'body.postalCode', message: 'Zip Code 10001 is in New York, not Texas.' }],
    });
    const unknown = await put({ ...ADDRESS, postalCode: '00000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Zip Code 00000 was not found.');
    expect(await logOf(order.id)).toEqual(before);
    expect((await orderOf(order.id)).shippingAddress).toEqual(addressBefore);
    // The same address with a ZIP code of Texas is taken.
    expect((await put({ ...ADDRESS, postalCode: '78701' })).statusCode).toBe(200);
    expect((await orderOf(order.id)).shippingAddress).toMatchObject({ region: 'TX', postalCode: '78701' });
  });

  it('an order already in Phoenix keeps its address here (409)', async () => {
    const order = await capturedOrder({ phoenixOrderId: 912_345_678 });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/cs/order/${order.id}/shippingAddress`,
      headers: agent.headers,
      payload: ADDRESS,
    });
    expect(res.statusCode).toBe(409);
  });

  it('needs a session; every role reads and retries', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cs/failedOrders' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/cs/failedOrders/retry', payload: { ids: [1] } }))
        .statusCode,
    ).toBe(401);
    for (const role of ['leader', 'fraudAgent', 'salesOperatorManager', 'developer'] as const) {
      const who = await t.signIn(role);
      expect((await listFailed()).statusCode).toBe(200);
      expect((await retry([999_999_998], who.headers)).json().data[0].outcome).toBe('notFound');
    }
  });
});

describe('order process view', () => {
  it('shows the export, its attempts, failures and the orders-log history', async () => {
    const order = await capturedOrder({ customerPhoenixId: null, dhlHoldStatus: 'HOLD' });
    await enqueueExport(t.database.db, order.id);
    await drain();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/cs/order/${order.id}/process`,
      headers: agent.headers,
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.order).toMatchObject({
      id: order.id,
      orderId: order.orderId,
      phoenixOrderId: null,
      dhlHoldStatus: 'HOLD',
      stateName: 'Captured',
    });
    expect(data.export).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(data.failures).toHaveLength(1);
    expect(data.failures[0]).toMatchObject({ errorCode: 'ACCOUNT_NOT_FOUND', resolvedAt: null });
    expect(data.history.map((h: { action: string }) => h.action)).toEqual([
      'downstream.failed',
      'downstream.queued',
    ]);
    // What the browser receives (JSON, no undefined) passes the contract it checks.
    expect(OrderProcess.safeParse(data).success).toBe(true);
    expect(data.history[1].changes).toEqual([
      { path: 'downstreamExport', before: null, after: { status: 'pending', attempts: 0 } },
    ]);
    expect(data.history[0].changes).toContainEqual({
      path: 'downstreamExport.status',
      before: 'pending',
      after: 'failed',
    });
  });

  it('an order never queued has no export', async () => {
    const order = await capturedOrder();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/cs/order/${order.id}/process`,
      headers: agent.headers,
    });
    expect(res.json().data).toMatchObject({ export: null, failures: [], history: [] });
  });
});

describe('the worker the app runs', () => {
  it('sweeps captured orders nobody queued and exports them', async () => {
    const order = await capturedOrder();
    const worker = downstreamWorker();
    expect(worker.name).toBe('downstream');
    while ((await worker.tick({ db: t.database.db, log: t.app.log })) > 0) {}
    expect(isPhoenixOrderId((await orderOf(order.id)).phoenixOrderId!)).toBe(true);
    expect(await logOf(order.id)).toEqual(['downstream.queued', 'downstream.exported']);
  });
});
