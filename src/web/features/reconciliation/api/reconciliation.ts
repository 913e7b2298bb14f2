import {
  type DiscrepancyKind,
  ReconciliationPage,
  StartRunResponse,
} from '@domain/reconciliation/reconciliation';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

// Money reconciliation (ADR 025): the latest run, the open discrepancies, and a run on demand.

const KEY = ['reconciliation'] as const;
export const DISCREPANCY_PAGE_SIZE = 20;
/** While a run is queued or under way the screen asks again this often. */
const RUNNING_POLL_MS = 2000;

export function useReconciliation(kind: DiscrepancyKind | null) {
  return useInfiniteQuery({
    queryKey: [...KEY, kind ?? 'all'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/reconciliation', ReconciliationPage, {
        signal,
        query: { page: pageParam, limit: DISCREPANCY_PAGE_SIZE, kind: kind ?? undefined },
      }),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    refetchInterval: (query) => (query.state.data?.pages[0]?.data.activeRun ? RUNNING_POLL_MS : false),
  });
}

/** Starts a run (or answers the one under way); the screen then follows it until it ends. */
export function useStartReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/reconciliation/run', StartRunResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
