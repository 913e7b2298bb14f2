import type { Period } from '@domain/incentives';
import { formatMoney } from '@domain/reference/money';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const periodLabel = (p: Period) => MONTH.format(new Date(p.startDate));
export const currencyOf = (countryId: number) => (countryId === 2 ? 'CAD' : 'USD');
export const money = (cents: number, countryId: number) => formatMoney(cents, currencyOf(countryId));
export const marketShort = (countryId: number) => (countryId === 2 ? 'CA' : 'US');
