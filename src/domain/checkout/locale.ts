import { LOCALES, type LocaleCode } from '../reference/lists';
import { formatMoney } from '../reference/money';

// Locales (spec 3 §3 Locale, §4 auto-detect, §9): en-US (USD), en-CA (CAD), fr-CA (CAD). Money is
// written by the one formatter (reference/money.ts) in the cart's locale.

export const localeOf = (code: string) => LOCALES.find((l) => l.code === code) ?? LOCALES[0];

/** Money in a locale's own currency (a cart's or checkout's), through the one formatter. */
export const formatMoneyFor = (cents: number, localeCode: string): string =>
  formatMoney(cents, localeOf(localeCode).currency.name, localeCode);

/** The locale of a country and language (2 is French). */
export const localeFor = (countryId: number, languageId: number): LocaleCode =>
  countryId === 2 ? (languageId === 2 ? 'fr-CA' : 'en-CA') : 'en-US';

/**
 * Spec 3 §4: when the browser language matches a supported locale that is neither the current
 * one nor the first (default) one, switch to it (after 1.5 s; remembered for the session).
 */
export function autoSwitchTarget(browserLanguages: readonly string[], current: string): LocaleCode | null {
  const first = LOCALES[0].code;
  for (const lang of browserLanguages) {
    const match = LOCALES.find((l) => l.code.toLowerCase() === lang.toLowerCase());
    if (match) return match.code !== current && match.code !== first ? match.code : null;
  }
  return null;
}

/**
 * The auto-detect as the checkout applies it: the browser's locale (autoSwitchTarget), but only
 * within the cart's country (en-CA ↔ fr-CA) and only while the cart is empty. A locale is its own
 * cart instance, so a switch across countries would change the customer's shipping country, and a
 * switch away from a cart with products would hide what staff added (ADR 015).
 */
export function localeAutoSwitch(
  browserLanguages: readonly string[],
  current: string,
  cartEmpty: boolean,
): LocaleCode | null {
  if (!cartEmpty) return null;
  const target = autoSwitchTarget(browserLanguages, current);
  return target && localeOf(target).countryId === localeOf(current).countryId ? target : null;
}

/**
 * The locale a change of shipping country switches the cart to (spec 2 §4, §9; one cart instance
 * per locale): the language chosen so far where the new country has it (en-US ↔ en-CA), French
 * kept for Canada when the cart was last in fr-CA, otherwise the customer's default language.
 * Null when the country keeps its locale.
 */
export function localeForCountryChange(
  current: string,
  nextCountryId: 1 | 2,
  o: { lastCanadian?: string | null; defaultLanguageId: number },
): LocaleCode | null {
  const now = localeOf(current);
  if (now.countryId === nextCountryId) return null;
  if (nextCountryId === 1) return 'en-US';
  const remembered = o.lastCanadian ? localeOf(o.lastCanadian) : null;
  if (remembered && remembered.countryId === 2) return remembered.code;
  return localeFor(2, o.defaultLanguageId);
}
