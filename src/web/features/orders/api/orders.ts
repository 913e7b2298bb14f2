import type { CancelOrderRequest } from '@domain/orders/operations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, checkedInDevelopment, SuccessMessage } from '@web/lib/api-client';
import { useSubmitMutation } from '@web/lib/use-submit-mutation';

// One order's reads and operations (spec 2 §7). Every change re-reads the order, as the spec's
// "the order refreshes / reloads" asks.
//
// The answers' contracts (and zod) load in development only (ADR 043): the order screens' frame
// carries none of them.
const OrderDetailAnswer = checkedInDevelopment(() =>
  import('@domain/orders/detail').then((m) => m.OrderDetailAnswer),
);
const AuditAnswer = checkedInDevelopment(() => import('@domain/accounts/audit').then((m) => m.AuditAnswer));
const PopupReassignAnswer = checkedInDevelopment(() =>
  import('@domain/orders/operations').then((m) => m.PopupReassignAnswer),
);
const RecalculateSocialAnswer = checkedInDevelopment(() =>
  import('@domain/orders/operations').then((m) => m.RecalculateSocialAnswer),
);

export const orderKey = (id: string) => ['orders', 'detail', id] as const;
const enc = encodeURIComponent;

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => api.get(`/api/cs/order/${enc(id)}`, OrderDetailAnswer, { signal }),
    select: (answer) => answer.data,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && [400, 404].includes(error.status)),
  });
}

export function useOrderAudit(id: string, page: number) {
  return useQuery({
    queryKey: [...orderKey(id), 'audit', page],
    queryFn: ({ signal }) =>
      api.get(`/api/cs/order/${enc(id)}/audit`, AuditAnswer, { signal, query: { page } }),
    placeholderData: (previous) => previous,
  });
}

function useRefreshOrder(id: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: orderKey(id) });
  };
}

/** A `{success, message}` operation on the order: comment, cancel, fraud, resend. */
export function useOrderOperation(id: string) {
  const refresh = useRefreshOrder(id);
  return useSubmitMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) =>
      api.post(path, SuccessMessage, body ?? {}),
    onSuccess: refresh,
  });
}

export const orderCalls = {
  comment: (id: string, comment: string) => ({
    path: `/api/cs/order/${enc(id)}/comments`,
    body: { comment },
  }),
  cancel: (id: string, body: CancelOrderRequest) => ({ path: `/api/cs/cancelOrder/${enc(id)}`, body }),
  fraud: (id: string, isFraud: boolean) => ({ path: `/api/cs/order/${enc(id)}/fraud`, body: { isFraud } }),
  orderConfirmation: (id: string) => ({ path: `/api/cs/resendOrderConfirmation/${enc(id)}` }),
  shippingConfirmation: (id: string) => ({ path: `/api/cs/resendShippingConfirmation/${enc(id)}` }),
  terms: (email: string, orderId: string) => ({ path: '/api/cs/resendTermsEmail', body: { email, orderId } }),
};

/**
 * spec 2 §4 Popup reassignment: the order moves in one call, then the old and the new popup are
 * recalculated (`POST /cs/recalculateSocial`, skipped when the id is 0).
 */
export function useReassignPopup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (socialId: number) => {
      const answer = await api.post(`/api/cs/order/${enc(id)}/popup`, PopupReassignAnswer, { socialId });
      const { previousSocialId, socialId: next } = answer.data;
      for (const social of [previousSocialId, next])
        if (social !== 0)
          await api.post('/api/cs/recalculateSocial', RecalculateSocialAnswer, { id: social });
      return answer;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
