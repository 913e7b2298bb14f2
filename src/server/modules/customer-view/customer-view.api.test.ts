import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE } from '@domain/auth/contracts';
import { CUSTOMER_VIEW_COOKIE } from '@domain/customer-view/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeEvents,
  customerLoginTokens,
  customerViewSessions,
  outbox,
  productCredit,
  shippingAddresses,
  staffUsers,
} from '../../db/schema';
import { accountLog } from '../../testing/account-kit';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// Sign in as customer, end to end on the API (spec 1 §4; ADR 022): the link follows configuration,
// the token opens a customer view once, and that view reads one customer and reaches nothing else.

const lines: string[] = [];
let t: TestApp;
let leader: SignedIn;
let customer: Awaited<ReturnType<typeof insertAccount>>;
let other: Awaited<ReturnType<typeof insertAccount>>;

beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://backoffice.example.com' },
    log: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
  });
  leader = await t.signIn('leader');
  const consultant = await insertAccount(t.database.db, {
    userType: 1,
    firstName: 'Cora',
    lastName: 'Consultant',
  });
  customer = await insertAccount(t.database.db, {
    firstName: 'Wendy',
    lastName: 'Viewer',
    sponsorId: consultant.phoenixId,
    taxNumber: '135792468',
  });
  other = await insertAccount(t.database.db, { firstName: 'Otto', lastName: 'Other' });
  await t.database.db.insert(shippingAddresses).values({
    accountUid: customer.uid,
    firstName: 'Wendy',
    lastName: 'Viewer',
    address: '12 Elm Street',
    city: 'Provo',
    region: 'UT',
    postalCode: '84601',
    country: 'US',
    countryId: 1,
    isDefaultShipping: true,
  });
  await insertOrder(t.database.db, customer.uid, { orderId: 8_100_001, customerUserType: 3 });
  await insertOrder(t.database.db, other.uid, { orderId: 8_100_002 });
  await t.database.db
    .insert(productCredit)
    .values({ accountUid: customer.uid, country: 'us', balanceCents: 2500 });
  await t.database.db.execute(
    sql`insert into carts (cart_id, uid, active_locale) values ('CVTESTCART0001', ${customer.uid}, 'en-US')`,
  );
});
afterAll(() => t.close());

const tokens: string[] = [];

/** "Sign in as customer" by the leader: the link and its token. */
async function signInAs(uid = customer.uid, by: SignedIn = leader) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/cs/account/${uid}/custom-token`,
    headers: by.headers,
  });
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().data.url);
  const token = url.searchParams.get('token')!;
  tokens.push(token);
  return { url, token };
}

const follow = (token: string, headers: Record<string, string> = { [CSRF_HEADER]: CSRF_HEADER_VALUE }) =>
  t.app.inject({ method: 'POST', url: '/api/customer-view/session', payload: { token }, headers });

/** Follows a fresh link; answers the customer view cookie. */
async function openView(uid = customer.uid) {
  const res = await follow((await signInAs(uid)).token);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === CUSTOMER_VIEW_COOKIE)!;
  tokens.push(cookie.value);
  return { res, cookie, headers: { cookie: `${CUSTOMER_VIEW_COOKIE}=${cookie.value}` } };
}

describe('the sign-in link', () => {
  it('is built from configuration (CUSTOMER_SITE_URL, by default PUBLIC_URL), whatever the request host', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/cs/account/${customer.uid}/custom-token`,
      headers: { ...leader.headers, host: 'localhost:3000' },
    });
    const url = new URL(res.json().data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://backoffice.example.com/login/token');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    tokens.push(url.searchParams.get('token')!);

    const elsewhere = await createTestApp({ env: { CUSTOMER_SITE_URL: 'https://shop.example.com/' } });
    try {
      const who = await elsewhere.signIn('leader');
      const c = await insertAccount(elsewhere.database.db);
      const link = await elsewhere.app.inject({
        method: 'POST',
        url: `/api/cs/account/${c.uid}/custom-token`,
        headers: who.headers,
      });
      expect(link.json().data.url).toMatch(/^https:\/\/shop\.example\.com\/login\/token\?token=/);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('following the link', () => {
  it('opens a customer view once: audited on the customer with the staff member, cookie kept to its API', async () => {
    const { token } = await signInAs();
    const res = await follow(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      customer: { uid: customer.uid, fullName: 'Wendy Viewer' },
      staff: { email: leader.email },
    });
    const cookie = res.cookies.find((c) => c.name === CUSTOMER_VIEW_COOKIE)!;
    tokens.push(cookie.value);
    expect(cookie).toMatchObject({ path: '/api/customer-view', httpOnly: true, sameSite: 'Strict' });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    const event = (await accountLog(t, customer.uid)).find((e) => e.action === 'account.signInAsRedeemed')!;
    expect(event).toMatchObject({ changedBy: leader.email, auth: leader.id });
    expect(event.differences).toEqual([
      expect.objectContaining({
        path: ['signInAs', 'redeemed'],
        rhs: { by: leader.email, via: 'customerView' },
      }),
    ]);

    const again = await follow(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('This sign-in link has expired or was already used.');
  });

  it('refuses an expired link, a link followed without the page’s header, and a malformed one, spending nothing', async () => {
    const expired = await signInAs();
    await t.database.db
      .update(customerLoginTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerLoginTokens.accountUid, customer.uid));
    expect((await follow(expired.token)).statusCode).toBe(401);

    const fresh = await signInAs();
    const forged = await follow(fresh.token, {});
    expect(forged.statusCode).toBe(403);
    expect(forged.cookies).toHaveLength(0);
    expect((await follow(fresh.token)).statusCode).toBe(200);

    const bad = await follow('short');
    expect(bad.statusCode).toBe(400);
  });

  it('dies with the access of the staff member who asked', async () => {
    const fraud = await t.signIn('fraudAgent');
    const { token } = await signInAs(customer.uid, fraud);
    await t.database.db.update(staffUsers).set({ role: 'agent' }).where(eq(staffUsers.id, fraud.id));
    expect((await follow(token)).statusCode).toBe(401);
  });
});

describe('the customer view session', () => {
  it('reads the customer’s own account, addresses, orders, carts and product credit, nothing of anyone else', async () => {
    const { headers } = await openView();
    const session = await t.app.inject({ method: 'GET', url: '/api/customer-view/session', headers });
    expect(session.json().data).toMatchObject({
      customer: { uid: customer.uid },
      staff: { name: 'leader 1', email: leader.email },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/customer-view/overview', headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.account).toMatchObject({
      firstName: 'Wendy',
      lastName: 'Viewer',
      phoenixId: customer.phoenixId,
      consultantName: 'Cora Consultant',
    });
    expect(data.addresses).toEqual([
      expect.objectContaining({
        name: 'Wendy Viewer',
        lines: ['12 Elm Street', 'Provo, UT 84601', 'United States'],
        isDefaultShipping: true,
      }),
    ]);
    expect(data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['F8100001']);
    expect(data.carts.map((c: { cartId: string }) => c.cartId)).toEqual(['CVTESTCART0001']);
    expect(data.productCredit).toEqual([{ country: 'us', balanceCents: 2500, expirationDate: null }]);
    // No tax number, in any form, and nothing of the other account.
    expect(res.body).not.toMatch(/135792468|enc:v1|taxNumber/);
    expect(res.body).not.toContain(other.uid);
  });

  it('ends when closed, when it expires, or when its staff member is deactivated', async () => {
    const closed = await openView();
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/customer-view/session',
      headers: { ...closed.headers, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    expect(del.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/customer-view/overview', headers: closed.headers }))
        .statusCode,
    ).toBe(401);

    const expiring = await openView();
    await t.database.db
      .update(customerViewSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerViewSessions.accountUid, customer.uid));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/customer-view/overview', headers: expiring.headers }))
        .statusCode,
    ).toBe(401);

    const developer = await t.signIn('developer');
    const { token } = await signInAs(customer.uid, developer);
    const opened = await follow(token);
    const cookie = opened.cookies.find((c) => c.name === CUSTOMER_VIEW_COOKIE)!.value;
    tokens.push(cookie);
    await t.database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, developer.id));
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/customer-view/overview',
      headers: { cookie: `${CUSTOMER_VIEW_COOKIE}=${cookie}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('gets 401 or 403 on every staff route, however its token is presented', async () => {
    const { cookie } = await openView();
    const token = cookie.value;
    const presentations: Record<string, string>[] = [
      { cookie: `${CUSTOMER_VIEW_COOKIE}=${token}`, [CSRF_HEADER]: CSRF_HEADER_VALUE },
      { cookie: `${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: CSRF_HEADER_VALUE },
      { authorization: `Bearer ${token}` },
    ];
    const staffRoutes = t.app.routeActions.filter(
      (r) => r.action !== 'public' && r.action !== 'customerView',
    );
    expect(staffRoutes.length).toBeGreaterThan(100);
    let checked = 0;
    for (const r of staffRoutes) {
      for (const headers of presentations) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.url.replace(/:(\w+)/g, 'placeholder'),
          headers,
          payload: r.method === 'GET' ? undefined : {},
        });
        expect([401, 403], `${r.method} ${r.url} with ${Object.keys(headers)[0]}`).toContain(res.statusCode);
        checked++;
      }
    }
    expect(checked).toBe(staffRoutes.length * 3);
    // The view still works: it was refused, not ended.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/customer-view/overview',
          headers: { cookie: `${CUSTOMER_VIEW_COOKIE}=${token}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('is not opened by a staff session, and its routes need their own cookie', async () => {
    for (const url of ['/api/customer-view/overview', '/api/customer-view/session']) {
      expect((await t.app.inject({ method: 'GET', url, headers: leader.headers })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${leader.token}` } }))
          .statusCode,
      ).toBe(401);
    }
    const customerViewRoutes = t.app.routeActions.filter((r) => r.action === 'customerView');
    expect(customerViewRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/customer-view/session',
      'GET /api/customer-view/overview',
      'GET /api/customer-view/session',
    ]);
  });
});

describe('the token', () => {
  it('never reaches the log, the outbox or the change log', async () => {
    expect(tokens.length).toBeGreaterThan(5);
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    const mail = JSON.stringify(await t.database.db.select().from(outbox));
    const events = JSON.stringify(
      await t.database.db
        .select()
        .from(changeEvents)
        .where(and(eq(changeEvents.collection, 'account-log'))),
    );
    for (const token of tokens) {
      expect(log).not.toContain(token);
      expect(mail).not.toContain(token);
      expect(events).not.toContain(token);
    }
    expect(log).not.toMatch(/135792468/);
  });
});
