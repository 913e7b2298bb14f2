import {
  CountingRun,
  EnrollerPayoutPage,
  MarketProgress,
  Milestone,
  type MilestoneValuesUpdate,
  PAYOUT_PAGE_SIZE,
  PayoutResult,
  PayoutSummary,
  Period,
} from '@domain/incentives';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { exportCsv, startCounting } from './startcounting';

// Incentives reads and writes (spec 3 §2 Milestones and Enroller payouts screens).

const KEY = ['incentives'] as const;
const range = (p: Period) => ({ startDate: p.startDate, endDate: p.endDate });

const MILESTONE_FIELDS = `name countingKeyUs countingKeyCa updatedAt updatedBy
  participantRequirements { id typeId name value } participantRewards { id typeId name value }
  enrollerRewards { id typeId name value }`;

export function useMilestones() {
  return useQuery({
    queryKey: [...KEY, 'milestones'],
    queryFn: ({ signal }) =>
      startCounting(
        'milestoneValues',
        z.array(Milestone),
        `{ milestoneValues { ${MILESTONE_FIELDS} } }`,
        {},
        signal,
      ),
  });
}

export function useUpdateMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: MilestoneValuesUpdate) =>
      startCounting(
        'milestoneValuesUpdate',
        z.object({ success: z.boolean(), message: z.string().nullable() }),
        `mutation ($name: String!, $requirements: [MilestoneItemInput!]!, $rewards: MilestoneRewardsInput!) {
          milestoneValuesUpdate(name: $name, requirements: $requirements, rewards: $rewards) { success message } }`,
        v,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'milestones'] }),
  });
}

export function usePeriods() {
  return useQuery({
    queryKey: [...KEY, 'periods'],
    queryFn: ({ signal }) =>
      startCounting('periods', z.array(Period), '{ periods { periodId startDate endDate } }', {}, signal),
  });
}

export const PAYOUTS_QUERY = `query ($startDate: String!, $endDate: String!, $pagination: Boolean, $pageSize: Int, $pageNumber: Int, $textSearch: String) {
  enrollerPayouts(startDate: $startDate, endDate: $endDate, pagination: $pagination, pageSize: $pageSize, pageNumber: $pageNumber, textSearch: $textSearch) {
    pageNumber pageSize totalCount totalPaidAccounts totalUnpaidAccounts
    payouts { rewardPayoutId participantAccountId participant { uid fullName } enrollerAccountId enroller { uid fullName }
      milestoneName countryId startDate endDate finished succeeded amountCents personalVolume enrolledConsultants paidDate paid }
  } }`;

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
  return startCounting(
    'enrollerPayoutsSelection',
    PayoutSummary,
    `query ($startDate: String!, $endDate: String!, $excludes: [ID!], $selection: [ID!], $textSearch: String) {
      enrollerPayoutsSelection(startDate: $startDate, endDate: $endDate, excludes: $excludes, selection: $selection, textSearch: $textSearch) {
        count totalCents markets { countryId count totalCents } } }`,
    selectionVars(s),
  );
}

export function usePayPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: SelectionRequest & { selectionId: string }) =>
      startCounting(
        'enrollerIssuePayouts',
        PayoutResult,
        `mutation ($startDate: String!, $endDate: String!, $excludes: [ID!], $selection: [ID!], $selectionId: String, $textSearch: String) {
          enrollerIssuePayouts(startDate: $startDate, endDate: $endDate, excludes: $excludes, selection: $selection, selectionId: $selectionId, textSearch: $textSearch) {
            success paidCount totalCents creditEntries alreadyPaid } }`,
        { ...selectionVars(s), selectionId: s.selectionId },
      ),
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
        z.array(CountingRun),
        `query ($startDate: String!, $endDate: String!) { countingRuns(startDate: $startDate, endDate: $endDate) {
          jobId countryId status progress createdAt finishedAt rows error } }`,
        range(period!),
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
      startCounting(
        'startCounting',
        z.array(z.string()),
        'mutation ($startDate: String!, $endDate: String!) { startCounting(startDate: $startDate, endDate: $endDate) }',
        range(period),
      ),
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
        `query ($name: String!, $startDate: String!, $endDate: String!) {
          milestoneProgress(name: $name, startDate: $startDate, endDate: $endDate) { countryId participants succeeded finished paid } }`,
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
