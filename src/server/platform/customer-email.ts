// What every email to a customer shares: the customer's locale (en-US, en-CA or fr-CA), money and
// dates written in it, the brand's name, and links to the customer site (CUSTOMER_SITE_URL).

import { BRAND_NAME, LANGUAGES, LOCALES } from '@domain/reference';
import { type EmailContent, renderEmail } from './email-layout';

export type EmailLocale = (typeof LOCALES)[number]['code'];

const FRENCH = LANGUAGES.find((l) => l.name === 'French')!.id;
const CANADA = LOCALES.find((l) => l.code === 'en-CA')!.countryId;

/**
 * The locale a customer reads their email in. French (an order placed in fr-CA, or an account whose
 * language is French) is written as in Canada, the only French locale; otherwise English, US or
 * Canadian by the country (the order's or the account's, else the locale's).
 */
export function customerEmailLocale(who: {
  localeCode?: string | null;
  languageId?: number | null;
  countryId?: number | null;
}): EmailLocale {
  if (who.localeCode === 'fr-CA' || who.languageId === FRENCH) return 'fr-CA';
  const country = who.countryId ?? LOCALES.find((l) => l.code === who.localeCode)?.countryId;
  return country === CANADA ? 'en-CA' : 'en-US';
}

export const languageOf = (locale: EmailLocale): 'en' | 'fr' => (locale === 'fr-CA' ? 'fr' : 'en');

/** A day as the customer reads it: `March 5, 2026`, `5 mars 2026`. */
export function formatDay(iso: string, locale: EmailLocale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** An address on the customer site (CUSTOMER_SITE_URL), with the customer's locale. */
export function customerSiteLink(
  siteUrl: string,
  page: string,
  locale: EmailLocale,
  params: Record<string, string> = {},
): string {
  const url = new URL(page.replace(/^\//, ''), `${siteUrl.replace(/\/+$/, '')}/`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.set('locale', locale);
  return url.toString();
}

/** The branded layout in the customer's language: html and text parts. */
export function renderCustomerEmail(content: EmailContent, locale: EmailLocale) {
  return renderEmail({ ...content, sender: BRAND_NAME, language: languageOf(locale) });
}
