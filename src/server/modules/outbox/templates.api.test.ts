import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderShipments, outbox } from '../../db/schema';
import { processOutbox } from '../../platform/outbox';
import { findBareSecret } from '../../platform/secret-link';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { mailbox } from '../../testing/mailbox';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// ADR 017: every email template, sent through the route that sends it, compared as the
// recipient gets it and as the Outbox (table and API) keeps it. A link carrying a one-time token
// reaches the recipient and is nowhere in what is kept; any other link is kept as it was sent.

const inbox = mailbox();
let t: TestApp;
let dev: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ mailer: inbox.mailer });
  dev = await t.signIn('developer', { promoAccess: true, junoAccess: true });
});
afterAll(() => t.close());

const post = (url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload, headers: dev.headers });

/** Each template and the route that sends it; returns the recipient. */
const SENDERS: Record<string, { oneTimeLink: boolean; send: () => Promise<string> }> = {
  'staff.setPassword': {
    oneTimeLink: true,
    send: async () => {
      const email = 'new.staff@templates.example.com';
      await post('/api/administrators', { name: 'New Staff', email, role: 'agent', directory: 'users' });
      return email;
    },
  },
  'staff.passwordReset': {
    oneTimeLink: true,
    send: async () => {
      const agent = await t.signIn('agent');
      await t.app.inject({
        method: 'POST',
        url: '/api/accounts/forgotPassword',
        payload: { email: agent.email },
      });
      return agent.email;
    },
  },
  'staff.confirmEmail': {
    oneTimeLink: true,
    send: async () => {
      const email = 'moved@templates.example.com';
      await post('/api/auth/updateEmail', { uid: dev.id, email });
      return email;
    },
  },
  'customer.termsAcceptance': {
    oneTimeLink: false,
    send: async () => {
      const customer = await insertAccount(t.database.db, { email: 'terms@templates.example.com' });
      await post(`/api/cs/resendTcsAcceptanceEmail/${customer.uid}`, {});
      return customer.email!;
    },
  },
  'customer.passwordReset': {
    oneTimeLink: false,
    send: async () => {
      const customer = await insertAccount(t.database.db, { email: 'reset@templates.example.com' });
      await post(`/api/cs/account/${customer.uid}/reset-password`);
      return customer.email!;
    },
  },
  'order-confirmation': {
    oneTimeLink: false,
    send: async () => {
      const order = await anOrder('confirmed@templates.example.com');
      await post(`/api/cs/resendOrderConfirmation/${order.id}`);
      return 'confirmed@templates.example.com';
    },
  },
  'shipping-confirmation': {
    oneTimeLink: false,
    send: async () => {
      const order = await anOrder('shipped@templates.example.com');
      await t.database.db.insert(orderShipments).values({
        orderId: order.id,
        carrierId: 2,
        trackingNumber: '9400111',
        trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111',
        shippedAt: new Date(),
      });
      await post(`/api/cs/resendShippingConfirmation/${order.id}`);
      return 'shipped@templates.example.com';
    },
  },
  'terms-acceptance': {
    oneTimeLink: false,
    send: async () => {
      const order = await anOrder('order.terms@templates.example.com', { collection: 'orders', state: 1 });
      await post('/api/cs/resendTermsEmail', {
        email: 'order.terms@templates.example.com',
        orderId: order.id,
      });
      return 'order.terms@templates.example.com';
    },
  },
};

async function anOrder(email: string, o: { collection?: 'orders' | 'invoices'; state?: number } = {}) {
  const customer = await insertAccount(t.database.db, { userType: 2, email });
  return insertOrder(t.database.db, customer.uid, {
    customerUserType: 2,
    customerEmail: email,
    customerFirstName: customer.firstName,
    customerLastName: customer.lastName,
    ...o,
  });
}

/** Every email template named in the server's code: a new one must join SENDERS above. */
function templatesInCode(): string[] {
  const root = path.resolve(import.meta.dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  const names = new Set<string>();
  for (const file of files) {
    const code = readFileSync(path.join(root, file), 'utf8');
    if (!code.includes('enqueueEmail') && !code.includes('EmailInput') && !code.includes('OrderEmailKind'))
      continue;
    // `template: 'a.b'`, or a choice between such names on that line.
    for (const line of code.matchAll(/template:([^\n]*)/g))
      for (const m of line[1]!.matchAll(/'([a-z]+[.-][A-Za-z.-]+)'/g)) names.add(m[1]!);
    const kinds = /type OrderEmailKind = ([^;]+);/.exec(code)?.[1];
    for (const m of kinds?.matchAll(/'([^']+)'/g) ?? []) names.add(m[1]!);
  }
  return [...names].sort();
}

const URLS = /https?:\/\/[^\s<>"]+/g;

describe('email templates', () => {
  it('are all covered here', () => {
    expect(templatesInCode()).toEqual(Object.keys(SENDERS).sort());
  });

  it.each(Object.entries(SENDERS))('%s keeps no one-time link', async (template, sender) => {
    const to = await sender.send();
    await processOutbox({ db: t.database.db, mailer: inbox.mailer, log: t.app.log });
    const [stored] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, template), eq(outbox.toAddress, to)));
    expect(stored, `${template} to ${to}`).toBeDefined();
    const sent = inbox.sent.filter((m) => m.to === to && m.subject === stored!.subject).at(-1);
    expect(sent).toBeDefined();
    // Every email has a plain-text part as well as its HTML, for mail apps that show only text.
    expect(sent!.text.trim(), `${template} text part`).not.toBe('');
    expect(sent!.html.trim(), `${template} html part`).not.toBe('');
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/outbox/${stored!.id}`,
      headers: dev.headers,
    });
    expect(answer.statusCode).toBe(200);
    const kept = [
      stored!.html,
      stored!.text,
      JSON.stringify(stored!.payload),
      stored!.lastError,
      answer.body,
    ].join('\n');

    const links = [...`${sent!.text}\n${sent!.html}`.matchAll(URLS)].map((m) =>
      m[0].replaceAll('&amp;', '&'),
    );
    const oneTime = links.filter((url) => findBareSecret(url) !== null);
    expect(oneTime.length > 0, `${template} carries a one-time link`).toBe(sender.oneTimeLink);
    for (const url of oneTime) {
      expect(kept).not.toContain(url);
      for (const value of new URL(url).searchParams.values()) expect(kept).not.toContain(value);
    }
    for (const url of links.filter((u) => findBareSecret(u) === null)) expect(stored!.text).toContain(url);
    expect(stored!.hiddenLinks.length > 0).toBe(sender.oneTimeLink);
    expect(answer.json().data.hiddenLinks).toEqual(stored!.hiddenLinks);
    if (sender.oneTimeLink) expect(answer.json().data.text).toContain(': sent to the recipient only]');
  });
});
