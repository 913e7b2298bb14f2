import { RESET_LINK_INVALID } from '@domain/auth/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, staffUsers } from '../../db/schema';
import { processOutbox } from '../../platform/outbox';
import { mailbox } from '../../testing/mailbox';
import { createTestApp, type SignedIn, TEST_PASSWORD, type TestApp } from '../../testing/test-app';

// ADR 017. Staff who lack junoAccess try every way they have to a junoAccess session: a password
// link sent to the holder, the public forgot-password form, the Outbox (list, each message, retry),
// the audit readers, the log, the holder's account (role, access, email) and their own. Every
// answer they get is kept; the links the holder really receives never appear in any of it, and
// nothing they read opens the holder's account. A server without SMTP (mail only in the Outbox)
// is the attacker's best case, so the app has no mailer; the test plays the mail server afterwards.

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: null, log: { level: 'trace', stream: { write: (l) => lines.push(l) } } });
});
afterAll(() => t.close());

/** Long enough to be a token: every such run in what the attacker read is tried as one. */
const TOKEN_LIKE = /[A-Za-z0-9_-]{16,}/g;
const holders: string[] = [];

describe.each([
  ['a developer without junoAccess', 'developer'],
  ['a leader', 'leader'],
] as const)('%s cannot reach a junoAccess session', (_label, attackerRole) => {
  let target: SignedIn;
  let attacker: SignedIn;
  const read: string[] = [];

  const as = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) => {
    const res = await t.app.inject({ method, url, payload, headers: attacker.headers });
    read.push(res.body, JSON.stringify(res.headers));
    return res;
  };
  const anonymous = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url, payload });
    read.push(res.body, JSON.stringify(res.headers));
    return res;
  };
  const everyOutboxMessage = async () => {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const list = await as('GET', `/api/outbox?limit=100&page=${page}`);
      if (list.statusCode !== 200) return ids;
      const data = list.json().data as { id: number }[];
      ids.push(...data.map((m) => m.id));
      if (data.length < 100) return ids;
    }
  };

  beforeAll(async () => {
    target = await t.signIn('developer', { junoAccess: true, promoAccess: true });
    attacker = await t.signIn(attackerRole, { promoAccess: true });
    holders.push(target.id);
  });

  it('is refused every change to the holder and every grant of junoAccess', async () => {
    expect((await as('POST', `/api/administrators/${target.id}/sendPasswordLink`)).statusCode).toBe(403);
    for (const change of [{ role: 'agent' }, { junoAccess: false }, { promoAccess: false }])
      expect((await as('PATCH', `/api/administrators/${target.id}`, change)).statusCode).toBe(403);
    expect((await as('POST', `/api/administrators/${target.id}/deactivate`)).statusCode).toBe(403);
    const newEmail = { uid: target.id, email: `${attackerRole}.inbox@attacker.example.com` };
    expect((await as('POST', '/api/auth/updateEmail', newEmail)).statusCode).toBe(403);
    expect((await as('PATCH', `/api/administrators/${attacker.id}`, { junoAccess: true })).statusCode).toBe(
      403,
    );
    const created = await as('POST', '/api/administrators', {
      name: 'Sock Puppet',
      email: `${attackerRole}.puppet@attacker.example.com`,
      role: 'agent',
      directory: 'users',
      junoAccess: true,
    });
    expect(created.statusCode).toBe(403);
  });

  it('reads no link from the Outbox, its retry, the audit readers or the log', async () => {
    // The public form and the attacker's own paths all queue mail that may reach the Outbox.
    await anonymous('/api/accounts/forgotPassword', { email: target.email });
    await as('POST', '/api/auth/updateEmail', { uid: attacker.id, email: target.email });
    await as('POST', `/api/administrators/${attacker.id}/sendPasswordLink`);
    await as('POST', '/api/auth/devMode', { enabled: true });
    await processOutbox({ db: t.database.db, mailer: null, log: t.app.log });

    const ids = await everyOutboxMessage();
    if (attackerRole === 'developer') expect(ids.length).toBeGreaterThanOrEqual(3);
    for (const id of ids) await as('GET', `/api/outbox/${id}`);
    for (const id of ids) await as('POST', `/api/outbox/${id}/retry`);
    for (const id of ids) await as('GET', `/api/outbox/${id}`);
    await as('GET', '/api/dashboard');
    await as('GET', `/api/administrators?q=${encodeURIComponent(target.email)}`);
    await as('GET', '/api/auth/session');

    // Retried, the messages go out: the mail server hands the links to their recipients.
    const inbox = mailbox();
    await processOutbox({ db: t.database.db, mailer: inbox.mailer, log: t.app.log });
    const delivered = inbox.sent.filter((m) => m.to === target.email);
    if (attackerRole === 'developer') expect(delivered.length).toBeGreaterThanOrEqual(1);
    const tokens = inbox.sent.flatMap((m) =>
      [...m.text.matchAll(/token=([A-Za-z0-9_-]+)/g)].map((x) => x[1]!),
    );
    if (attackerRole === 'developer') expect(tokens.length).toBeGreaterThanOrEqual(2);
    // The recipient's link works: the mail was not spoiled by hiding it.
    const targetToken = inbox.token(target.email, /\/resetpassword\?token=/);
    if (attackerRole === 'developer') expect(targetToken).toBeTruthy();
    if (targetToken) {
      const info = await t.app.inject({ method: 'GET', url: `/api/accounts/resetPassword/${targetToken}` });
      expect(info.json().data).toMatchObject({ valid: true, email: target.email });
    }

    const audit = await t.database.db.select().from(changeEvents);
    const everything = [...read, JSON.stringify(audit), lines.join('')].join('\n');
    for (const token of tokens) expect(everything).not.toContain(token);
  });

  it('opens nothing with anything it read', async () => {
    const candidates = new Set(read.flatMap((text) => [...text.matchAll(TOKEN_LIKE)].map((m) => m[0])));
    expect(candidates.size).toBeGreaterThan(0);
    for (const token of candidates) {
      const info = await t.app.inject({
        method: 'GET',
        url: `/api/accounts/resetPassword/${encodeURIComponent(token)}`,
      });
      if (info.statusCode === 200) expect(info.json().data.valid).toBe(false);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/resetPassword',
        payload: { token, password: 'Taken-Over-Pass-1' },
      });
      expect(reset.statusCode).toBe(400);
      if (token.length >= 20 && token.length <= 200) expect(reset.json().error).toBe(RESET_LINK_INVALID);
    }

    // The holder is untouched and signs in as before; the attacker still has no junoAccess.
    const [holder] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, target.id));
    expect(holder).toMatchObject({ email: target.email, role: 'developer', junoAccess: true, active: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: attacker.headers,
    });
    expect(session.json()).toMatchObject({ isLogged: true, junoAccess: false });
    const juno = await t.database.db.select().from(staffUsers).where(eq(staffUsers.junoAccess, true));
    expect(juno.map((u) => u.id).sort()).toEqual([...holders].sort());
  });
});
