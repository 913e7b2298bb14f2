import { LOCALES, type LocaleCode } from '../reference/lists';

// The carts' constants and locale helpers, without the contracts (cart.ts, which re-exports them):
// the carts screens take them from here and load no zod (ADR 043).

export const CART_ID = /^[A-Za-z0-9]{28}$/;

export const LOCALE_CODES = LOCALES.map((l) => l.code) as [LocaleCode, ...LocaleCode[]];
export const regionOfLocale = (locale: string): 1 | 2 => (locale.endsWith('-CA') ? 2 : 1);
export const currencyOfLocale = (locale: string) => {
  const found = LOCALES.find((l) => l.code === locale) ?? LOCALES[0];
  return { name: found.currency.name, format: found.currency.format };
};
