import {
  COUNTING_RUNS_QUERY,
  CountingRun,
  EnrollerPayoutPage,
  MarketProgress,
  MILESTONE_PROGRESS_QUERY,
  MILESTONE_UPDATE_MUTATION,
  MILESTONES_QUERY,
  Milestone,
  type MilestoneValuesUpdate,
  PAY_PAYOUTS_MUTATION,
  PAYOUT_PAGE_SIZE,
  PAYOUT_SELECTION_QUERY,
  PAYOUTS_QUERY,
  PayoutResult,
  PayoutSummary,
  PERIODS_QUERY,
  Period,
  START_COUNTING_MUTATION,
} from '@domain/incentives';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@web/lib/use-submit-mutation';
import { z } from 'zod';
import { exportCsv, startCounting } from './startcounting';

// Incentives reads and writes (spec 3 §2 Milestones and Enroller payouts screens).

const KEY = ['incentives'] as const;
const range = (p: Period) => ({ startDate: p.startDate, endDate: p.endDate });

export function useMilestones() {
  return useQuery({
    queryKey: [...KEY, 'milestones'],
    queryFn: ({ signal }) =>
      startCounting('milestoneValues', z.array(Milestone), MILESTONES_QUERY, {}, signal),
  });
}

export function useUpdateMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: MilestoneValuesUpdate) =>
      startCounting(
        'milestoneValuesUpdate',
        z.object({ success: z.boolean(), message: z.string().nullable() }),
        MILESTONE_UPDATE_MUTATION,
        v,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'milestones'] }),
  });
}

export function usePeriods() {
  return useQuery({
    queryKey: [...KEY, 'periods'],
    queryFn: ({ signal }) => startCounting('periods', z.array(Period), PERIODS_QUERY, {}, signal),
  });
}

export interface PayoutsQuery {
  period: Period;
  pageNumber: number;
  textSearch: string;
}

export function usePayouts(q: PayoutsQuery | null) {
  return useQuery({
    queryKey: [...KEY, 'payouts', q?.period.periodId, q?.pageNumber, q?.textSearch],
    enabled: q !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      startCounting(
        'enrollerPayouts',
        EnrollerPayoutPage,
        PAYOUTS_QUERY,
        {
          ...range(q!.period),
          pagination: true,
          pageSize: PAYOUT_PAGE_SIZE,
          pageNumber: q!.pageNumber,
          textSearch: q!.textSearch || null,
        },
        signal,
      ),
  });
}

export interface SelectionRequest {
  period: Period;
  textSearch: string;
  excludes: string[];
  selection: string[] | null;
}

const selectionVars = (s: SelectionRequest) => ({
  ...range(s.period),
  textSearch: s.textSearch || null,
  excludes: s.excludes,
  selection: s.selection,
});

export function fetchSelectionSummary(s: SelectionRequest) {
  return startCounting('enrollerPayoutsSelection', PayoutSummary, PAYOUT_SELECTION_QUERY, selectionVars(s));
}

export function usePayPayouts() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (s: SelectionRequest & { selectionId: string }) =>
      startCounting('enrollerIssuePayouts', PayoutResult, PAY_PAYOUTS_MUTATION, {
        ...selectionVars(s),
        selectionId: s.selectionId,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function exportPayouts(period: Period, textSearch: string) {
  return exportCsv(PAYOUTS_QUERY, { ...range(period), pagination: false, textSearch: textSearch || null });
}

export function useCountingRuns(period: Period | null) {
  return useQuery({
    queryKey: [...KEY, 'counting', period?.periodId],
    enabled: period !== null,
    queryFn: ({ signal }) =>
      startCounting('countingRuns', z.array(CountingRun), COUNTING_RUNS_QUERY, range(period!), signal),
    // Watch a run until it ends.
    refetchInterval: (query) =>
      query.state.data?.some((r) => r.status === 'queued' || r.status === 'running') ? 1500 : false,
  });
}

export function useStartCounting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: Period) =>
      startCounting('startCounting', z.array(z.string()), START_COUNTING_MUTATION, range(period)),
    onSuccess: (_ids, period) =>
      queryClient.invalidateQueries({ queryKey: [...KEY, 'counting', period.periodId] }),
  });
}

export function useMilestoneProgress(name: string, period: Period | null) {
  return useQuery({
    queryKey: [...KEY, 'progress', name, period?.periodId],
    enabled: period !== null,
    queryFn: ({ signal }) =>
      startCounting(
        'milestoneProgress',
        z.array(MarketProgress),
        MILESTONE_PROGRESS_QUERY,
        { name, ...range(period!) },
        signal,
      ),
  });
}

/** After a counting run ends, what it changed is read again. */
export function useRefreshAfterCounting() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...KEY, 'payouts'] }),
      queryClient.invalidateQueries({ queryKey: [...KEY, 'progress'] }),
    ]);
}
