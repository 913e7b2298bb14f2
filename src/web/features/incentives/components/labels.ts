import type { Period } from '@domain/incentives/contracts';
import { formatMoney } from '@domain/reference/money';
import { formatMonthYearUtc } from '@domain/reference/plain-formats';

export const periodLabel = (p: Period) => formatMonthYearUtc(new Date(p.startDate));
export const currencyOf = (countryId: number) => (countryId === 2 ? 'CAD' : 'USD');
export const money = (cents: number, countryId: number) => formatMoney(cents, currencyOf(countryId));
export const marketShort = (countryId: number) => (countryId === 2 ? 'CA' : 'US');
