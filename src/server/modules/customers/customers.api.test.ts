import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, orderShipments, productCredit, termsRecords } from '../../db/schema';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
let agent: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = agent.headers) =>
  t.app.inject({ method: 'GET', url, headers });
const DAY = 86_400_000;

describe('GET /api/customers/resolve (jump box)', () => {
  it('lands an account number, an M-number and an email on the customer', async () => {
    const c = await insertAccount(t.database.db, {
      phoenixId: 7101,
      firstName: 'Jump',
      lastName: 'Target',
      email: 'Jump.Target@Example.com',
    });
    for (const q of ['7101', 'M7101', 'm7101', ' jump.target@example.com ']) {
      const res = await get(`/api/customers/resolve?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().data).toEqual({ kind: 'customer', uid: c.uid, label: 'Jump Target · 7101' });
    }
  });

  it('finds an order by its number (F/X prefix, plain digits or downstream number)', async () => {
    const c = await insertAccount(t.database.db, { userType: 1 });
    const o = await insertOrder(t.database.db, c.uid, {
      orderId: 3_456_789,
      phoenixOrderId: 123_456_789,
      customerUserType: 1,
    });
    for (const q of ['X3456789', 'F3456789', '3456789', '123456789']) {
      const res = await get(`/api/customers/resolve?q=${q}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().data).toEqual({ kind: 'order', uid: c.uid, orderId: o.id, label: 'Order X3456789' });
    }
  });

  it('answers 404 with a clear message, and 400 for text that is none of those', async () => {
    const missing = await get('/api/customers/resolve?q=M99999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatch(/No customer or order matches “M99999999999”/);
    expect((await get('/api/customers/resolve?q=999999999999999')).statusCode).toBe(404);
    for (const q of ['', 'jane', 'M12a', 'a@b']) {
      const bad = await get(`/api/customers/resolve?q=${encodeURIComponent(q)}`);
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json().error).toMatch(/Enter an account number/);
    }
  });

  it('needs a session', async () => {
    expect((await get('/api/customers/resolve?q=1', {})).statusCode).toBe(401);
  });
});

describe('GET /api/customers/{uid}/summary and /dashboard', () => {
  it('shows the header: name, number, type, status and derived membership', async () => {
    const db = t.database.db;
    const c = await insertAccount(db, {
      userType: 2,
      accountStatus: 1,
      memberExpirationDateUtc: new Date(Date.now() + 30 * DAY),
    });
    await db
      .insert(termsRecords)
      .values({ accountUid: c.uid, orderDate: new Date(Date.now() - DAY), signed: true });
    const res = await get(`/api/customers/${c.uid}/summary`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      uid: c.uid,
      phoenixId: c.phoenixId,
      userType: 2,
      accountStatus: 1,
      membershipStatus: 'Member',
      activeMember: true,
    });
  });

  it('gathers the account at a glance', async () => {
    const db = t.database.db;
    const sponsor = await insertAccount(db, { userType: 1, firstName: 'Sam', lastName: 'Sponsor' });
    const c = await insertAccount(db, {
      userType: 1,
      sponsorId: sponsor.phoenixId,
      paidAsTitleId: 3,
      recognitionTitleId: 4,
      enrollmentDateUtc: new Date('2024-01-02T00:00:00Z'),
    });
    await insertAccount(db, { sponsorId: c.phoenixId, enrollerId: c.phoenixId });
    const child = await insertAccount(db, { sponsorId: c.phoenixId });
    await insertAccount(db, { sponsorId: child.phoenixId });
    await db.insert(productCredit).values([
      { accountUid: c.uid, country: 'us', balanceCents: 1234 },
      { accountUid: c.uid, country: 'ca', balanceCents: 500 },
    ]);
    for (let i = 0; i < 7; i++) {
      await insertOrder(db, c.uid, { dateCreatedUtc: new Date(Date.now() - i * DAY), printed: i === 1 });
    }
    await db.insert(changeEvents).values({
      collection: 'account-log',
      entityId: c.uid,
      action: 'update',
      changedBy: 'agent@example.com',
      differences: [{ kind: 'E', path: ['firstName'], lhs: 'A', rhs: 'B' }],
    });
    const res = await get(`/api/customers/${c.uid}/dashboard`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.sponsor).toEqual({ uid: sponsor.uid, phoenixId: sponsor.phoenixId, fullName: 'Sam Sponsor' });
    expect(d.enroller).toEqual({ uid: null, phoenixId: 1, fullName: 'The company' });
    expect(d.paidAsTitle).toEqual({ id: 3, name: 'Lead Consultant' });
    expect(d.recognitionTitle).toEqual({ id: 4, name: 'Team Leader' });
    expect(d.productCredit).toEqual([
      { country: 'us', balanceCents: 1234, expirationDate: null },
      { country: 'ca', balanceCents: 500, expirationDate: null },
    ]);
    expect(d.lastOrders).toHaveLength(5);
    expect(d.lastOrders[1].status).toBe('Printed');
    expect(d.lastOrders[0].status).toBe('Captured');
    expect(d.recentChanges[0]).toMatchObject({
      action: 'update',
      changedBy: 'agent@example.com',
      paths: ['firstName'],
    });
    expect(d.downline).toEqual({
      sponsor: { direct: 2, total: 3, capped: false },
      enroller: { direct: 1, total: 1, capped: false },
    });
    expect(d.customer.membershipStatus).toBe('N/A');
    expect(d.enrollmentDateUtc).toBe('2024-01-02T00:00:00.000Z');
  });

  it('answers 404 for an unknown uid and 400 for a malformed one', async () => {
    const missing = await get('/api/customers/NOSUCHUID0000000000000000000/dashboard');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, error: 'No customer with that id.' });
    expect((await get('/api/customers/NOSUCHUID/summary')).statusCode).toBe(404);
    expect((await get('/api/customers/bad%20id!/dashboard')).statusCode).toBe(400);
  });

  it('is readable by every staff role and needs a session', async () => {
    const c = await insertAccount(t.database.db);
    for (const role of ['leader', 'developer', 'fraudAgent', 'salesOperatorManager'] as const) {
      const staff = await t.signIn(role);
      expect((await get(`/api/customers/${c.uid}/dashboard`, staff.headers)).statusCode, role).toBe(200);
    }
    expect((await get(`/api/customers/${c.uid}/dashboard`, {})).statusCode).toBe(401);
  });
});

describe('GET /api/customers/{uid}/orders', () => {
  it('pages the orders 20 at a time from page 1, newest first, with hasMore', async () => {
    const db = t.database.db;
    const c = await insertAccount(db);
    const made = [];
    for (let i = 0; i < 21; i++)
      made.push(await insertOrder(db, c.uid, { dateCreatedUtc: new Date(Date.now() - i * 60_000) }));
    await db
      .insert(orderShipments)
      .values({ orderId: made[0]!.id, carrierId: 1, trackingNumber: 'T1', shippedAt: new Date() });
    const first = (await get(`/api/customers/${c.uid}/orders`)).json();
    expect(first).toMatchObject({ success: true, page: 1, limit: 20, hasMore: true });
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toMatchObject({
      id: made[0]!.id,
      status: 'Shipped',
      grandTotalCents: 5400,
      currency: 'USD',
    });
    const second = (await get(`/api/customers/${c.uid}/orders?page=2`)).json();
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.data.map((o: { id: string }) => o.id)).toEqual([made[20]!.id]);
  });

  it('refuses a bad page with 400 and an unknown customer with 404', async () => {
    const c = await insertAccount(t.database.db);
    for (const page of ['0', 'abc', '1.5', '-1']) {
      expect((await get(`/api/customers/${c.uid}/orders?page=${page}`)).statusCode, page).toBe(400);
    }
    expect((await get('/api/customers/NOSUCHUID/orders')).statusCode).toBe(404);
  });
});
