import type { Period } from '@domain/incentives/contracts';
import { shownPeriod } from '@domain/incentives/first-calls';
import { useSearchParams } from 'react-router';
import { usePeriods } from '../api/incentives';

/** The period a screen shows: `?period=` when it names one, else the current (latest started) one. */
export function usePeriod() {
  const periods = usePeriods();
  const [params, setParams] = useSearchParams();
  const list = periods.data ?? [];
  const period: Period | null = shownPeriod(list, Number(params.get('period')), new Date().toISOString());
  const setPeriod = (periodId: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('period', String(periodId));
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { periods, list, period, setPeriod };
}
