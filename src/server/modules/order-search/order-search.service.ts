import { orderDisplayStatus, orderNumberLabel } from '@domain/customers/order-status';
import {
  type OrderSearchAnswer,
  type OrderSearchQuery,
  type ProcessedOrder,
  planOrderSearch,
  sortOf,
} from '@domain/order-search/search-contract';
import { ORDER_SEARCH_CSV } from '@domain/order-search/search-csv';
import { CSV_EXPORT_MAX_ROWS, csvCapNote, csvHeader, csvRows } from '@domain/platform/csv';
import type { AppContext } from '../../platform/context';
import * as repo from './order-search.repo';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toProcessedOrder(r: repo.SearchRow): ProcessedOrder {
  return {
    id: r.id,
    orderId: r.order_id,
    orderNumber: orderNumberLabel(r.order_id, r.customer_user_type),
    phoenixOrderId: r.phoenix_order_id == null ? null : Number(r.phoenix_order_id),
    status: orderDisplayStatus({
      collection: r.collection,
      state: r.state,
      printed: r.printed,
      hasShipments: r.has_shipments,
    }),
    state: r.state,
    orderType: r.order_type,
    dateCreatedUtc: iso(r.date_created_utc),
    customer: {
      uid: r.customer_uid,
      firstName: r.customer_first_name,
      lastName: r.customer_last_name,
      email: r.customer_email,
      phoenixId: r.customer_phoenix_id == null ? null : Number(r.customer_phoenix_id),
      userType: r.customer_user_type,
    },
    grandTotalCents: r.grand_total_cents,
    currency: r.currency,
    countryId: r.country_id,
  };
}

/** The search's condition; a Phoenix ID or email first finds the accounts it names. */
async function whereOf(ctx: AppContext, query: OrderSearchQuery) {
  const plan = planOrderSearch(query);
  const uids =
    plan.kind === 'phoenixId'
      ? await repo.accountUids(ctx.readDb, { phoenixId: plan.phoenixId })
      : plan.kind === 'email'
        ? await repo.accountUids(ctx.readDb, { email: plan.email })
        : [];
  return repo.whereOf(plan, uids);
}

/**
 * GET /api/cs/orders/: one page, newest first unless another sort is asked for. No total is counted
 * (a count over millions of rows is what makes an order list slow); `hasMore` while a page comes
 * back full (spec 2 §9).
 */
export async function searchOrders(ctx: AppContext, query: OrderSearchQuery): Promise<OrderSearchAnswer> {
  const found = await repo.searchPage(
    ctx.readDb,
    await whereOf(ctx, query),
    sortOf(query),
    query.limit,
    (query.page - 1) * query.limit,
  );
  return {
    success: true,
    data: {
      processedOrders: found.map(toProcessedOrder),
      page: query.page,
      limit: query.limit,
      hasMore: found.length === query.limit,
    },
  };
}

/**
 * GET /api/cs/orders/export.csv: every order the search matches (the same criteria, the same
 * order), 1,000 rows a read, up to CSV_EXPORT_MAX_ROWS; a last line says when the
 * search matched more.
 */
export async function* exportOrders(
  ctx: AppContext,
  query: OrderSearchQuery,
  { max = CSV_EXPORT_MAX_ROWS, pageSize = 1000 } = {},
): AsyncGenerator<string> {
  const where = await whereOf(ctx, query);
  const order = sortOf(query);
  yield csvHeader(ORDER_SEARCH_CSV.map((c) => c.header));
  let written = 0;
  let last: repo.SearchRow | null = null;
  for (;;) {
    const want = Math.min(pageSize, max + 1 - written);
    const page = await repo.searchPageAfter(ctx.db, where, order, want, last);
    const kept = page.slice(0, max - written);
    if (kept.length > 0) yield csvRows(ORDER_SEARCH_CSV, kept.map(toProcessedOrder));
    written += kept.length;
    if (page.length > kept.length) {
      yield csvCapNote(max);
      return;
    }
    if (page.length < want) return;
    last = page[page.length - 1]!;
  }
}
