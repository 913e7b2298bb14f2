import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail, processOutbox } from '../../platform/outbox';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const email = (to: string) => ({
  template: 'test.hello',
  to,
  subject: `Hello ${to}`,
  html: '<p>Hello</p>',
  text: 'Hello',
});

describe('outbox screen API', () => {
  it('keeps mail readable when no SMTP server is configured, with paging and search', async () => {
    for (let i = 0; i < 3; i++) await enqueueEmail(t.database.db, email(`reader${i}@example.com`));
    await processOutbox({ db: t.database.db, mailer: null, log: t.app.log });
    const dev = await t.signIn('developer');
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/outbox?limit=2&q=reader',
      headers: dev.headers,
    });
    expect(page.json()).toMatchObject({ success: true, page: 1, limit: 2, total: 3 });
    expect(page.json().data).toHaveLength(2);
    expect(page.json().data[0]).toMatchObject({ toAddress: 'reader2@example.com', status: 'stored' });
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/outbox/${page.json().data[0].id}`,
      headers: dev.headers,
    });
    expect(one.json().data).toMatchObject({ html: '<p>Hello</p>', text: 'Hello' });
  });

  it('names the order a message is about by the number staff read', async () => {
    const db = t.database.db;
    const customer = await insertAccount(db, { userType: 1 });
    const order = await insertOrder(db, customer.uid, { customerUserType: 1 });
    const about = await enqueueEmail(db, { ...email('order@example.com'), entityId: order.id });
    const other = await enqueueEmail(db, { ...email('other@example.com'), entityId: customer.uid });
    const dev = await t.signIn('developer');
    const read = async (id: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/outbox/${id}`, headers: dev.headers })).json().data;
    expect((await read(about)).order).toEqual({ id: order.id, orderNumber: `X${order.orderId}` });
    expect((await read(other)).order).toBeNull();
  });

  it('retries a stored message', async () => {
    const id = await enqueueEmail(t.database.db, email('retry@example.com'));
    await processOutbox({ db: t.database.db, mailer: null, log: t.app.log });
    const dev = await t.signIn('developer');
    const res = await t.app.inject({ method: 'POST', url: `/api/outbox/${id}/retry`, headers: dev.headers });
    expect(res.json().data).toMatchObject({ id, status: 'pending', attempts: 0 });
  });

  it('is for developers only', async () => {
    const leader = await t.signIn('leader');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/outbox', headers: leader.headers })).statusCode,
    ).toBe(403);
  });
});
