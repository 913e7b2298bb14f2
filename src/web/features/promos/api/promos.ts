import type { PricedCart, PricingInput } from '@domain/pricing';
import type { RestoreVersionRequest } from '@domain/promos/history';
import { simulatorCartOf } from '@domain/promos/simulator-loaded-cart';
import type {
  BulkUpdateRequest,
  DeployRuleRequest,
  EditRuleRequest,
  RescheduleRequest,
  SimulateRequest,
  SimulatorSalesTax,
} from '@domain/promos/tool';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';

// Promo service calls (spec 3 §7).
//
// The answers' contracts (and zod) load in development only (ADR 043).
const tool = () => import('@domain/promos/tool');
const Saved = checkedInDevelopment(() => tool().then((m) => m.SavedRuleAnswer));
const Tags = checkedInDevelopment(() => tool().then((m) => m.PromoTagsAnswer));
const Simulated = checkedInDevelopment(() => tool().then((m) => m.SimulatedAnswer));
const ProductNamesAnswer = checkedInDevelopment(() => tool().then((m) => m.ProductNamesAnswer));
const RulesAnswer = checkedInDevelopment(() => tool().then((m) => m.RulesAnswer));
const BulkUpdateAnswer = checkedInDevelopment(() => tool().then((m) => m.BulkUpdateAnswer));
const SimulationInputAnswer = checkedInDevelopment(() => tool().then((m) => m.SimulationInputAnswer));
const RuleHistoryAnswer = checkedInDevelopment(() =>
  import('@domain/promos/history').then((m) => m.RuleHistoryAnswer),
);
const CartAnswer = checkedInDevelopment(() => import('@domain/carts/cart').then((m) => m.CartAnswer));
const BusinessProductsAnswer = checkedInDevelopment(() =>
  import('@domain/promos/business-form').then((m) => m.BusinessProductsAnswer),
);

export const promosKey = ['promos'] as const;

/** Every rule of every collection, production included, flattened. */
export function useAllRules() {
  return useQuery({
    queryKey: [...promosKey, 'rules'],
    queryFn: ({ signal }) =>
      api
        .get('/api/cs/promo/rules', RulesAnswer, { signal, query: { prod: 'true' } })
        .then((r) => [
          ...r.data.drafts,
          ...r.data.pending,
          ...r.data.active,
          ...(r.data['promo-rules-prod'] ?? []),
        ]),
  });
}

export function usePromoTags() {
  return useQuery({
    queryKey: [...promosKey, 'tags'],
    queryFn: ({ signal }) => api.get('/api/cs/promos/tags', Tags, { signal }).then((r) => r.promoTagsList),
    staleTime: 60_000,
  });
}

function useInvalidating<V, R>(call: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promosKey }),
  });
}

export const useSaveRule = () =>
  useInvalidating((body: EditRuleRequest) => api.post('/api/cs/promo/editRule', Saved, body));

/** Re-schedule a delayed deploy with the rule as it is saved now (ADR 032). */
export const useReschedule = () =>
  useInvalidating((body: RescheduleRequest) => api.post('/api/cs/promos/reschedule', Saved, body));

/** Titles and categories of the SKUs the simulator's reasons name. */
export function useProductNames(skus: readonly string[]) {
  const sorted = [...new Set(skus)].sort();
  return useQuery({
    queryKey: [...promosKey, 'productNames', sorted],
    queryFn: ({ signal }) =>
      api
        .post('/api/cs/promo/productNames', ProductNamesAnswer, { skus: sorted }, { signal })
        .then((r) => new Map(r.data.map((p) => [p.sku, p]))),
    enabled: sorted.length > 0,
    staleTime: 300_000,
  });
}

export const useDeployRule = () =>
  useInvalidating((body: DeployRuleRequest) => api.post('/api/cs/promo/deployRule', Saved, body));

export function useBulkUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkUpdateRequest) => api.post('/api/cs/promos/bulkUpdate', BulkUpdateAnswer, body),
    onSuccess: (_answer, body) =>
      body.preview ? undefined : queryClient.invalidateQueries({ queryKey: promosKey }),
  });
}

/** A simulated cart: the engine's answer and the sales tax of the address, if one was given. */
export type Simulation = PricedCart & { salesTax: SimulatorSalesTax | null };

/**
 * The simulator (flag promoToolCartApi): on, the server prices the cart; off, the server hands over
 * what to price and the engine runs here. Same engine, same answer (promos.simulator.api.test).
 */
export function useSimulate(onServer: boolean) {
  return useMutation({
    mutationFn: async (body: SimulateRequest): Promise<Simulation> => {
      if (onServer) {
        const answer = await api.post('/api/cs/promo/shippingRates', Simulated, body);
        return answer.data as unknown as Simulation;
      }
      const [handed, { priceCart }, { rulesFromHandover }] = await Promise.all([
        api.post('/api/cs/promo/simulationInput', SimulationInputAnswer, body),
        import('@domain/pricing'),
        import('@domain/promos/compile'),
      ]);
      const { input, rules } = handed.data as unknown as { input: PricingInput; rules: unknown[] };
      return { ...priceCart(input, rulesFromHandover(rules)), salesTax: handed.data.salesTax };
    },
  });
}

/** A real customer's cart for the simulator (the cart API's priced view). */
export const useLoadCart = () =>
  useMutation({
    mutationFn: (cartId: string) =>
      api.get(`/api/carts/${encodeURIComponent(cartId)}`, CartAnswer).then((r) => simulatorCartOf(r.data)),
  });

export function useRuleHistory(name: string) {
  return useQuery({
    queryKey: [...promosKey, 'history', name.toLowerCase()],
    queryFn: ({ signal }) =>
      api
        .get(`/api/cs/promos/${encodeURIComponent(name)}/history`, RuleHistoryAnswer, { signal })
        .then((r) => r.data),
  });
}

export const useRestoreVersion = (name: string) =>
  useInvalidating((body: RestoreVersionRequest) =>
    api.post(`/api/cs/promos/${encodeURIComponent(name)}/restore`, Saved, body),
  );

/** Products found by SKU or name, for a business promo's pickers (spec 3 §2). */
export function usePromoProducts(q: string) {
  return useQuery({
    queryKey: [...promosKey, 'products', q],
    queryFn: ({ signal }) =>
      api.get('/api/cs/promo/products', BusinessProductsAnswer, { signal, query: { q } }).then((r) => r.data),
    enabled: q.length > 0,
  });
}

export const useCreatePromo = () =>
  useInvalidating(
    (body: { data: Record<string, unknown>; collection: 'pending' | 'drafts' | 'production' }) =>
      api.post('/api/cs/promos/create', Saved, body),
  );
