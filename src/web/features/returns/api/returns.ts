import { ReturnStatusAnswer, ReturnsAnswer } from '@domain/returns/returns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

// Returns (spec 2 §2, §4): the pending list or a search by order id, and a status change that
// reloads the list.

const returnsKey = ['returns'] as const;

export function useReturns(search: string | null) {
  return useQuery({
    queryKey: [...returnsKey, search],
    queryFn: ({ signal }) =>
      search
        ? api.get('/api/cs/returns/search', ReturnsAnswer, { signal, query: { orderId: search } })
        : api.get('/api/cs/returns', ReturnsAnswer, { signal }),
    select: (answer) => answer.data,
  });
}

export function useSetReturnStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, returnStatus }: { id: string; returnStatus: number }) =>
      api.post(`/api/cs/returns/${encodeURIComponent(id)}/status`, ReturnStatusAnswer, { returnStatus }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsKey }),
  });
}
