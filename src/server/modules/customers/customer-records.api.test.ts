import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, socials } from '../../db/schema';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { downlineCounts } from './genealogy.repo';

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
const at = (days: number) => new Date(Date.now() + days * DAY);

describe('popups', () => {
  it('lists the popups in the spec 1 §4 order and opens one with its orders', async () => {
    const db = t.database.db;
    const host = await insertAccount(db, { userType: 1 });
    await db.insert(socials).values([
      { id: 9001, uid: host.uid, name: 'Closed', status: 'closed', openingDate: at(-40) },
      { id: 9002, uid: host.uid, name: 'Upcoming', status: 'open', openingDate: at(5) },
      { id: 9003, uid: host.uid, name: 'Running', status: 'open', openingDate: at(-1), closingDate: at(3) },
      { id: 9004, uid: host.uid, name: 'Soon', status: 'open', openingDate: at(2) },
    ]);
    const guest = await insertAccount(db, { firstName: 'Pat', lastName: 'Guest' });
    await insertOrder(db, guest.uid, { socialId: 9003, customerFirstName: 'Pat', customerLastName: 'Guest' });
    const list = await get(`/api/customers/${host.uid}/popups`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([9003, 9004, 9002, 9001]);
    const detail = (await get(`/api/customers/${host.uid}/popups/9003`)).json().data;
    expect(detail).toMatchObject({ id: 9003, name: 'Running', status: 'open', carts: 0 });
    expect(detail.orders).toHaveLength(1);
    expect(detail.orders[0]).toMatchObject({ customerUid: guest.uid, customerName: 'Pat Guest' });
  });

  it('answers 404 for another customer’s popup and 400 for a bad popup id', async () => {
    const other = await insertAccount(t.database.db);
    expect((await get(`/api/customers/${other.uid}/popups/9003`)).statusCode).toBe(404);
    expect((await get(`/api/customers/${other.uid}/popups/abc`)).statusCode).toBe(400);
    expect((await get(`/api/customers/${other.uid}/popups/0`)).statusCode).toBe(400);
    expect((await get('/api/customers/NOSUCHUID/popups')).statusCode).toBe(404);
  });
});

describe('carts', () => {
  const instance = {
    products: [
      {
        id: 'L1',
        sku: '1001',
        title: 'Lip Balm',
        quantity: 2,
        price: 12.5,
        priceInCents: 1250,
        totalPrice: 25,
        selectedVariant: 'Rose',
      },
      { id: 'L2', sku: '1002', name: 'Serum', quantity: 1, price: 40 },
    ],
    currency: { name: 'USD', format: '$0' },
    subtotal: 65,
    prePromoSubtotal: 65,
    promoTags: [{ code: 'SPRING', success: true }],
    hostRewardItems: [{ sku: '16000', quantity: 1, isFree: true }],
  };

  it('lists the customer’s carts and reads one with lines, totals and locale', async () => {
    const db = t.database.db;
    const c = await insertAccount(db);
    await db.insert(carts).values([
      {
        cartId: 'CARTAAAAAAAAAAAAAAAAAAAAAAAA',
        uid: c.uid,
        activeLocale: 'en-US',
        cartInstances: { 'en-US': instance },
        lastSaved: at(-1),
      },
      {
        cartId: 'CARTBBBBBBBBBBBBBBBBBBBBBBBB',
        uid: c.uid,
        activeLocale: 'en-US',
        cartInstances: {},
        canceled: true,
        lastSaved: at(-2),
      },
    ]);
    const list = (await get(`/api/customers/${c.uid}/carts`)).json().data;
    expect(list.map((x: { cartId: string }) => x.cartId)).toEqual([
      'CARTAAAAAAAAAAAAAAAAAAAAAAAA',
      'CARTBBBBBBBBBBBBBBBBBBBBBBBB',
    ]);
    expect(list[0]).toMatchObject({
      totalProducts: 3,
      subtotalCents: 6500,
      currency: 'USD',
      canceled: false,
    });
    const detail = (await get(`/api/customers/${c.uid}/carts/CARTAAAAAAAAAAAAAAAAAAAAAAAA`)).json().data;
    expect(detail.instances[0].lines).toEqual([
      {
        id: 'L1',
        sku: '1001',
        title: 'Lip Balm',
        variant: 'Rose',
        quantity: 2,
        priceCents: 1250,
        totalCents: 2500,
        isPromo: false,
        isHostReward: false,
      },
      {
        id: 'L2',
        sku: '1002',
        title: 'Serum',
        variant: null,
        quantity: 1,
        priceCents: 4000,
        totalCents: 4000,
        isPromo: false,
        isHostReward: false,
      },
    ]);
    expect(detail.instances[0]).toMatchObject({
      localeCode: 'en-US',
      promoCodes: [{ code: 'SPRING', success: true }],
      hostRewards: [{ sku: '16000', quantity: 1, isFree: true }],
    });
    const dashboard = (await get(`/api/customers/${c.uid}/dashboard`)).json().data;
    expect(dashboard.openCarts.map((x: { cartId: string }) => x.cartId)).toEqual([
      'CARTAAAAAAAAAAAAAAAAAAAAAAAA',
    ]);
  });

  it('answers 404 for another customer’s cart and 400 for a malformed cart id', async () => {
    const other = await insertAccount(t.database.db);
    expect((await get(`/api/customers/${other.uid}/carts/CARTAAAAAAAAAAAAAAAAAAAAAAAA`)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/customers/${other.uid}/carts/bad-id!`)).statusCode).toBe(400);
    expect((await get('/api/customers/NOSUCHUID/carts')).statusCode).toBe(404);
  });
});

describe('GET /api/customers/{uid}/downline', () => {
  it('walks the sponsor and enroller trees a few levels at a time with the whole count', async () => {
    const db = t.database.db;
    const root = await insertAccount(db, { userType: 1, firstName: 'Root', lastName: 'A' });
    const b = await insertAccount(db, { userType: 1, sponsorId: root.phoenixId, lastName: 'B' });
    const c = await insertAccount(db, {
      userType: 1,
      sponsorId: root.phoenixId,
      enrollerId: root.phoenixId,
      lastName: 'C',
    });
    const d = await insertAccount(db, { sponsorId: b.phoenixId, lastName: 'D' });
    await insertAccount(db, { sponsorId: d.phoenixId, lastName: 'E' });
    const one = (await get(`/api/customers/${root.uid}/downline`)).json().data;
    expect(one).toMatchObject({
      tree: 'sponsor',
      depth: 1,
      directCount: 2,
      totalCount: 4,
      totalCapped: false,
      truncated: false,
    });
    expect(one.nodes.map((n: { uid: string; directCount: number }) => [n.uid, n.directCount])).toEqual([
      [b.uid, 1],
      [c.uid, 0],
    ]);
    const two = (await get(`/api/customers/${root.uid}/downline?tree=sponsor&depth=2`)).json().data;
    expect(
      two.nodes.map((n: { uid: string; level: number; parentPhoenixId: number }) => [
        n.uid,
        n.level,
        n.parentPhoenixId,
      ]),
    ).toEqual([
      [b.uid, 1, root.phoenixId],
      [c.uid, 1, root.phoenixId],
      [d.uid, 2, b.phoenixId],
    ]);
    // A capped count stops early and says so (the dashboard counts up to 10,000).
    expect(await downlineCounts(db, 'sponsor', root.phoenixId, 2)).toEqual({
      direct: 2,
      total: 2,
      capped: true,
    });
    expect(await downlineCounts(db, 'sponsor', root.phoenixId, 4)).toEqual({
      direct: 2,
      total: 4,
      capped: false,
    });
    const enroller = (await get(`/api/customers/${root.uid}/downline?tree=enroller`)).json().data;
    expect(enroller).toMatchObject({ tree: 'enroller', directCount: 1, totalCount: 1 });
  });

  it('refuses an unknown tree or depth with 400 and an unknown uid with 404', async () => {
    const c = await insertAccount(t.database.db);
    for (const q of ['tree=upline', 'depth=0', 'depth=4', 'depth=x']) {
      expect((await get(`/api/customers/${c.uid}/downline?${q}`)).statusCode, q).toBe(400);
    }
    expect((await get('/api/customers/NOSUCHUID/downline')).statusCode).toBe(404);
  });
});

describe('GET /api/accounts/getAccountInfo/{id}', () => {
  it('reads by account number (all digits) or by uid, without the tax number', async () => {
    const c = await insertAccount(t.database.db, {
      userType: 1,
      paidAsTitleId: 2,
      taxNumber: '246813579',
      pwsKey: 'janeglow',
    });
    for (const id of [String(c.phoenixId), c.uid]) {
      const res = await get(`/api/accounts/getAccountInfo/${id}`);
      expect(res.statusCode, id).toBe(200);
      expect(res.json().data).toMatchObject({
        uid: c.uid,
        phoenixId: c.phoenixId,
        paidAsTitleId: 2,
        paidAsTitle: 'Senior Consultant',
        pwsKey: 'janeglow',
        sponsorId: 1,
      });
      expect(res.body).not.toContain('246813579');
    }
  });

  it('answers 404 for an unknown account, 400 for a malformed id, 401 without a session', async () => {
    expect((await get('/api/accounts/getAccountInfo/987654321')).statusCode).toBe(404);
    expect((await get('/api/accounts/getAccountInfo/NOSUCHUID')).statusCode).toBe(404);
    expect((await get('/api/accounts/getAccountInfo/99999999999999999999')).statusCode).toBe(404);
    expect((await get('/api/accounts/getAccountInfo/bad%20id')).statusCode).toBe(400);
    expect((await get('/api/accounts/getAccountInfo/1', {})).statusCode).toBe(401);
  });
});
