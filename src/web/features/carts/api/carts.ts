import type { CartView } from '@domain/carts/cart';
import type { OverrideRead } from '@domain/carts/override-rules';
import { CART_POLL_MS } from '@domain/reference/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';
import { useEffect } from 'react';

// The admin cart view and carts screen (spec 2 §2, §7, §9). The open cart is re-read only when its
// version moves: a 4 s poll asks for the version, which the server answers without pricing.
//
// The answers' contracts (and zod) load in development only (ADR 043).
const cart = () => import('@domain/carts/cart');
const CartAnswer = checkedInDevelopment(() => cart().then((m) => m.CartAnswer));
const CartVersionAnswer = checkedInDevelopment(() => cart().then((m) => m.CartVersionAnswer));
const CartListAnswer = checkedInDevelopment(() => cart().then((m) => m.CartListAnswer));
const ProductSearchAnswer = checkedInDevelopment(() => cart().then((m) => m.ProductSearchAnswer));

const base = (cartId: string) => `/api/carts/${encodeURIComponent(cartId)}`;
export const cartKey = (cartId: string) => ['carts', cartId] as const;

export function useCart(cartId: string) {
  const queryClient = useQueryClient();
  const cart = useQuery({
    queryKey: cartKey(cartId),
    queryFn: ({ signal }) => api.get(base(cartId), CartAnswer, { signal }).then((r) => r.data),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
  const version = useQuery({
    queryKey: [...cartKey(cartId), 'version'],
    queryFn: ({ signal }) =>
      api.get(`${base(cartId)}/version`, CartVersionAnswer, { signal }).then((r) => r.data.version),
    refetchInterval: CART_POLL_MS,
    enabled: cart.isSuccess,
  });
  const seen = cart.data?.version;
  useEffect(() => {
    if (version.data !== undefined && seen !== undefined && version.data !== seen) {
      void queryClient.invalidateQueries({ queryKey: cartKey(cartId), exact: true });
    }
  }, [version.data, seen, cartId, queryClient]);
  return cart;
}

/** Every cart change answers the priced cart; it replaces the one on screen. */
function useCartChange<V>(cartId: string, call: (v: V) => Promise<{ data: CartView }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(cartKey(cartId), answer.data);
      queryClient.setQueryData([...cartKey(cartId), 'version'], answer.data.version);
      void queryClient.invalidateQueries({ queryKey: ['carts', 'list'] });
    },
  });
}

export const useAddProduct = (cartId: string) =>
  useCartChange(cartId, (v: { sku: string; quantity: number }) =>
    api.post(`${base(cartId)}/products`, CartAnswer, v),
  );
export const useSetQuantity = (cartId: string) =>
  useCartChange(cartId, (v: { lineId: string; quantity: number }) =>
    api.put(`${base(cartId)}/lines/${encodeURIComponent(v.lineId)}`, CartAnswer, { quantity: v.quantity }),
  );
export const useRemoveLine = (cartId: string) =>
  useCartChange(cartId, (lineId: string) =>
    api.delete(`${base(cartId)}/lines/${encodeURIComponent(lineId)}`, CartAnswer),
  );
export const usePromoCode = (cartId: string) =>
  useCartChange(cartId, (code: string) =>
    api.post(`${base(cartId)}/promo-codes`, CartAnswer, { code, fromCheckout: true }),
  );
export const useRemovePromoCode = (cartId: string) =>
  useCartChange(cartId, (code: string) =>
    api.delete(`${base(cartId)}/promo-codes/${encodeURIComponent(code)}`, CartAnswer),
  );
export const useOverride = (cartId: string) =>
  useCartChange(cartId, (entry: OverrideRead) => api.post(`${base(cartId)}/overrides`, CartAnswer, entry));
export const useRemoveOverride = (cartId: string) =>
  useCartChange(cartId, (id: string) =>
    api.delete(`${base(cartId)}/overrides/${encodeURIComponent(id)}`, CartAnswer),
  );
export const useInfluencer = (cartId: string) =>
  useCartChange(cartId, (phoenixId: number | null) =>
    api.put(`${base(cartId)}/influencer`, CartAnswer, { phoenixId }),
  );
export const useSwitchLocale = (cartId: string) =>
  useCartChange(cartId, (localeCode: string) =>
    api.put(`${base(cartId)}/locale`, CartAnswer, { localeCode }),
  );
export const useHostReward = (cartId: string) =>
  useCartChange(cartId, (v: { sku: string; isFree: boolean }) =>
    api.post(`${base(cartId)}/host-rewards`, CartAnswer, v),
  );
export const useGiftSelection = (cartId: string) =>
  useCartChange(cartId, (v: { promo: string; sku: string }) =>
    api.post(`${base(cartId)}/gift-selections`, CartAnswer, v),
  );
export const useClearCart = (cartId: string) =>
  useCartChange(cartId, () => api.post(`${base(cartId)}/clear`, CartAnswer, { deleteCart: false }));

export function useCreateCart() {
  return useMutation({
    mutationFn: (v: { uid: string; localeCode: string }) =>
      api.post('/api/carts', CartAnswer, v).then((r) => r.data),
  });
}

export function useCartList(q: string, kind: 'all' | 'personal' | 'client' | 'popup') {
  return useQuery({
    queryKey: ['carts', 'list', q, kind],
    queryFn: ({ signal }) =>
      api.get('/api/carts', CartListAnswer, { signal, query: { q, kind } }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });
}

export function useProductSearch(q: string, localeCode: string) {
  return useQuery({
    queryKey: ['carts', 'products', q, localeCode],
    enabled: q.trim().length > 0,
    queryFn: ({ signal }) =>
      api
        .get('/api/carts/products', ProductSearchAnswer, { signal, query: { q: q.trim(), localeCode } })
        .then((r) => r.data),
    placeholderData: (previous) => previous,
  });
}
