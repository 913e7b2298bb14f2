import type { Period } from '@domain/incentives/contracts';
import { countingRunsVariables, payoutsVariables, periodsVariables } from '@domain/incentives/first-calls';
import type { MilestoneValuesUpdate } from '@domain/incentives/milestones';
import {
  COUNTING_RUNS_QUERY,
  MILESTONE_PROGRESS_QUERY,
  MILESTONE_UPDATE_MUTATION,
  MILESTONES_QUERY,
  PAY_PAYOUTS_MUTATION,
  PAYOUT_SELECTION_QUERY,
  PAYOUTS_QUERY,
  PERIODS_QUERY,
  START_COUNTING_MUTATION,
} from '@domain/incentives/queries';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkedInDevelopment } from '@web/lib/api-client';
import { useSubmitMutation } from '@web/lib/use-submit-mutation';
import { exportCsv, startCounting } from './startcounting';

// Incentives reads and writes (spec 3 §2 Milestones and Enroller payouts screens).
//
// The service's answers are checked against their contracts in development only (ADR 043): the
// contracts and zod are not loaded with the payouts screen. The service itself answers in its
// GraphQL schema's types, and the server's resolvers read the same contracts.

const answers = () => import('@domain/incentives/answers');
const Milestones = checkedInDevelopment(() => answers().then((m) => m.MilestonesAnswer));
const MilestoneUpdated = checkedInDevelopment(() => answers().then((m) => m.MilestoneUpdateAnswer));
const Periods = checkedInDevelopment(() => answers().then((m) => m.PeriodsAnswer));
const PayoutPage = checkedInDevelopment(() => answers().then((m) => m.PayoutPageAnswer));
const Summary = checkedInDevelopment(() => answers().then((m) => m.PayoutSummaryAnswer));
const Result = checkedInDevelopment(() => answers().then((m) => m.PayoutResultAnswer));
const CountingRuns = checkedInDevelopment(() => answers().then((m) => m.CountingRunsAnswer));
const RunIds = checkedInDevelopment(() => answers().then((m) => m.CountingStartedAnswer));
const Progress = checkedInDevelopment(() => answers().then((m) => m.MilestoneProgressAnswer));

const KEY = ['incentives'] as const;
const range = (p: Period) => ({ startDate: p.startDate, endDate: p.endDate });

export function useMilestones() {
  return useQuery({
    queryKey: [...KEY, 'milestones'],
    queryFn: ({ signal }) => startCounting('milestoneValues', Milestones, MILESTONES_QUERY, {}, signal),
  });
}

export function useUpdateMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: MilestoneValuesUpdate) =>
      startCounting('milestoneValuesUpdate', MilestoneUpdated, MILESTONE_UPDATE_MUTATION, v),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'milestones'] }),
  });
}

export function usePeriods() {
  return useQuery({
    queryKey: [...KEY, 'periods'],
    queryFn: ({ signal }) => startCounting('periods', Periods, PERIODS_QUERY, periodsVariables(), signal),
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
        PayoutPage,
        PAYOUTS_QUERY,
        payoutsVariables(q!.period, q!.pageNumber, q!.textSearch),
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
  return startCounting('enrollerPayoutsSelection', Summary, PAYOUT_SELECTION_QUERY, selectionVars(s));
}

export function usePayPayouts() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (s: SelectionRequest & { selectionId: string }) =>
      startCounting('enrollerIssuePayouts', Result, PAY_PAYOUTS_MUTATION, {
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
      startCounting(
        'countingRuns',
        CountingRuns,
        COUNTING_RUNS_QUERY,
        countingRunsVariables(period!),
        signal,
      ),
    // Watch a run until it ends.
    refetchInterval: (query) =>
      query.state.data?.some((r) => r.status === 'queued' || r.status === 'running') ? 1500 : false,
  });
}

export function useStartCounting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: Period) =>
      startCounting('startCounting', RunIds, START_COUNTING_MUTATION, range(period)),
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
        Progress,
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
