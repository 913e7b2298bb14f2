import type { OrderSearchDirection, OrderSearchSort } from '@domain/order-search/search';
import type { OrderSearchPlan } from '@domain/order-search/search-contract';
import { PACIFIC_TIME_ZONE } from '@domain/reference/constants';
import { eq, type SQL, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { type DbOrTx, rows } from '../../platform/db';

// Order search queries (spec 2 §2). Newest first (date_created_utc desc, id desc) unless another
// order is asked for, one page read with limit/offset. Each criterion has an index that yields its
// rows newest first, so a page reads about `offset + limit` index entries and sorts nothing:
// - Firebase order id, Phoenix order number: the unique indexes (one row);
// - UID: orders_customer_idx (customer_uid, date_created_utc); Phoenix ID and Email: the
//   customer's few orders through orders_customer_phoenix_idx / orders_email_idx and the account;
// - last name, first name: orders_search_last_idx / orders_search_first_idx
//   (lower(name) collate "C", date_created_utc, id): a name is matched from its start, as an
//   index range, and the date range narrows the same scan;
// - order type: orders_search_type_idx (order_type, date_created_utc, id);
// - location or dates alone: orders_created_idx read backwards.
// Dates are calendar days of the business (Pacific time), as on the dashboard.
// The other orders, either direction: by total, orders_search_total_idx (grand_total_cents,
// date_created_utc, id); by customer, orders_search_last_idx; by date, the indexes above read
// forwards. A search narrowed by another criterion sorts only the rows it matched.

const LAST = sql`(lower(o.customer_last_name) collate "C")`;
const FIRST = sql`(lower(o.customer_first_name) collate "C")`;

/** Everything that starts with `prefix`, as a range of the C collation (no LIKE, no escaping). */
const startsWith = (column: SQL, prefix: string) =>
  sql`${column} >= ${prefix} and ${column} < ${`${prefix}\u{10FFFF}`}`;

const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${PACIFIC_TIME_ZONE})`;
const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${PACIFIC_TIME_ZONE})`;

/** Account uids with this Phoenix ID or email (an order keeps the email it was placed with). */
export async function accountUids(db: DbOrTx, by: { phoenixId: number } | { email: string }) {
  const where =
    'phoenixId' in by
      ? eq(accounts.phoenixId, by.phoenixId)
      : sql`(lower(${accounts.email}) collate "C") = ${by.email}`;
  const found = await db.select({ uid: accounts.uid }).from(accounts).where(where).limit(10);
  return found.map((r) => r.uid);
}

const inList = (column: SQL, values: readonly string[]) =>
  values.length === 0
    ? sql`false`
    : sql`${column} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`;

export function whereOf(plan: OrderSearchPlan, uids: readonly string[] = []): SQL {
  switch (plan.kind) {
    case 'uid':
      return sql`o.customer_uid = ${plan.uid}`;
    case 'phoenixId':
      return sql`(o.customer_phoenix_id = ${plan.phoenixId} or ${inList(sql`o.customer_uid`, uids)})`;
    case 'email':
      return sql`(lower(o.customer_email) = ${plan.email} or ${inList(sql`o.customer_uid`, uids)})`;
    case 'filters': {
      const parts: SQL[] = [];
      if (plan.orderId !== undefined) parts.push(sql`o.order_id = ${plan.orderId}`);
      if (plan.phoenixOrderId !== undefined) parts.push(sql`o.phoenix_order_id = ${plan.phoenixOrderId}`);
      if (plan.lastName) parts.push(startsWith(LAST, plan.lastName));
      if (plan.firstName) parts.push(startsWith(FIRST, plan.firstName));
      if (plan.orderType !== undefined) parts.push(sql`o.order_type = ${plan.orderType}`);
      if (plan.countryId !== undefined) parts.push(sql`o.country_id = ${plan.countryId}`);
      if (plan.dateFrom) parts.push(sql`o.date_created_utc >= ${dayStart(plan.dateFrom)}`);
      if (plan.dateTo) parts.push(sql`o.date_created_utc < ${dayEnd(plan.dateTo)}`);
      return parts.length ? sql.join(parts, sql` and `) : sql`true`;
    }
  }
}

export interface SearchRow {
  id: string;
  order_id: number;
  phoenix_order_id: number | null;
  collection: string;
  state: number;
  printed: boolean;
  has_shipments: boolean;
  order_type: number;
  date_created_utc: Date | string;
  customer_uid: string;
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string | null;
  customer_phoenix_id: number | null;
  customer_user_type: number;
  grand_total_cents: number;
  currency: string;
  country_id: number;
  /** The exact creation time as text (microseconds kept), to continue after this row. */
  cursor_at: string;
  /** The last name as the customer sort compares it, to continue after this row. */
  cursor_last: string;
}

/** The sort's columns, in order; the last two (date, id) make every row's place unique. */
function sortColumns(sort: OrderSearchSort): SQL[] {
  const tail = [sql`o.date_created_utc`, sql`o.id`];
  if (sort === 'total') return [sql`o.grand_total_cents`, ...tail];
  if (sort === 'customer') return [LAST, ...tail];
  return tail;
}

export interface SearchOrder {
  sort: OrderSearchSort;
  direction: OrderSearchDirection;
}

const orderBy = ({ sort, direction }: SearchOrder) =>
  sql.join(
    sortColumns(sort).map((c) => (direction === 'asc' ? sql`${c} asc` : sql`${c} desc`)),
    sql`, `,
  );

export function searchPage(db: DbOrTx, where: SQL, order: SearchOrder, limit: number, offset: number) {
  return searchRows(db, where, order, sql`limit ${limit} offset ${offset}`);
}

/** Where `after` (a row of the search) stands in the sort: its values of the sort's columns. */
function cursorOf(sort: OrderSearchSort, after: SearchRow): SQL[] {
  const tail = [sql`${after.cursor_at}::timestamptz`, sql`${after.id}`];
  if (sort === 'total') return [sql`${after.grand_total_cents}::int`, ...tail];
  if (sort === 'customer') return [sql`${after.cursor_last}`, ...tail];
  return tail;
}

/**
 * The page after `after` (the last row of the previous one) in the same order: an export walks
 * the whole search this way, each page an index range, never an ever-growing offset.
 */
export function searchPageAfter(
  db: DbOrTx,
  where: SQL,
  order: SearchOrder,
  limit: number,
  after: SearchRow | null,
) {
  const beyond = order.direction === 'asc' ? sql`>` : sql`<`;
  const w = after
    ? sql`${where} and (${sql.join(sortColumns(order.sort), sql`, `)}) ${beyond} (${sql.join(
        cursorOf(order.sort, after),
        sql`, `,
      )})`
    : where;
  return searchRows(db, w, order, sql`limit ${limit}`);
}

function searchRows(db: DbOrTx, where: SQL, order: SearchOrder, window: SQL) {
  // Raw SQL: the sort and the row-value cursor must be the indexes' exact expressions
  // (lower(…) collate "C"), which the builder's orderBy cannot compare as one row.
  return rows<SearchRow>(
    db,
    sql`select o.id, o.order_id::int as order_id, o.phoenix_order_id::float8 as phoenix_order_id,
          o.collection, o.state::int as state, o.printed,
          exists (select 1 from order_shipments s where s.order_id = o.id) as has_shipments,
          o.order_type::int as order_type, o.date_created_utc, o.customer_uid, o.customer_first_name,
          o.customer_last_name, o.customer_email, o.customer_phoenix_id::float8 as customer_phoenix_id,
          o.customer_user_type::int as customer_user_type, o.grand_total_cents::int as grand_total_cents,
          o.currency, o.country_id::int as country_id, o.date_created_utc::text as cursor_at,
          ${LAST} as cursor_last
        from orders o
        where ${where}
        order by ${orderBy(order)}
        ${window}`,
  );
}
