import type { Period } from '@domain/incentives';
import { formatMoney } from '@domain/reference/money';

/** Made on first use, not when the screen loads (a formatter with a time zone loads its data first). */
let month: Intl.DateTimeFormat | undefined;

export const periodLabel = (p: Period) => {
  month ??= new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return month.format(new Date(p.startDate));
};
export const currencyOf = (countryId: number) => (countryId === 2 ? 'CAD' : 'USD');
export const money = (cents: number, countryId: number) => formatMoney(cents, currencyOf(countryId));
export const marketShort = (countryId: number) => (countryId === 2 ? 'CA' : 'US');
