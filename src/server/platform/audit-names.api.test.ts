import { describeEvent } from '@domain/audit/describe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { insertAccount, insertOrder } from '../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { recordChange } from './audit';

// The audit answers name people and products (issue: "staff by name"): the screens write
// "Casey Morgan added $20.00 of US product credit", never an id or an email where a name is known.

let t: TestApp;
let agent: SignedIn;
let leader: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  leader = await t.signIn('leader');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: leader.headers });

describe('audit answers name staff and products', () => {
  it('names the author and the staff member recorded in a product credit entry', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/cs/updateBalance/${account.uid}?neverExpire=1`,
      payload: {
        idempotencyKey: `names-${account.uid}`,
        country: 'us',
        amount: 20,
        reasonId: 4,
        reason: 'Late box',
      },
      headers: agent.headers,
    });
    expect(res.statusCode).toBe(200);
    const audit = await get(`/api/customers/${account.uid}/audit`);
    expect(audit.statusCode).toBe(200);
    const body = audit.json();
    const [event] = body.data;
    expect(event.changedBy).toBe(agent.email);
    expect(body.names.staff[agent.email]).toBe(event.changedByName);
    const described = describeEvent(event, body.names);
    expect(described.sentence).toMatch(
      new RegExp(`^${event.changedByName} added \\$20\\.00 of US product credit \\(`, 'i'),
    );
    expect(described.rows).toContainEqual({
      field: 'Ledger entry › by',
      before: '—',
      after: event.changedByName,
    });
  });

  it('names an author the event did not name (an API client) from the staff list, by id', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    await recordChange(t.database.db, {
      collection: 'account-log',
      entityId: account.uid,
      action: 'account.status',
      actor: { id: agent.id, email: 'bearer-client', name: null, authType: 'bearer' },
      before: { accountStatus: 1 },
      after: { accountStatus: 2 },
    });
    const body = (await get(`/api/customers/${account.uid}/audit`)).json();
    const agentName = body.names.staff[agent.id];
    expect(agentName).toMatch(/^agent \d+$/);
    expect(body.data[0].changedByName).toBe(agentName);
  });

  it('names the staff member of a refund and the products of an order by title', async () => {
    await t.database.db
      .insert(products)
      .values({ sku: 'NAMES1276', productId: 991_276, title: 'New Serum Sampler', flags: ['web'] });
    const account = await insertAccount(t.database.db, { userType: 3 });
    const order = await insertOrder(t.database.db, account.uid);
    await recordChange(t.database.db, {
      collection: 'orders-log',
      entityId: order.id,
      action: 'order.refund',
      actor: { id: agent.id, email: agent.email, name: null },
      after: { refund: { id: 'r1', amount: 1299, reason: 'Damaged', adminUid: agent.id, currency: 'USD' } },
    });
    await recordChange(t.database.db, {
      collection: 'orders-log',
      entityId: order.id,
      action: 'order.create',
      actor: { id: agent.id, email: agent.email, name: null },
      before: {},
      after: { orderId: order.orderId, lines: [{ sku: 'NAMES1276', quantity: 1, total: 2500 }] },
    });
    const res = await get(`/api/cs/order/${order.id}/audit`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.names.products).toEqual({ NAMES1276: 'New Serum Sampler' });
    const text = body.data
      .map((e: Parameters<typeof describeEvent>[0]) => describeEvent(e, body.names))
      .flatMap((d: ReturnType<typeof describeEvent>) => [
        d.sentence,
        ...d.rows.map((r) => `${r.field}: ${r.after}`),
      ])
      .join('\n');
    expect(text).toContain('Line 1 › product: New Serum Sampler (NAMES1276)');
    expect(text).toContain(`Refund › staff member: ${body.names.staff[agent.id]}`);
    expect(text).not.toContain(agent.id);
  });
});
