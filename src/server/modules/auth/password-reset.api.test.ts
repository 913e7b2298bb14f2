import type { AddressInfo } from 'node:net';
import { FORGOT_PASSWORD_MESSAGE, RESET_LINK_INVALID } from '@domain/auth/contracts';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { rows } from '../../platform/db';
import { createMailer, type Mailer } from '../../platform/mailer';
import { processOutbox } from '../../platform/outbox';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';

interface Received {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
const received: Received[] = [];
let t: TestApp;
let mailer: Mailer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  mailer = createMailer(`smtp://127.0.0.1:${port}`, 'Back Office <no-reply@example.com>')!;
  t = await createTestApp({ mailer });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const drain = () => processOutbox({ db: t.database.db, mailer, log: t.app.log });

/** Quoted-printable soft line breaks and =3D make the raw link unreadable; undo them. */
const decodeQp = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('forgot password', () => {
  it('gives the same answer for known and unknown emails and queues mail only for the known one', async () => {
    const agent = await t.signIn('agent');
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/forgotPassword',
      payload: { email: agent.email, channel: 'web', localeCode: 'en-US' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/forgotPassword',
      payload: { email: 'nobody@example.com', channel: 'web', localeCode: 'en-US' },
    });
    expect(known.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE });
    expect(unknown.json()).toEqual(known.json());
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(after[0]!.n - before[0]!.n).toBe(1);
  });

  it('delivers the email over SMTP; its link resets the password once; the new password signs in', async () => {
    const agent = await t.signIn('agent');
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/forgotPassword',
      payload: { email: agent.email },
    });
    received.length = 0;
    await drain();
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.toAddress, agent.email));
    expect(row?.status).toBe('sent');
    expect(row?.messageId).toBeTruthy();

    const mail = received.find((m) => m.to.includes(agent.email));
    expect(mail).toBeDefined();
    const raw = decodeQp(mail!.raw);
    expect(raw).toContain('Subject: Reset your password');
    const token = /\/resetpassword\?token=([A-Za-z0-9_-]+)/.exec(raw)?.[1];
    expect(token).toBeDefined();

    const info = await t.app.inject({ method: 'GET', url: `/api/accounts/resetPassword/${token}` });
    expect(info.json()).toEqual({
      success: true,
      data: { valid: true, email: agent.email, purpose: 'reset' },
    });

    const short = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/resetPassword',
      payload: { token, password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Please enter 8 or more characters');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/resetPassword',
      payload: { token, password: 'Brand-New-Pass-9' },
    });
    expect(reset.json()).toMatchObject({ success: true });

    // The old session ended with the password change; the old password no longer works.
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: agent.headers });
    expect(old.json().isLogged).toBe(false);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: agent.email, password: TEST_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: agent.email, password: 'Brand-New-Pass-9' },
    });
    expect(login.statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/resetPassword',
      payload: { token, password: 'Another-Pass-99' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(RESET_LINK_INVALID);
  });

  it('refuses a link older than one hour', async () => {
    const agent = await t.signIn('agent');
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/forgotPassword',
      payload: { email: agent.email },
    });
    received.length = 0;
    await drain();
    const mail = received.find((m) => m.to.includes(agent.email));
    const token = /\/resetpassword\?token=([A-Za-z0-9_-]+)/.exec(decodeQp(mail!.raw))?.[1];
    expect(token).toBeDefined();
    const [ttl] = await rows<{ seconds: number }>(
      t.database.db,
      sql`select round(extract(epoch from expires_at - created_at))::int as seconds from password_reset_tokens where staff_user_id = ${agent.id}`,
    );
    expect(ttl?.seconds).toBe(3600);
    await t.database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 minute' where staff_user_id = ${agent.id}`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/resetPassword',
      payload: { token, password: 'Brand-New-Pass-9' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(RESET_LINK_INVALID);
  });

  it('retries a failed delivery with back-off and keeps the error', async () => {
    const agent = await t.signIn('agent');
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/forgotPassword',
      payload: { email: agent.email },
    });
    const broken = createMailer('smtp://127.0.0.1:1', 'x@example.com');
    await processOutbox({ db: t.database.db, mailer: broken, log: t.app.log });
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.toAddress, agent.email));
    expect(row?.status).toBe('pending');
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});
