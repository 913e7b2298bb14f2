import type { ProductCredit, UpdateBalanceRequest } from '@domain/product-credit/product-credit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';
import { customerQueryKey } from '@web/lib/query-keys';
import { useSubmitMutation } from '@web/lib/use-submit-mutation';

// Credit tab (spec 1 §2 Credit, §7 updateBalance).
//
// The answers' contracts (and zod) load in development only (ADR 043).
const CreditAnswer = checkedInDevelopment(() =>
  import('@domain/product-credit/product-credit').then((m) => m.ProductCreditAnswer),
);
const Adjusted = checkedInDevelopment(() =>
  import('@domain/product-credit/product-credit').then((m) => m.CreditAdjustedAnswer),
);
export const productCreditKey = (uid: string) => [...customerQueryKey(uid), 'productCredit'] as const;

export function useProductCredit(uid: string) {
  return useQuery({
    queryKey: productCreditKey(uid),
    queryFn: ({ signal }) =>
      api
        .get(`/api/cs/customer/${encodeURIComponent(uid)}/productCredit`, CreditAnswer, { signal })
        .then((r) => r.data),
  });
}

export function useAdjustCredit(uid: string) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ body, neverExpire }: { body: UpdateBalanceRequest; neverExpire: boolean }) =>
      api.post(`/api/cs/updateBalance/${encodeURIComponent(uid)}`, Adjusted, body, {
        query: { neverExpire: neverExpire ? 1 : 0 },
      }),
    onSuccess: ({ data }) => {
      // The answer holds the adjusted country; show it at once, then read the customer again
      // (both countries, and the header and dashboard of the layout).
      queryClient.setQueryData<ProductCredit>(productCreditKey(uid), (current) =>
        current ? { ...current, [data.country]: data } : current,
      );
      return queryClient.invalidateQueries({ queryKey: customerQueryKey(uid) });
    },
  });
}
