import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedOrders, refunds, returns } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { rows } from '../../platform/db';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('dashboard', () => {
  it('counts today (Pacific), failures waiting, pending returns, refunds, and shows recent activity', async () => {
    const db = t.database.db;
    const customer = await insertAccount(db);
    const now = new Date();
    await insertOrder(db, customer.uid, { state: 3, dateCreatedUtc: now });
    await insertOrder(db, customer.uid, { state: 3, dateCreatedUtc: now });
    const shipped = await insertOrder(db, customer.uid, { state: 5, dateCreatedUtc: now });
    await insertOrder(db, customer.uid, {
      state: 5,
      dateCreatedUtc: new Date(now.getTime() - 3 * 86_400_000),
    });
    await db.insert(failedOrders).values([
      { orderId: shipped.id, dateCreatedUtc: now, errorMessage: 'Downstream rejected the order' },
      { orderId: shipped.id, dateCreatedUtc: null, errorMessage: 'No date' },
      { orderId: shipped.id, dateCreatedUtc: now, errorMessage: 'Fixed', resolvedAt: now },
    ]);
    await db.insert(returns).values([
      { id: 'R1', orderId: shipped.id, legacyOrderId: shipped.orderId, returnStatus: 1 },
      { id: 'R2', orderId: shipped.id, legacyOrderId: shipped.orderId, returnStatus: 3 },
    ]);
    await db.insert(refunds).values([
      {
        id: 'RF1',
        orderId: shipped.id,
        reason: 'Damaged',
        amountCents: 1250,
        pcAmountCents: 250,
        currency: 'USD',
        adminUid: 'x',
        idempotencyKey: 'k1',
      },
      {
        id: 'RF2',
        orderId: shipped.id,
        reason: 'Old',
        amountCents: 999,
        currency: 'USD',
        adminUid: 'x',
        idempotencyKey: 'k2',
        timestamp: new Date(now.getTime() - 5 * 86_400_000),
      },
    ]);
    await recordChange(db, {
      collection: 'orders-log',
      entityId: shipped.id,
      action: 'order.comment',
      actor: { id: 'a', email: 'agent@example.com', name: 'Agent' },
      before: {},
      after: { comment: 'Called the customer' },
    });

    const agent = await t.signIn('agent');
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: agent.headers });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const [pacific] = await rows<{ d: string }>(
      db,
      sql`select to_char(now() at time zone 'America/Los_Angeles', 'YYYY-MM-DD') as d`,
    );
    expect(d.today).toBe(pacific!.d);
    expect(d.ordersToday).toEqual([
      { state: 3, name: 'Captured', count: 2 },
      { state: 5, name: 'Shipped', count: 1 },
    ]);
    expect(d.ordersTodayTotal).toBe(3);
    expect(d.failedOrdersWaiting).toBe(2);
    expect(d.pendingReturns).toBe(1);
    expect(d.refundsToday).toEqual({ count: 1, byCurrency: [{ currency: 'USD', amountCents: 1500 }] });
    expect(d.ordersByDay).toHaveLength(14);
    expect(d.ordersByDay.at(-1)).toMatchObject({ date: d.today, count: 3, byState: { '3': 2, '5': 1 } });
    expect(d.ordersByDay.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(4);
    expect(d.recentActivity.find((a: { collection: string }) => a.collection === 'orders-log')).toMatchObject(
      {
        entityId: shipped.id,
        changedBy: 'agent@example.com',
        changes: 1,
      },
    );
  });
});
