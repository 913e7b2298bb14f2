import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, outboxSecrets } from '../db/schema';
import { mailbox } from '../testing/mailbox';
import { createTestApp, type TestApp } from '../testing/test-app';
import { renderEmail } from './email-layout';
import type { Mailer } from './mailer';
import { enqueueEmail, enqueueEvent, processOutbox } from './outbox';
import { SecretLink } from './secret-link';

// ADR 017: an email's one-time links are held apart from the message and put back only when it
// is sent; the outbox refuses stored text that would show one.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const TOKEN = 'Zq9-only-the-recipient_';
function linkEmail(to: string, ttlMs = 60_000) {
  const link = new SecretLink(
    `https://bo.example.com/resetpassword?token=${TOKEN}${++n}&x=1`,
    'password link',
    new Date(Date.now() + ttlMs),
  );
  return {
    link,
    email: {
      template: 'test.link',
      to,
      subject: 'Your link',
      ...renderEmail({ title: 'Your link', paragraphs: ['Hi'], action: { label: 'Open', url: link } }),
      payload: { url: link },
    },
  };
}
const row = async (id: number) => (await t.database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
const held = async (id: number) =>
  t.database.db.select().from(outboxSecrets).where(eq(outboxSecrets.outboxId, id));
const api = async (id: number) => {
  const dev = await t.signIn('developer');
  return (await t.app.inject({ method: 'GET', url: `/api/outbox/${id}`, headers: dev.headers })).body;
};

describe('an email with a one-time link', () => {
  it('is stored with the placeholder, the link held apart, and sent with the real link', async () => {
    const { link, email } = linkEmail('holder@example.com');
    const id = await enqueueEmail(t.database.db, email);
    const stored = await row(id);
    expect(stored.hiddenLinks).toEqual(['password link']);
    expect(stored.payload).toEqual({ url: link.placeholder });
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
    expect(await api(id)).not.toContain(TOKEN);
    expect(JSON.parse(await api(id)).data).toMatchObject({ hiddenLinks: ['password link'] });
    expect(await held(id)).toHaveLength(1);

    const inbox = mailbox();
    await processOutbox({ db: t.database.db, mailer: inbox.mailer, log: t.app.log });
    const [sent] = inbox.sent.filter((m) => m.to === 'holder@example.com');
    // The HTML gets the address escaped (&amp;), the text as it is.
    expect(sent!.html).toContain(`href="${link.reveal().replace('&', '&amp;')}"`);
    expect(sent!.text).toContain(link.reveal());
    expect(sent!.html + sent!.text).not.toContain(link.placeholder);
    expect((await row(id)).status).toBe('sent');
    expect(await held(id)).toHaveLength(0);
  });

  it('without SMTP stays in the Outbox without its link; a retry once SMTP is there sends the link', async () => {
    const { link, email } = linkEmail('later@example.com');
    const id = await enqueueEmail(t.database.db, email);
    await processOutbox({ db: t.database.db, mailer: null, log: t.app.log });
    expect((await row(id)).status).toBe('stored');
    expect(await held(id)).toHaveLength(1);
    const dev = await t.signIn('developer');
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/outbox/${id}/retry`,
      headers: dev.headers,
    });
    expect(retry.body).not.toContain(TOKEN);
    const inbox = mailbox();
    await processOutbox({ db: t.database.db, mailer: inbox.mailer, log: t.app.log });
    expect(inbox.link('later@example.com', /token=/)).toBe(link.reveal());
  });

  it('is not sent once its link has expired: failed at once, with the reason, the held link purged', async () => {
    const { email } = linkEmail('expired@example.com', 60_000);
    const id = await enqueueEmail(t.database.db, email);
    await t.database.db.execute(
      sql`update outbox_secrets set expires_at = now() - interval '1 second' where outbox_id = ${id}`,
    );
    const inbox = mailbox();
    await processOutbox({ db: t.database.db, mailer: inbox.mailer, log: t.app.log });
    expect(inbox.sent.filter((m) => m.to === 'expired@example.com')).toEqual([]);
    expect(await row(id)).toMatchObject({
      status: 'failed',
      lastError: 'Its one-time link expired before the email could be sent; the recipient needs a new one.',
    });
    expect(await held(id)).toHaveLength(0);
  });

  it("keeps a mail server's refusal without the link", async () => {
    const { email } = linkEmail('refused@example.com');
    const id = await enqueueEmail(t.database.db, email);
    const quoting: Mailer = {
      send: async (m) => {
        throw new Error(`550 rejected: ${m.text.slice(-120)}`);
      },
      close() {},
    };
    await processOutbox({ db: t.database.db, mailer: quoting, log: t.app.log });
    const failed = await row(id);
    expect(failed.status).toBe('pending');
    expect(failed.lastError).toContain('550 rejected');
    expect(failed.lastError).not.toContain(TOKEN);
    expect(failed.lastError).toContain('[password link: sent to the recipient only]');
  });
});

describe('the outbox refuses to store a one-time link in the open', () => {
  const base = { template: 'test.careless', to: 'a@example.com', subject: 's', html: 'h', text: 't' };

  it.each([
    ['HTML', { html: '<a href="https://bo.example/r?token=abc123">go</a>' }],
    ['text', { text: 'Open https://bo.example/r?token=abc123' }],
    ['payload', { payload: { url: 'https://bo.example/r?resetToken=abc123' } }],
    ['subject', { subject: 'https://bo.example/r?otp=1234' }],
  ])('in the %s', async (_where, change) => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    await expect(enqueueEmail(t.database.db, { ...base, ...change })).rejects.toThrow(/ADR 017/);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('in an event payload', async () => {
    await expect(
      enqueueEvent(t.database.db, {
        template: 'test.event',
        payload: { link: 'https://x.example/?token=abc' },
      }),
    ).rejects.toThrow(/ADR 017/);
  });

  it('as a placeholder whose link was not given (it would arrive dead)', async () => {
    const { link } = linkEmail('dead@example.com');
    await expect(enqueueEmail(t.database.db, { ...base, text: `Open ${link}` })).rejects.toThrow(
      /has no link to deliver/,
    );
  });

  it('and hides such a parameter in rows written before (list, detail)', async () => {
    const [old] = await t.database.db
      .insert(outbox)
      .values({
        channel: 'email',
        template: 'staff.passwordReset',
        toAddress: 'old@example.com',
        subject: 'Reset your password',
        html: '<a href="https://bo.example/resetpassword?token=OldLeakedToken123">x</a>',
        text: 'https://bo.example/resetpassword?token=OldLeakedToken123',
        payload: { url: 'https://bo.example/resetpassword?token=OldLeakedToken123' },
        status: 'stored',
      })
      .returning();
    const body = await api(old!.id);
    expect(body).not.toContain('OldLeakedToken123');
    expect(body).toContain('token=[hidden]');
  });
});
