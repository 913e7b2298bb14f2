import { ok, paged } from '@domain/platform/envelope';
import { type OutboxListQuery, OutboxMessage, OutboxMessageSummary } from '@domain/platform/outbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, SuccessOnly } from '@web/lib/api-client';
import type { z } from 'zod';

// Outbox (developers): emails and events waiting for, or done with, delivery.

const outboxKey = ['outbox'] as const;
const OutboxPage = paged(OutboxMessageSummary);

/** The list query after defaults: page and limit are always numbers here. */
export type OutboxListParams = z.output<typeof OutboxListQuery>;

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
    queryFn: ({ signal }) => api.get(`/api/outbox/${id}`, ok(OutboxMessage), { signal }),
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
