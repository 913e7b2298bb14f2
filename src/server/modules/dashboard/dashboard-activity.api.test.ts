import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChange } from '../../platform/audit';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Recent activity names the record a change is about apart from who made it: "Robin Lee
// deactivated, by Sam Patel" must not read as if Sam had been deactivated.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Activity {
  collection: string;
  entityId: string;
  action: string;
  changedBy: string;
  changedByName: string | null;
  subjectName: string | null;
}

describe('dashboard recent activity', () => {
  it('returns the subject of each change beside its actor', async () => {
    const leader = await t.signIn('leader');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/administrators',
      headers: leader.headers,
      payload: { name: 'Robin Lee', email: 'robin.lee@test.example.com', role: 'agent', directory: 'users' },
    });
    expect(created.statusCode).toBe(200);
    const robin = created.json().data.id as string;
    const deactivated = await t.app.inject({
      method: 'POST',
      url: `/api/administrators/${robin}/deactivate`,
      headers: leader.headers,
    });
    expect(deactivated.statusCode).toBe(200);

    const db = t.database.db;
    const customer = await insertAccount(db, { firstName: 'Ana', lastName: 'Silva' });
    const order = await insertOrder(db, customer.uid, {});
    const actor = { id: 'a', email: 'agent@example.com', name: 'Casey Morgan' };
    await recordChange(db, {
      collection: 'account-log',
      entityId: customer.uid,
      action: 'account.update',
      actor,
      before: { telephone: '1' },
      after: { telephone: '2' },
    });
    await recordChange(db, {
      collection: 'orders-log',
      entityId: order.id,
      action: 'order.comment',
      actor,
      before: {},
      after: { comment: 'Called' },
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: leader.headers });
    expect(res.statusCode).toBe(200);
    const activity = res.json().data.recentActivity as Activity[];
    const find = (action: string) => activity.find((a) => a.action === action);

    expect(find('staff.deactivate')).toMatchObject({
      collection: 'staff-log',
      entityId: robin,
      subjectName: 'Robin Lee',
      changedBy: leader.email,
      changedByName: 'leader 1',
    });
    expect(find('staff.create')).toMatchObject({ subjectName: 'Robin Lee', changedByName: 'leader 1' });
    expect(find('account.update')).toMatchObject({ subjectName: 'Ana Silva', changedByName: 'Casey Morgan' });
    // An order is named by the number staff read (F/X + order number), never by its document id.
    expect(find('order.comment')).toMatchObject({
      entityId: order.id,
      subjectName: `F${order.orderId}`,
    });
  });
});
