import { ORDER_SEARCH_PAGE_SIZE, type OrderSearchField } from '@domain/order-search/search';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, checkedInDevelopment } from '@web/lib/api-client';

// The answer's contract (and zod) load in development only (ADR 043).
const OrderSearchAnswer = checkedInDevelopment(() =>
  import('@domain/order-search/search-contract').then((m) => m.OrderSearchAnswer),
);

/**
 * Order search (spec 2 §2): pages of 20 from page 1, another page offered while one comes back
 * full. `criteria` are the non-blank fields as in the URL; none lists the newest orders. `sort`
 * is the sort's query parameters (none for newest first).
 */
export function useOrderSearch(criteria: [OrderSearchField, string][], sort: [string, string][]) {
  return useInfiniteQuery({
    queryKey: ['orders', 'search', criteria, sort],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/cs/orders/', OrderSearchAnswer, {
        signal,
        query: {
          ...Object.fromEntries(criteria),
          ...Object.fromEntries(sort),
          page: pageParam,
          limit: ORDER_SEARCH_PAGE_SIZE,
        },
      }),
    getNextPageParam: (last) => (last.data.hasMore ? last.data.page + 1 : undefined),
    retry: (count, error) => (error as { status?: number }).status !== 400 && count < 2,
  });
}

/** The whole search as a CSV file (every matching order, up to the export cap, in the list's order), as a plain link. */
export const orderExportUrl = (criteria: [OrderSearchField, string][], sort: [string, string][]) => {
  const query = new URLSearchParams([...criteria, ...sort]).toString();
  return `/api/cs/orders/export.csv${query ? `?${query}` : ''}`;
};
