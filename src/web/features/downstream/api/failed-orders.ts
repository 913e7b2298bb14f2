import type { AddressInput } from '@domain/addresses/addresses';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';

// Failed orders (spec 2 §2) and an order's process view: downstream export, attempts, history.
//
// The answers' contracts (and zod) load in development only (ADR 043).
const downstream = () => import('@domain/downstream/downstream');
const failed = () => import('@domain/downstream/failed');
const OrderProcessAnswer = checkedInDevelopment(() => downstream().then((m) => m.OrderProcessAnswer));
const ShippingAddressFixed = checkedInDevelopment(() => downstream().then((m) => m.ShippingAddressFixed));
const FailedOrdersPage = checkedInDevelopment(() => failed().then((m) => m.FailedOrdersPage));
const RetryFailedOrdersResponse = checkedInDevelopment(() =>
  failed().then((m) => m.RetryFailedOrdersResponse),
);

const failedKey = ['orders', 'failed'] as const;
const processKey = (id: string) => ['orders', id, 'process'] as const;
export const FAILED_PAGE_SIZE = 20;

/** Pages of 20 from page 1; another page while one comes back full (spec 2 §9). */
export function useFailedOrders() {
  return useInfiniteQuery({
    queryKey: failedKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/cs/failedOrders', FailedOrdersPage, {
        signal,
        query: { page: pageParam, limit: FAILED_PAGE_SIZE },
      }),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export function useOrderProcess(id: string) {
  return useQuery({
    queryKey: processKey(id),
    queryFn: ({ signal }) =>
      api.get(`/api/cs/order/${encodeURIComponent(id)}/process`, OrderProcessAnswer, { signal }),
  });
}

/** Retry one or many; the list and every process view refresh afterwards. */
export function useRetryFailedOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post('/api/cs/failedOrders/retry', RetryFailedOrdersResponse, { ids }),
    onSuccess: async (answer) => {
      const orderIds = new Set(
        answer.data.map((r) => r.orderDocId).filter((id): id is string => id !== null),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: failedKey }),
        ...[...orderIds].map((id) => queryClient.invalidateQueries({ queryKey: ['orders', id] })),
      ]);
    },
  });
}

/** Corrects the shipping address of an order not yet in Phoenix (before a retry). */
export function useFixShippingAddress(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressInput) =>
      api.put(`/api/cs/order/${encodeURIComponent(id)}/shippingAddress`, ShippingAddressFixed, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders', id] }),
  });
}
