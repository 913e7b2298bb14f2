import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, products, returns } from '../../db/schema';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
let agent: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: agent.headers });
let n = 0;

async function aReturn(
  status: number,
  createdDaysAgo: number,
  order: { phoenixOrderId?: number } = {},
  items = [{ sku: 'A', quantity: 1 }],
) {
  const customer = await insertAccount(db());
  const o = await insertOrder(db(), customer.uid, { phoenixOrderId: order.phoenixOrderId ?? null });
  const id = `RET${String(++n).padStart(8, '0')}`;
  await db()
    .insert(returns)
    .values({
      id,
      orderId: o.id,
      legacyOrderId: o.orderId,
      phoenixOrderId: o.phoenixOrderId,
      returnStatus: status,
      items,
      reason: 'Too small',
      dateCreatedUtc: new Date(Date.now() - createdDaysAgo * 86_400_000),
    });
  return { id, order: o };
}

describe('returns', () => {
  it('the pending list holds Initiated returns only, newest first, with links to their order', async () => {
    const older = await aReturn(1, 3);
    const newer = await aReturn(1, 1);
    await aReturn(2, 0);
    const res = await get('/api/cs/returns');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((r: { docId: string }) => r.docId)).toEqual([newer.id, older.id]);
    expect(data[0]).toMatchObject({
      returnStatus: 1,
      returnStatusName: 'Initiated',
      orderDocId: newer.order.id,
      orderLabel: `F${newer.order.orderId}`,
    });
  });

  it('names the returned products from the catalog; a SKU the catalog does not know has no name', async () => {
    await db()
      .insert(products)
      .values({ sku: 'RETSERUM', productId: 992_001, title: 'Deluxe Serum', flags: ['web'] });
    const r = await aReturn(3, 0, { phoenixOrderId: 912345001 }, [
      { sku: 'RETSERUM', quantity: 2 },
      { sku: 'GONE', quantity: 1 },
    ]);
    const [found] = (await get('/api/cs/returns/search?orderId=912345001')).json().data;
    expect(found.docId).toBe(r.id);
    expect(found.items).toEqual([
      { sku: 'RETSERUM', quantity: 2, title: 'Deluxe Serum' },
      { sku: 'GONE', quantity: 1, title: null },
    ]);
  });

  it('searches by 9-digit order id or 7-digit legacy id with optional F; anything else is a 400', async () => {
    const r = await aReturn(3, 2, { phoenixOrderId: 912345678 });
    expect((await get('/api/cs/returns/search?orderId=912345678')).json().data[0].docId).toBe(r.id);
    expect((await get(`/api/cs/returns/search?orderId=F${r.order.orderId}`)).json().data[0].docId).toBe(r.id);
    expect((await get(`/api/cs/returns/search?orderId=${r.order.orderId}`)).json().data[0].docId).toBe(r.id);
    for (const bad of ['12345678', 'X1234567', 'F12345678', 'abc']) {
      const res = await get(`/api/cs/returns/search?orderId=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe(
        'Order id must be 9 digits; legacy order id must be 7 digits with an optional F prefix.',
      );
    }
  });

  it('a status change answers "Successfully submitted", is recorded, and leaves the pending list', async () => {
    const r = await aReturn(1, 0);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/cs/returns/${r.id}/status`,
      headers: agent.headers,
      payload: { returnStatus: 2 },
    });
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Successfully submitted',
      data: { returnStatus: 2 },
    });
    const pending = (await get('/api/cs/returns')).json().data.map((x: { docId: string }) => x.docId);
    expect(pending).not.toContain(r.id);
    const events = await db()
      .select()
      .from(changeEvents)
      .where(and(eq(changeEvents.entityId, r.order.id), eq(changeEvents.action, 'return.status')));
    expect(events).toHaveLength(1);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/cs/returns/${r.id}/status`,
      headers: agent.headers,
      payload: { returnStatus: 9 },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/cs/returns/NOPE/status',
      headers: agent.headers,
      payload: { returnStatus: 2 },
    });
    expect(missing.statusCode).toBe(404);
  });
});
