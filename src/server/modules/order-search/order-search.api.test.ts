import { ORDER_SEARCH_MESSAGES } from '@domain/order-search/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderShipments } from '../../db/schema';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
let agent: SignedIn;

const CONSULTANT = 1;
const CLIENT = 3;
const day = (iso: string) => new Date(iso);

interface Row {
  id: string;
  orderId: number;
  orderNumber: string;
  phoenixOrderId: number | null;
  status: string;
  customer: { uid: string; firstName: string; lastName: string };
}

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  const db = t.database.db;
  const ana = await insertAccount(db, {
    uid: 'ANASILVAUID0000000000000000',
    phoenixId: 710_001,
    firstName: 'Ana',
    lastName: 'Silva',
    email: 'ana.silva@example.com',
    userType: CONSULTANT,
  });
  const bo = await insertAccount(db, {
    uid: 'BOSILVERSTEINUID00000000000',
    phoenixId: 710_002,
    firstName: 'Bo',
    lastName: 'Silverstein',
    email: 'bo@example.net',
    userType: CLIENT,
    countryId: 2,
  });
  const ana2 = (over: Parameters<typeof insertOrder>[2]) =>
    insertOrder(db, ana.uid, {
      customerFirstName: 'Ana',
      customerLastName: 'Silva',
      customerEmail: 'ana.silva@example.com',
      customerPhoenixId: 710_001,
      customerUserType: CONSULTANT,
      ...over,
    });
  // Ana: a consultant (X), shipped, downstream; a pending-terms one; a ship-to-social one.
  const shipped = await ana2({
    id: 'ORDANA1',
    orderId: 1_234_567,
    phoenixOrderId: 123_456_789,
    dateCreatedUtc: day('2026-03-10T18:00:00Z'),
    orderType: 2,
    grandTotalCents: 10_000,
  });
  await db.insert(orderShipments).values({
    orderId: shipped.id,
    carrierId: 1,
    trackingNumber: '1Z',
    shippedAt: day('2026-03-11T00:00:00Z'),
  });
  await ana2({
    id: 'ORDANA2',
    orderId: 1_234_568,
    collection: 'orders',
    state: 1,
    dateCreatedUtc: day('2026-03-12T18:00:00Z'),
    orderType: 11,
  });
  await ana2({
    id: 'ORDANA3',
    orderId: 1_234_569,
    collection: 'ship-to-socials',
    state: 3,
    dateCreatedUtc: day('2026-04-01T06:30:00Z'),
    orderType: 3,
  });
  // Bo: a Canadian client (F); one order's email differs from his account's (changed since).
  await insertOrder(db, bo.uid, {
    id: 'ORDBO1',
    orderId: 2_000_001,
    printed: true,
    customerFirstName: 'Bo',
    customerLastName: 'Silverstein',
    customerEmail: 'old.bo@example.net',
    customerPhoenixId: 710_002,
    customerUserType: CLIENT,
    countryId: 2,
    currency: 'CAD',
    dateCreatedUtc: day('2026-03-20T12:00:00Z'),
  });
  // 45 orders of one customer for paging, one a day from 2026-06-01 (the newest on file).
  const many = await insertAccount(db, {
    uid: 'PAGINGUID000000000000000000',
    firstName: 'Pat',
    lastName: 'Paging',
  });
  for (let i = 0; i < 45; i++) {
    await insertOrder(db, many.uid, {
      id: `ORDPAGE${String(i).padStart(2, '0')}`,
      orderId: 3_000_000 + i,
      customerFirstName: 'Pat',
      customerLastName: 'Paging',
      customerEmail: many.email,
      customerPhoenixId: many.phoenixId,
      dateCreatedUtc: new Date(day('2026-06-01T20:00:00Z').getTime() + i * 86_400_000),
    });
  }
});
afterAll(() => t.close());

const search = (query: string, headers = agent.headers) =>
  t.app.inject({ method: 'GET', url: `/api/cs/orders/?${query}`, headers });
const found = async (query: string): Promise<Row[]> => {
  const res = await search(query);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json().data.processedOrders;
};
const ids = async (query: string) => (await found(query)).map((r) => r.id);

describe('GET /api/cs/orders/', () => {
  it('answers data.processedOrders with the number staff read, N/A as null, the displayed status', async () => {
    const res = await search('orderId=1234567');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        page: 1,
        limit: 20,
        hasMore: false,
        processedOrders: [
          {
            id: 'ORDANA1',
            orderId: 1_234_567,
            orderNumber: 'X1234567',
            phoenixOrderId: 123_456_789,
            status: 'Shipped',
            state: 3,
            orderType: 2,
            dateCreatedUtc: '2026-03-10T18:00:00.000Z',
            customer: {
              uid: 'ANASILVAUID0000000000000000',
              firstName: 'Ana',
              lastName: 'Silva',
              email: 'ana.silva@example.com',
              phoenixId: 710_001,
              userType: CONSULTANT,
            },
            grandTotalCents: 10_000,
            currency: 'USD',
            countryId: 1,
          },
        ],
      },
    });
    const statuses = Object.fromEntries((await found('lastName=silv')).map((r) => [r.id, r.status]));
    expect(statuses).toEqual({
      ORDANA1: 'Shipped',
      ORDANA2: 'Pending Terms',
      ORDANA3: 'Pending Pop-up',
      ORDBO1: 'Printed',
    });
    const bo = (await found('orderId=2000001'))[0]!;
    expect([bo.orderNumber, bo.phoenixOrderId]).toEqual(['F2000001', null]);
  });

  it('finds the Firebase order id with or without F or X, and the 9-digit Phoenix order number', async () => {
    for (const q of ['1234567', 'X1234567', 'f1234567'])
      expect(await ids(`orderId=${q}`)).toEqual(['ORDANA1']);
    expect(await ids('phoenixOrderId=123456789')).toEqual(['ORDANA1']);
    expect(await ids('phoenixOrderId=999999999')).toEqual([]);
    expect(await ids('orderId=7654321')).toEqual([]);
  });

  it('matches names from their start, any case, newest first', async () => {
    expect(await ids('lastName=silv')).toEqual(['ORDANA3', 'ORDBO1', 'ORDANA2', 'ORDANA1']);
    expect(await ids('lastName=Silva')).toEqual(['ORDANA3', 'ORDANA2', 'ORDANA1']);
    expect(await ids('lastName=SILVE')).toEqual(['ORDBO1']);
    expect(await ids('firstName=an&lastName=silva')).toEqual(['ORDANA3', 'ORDANA2', 'ORDANA1']);
    expect(await ids('firstName=bo')).toEqual(['ORDBO1']);
    expect(await ids('lastName=ilva')).toEqual([]);
  });

  it('filters by order type, location and Pacific calendar days', async () => {
    expect(await ids('orderType=11')).toEqual(['ORDANA2']);
    expect(await ids('lastName=silv&country=2')).toEqual(['ORDBO1']);
    expect(await ids('lastName=silv&country=1')).toEqual(['ORDANA3', 'ORDANA2', 'ORDANA1']);
    // 2026-04-01T06:30Z is 31 March in Pacific time.
    expect(await ids('lastName=silva&dateFrom=2026-03-31&dateTo=2026-03-31')).toEqual(['ORDANA3']);
    expect(await ids('lastName=silva&dateFrom=2026-04-01')).toEqual([]);
    expect(await ids('lastName=silv&dateFrom=2026-03-11&dateTo=2026-03-20')).toEqual(['ORDBO1', 'ORDANA2']);
    expect(await ids('dateFrom=2026-03-10&dateTo=2026-03-10')).toEqual(['ORDANA1']);
    expect(await ids('orderType=2&lastName=silva&dateTo=2026-03-10')).toEqual(['ORDANA1']);
  });

  it('searches by UID, Phoenix ID and Email alone, ignoring every other criterion', async () => {
    const ana = ['ORDANA3', 'ORDANA2', 'ORDANA1'];
    expect(await ids('uid=ANASILVAUID0000000000000000')).toEqual(ana);
    expect(await ids('uid=ANASILVAUID0000000000000000&lastName=nobody&orderType=20&country=2')).toEqual(ana);
    expect(await ids('phoenixId=710001&firstName=zz&phoenixOrderId=999999999')).toEqual(ana);
    expect(await ids('phoenixId=M710001')).toEqual(ana);
    expect(await ids('email=ANA.SILVA@example.com&dateFrom=2030-01-01')).toEqual(ana);
    // The order's own email, and the account's current one.
    expect(await ids('email=old.bo@example.net')).toEqual(['ORDBO1']);
    expect(await ids('email=bo@example.net')).toEqual(['ORDBO1']);
    expect(await ids('email=nobody@example.com')).toEqual([]);
  });

  it('pages 20 at a time from page 1 and is exhausted when a page comes back short', async () => {
    const q = 'lastName=paging';
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push((await search(`${q}&page=${page}`)).json().data);
    expect(pages.map((p) => [p.page, p.processedOrders.length, p.hasMore])).toEqual([
      [1, 20, true],
      [2, 20, true],
      [3, 5, false],
      [4, 0, false],
    ]);
    const all = pages.flatMap((p) => p.processedOrders.map((r: Row) => r.id));
    expect(new Set(all).size).toBe(45);
    expect(all[0]).toBe('ORDPAGE44');
    expect(all[44]).toBe('ORDPAGE00');
    const small = (await search(`${q}&limit=45`)).json().data;
    expect([small.processedOrders.length, small.hasMore]).toEqual([45, true]);
    expect((await search(`${q}&limit=45&page=2`)).json().data).toMatchObject({
      processedOrders: [],
      hasMore: false,
    });
  });

  it('lists the newest orders when no criterion is given', async () => {
    const rows = await found('');
    expect(rows).toHaveLength(20);
    expect(rows[0]!.id).toBe('ORDPAGE44');
  });

  it('refuses bad input with 400 and a clear message', async () => {
    const cases: [string, string][] = [
      ['phoenixOrderId=12345678', ORDER_SEARCH_MESSAGES.phoenixOrderId],
      ['phoenixOrderId=1234567890', ORDER_SEARCH_MESSAGES.phoenixOrderId],
      ['phoenixOrderId=F12345678', ORDER_SEARCH_MESSAGES.phoenixOrderId],
      ['orderId=abc', ORDER_SEARCH_MESSAGES.orderId],
      ['orderId=M1234567', ORDER_SEARCH_MESSAGES.orderId],
      ['orderId=99999999999', ORDER_SEARCH_MESSAGES.orderId],
      ['orderId=0', ORDER_SEARCH_MESSAGES.orderId],
      ['orderType=5', ORDER_SEARCH_MESSAGES.orderType],
      ['country=3', ORDER_SEARCH_MESSAGES.country],
      ['dateFrom=2026-02-30', ORDER_SEARCH_MESSAGES.date],
      ['dateTo=03/01/2026', ORDER_SEARCH_MESSAGES.date],
      ['dateFrom=2026-03-02&dateTo=2026-03-01', ORDER_SEARCH_MESSAGES.dateOrder],
      ['email=not-an-email', ORDER_SEARCH_MESSAGES.email],
      ['phoenixId=abc', ORDER_SEARCH_MESSAGES.phoenixId],
      ['uid=bad%20uid!', ORDER_SEARCH_MESSAGES.uid],
      ['uid=ANASILVAUID0000000000000000&email=ana.silva%40example.com', ORDER_SEARCH_MESSAGES.oneUnique],
      [`lastName=${'x'.repeat(51)}`, ORDER_SEARCH_MESSAGES.name],
      ['page=0', 'Must be a whole number from 1 to 500'],
      ['page=501', 'Must be a whole number from 1 to 500'],
      ['limit=101', 'Must be a whole number from 1 to 100'],
      ['page=1.5', 'Must be a whole number from 1 to 500'],
    ];
    for (const [query, message] of cases) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, code: 'BAD_REQUEST', error: message });
    }
  });

  it('takes blank criteria as none', async () => {
    expect(await ids('orderId=&phoenixOrderId=%20&uid=&email=&lastName=silve')).toEqual(['ORDBO1']);
  });

  it('needs a signed-in staff member; every role reads orders', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cs/orders/?lastName=silva' })).statusCode).toBe(
      401,
    );
    for (const role of ['agent', 'leader', 'fraudAgent', 'salesOperatorManager', 'developer'] as const) {
      const staff = await t.signIn(role);
      const res = await search('lastName=silv', staff.headers);
      expect(res.statusCode, role).toBe(200);
      expect(res.json().data.processedOrders).toHaveLength(4);
    }
  });
});
