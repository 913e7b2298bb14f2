import type { CartView } from '@domain/carts/cart';
import type { OrderContext, SubmitRequest } from '@domain/checkout/checkout';
import {
  type CatalogFilter,
  catalogCall,
  categoriesCall,
  checkoutAccountCall,
  firstCatalogFilter,
  recentOrdersCall,
  savedCardsCall,
} from '@domain/checkout/first-calls';
import type { CardDetails } from '@domain/payments/gateway';
import { CHECKOUT_ESTIMATE_TIMEOUT_MS } from '@domain/reference/constants';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';
import { useSubmitMutation } from '@web/lib/use-submit-mutation';
import { useEffect } from 'react';

// The portal order screen's calls (spec 2 §7; paths in docs/api.md). The cart is the carts
// service's (`/api/carts/{id}`); the card form tokenises at the gateway's own endpoint so the API
// never sees a card number.
//
// The answers' contracts (and zod) load in development only (ADR 043): the customer screens'
// "New order" button, which makes a cart, carries none of them.
const checkout = () => import('@domain/checkout/checkout');
const catalog = () => import('@domain/checkout/catalog');
const CartAnswer = checkedInDevelopment(() => import('@domain/carts/cart').then((m) => m.CartAnswer));
const CatalogAnswer = checkedInDevelopment(() => catalog().then((m) => m.CatalogAnswer));
const CategoriesAnswer = checkedInDevelopment(() => catalog().then((m) => m.CategoriesAnswer));
const CheckoutAccountAnswer = checkedInDevelopment(() => checkout().then((m) => m.CheckoutAccountAnswer));
const EnrollmentVerifyAnswer = checkedInDevelopment(() => checkout().then((m) => m.EnrollmentVerifyAnswer));
const EstimateAnswer = checkedInDevelopment(() => checkout().then((m) => m.EstimateAnswer));
const RecentOrdersAnswer = checkedInDevelopment(() => checkout().then((m) => m.RecentOrdersAnswer));
const SavedCardsAnswer = checkedInDevelopment(() => checkout().then((m) => m.SavedCardsAnswer));
const SubmitAnswer = checkedInDevelopment(() => checkout().then((m) => m.SubmitAnswer));
const VerifyAnswer = checkedInDevelopment(() => import('@domain/maps/maps').then((m) => m.VerifyAnswer));
const CardTokenAnswer = checkedInDevelopment(() =>
  import('@domain/payments/gateway').then((m) => m.CardTokenAnswer),
);

const cartPath = (cartId: string) => `/api/carts/${encodeURIComponent(cartId)}`;
export const checkoutCartKey = (cartId: string) => ['checkout', 'cart', cartId] as const;

export const useCheckoutCart = (cartId: string) =>
  useQuery({
    queryKey: checkoutCartKey(cartId),
    queryFn: ({ signal }) => api.get(cartPath(cartId), CartAnswer, { signal }).then((r) => r.data),
    retry: (n, e) => (e as { status?: number }).status !== 404 && n < 2,
  });

export const useCheckoutAccount = (uid: string | null) =>
  useQuery({
    queryKey: ['checkout', 'account', uid],
    enabled: !!uid,
    queryFn: ({ signal }) => {
      const [path] = checkoutAccountCall(uid!);
      return api.get(path, CheckoutAccountAnswer, { signal }).then((r) => r.data);
    },
  });

export const useSavedCards = (uid: string | null, country: 1 | 2) =>
  useQuery({
    queryKey: ['checkout', 'cards', uid, country],
    enabled: !!uid,
    queryFn: ({ signal }) => {
      const [, path, body] = savedCardsCall(uid!, country);
      return api.post(path, SavedCardsAnswer, body, { signal }).then((r) => r.data);
    },
  });

export const useRecentOrders = (uid: string | null) =>
  useQuery({
    queryKey: ['checkout', 'recent', uid],
    enabled: !!uid,
    queryFn: ({ signal }) => {
      const [path] = recentOrdersCall(uid!);
      return api.get(path, RecentOrdersAnswer, { signal }).then((r) => r.data);
    },
  });

const categoriesOptions = (localeCode: string) =>
  queryOptions({
    queryKey: ['checkout', 'categories', localeCode],
    queryFn: ({ signal }) => {
      const [path, query] = categoriesCall(localeCode);
      return api.get(path, CategoriesAnswer, { signal, query }).then((r) => r.data);
    },
    staleTime: 60_000,
  });
export const useCategories = (localeCode: string) => useQuery(categoriesOptions(localeCode));

export type { CatalogFilter };

const catalogOptions = (f: CatalogFilter) =>
  queryOptions({
    queryKey: ['checkout', 'catalog', f],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const [path, query] = catalogCall(f);
      return api.get(path, CatalogAnswer, { signal, query });
    },
  });
export const useCatalog = (f: CatalogFilter) => useQuery(catalogOptions(f));

/**
 * The catalog's categories and first page, asked for as soon as the cart is there, with the
 * customer's calls: the screen draws the catalog only once the customer is in, and its calls
 * would otherwise wait for theirs (ADR 034: no screen waits more than two steps for its data).
 */
export function usePrefetchCatalog(cart: { localeCode: string; typeId: number | null } | undefined) {
  const queryClient = useQueryClient();
  const localeCode = cart?.localeCode;
  const typeId = cart?.typeId ?? null;
  useEffect(() => {
    if (!localeCode) return;
    void queryClient.prefetchQuery(categoriesOptions(localeCode));
    void queryClient.prefetchQuery(catalogOptions(firstCatalogFilter({ localeCode, typeId })));
  }, [queryClient, localeCode, typeId]);
}

/** Cart changes answer the priced cart; it replaces the one on screen. */
function useCartChange<V>(cartId: string, call: (v: V) => Promise<{ data: CartView }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(checkoutCartKey(cartId), answer.data),
  });
}
export const useAddToCart = (cartId: string) =>
  useCartChange(cartId, (v: { sku: string; quantity: number }) =>
    api.post(`${cartPath(cartId)}/products`, CartAnswer, v),
  );
export const useRemoveLine = (cartId: string) =>
  useCartChange(cartId, (lineId: string) =>
    api.delete(`${cartPath(cartId)}/lines/${encodeURIComponent(lineId)}`, CartAnswer),
  );
export const useCheckoutPromoCode = (cartId: string) =>
  useCartChange(cartId, (code: string) =>
    api.post(`${cartPath(cartId)}/promo-codes`, CartAnswer, { code, fromCheckout: true }),
  );
/** The cart's instance for another locale of the same country (spec 3 §4 auto-detect). */
export const useSwitchLocale = (cartId: string) =>
  useCartChange(cartId, (localeCode: string) =>
    api.put(`${cartPath(cartId)}/locale`, CartAnswer, { localeCode }),
  );
export const useChangeCountry = (cartId: string) =>
  useCartChange(cartId, (localeCode: string) =>
    api.post(`/api/checkout/${encodeURIComponent(cartId)}/country`, CartAnswer, { localeCode }),
  );

/**
 * The checkout estimate, asked again whenever one of `inputs` moves; `orderContext` is the order
 * it estimates, built when it is asked. 15 s time-out (spec 2 §9); a failure answers success false.
 * Each estimate is asked once: no retry, no refetch, nothing kept once the inputs move on.
 */
export const useCheckoutEstimate = (
  inputs: readonly unknown[],
  enabled: boolean,
  orderContext: () => OrderContext,
) =>
  useQuery({
    queryKey: ['checkout', 'estimate', ...inputs],
    // No abort signal: an estimate already asked runs to its end when the inputs move on.
    queryFn: () =>
      api.post('/api/checkout/estimate', EstimateAnswer, orderContext(), {
        timeoutMs: CHECKOUT_ESTIMATE_TIMEOUT_MS,
      }),
    enabled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const usePurchase = () =>
  useSubmitMutation({ mutationFn: (body: SubmitRequest) => api.post('/api/purchase', SubmitAnswer, body) });

export const useEnrollmentCheck = () =>
  useMutation({
    mutationFn: (v: { uid: string; countryId: 1 | 2 }) =>
      api.post('/api/enrollments/verify', EnrollmentVerifyAnswer, v),
  });

export const verifyAddress = (q: {
  a1: string;
  a2: string;
  loc: string;
  admarea: string;
  postal: string;
  ctry: 'US' | 'CA';
}) => api.get('/api/address/verify', VerifyAnswer, { query: { act: 'Check', ...q } });

export const tokenizeCard = (card: CardDetails) => api.post('/gateway/v1/cards', CardTokenAnswer, card);

export const createCart = (uid: string, localeCode: string) =>
  api.post('/api/carts', CartAnswer, { uid, localeCode });
