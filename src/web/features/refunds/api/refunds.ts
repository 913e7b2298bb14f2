import type { RefundEstimateRequest, RefundSubmitRequest } from '@domain/refunds/refunds';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';
import { useSubmitMutation } from '@web/lib/use-submit-mutation';

// The refunds view's calls (spec 2 §7): the order's refunds, the estimate, submit and retry.
// The refunds live under the order's query key (['orders', 'detail', id]) so that a refund also
// refreshes the order's header and info, and an order change refreshes the refunds.
//
// The answers' contracts (and zod) load in development only (ADR 043).
const OrderRefundsAnswer = checkedInDevelopment(() =>
  import('@domain/refunds/refunds').then((m) => m.OrderRefundsAnswer),
);
const RefundEstimateAnswer = checkedInDevelopment(() =>
  import('@domain/refunds/refunds').then((m) => m.RefundEstimateAnswer),
);
const RefundAnswer = checkedInDevelopment(() =>
  import('@domain/refunds/refunds').then((m) => m.RefundAnswer),
);

const orderDetailKey = (id: string) => ['orders', 'detail', id] as const;
export const refundsKey = (id: string) => [...orderDetailKey(id), 'refunds'] as const;
const enc = encodeURIComponent;

export function useOrderRefunds(id: string) {
  return useQuery({
    queryKey: refundsKey(id),
    queryFn: ({ signal }) => api.get(`/api/cs/order/${enc(id)}/refunds`, OrderRefundsAnswer, { signal }),
    select: (answer) => answer.data,
  });
}

/** An estimate of the current selection; `request` null means nothing to ask yet. */
export function useRefundEstimate(request: RefundEstimateRequest | null) {
  return useQuery({
    queryKey: ['refund-estimate', request],
    queryFn: ({ signal }) => api.post('/api/cs/refund/estimate', RefundEstimateAnswer, request, { signal }),
    enabled: request !== null,
    select: (answer) => answer.data,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

function useReloadOrder(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: orderDetailKey(id) });
}

export function useSubmitRefund(id: string) {
  const reload = useReloadOrder(id);
  return useSubmitMutation({
    mutationFn: (body: RefundSubmitRequest) => api.post('/api/cs/refund', RefundAnswer, body),
    onSettled: reload,
  });
}

export function useRetryRefund(id: string) {
  const reload = useReloadOrder(id);
  return useSubmitMutation({
    mutationFn: (refund: { id: string; orderId: string }) =>
      api.post('/api/cs/retryRefund', RefundAnswer, refund),
    onSettled: reload,
  });
}
