import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYOUT_PAGE_SIZE } from './constants';
import { afterPeriods, periodsCall, STARTCOUNTING_QUERY_PATH, shownPeriod } from './first-calls';
import { COUNTING_RUNS_QUERY, PAYOUTS_QUERY, PERIODS_QUERY } from './queries';

const P1 = { periodId: 1, startDate: '2026-10-01T07:00:00.000Z', endDate: '2026-11-01T07:00:00.000Z' };
const P2 = { periodId: 2, startDate: '2026-11-01T07:00:00.000Z', endDate: '2026-12-01T08:00:00.000Z' };
const P3 = { periodId: 3, startDate: '2027-01-01T08:00:00.000Z', endDate: '2027-02-01T08:00:00.000Z' };
const NOW = '2026-12-07T12:00:00.000Z';

describe('the payouts screen first reads', () => {
  it('shows the period the URL names, else the latest started one, else the last', () => {
    expect(shownPeriod([P1, P2, P3], 1, NOW)).toBe(P1);
    expect(shownPeriod([P1, P2, P3], 0, NOW)).toBe(P2);
    expect(shownPeriod([P1, P2, P3], 99, NOW)).toBe(P2);
    expect(shownPeriod([P3], 0, NOW)).toBe(P3);
    expect(shownPeriod([], 0, NOW)).toBeNull();
  });

  it('the shown period is the one named when the list has it, else the latest started by now, else the last', () => {
    const day = fc
      .integer({ min: 0, max: 3650 })
      .map((d) => new Date(Date.UTC(2020, 0, 1 + d)).toISOString());
    const period = fc.record({
      periodId: fc.integer({ min: -5, max: 2 ** 31 }),
      startDate: day,
      endDate: day,
    });
    fc.assert(
      fc.property(
        fc.array(period, { maxLength: 12 }),
        fc.integer({ min: -5, max: 2 ** 31 }),
        day,
        (list, wanted, now) => {
          // In the list's order, as the service answers them (oldest first).
          const shown = shownPeriod(list, wanted, now);
          const named = list.find((p) => p.periodId === wanted);
          const started = list.filter((p) => p.startDate <= now);
          expect(shown).toBe(named ?? started[started.length - 1] ?? list[list.length - 1] ?? null);
          if (list.length > 0) expect(list).toContain(shown);
        },
      ),
    );
  });

  it('asks for the periods, then the shown period’s first page and its counting runs, as the screen does', () => {
    expect(periodsCall()).toEqual([
      'POST',
      STARTCOUNTING_QUERY_PATH,
      { query: PERIODS_QUERY, variables: {} },
    ]);
    const answer = { data: { periods: [P1, P2, P3] } };
    expect(afterPeriods(answer, new URLSearchParams('period=1'), NOW)).toEqual([
      [
        'POST',
        STARTCOUNTING_QUERY_PATH,
        {
          query: PAYOUTS_QUERY,
          variables: {
            startDate: P1.startDate,
            endDate: P1.endDate,
            pagination: true,
            pageSize: PAYOUT_PAGE_SIZE,
            pageNumber: 1,
            textSearch: null,
          },
        },
      ],
      [
        'POST',
        STARTCOUNTING_QUERY_PATH,
        { query: COUNTING_RUNS_QUERY, variables: { startDate: P1.startDate, endDate: P1.endDate } },
      ],
    ]);
  });

  it('nothing follows an answer without periods', () => {
    for (const answer of [
      undefined,
      null,
      { data: null },
      { data: { periods: [] } },
      { errors: [{ message: 'x' }] },
    ])
      expect(afterPeriods(answer, new URLSearchParams(), NOW)).toEqual([]);
    expect(afterPeriods({ data: { periods: [{ periodId: '1' }] } }, new URLSearchParams(), NOW)).toEqual([]);
  });
});
