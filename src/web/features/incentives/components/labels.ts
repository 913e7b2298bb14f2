import type { Period } from '@domain/incentives';
import { formatMoney } from '@domain/reference/money';
import { once } from '@web/lib/format';

/** Made on first use, not when the screen loads (a formatter with a time zone loads its data first). */
const month = once(
  () => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

export const periodLabel = (p: Period) => month().format(new Date(p.startDate));
export const currencyOf = (countryId: number) => (countryId === 2 ? 'CAD' : 'USD');
export const money = (cents: number, countryId: number) => formatMoney(cents, currencyOf(countryId));
export const marketShort = (countryId: number) => (countryId === 2 ? 'CA' : 'US');
