import type { Period } from '@domain/incentives/contracts';
import { useSearchParams } from 'react-router';
import { usePeriods } from '../api/incentives';

/** The period a screen shows: `?period=` when it names one, else the current (latest started) one. */
export function usePeriod() {
  const periods = usePeriods();
  const [params, setParams] = useSearchParams();
  const list = periods.data ?? [];
  const wanted = Number(params.get('period'));
  const now = new Date().toISOString();
  const current = [...list].reverse().find((p) => p.startDate <= now) ?? list[list.length - 1] ?? null;
  const period: Period | null = list.find((p) => p.periodId === wanted) ?? current;
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
