import { BRAND_NAME } from '@domain/reference';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orderShipments, outbox } from '../../db/schema';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// Every email to a customer, sent through the route that sends it, in each of the three customer
// locales: its words in the customer's language, money in the locale with its currency, the
// brand's name, a link to the configured customer site where it asks for an action, and a
// plain-text part as well as the HTML.

const SITE = 'https://shop.customers.example';
let t: TestApp;
let agent: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMER_SITE_URL: SITE } });
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const post = (url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload, headers: agent.headers });

/** What each locale's email must say: a word of its language and its grand total as written there. */
const LOCALES = {
  'en-US': {
    languageId: 1,
    countryId: 1,
    currency: 'USD',
    hello: 'Hello Ada,',
    total: 'Total: $1,234.56',
  },
  'en-CA': {
    languageId: 1,
    countryId: 2,
    currency: 'CAD',
    hello: 'Hello Ada,',
    total: 'Total: CA$1,234.56',
  },
  'fr-CA': {
    languageId: 2,
    countryId: 2,
    currency: 'CAD',
    hello: 'Bonjour Ada,',
    total: 'Total : 1 234,56 $ CA',
  },
} as const;
type Locale = keyof typeof LOCALES;

/** Words only the template in that language has (English, French). */
const WORDS: Record<string, { en: string[]; fr: string[]; action: string | null }> = {
  'order-confirmation': {
    en: ['is confirmed', 'Thank you for your order', 'Shipping method:'],
    fr: ['est confirmée', 'Merci de votre commande', 'Mode de livraison :'],
    action: null,
  },
  'shipping-confirmation': {
    en: ['has shipped', 'Track your package'],
    fr: ['a été expédiée', 'Suivre votre colis'],
    action: null,
  },
  'terms-acceptance': {
    en: ['Please accept the terms', 'Review and accept the terms'],
    fr: ['Veuillez accepter les conditions', 'Lire et accepter les conditions'],
    action: `${SITE}/terms/accept?`,
  },
  'customer.termsAcceptance': {
    en: ['Please accept our terms and conditions', 'Review and accept'],
    fr: ['Veuillez accepter nos conditions générales', 'Lire et accepter'],
    action: `${SITE}/terms/accept?`,
  },
  'customer.passwordReset': {
    en: ['Reset your password', 'Choose a new password'],
    fr: ['Réinitialisez votre mot de passe', 'Choisir un nouveau mot de passe'],
    action: `${SITE}/forgotpassword?`,
  },
};

const MONEY_TEMPLATES = new Set(['order-confirmation', 'terms-acceptance']);

/** A customer of the locale with an order of $1,234.56 that has shipped; the order as placed in `orderLocale`. */
async function customerOf(locale: Locale, orderLocale: string = locale) {
  const l = LOCALES[locale];
  const email = `ada.${locale.toLowerCase()}.${orderLocale.toLowerCase()}@languages.example.com`;
  const account = await insertAccount(t.database.db, {
    email,
    firstName: 'Ada',
    userType: 2,
    defaultLanguageId: l.languageId,
    countryId: l.countryId,
  });
  const order = await insertOrder(t.database.db, account.uid, {
    collection: 'orders',
    state: 1,
    customerUserType: 2,
    customerEmail: email,
    customerFirstName: 'Ada',
    countryId: l.countryId,
    currency: l.currency,
    localeCode: orderLocale,
    subtotalCents: 120_000,
    prePromoSubtotalCents: 120_000,
    taxCents: 3456,
    grandTotalCents: 123_456,
  });
  await t.database.db.insert(orderLines).values({
    orderId: order.id,
    lineNo: 1,
    sku: 'P100',
    title: 'Lip Gloss',
    quantity: 2,
    priceCents: 60_000,
    adjustedPriceCents: 60_000,
    totalCents: 120_000,
  });
  await t.database.db.insert(orderShipments).values({
    orderId: order.id,
    carrierId: 2,
    trackingNumber: '9400111',
    trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111',
    shippedAt: new Date(),
  });
  return { account, order, email };
}

async function sendAll(c: Awaited<ReturnType<typeof customerOf>>) {
  const answers = [
    await post(`/api/cs/resendOrderConfirmation/${c.order.id}`),
    await post(`/api/cs/resendShippingConfirmation/${c.order.id}`),
    await post('/api/cs/resendTermsEmail', { email: c.email, orderId: c.order.id }),
    await post(`/api/cs/resendTcsAcceptanceEmail/${c.account.uid}`, {}),
    await post(`/api/cs/account/${c.account.uid}/reset-password`),
  ];
  for (const a of answers) expect(a.statusCode, a.body).toBe(200);
}

const mailTo = async (to: string, template: string) => {
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.template, template)));
  expect(mail, `${template} to ${to}`).toBeDefined();
  return mail!;
};

/** Spaces as a person reads them (Intl writes French money with no-break spaces). */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('customer email in the customer’s language', () => {
  it.each(Object.keys(LOCALES) as Locale[])('%s: every customer template', async (locale) => {
    const l = LOCALES[locale];
    const c = await customerOf(locale);
    await sendAll(c);
    const language = locale === 'fr-CA' ? 'fr' : 'en';
    const other = language === 'fr' ? 'en' : 'fr';
    for (const [template, words] of Object.entries(WORDS)) {
      const mail = await mailTo(c.email, template);
      const text = plain(mail.text ?? '');
      const html = plain(mail.html ?? '');
      expect(text.trim().length, `${template} has a text part`).toBeGreaterThan(0);
      expect(html).toContain(`lang="${language}"`);
      for (const part of [`${mail.subject}\n${text}`, `${mail.subject}\n${html}`]) {
        expect(part).toContain(l.hello);
        expect(part).toContain(BRAND_NAME);
        expect(part).not.toContain('Customer Service Back Office');
        for (const w of words[language]) expect(part, `${template} (${locale})`).toContain(w);
        for (const w of words[other].filter((x) => !words[language].some((y) => y.includes(x))))
          expect(part, `${template} (${locale}) has no ${other}`).not.toContain(w);
      }
      if (MONEY_TEMPLATES.has(template)) {
        expect(text).toContain(l.total);
        expect(html).toContain(l.total);
      }
      if (words.action) {
        const link = new RegExp(`${words.action.replace(/[.?/]/g, '\\$&')}[^\\s<>"]*`).exec(text)?.[0];
        expect(link, `${template} links to the customer site`).toBeDefined();
        const url = new URL(link!);
        expect(url.searchParams.get('locale')).toBe(locale);
        if (template !== 'customer.passwordReset')
          expect(url.searchParams.get('account')).toBe(c.account.uid);
        expect(html).toContain(link!.replaceAll('&', '&amp;'));
      }
    }
  });

  it('a French-speaking customer’s resent confirmation of an order placed in English is in French', async () => {
    const c = await customerOf('fr-CA', 'en-CA');
    await post(`/api/cs/resendOrderConfirmation/${c.order.id}`);
    const mail = await mailTo(c.email, 'order-confirmation');
    expect(mail.subject).toBe(`Votre commande ${mail.payload.orderLabel} est confirmée`);
    expect(plain(mail.text!)).toContain(LOCALES['fr-CA'].total);
  });

  it('an order placed in French is answered in French whatever the account says', async () => {
    const c = await customerOf('en-CA', 'fr-CA');
    await post(`/api/cs/resendOrderConfirmation/${c.order.id}`);
    const mail = await mailTo(c.email, 'order-confirmation');
    expect(plain(mail.text!)).toContain('Merci de votre commande');
  });
});
