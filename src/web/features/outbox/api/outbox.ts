import type { OutboxListParams } from '@domain/platform/outbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment, SuccessOnly } from '@web/lib/api-client';

// Outbox (developers): emails and events waiting for, or done with, delivery.
//
// The answers' contracts (and zod) load in development only (ADR 043).
const outbox = () => import('@domain/platform/outbox');
const OutboxPage = checkedInDevelopment(() => outbox().then((m) => m.OutboxPageAnswer));
const OutboxMessageAnswer = checkedInDevelopment(() => outbox().then((m) => m.OutboxMessageAnswer));

const outboxKey = ['outbox'] as const;

export function useOutboxMessages(query: OutboxListParams) {
  return useQuery({
    queryKey: [...outboxKey, 'list', query],
    queryFn: ({ signal }) =>
      api.get('/api/outbox', OutboxPage, {
        signal,
        query: { status: query.status, q: query.q, page: query.page, limit: query.limit },
      }),
    placeholderData: (previous) => previous,
    // Delivery happens in the background; keep statuses moving while the screen is open.
    refetchInterval: 15_000,
  });
}

export function useOutboxMessage(id: number | null) {
  return useQuery({
    queryKey: [...outboxKey, 'message', id],
    queryFn: ({ signal }) => api.get(`/api/outbox/${id}`, OutboxMessageAnswer, { signal }),
    enabled: id !== null,
  });
}

export function useRetryOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/outbox/${id}/retry`, SuccessOnly),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKey }),
  });
}
