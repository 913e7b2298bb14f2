import type { Period } from '@domain/incentives/contracts';
import { shownPeriod } from '@domain/incentives/first-calls';
import { useCallback, useDeferredValue } from 'react';
import { useSearchParams } from 'react-router';
import { usePeriods } from '../api/incentives';

/** The period a screen shows: `?period=` when it names one, else the current (latest started) one. */
export function usePeriod() {
  // The periods' answer renders the whole screen: React renders it in the background, where it can
  // slice the work, rather than at once (ADR 039).
  const periods = useDeferredValue(usePeriods());
  const [params, setParams] = useSearchParams();
  const list = periods.data ?? [];
  const period: Period | null = shownPeriod(list, Number(params.get('period')), new Date().toISOString());
  const setPeriod = useCallback(
    (periodId: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('period', String(periodId));
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { periods, list, period, setPeriod };
}
