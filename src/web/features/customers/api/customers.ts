import { CUSTOMER_SEARCH_PAGE_SIZE } from '@domain/customers/constants';
import type { GenealogyTree } from '@domain/customers/customer';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';
import { customerQueryKey } from '@web/lib/query-keys';

// Customer screens' reads (spec 1 §2 Customer screens). Keys start with ['customers', uid] so a change to an account
// can refresh every view of it with one invalidation.
//
// The answers' contracts (and zod) load in development only (ADR 043).
const customer = () => import('@domain/customers/customer');
const CartsAnswer = checkedInDevelopment(() => customer().then((m) => m.CartsAnswer));
const CustomerDashboardAnswer = checkedInDevelopment(() => customer().then((m) => m.CustomerDashboardAnswer));
const CustomerOrdersAnswer = checkedInDevelopment(() => customer().then((m) => m.CustomerOrdersAnswer));
const CustomerSummaryAnswer = checkedInDevelopment(() => customer().then((m) => m.CustomerSummaryAnswer));
const DownlineAnswer = checkedInDevelopment(() => customer().then((m) => m.DownlineAnswer));
const PopupDetailAnswer = checkedInDevelopment(() => customer().then((m) => m.PopupDetailAnswer));
const PopupsAnswer = checkedInDevelopment(() => customer().then((m) => m.PopupsAnswer));
const CustomerSearchAnswer = checkedInDevelopment(() =>
  import('@domain/customers/search').then((m) => m.CustomerSearchAnswer),
);

const base = (uid: string) => `/api/customers/${encodeURIComponent(uid)}`;
export const customerKey = customerQueryKey;

/** Customer search (spec 1 §2): pages from 1, another page offered while one comes back full. */
export function useCustomerSearch(q: string, accountType = '') {
  return useInfiniteQuery({
    queryKey: ['customers', 'search', q, accountType],
    enabled: q.length > 0,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/customers', CustomerSearchAnswer, {
        signal,
        query: {
          q,
          page: pageParam,
          limit: CUSTOMER_SEARCH_PAGE_SIZE,
          ...(accountType ? { accountType } : {}),
        },
      }),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: (previous) => previous,
  });
}

/** The whole search as a CSV file (every match of the type chosen, up to the export cap), as a plain link. */
export const customerExportUrl = (q: string, accountType = '') =>
  `/api/customers/export.csv?${new URLSearchParams(accountType ? { q, accountType } : { q })}`;

export function useCustomerSummary(uid: string) {
  return useQuery({
    queryKey: [...customerKey(uid), 'summary'],
    queryFn: ({ signal }) => api.get(`${base(uid)}/summary`, CustomerSummaryAnswer, { signal }),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

export function useCustomerDashboard(uid: string) {
  return useQuery({
    queryKey: [...customerKey(uid), 'dashboard'],
    queryFn: ({ signal }) => api.get(`${base(uid)}/dashboard`, CustomerDashboardAnswer, { signal }),
  });
}

/** The customer's orders, 20 a page from page 1 (spec 1 §9). */
export function useCustomerOrders(uid: string) {
  return useInfiniteQuery({
    queryKey: [...customerKey(uid), 'orders'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get(`${base(uid)}/orders`, CustomerOrdersAnswer, { signal, query: { page: pageParam } }),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export function useCustomerPopups(uid: string) {
  return useQuery({
    queryKey: [...customerKey(uid), 'popups'],
    queryFn: ({ signal }) => api.get(`${base(uid)}/popups`, PopupsAnswer, { signal }),
  });
}

export function useCustomerPopup(uid: string, popupId: string) {
  return useQuery({
    queryKey: [...customerKey(uid), 'popups', popupId],
    queryFn: ({ signal }) =>
      api.get(`${base(uid)}/popups/${encodeURIComponent(popupId)}`, PopupDetailAnswer, { signal }),
  });
}

export function useCustomerCarts(uid: string) {
  return useQuery({
    queryKey: [...customerKey(uid), 'carts'],
    queryFn: ({ signal }) => api.get(`${base(uid)}/carts`, CartsAnswer, { signal }),
  });
}

/** Part of a genealogy tree: `depth` levels below the account, with its whole-downline count. */
export function useDownline(uid: string, tree: GenealogyTree, depth: number, enabled = true) {
  return useQuery({
    queryKey: [...customerKey(uid), 'downline', tree, depth],
    enabled,
    queryFn: ({ signal }) =>
      api.get(`${base(uid)}/downline`, DownlineAnswer, { signal, query: { tree, depth } }),
  });
}
