// The enroller payouts screen's first reads, as the bodies it posts to the incentives service
// (spec 3 §7): built in one place for the screen's own calls (src/web/features/incentives/api)
// and for the calls its route starts ahead of the screen's code (SCREEN_STARTS.payouts), so that
// both send the same body and the screen takes the answer already on its way. No schemas here:
// the router's chunk carries this module.
import type { PostCall } from '../platform/calls';
import { PAYOUT_PAGE_SIZE } from './constants';
import { COUNTING_RUNS_QUERY, PAYOUTS_QUERY, PERIODS_QUERY } from './queries';

export const STARTCOUNTING_QUERY_PATH = '/api/startCounting/query';

interface PeriodDates {
  periodId: number;
  startDate: string;
  endDate: string;
}

const range = (p: PeriodDates) => ({ startDate: p.startDate, endDate: p.endDate });

export const periodsVariables = (): Record<string, unknown> => ({});

export const payoutsVariables = (p: PeriodDates, pageNumber: number, textSearch: string) => ({
  ...range(p),
  pagination: true,
  pageSize: PAYOUT_PAGE_SIZE,
  pageNumber,
  textSearch: textSearch || null,
});

export const countingRunsVariables = (p: PeriodDates) => range(p);

/**
 * The period a screen shows: the one `wanted` names (`?period=`), else the current one (the latest
 * started by `now`), else the last.
 */
export function shownPeriod<P extends PeriodDates>(
  list: readonly P[],
  wanted: number,
  now: string,
): P | null {
  const current = [...list].reverse().find((p) => p.startDate <= now) ?? list[list.length - 1] ?? null;
  return list.find((p) => p.periodId === wanted) ?? current;
}

export const periodsCall = (): PostCall => [
  'POST',
  STARTCOUNTING_QUERY_PATH,
  { query: PERIODS_QUERY, variables: periodsVariables() },
];

/**
 * What the payouts screen reads once the periods have answered: the shown period's first page of
 * payouts and its counting runs. Nothing when the answer holds no periods.
 */
export function afterPeriods(answer: unknown, search: URLSearchParams, now: string): PostCall[] {
  const periods = (answer as { data?: { periods?: unknown } } | undefined)?.data?.periods;
  if (!Array.isArray(periods)) return [];
  const list = periods.filter(
    (p): p is PeriodDates =>
      typeof p === 'object' &&
      p !== null &&
      typeof p.periodId === 'number' &&
      typeof p.startDate === 'string' &&
      typeof p.endDate === 'string',
  );
  const period = shownPeriod(list, Number(search.get('period')), now);
  if (!period) return [];
  return [
    ['POST', STARTCOUNTING_QUERY_PATH, { query: PAYOUTS_QUERY, variables: payoutsVariables(period, 1, '') }],
    [
      'POST',
      STARTCOUNTING_QUERY_PATH,
      { query: COUNTING_RUNS_QUERY, variables: countingRunsVariables(period) },
    ],
  ];
}
