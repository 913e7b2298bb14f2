import { LOCALES } from './lists';
import { groupThousands } from './plain-formats';

// The one money formatter (ADR 024). Amounts are integer cents; they are written with Intl for the
// locale of the order or cart they belong to (en-US, en-CA, fr-CA), and always say which dollar
// they are wherever the reader could take one for the other:
//   CAD: "CA$98.00" in English, "98,00 $ CA" in French — in every locale, on every screen;
//   USD: "$98.00" in en-US (there "$" alone only ever means US dollars, as CAD always carries
//        "CA$"), "US$98.00" in en-CA and "98,00 $ US" in fr-CA, where "$" alone reads Canadian.
// Other currencies keep Intl's own symbol for the locale.
// One variant, as an option: `symbol: 'none'` writes a bare amount with a point and no grouping
// ("1234.50": the pricing engine's messages).
// US and Canadian dollars in the product's three locales are written by hand, exactly as Intl
// writes them (money.test.ts compares the two over every amount an order can hold): the first
// Intl formatter of a page costs a phone 100 ms of its main thread (ADR 042).

/** The locale of screens that span orders of both countries (lists, dashboards): the back office's own. */
export const BACK_OFFICE_LOCALE = 'en-US';

const KNOWN = new Set<string>(LOCALES.map((l) => l.code));

function currencyMark(currency: string, locale: string): string | null {
  const french = locale.startsWith('fr');
  if (currency === 'CAD') return french ? '$ CA' : 'CA$';
  if (currency === 'USD') return locale === 'en-US' ? '$' : french ? '$ US' : 'US$';
  return null;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, f);
  }
  return f;
}

/** The largest amount, in cents, written by hand; larger ones go through Intl. */
const BY_HAND_MAX_CENTS = 1e15;

/** Whole cents of USD or CAD in a known locale, as Intl writes them with `currencyMark`'s mark. */
function byHand(cents: number, locale: string, mark: string): string {
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, '0');
  return locale.startsWith('fr')
    ? `${sign}${groupThousands(whole, '\u00a0')},${fraction}\u00a0${mark}`
    : `${sign}${mark}${groupThousands(whole, ',')}.${fraction}`;
}

export interface MoneyFormat {
  /**
   * How the currency shows: 'marked' (the default, ADR 024, see above) or 'none' (the amount
   * alone, `12.50`, whatever the locale).
   */
  symbol?: 'marked' | 'none';
}

/**
 * Cents as the reader of `locale` reads them, with the currency marked (see above). A locale the
 * product does not support is read as the back office's.
 */
export function formatMoney(
  cents: number,
  currency: string,
  locale: string = BACK_OFFICE_LOCALE,
  { symbol = 'marked' }: MoneyFormat = {},
): string {
  if (symbol === 'none') return (cents / 100).toFixed(2);
  const at = KNOWN.has(locale) ? locale : BACK_OFFICE_LOCALE;
  const mark = currencyMark(currency, at);
  if (mark !== null && Number.isInteger(cents) && Math.abs(cents) <= BY_HAND_MAX_CENTS)
    return byHand(cents, at, mark);
  return intlMoney(cents, currency, at, mark);
}

/** The Intl path of `formatMoney` (other currencies, fractions of a cent, huge amounts). */
function intlMoney(cents: number, currency: string, locale: string, mark: string | null): string {
  return formatter(locale, currency)
    .formatToParts(cents / 100)
    .map((p) => (p.type === 'currency' && mark !== null ? mark : p.value))
    .join('');
}

/** An amount taken away (a discount, credit applied): "−CA$5.58", "−5,58 $ CA". */
export const formatMoneyOff = (cents: number, currency: string, locale?: string): string =>
  `−${formatMoney(Math.abs(cents), currency, locale)}`;
