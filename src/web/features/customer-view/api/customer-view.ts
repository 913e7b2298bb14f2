import {
  CUSTOMER_VIEW_API,
  CustomerViewOverviewAnswer,
  CustomerViewSessionAnswer,
} from '@domain/customer-view/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, SuccessOnly } from '@web/lib/api-client';

// The customer view's calls (ADR 022). All are `public` to the API client: a 401 here means the
// view ended or the link was spent — the page says so — never "go to the staff sign-in".

const sessionKey = ['customer-view', 'session'] as const;
const overviewKey = ['customer-view', 'overview'] as const;

/** Follows the sign-in link: spends the token and opens the customer view session. */
export function useOpenCustomerView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post(`${CUSTOMER_VIEW_API}/session`, CustomerViewSessionAnswer, { token }, { public: true }),
    onSuccess: (answer) => client.setQueryData(sessionKey, answer),
  });
}

/** The open customer view, if this browser has one (a reload of the page keeps it). */
export function useCustomerViewSession(enabled: boolean) {
  return useQuery({
    queryKey: sessionKey,
    queryFn: ({ signal }) =>
      api.get(`${CUSTOMER_VIEW_API}/session`, CustomerViewSessionAnswer, { signal, public: true }),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCustomerViewOverview(enabled: boolean) {
  return useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) =>
      api.get(`${CUSTOMER_VIEW_API}/overview`, CustomerViewOverviewAnswer, { signal, public: true }),
    enabled,
    retry: false,
  });
}

export function useCloseCustomerView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`${CUSTOMER_VIEW_API}/session`, SuccessOnly, { public: true }),
    onSettled: () => client.removeQueries({ queryKey: ['customer-view'] }),
  });
}
