import { CSRF_HEADER, CSRF_HEADER_VALUE, INVALID_CREDENTIALS, SESSION_COOKIE } from '@domain/auth/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSessions, staffUsers } from '../../db/schema';
import { rows } from '../../platform/db';
import { purgeExpired } from '../../platform/sessions';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });

describe('sign-in', () => {
  it('signs in, sets an httpOnly SameSite=Lax cookie and reports the session', async () => {
    const agent = await t.signIn('agent');
    const res = await login(agent.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      email: agent.email,
      session: { isLogged: true, role: 'agent' },
    });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value).toBe(body.token);

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { [SESSION_COOKIE]: cookie.value },
    });
    expect(session.json()).toMatchObject({
      isLogged: true,
      role: 'agent',
      devMode: false,
      junoAccess: false,
      promoAccess: false,
      userInfo: { email: agent.email, directory: 'users' },
    });
  });

  it('accepts the same token as a bearer token', async () => {
    const dev = await t.signIn('developer', { junoAccess: true, promoAccess: true });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(res.json()).toMatchObject({
      isLogged: true,
      role: 'developer',
      devMode: true,
      junoAccess: true,
      promoAccess: true,
    });
  });

  it('stores only a hash of the token', async () => {
    const agent = await t.signIn('agent');
    const stored = await t.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, agent.token));
    expect(stored).toHaveLength(0);
  });

  it('rejects a wrong password with a clear message and no cookie', async () => {
    const agent = await t.signIn('agent');
    const res = await login(agent.email, 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      error: INVALID_CREDENTIALS,
      code: 'INVALID_CREDENTIALS',
      requestId: expect.any(String),
    });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('answers 400 with the field message for malformed input', async () => {
    const res = await login('not-an-email', 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'Must be a valid email address' });
    expect(res.json().issues[0].path).toBe('body.email');
  });

  it('rotates the session at sign-in: the previous token stops working', async () => {
    const agent = await t.signIn('agent');
    const res = await login(agent.email, TEST_PASSWORD, agent.headers);
    expect(res.statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(old.json().isLogged).toBe(false);
  });

  it('limits failed sign-ins per account with 429 and a clear message', async () => {
    const agent = await t.signIn('agent');
    for (let i = 0; i < 5; i++) expect((await login(agent.email, 'wrong-password')).statusCode).toBe(401);
    const locked = await login(agent.email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes, or reset your password.',
    );
  });

  it('does not let a deactivated user sign in', async () => {
    const agent = await t.signIn('agent');
    await t.database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, agent.id));
    expect((await login(agent.email, TEST_PASSWORD)).statusCode).toBe(401);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: agent.headers });
    expect(session.json().isLogged).toBe(false);
  });
});

describe('session lifetime', () => {
  it('ends after 30 minutes idle', async () => {
    const agent = await t.signIn('agent');
    await t.database.db.execute(
      sql`update staff_sessions set last_seen_at = now() - interval '31 minutes' where staff_user_id = ${agent.id}`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: agent.headers });
    expect(res.statusCode).toBe(401);
  });

  it('ends 12 hours after sign-in even when active', async () => {
    const agent = await t.signIn('agent');
    await t.database.db.execute(
      sql`update staff_sessions set expires_at = now() - interval '1 second' where staff_user_id = ${agent.id}`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: agent.headers });
    expect(res.statusCode).toBe(401);
  });

  it('purges sessions that ended more than a day ago and keeps live ones', async () => {
    const live = await t.signIn('agent');
    const old = await t.signIn('agent');
    await t.database.db.execute(
      sql`update staff_sessions set expires_at = now() - interval '2 days' where staff_user_id = ${old.id}`,
    );
    await purgeExpired(t.database.db);
    const left = await rows<{ staff_user_id: string }>(
      t.database.db,
      sql`select staff_user_id from staff_sessions where staff_user_id in (${live.id}, ${old.id})`,
    );
    expect(left.map((r) => r.staff_user_id)).toEqual([live.id]);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const agent = await t.signIn('agent');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: agent.headers });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    const after = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: agent.headers });
    expect(after.statusCode).toBe(401);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write without the custom header', async () => {
    const dev = await t.signIn('developer');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/devMode',
      payload: { enabled: false },
      cookies: { [SESSION_COOKIE]: dev.token },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_HEADER_MISSING');
  });

  it('accepts the write with the header, and bearer clients without it', async () => {
    const dev = await t.signIn('developer');
    const withHeader = await t.app.inject({
      method: 'POST',
      url: '/api/auth/devMode',
      payload: { enabled: false },
      cookies: { [SESSION_COOKIE]: dev.token },
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    expect(withHeader.json()).toMatchObject({ success: true, data: { devMode: false } });
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/devMode',
      payload: { enabled: true },
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(bearer.json()).toMatchObject({ success: true, data: { devMode: true } });
  });
});

describe('developer mode', () => {
  it('is on by default for developers and only they may switch it', async () => {
    const dev = await t.signIn('developer');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: dev.headers })).json().devMode,
    ).toBe(true);
    const leader = await t.signIn('leader');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/devMode',
      payload: { enabled: true },
      headers: leader.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'INSUFFICIENT_PERMISSIONS' });
  });
});

describe('the second leader role value', () => {
  it('treats csLeader as leader', async () => {
    const leader = await t.signIn('leader');
    await t.database.db.update(staffUsers).set({ role: 'csLeader' }).where(eq(staffUsers.id, leader.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/administrators', headers: leader.headers });
    expect(res.statusCode).toBe(200);
    const [row] = await rows<{ role: string }>(
      t.database.db,
      sql`select role from staff_users where id = ${leader.id}`,
    );
    expect(row?.role).toBe('csLeader');
  });
});
