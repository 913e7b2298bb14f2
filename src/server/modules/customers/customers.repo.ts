import {
  accountTypeNames,
  DERIVED_ACCOUNT_TYPE_KEYS,
  type DerivedAccountType,
} from '@domain/customers/account-types';
import type { CustomerSummary, OrderRow, Popup } from '@domain/customers/customer';
import { isActiveMember, memberStatus } from '@domain/customers/membership';
import { orderDisplayStatus } from '@domain/customers/order-status';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rows } from '../../platform/db';
import { derivedTypeSql } from './account-types.sql';

// Reads of one customer's account and records (spec 1 §2–§4). Every query is by an indexed key:
// accounts.uid / phoenix_id, orders (customer_uid, date_created_utc), socials.uid, carts (uid, canceled).

export const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

export interface AccountRow {
  uid: string;
  phoenix_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  user_type: number;
  country_id: number;
  account_status: number;
  sponsor_id: number;
  enroller_id: number;
  enrollment_date_utc: Date | null;
  next_renewal_date_utc: Date | null;
  member_expiration_date_utc: Date | null;
  paid_as_title_id: number | null;
  recognition_title_id: number | null;
  pws_key: string | null;
  terms_order_date: Date | null;
  terms_order_expiration: Date | null;
  terms_signed: boolean | null;
  terms_declined: boolean | null;
  /** The derived account types (ADR 027) this account is now. */
  derived_types: DerivedAccountType[] | null;
}

const accountColumns = sql`a.uid, a.phoenix_id::float8 as phoenix_id, a.first_name, a.last_name, a.email,
  a.user_type::int as user_type, a.country_id::int as country_id, a.account_status::int as account_status,
  a.sponsor_id::float8 as sponsor_id, a.enroller_id::float8 as enroller_id, a.enrollment_date_utc,
  a.next_renewal_date_utc, a.member_expiration_date_utc, a.paid_as_title_id::int as paid_as_title_id,
  a.recognition_title_id::int as recognition_title_id, a.pws_key,
  t.order_date as terms_order_date, t.order_expiration as terms_order_expiration,
  t.signed as terms_signed, t.declined as terms_declined,
  array_remove(array[${sql.join(
    DERIVED_ACCOUNT_TYPE_KEYS.map((key) => sql`case when ${derivedTypeSql(key)} then ${key}::text end`),
    sql`, `,
  )}], null) as derived_types`;

/** Member status needs only the latest terms record (spec 1 §4), read with the account. */
const latestTerms = sql`left join lateral (
    select order_date, order_expiration, signed, declined from terms_records
    where account_uid = a.uid order by order_date desc, id desc limit 1) t on true`;

export async function accountByUid(db: DbOrTx, uid: string): Promise<AccountRow | undefined> {
  const [row] = await rows<AccountRow>(
    db,
    sql`select ${accountColumns} from accounts a ${latestTerms} where a.uid = ${uid}`,
  );
  return row;
}

export async function accountByPhoenixId(db: DbOrTx, phoenixId: number): Promise<AccountRow | undefined> {
  const [row] = await rows<AccountRow>(
    db,
    sql`select ${accountColumns} from accounts a ${latestTerms} where a.phoenix_id = ${phoenixId}`,
  );
  return row;
}

export function summaryOf(row: AccountRow, now = new Date()): CustomerSummary {
  const terms =
    row.terms_order_date == null
      ? []
      : [
          {
            orderDate: row.terms_order_date,
            orderExpiration: row.terms_order_expiration,
            signed: row.terms_signed === true,
            declined: row.terms_declined === true,
          },
        ];
  return {
    uid: row.uid,
    phoenixId: Number(row.phoenix_id),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    userType: row.user_type,
    countryId: row.country_id,
    accountStatus: row.account_status,
    membershipStatus: memberStatus(terms, row.member_expiration_date_utc, now),
    activeMember: isActiveMember(terms, row.member_expiration_date_utc, now),
    memberExpirationDateUtc: iso(row.member_expiration_date_utc),
    accountTypes: accountTypeNames(row.user_type, row.derived_types ?? []),
  };
}

interface OrderSqlRow {
  id: string;
  order_id: number;
  phoenix_order_id: number | null;
  date_created_utc: Date;
  order_type: number;
  state: number;
  collection: string;
  printed: boolean;
  customer_user_type: number;
  grand_total_cents: number;
  currency: string;
  has_shipments: boolean;
  customer_uid: string;
  customer_name: string;
}

const orderColumns = sql`o.id, o.order_id::int as order_id, o.phoenix_order_id::float8 as phoenix_order_id,
  o.date_created_utc, o.order_type::int as order_type, o.state::int as state, o.collection, o.printed,
  o.customer_user_type::int as customer_user_type, o.grand_total_cents::int as grand_total_cents, o.currency,
  exists (select 1 from order_shipments s where s.order_id = o.id) as has_shipments, o.customer_uid,
  o.customer_first_name || ' ' || o.customer_last_name as customer_name`;

const orderRowOf = (r: OrderSqlRow): OrderRow & { customerUid: string; customerName: string } => ({
  id: r.id,
  orderId: r.order_id,
  phoenixOrderId: r.phoenix_order_id == null ? null : Number(r.phoenix_order_id),
  dateCreatedUtc: iso(r.date_created_utc)!,
  orderType: r.order_type,
  state: r.state,
  status: orderDisplayStatus({
    collection: r.collection,
    state: r.state,
    printed: r.printed,
    hasShipments: r.has_shipments,
  }),
  customerUserType: r.customer_user_type,
  grandTotalCents: r.grand_total_cents,
  currency: r.currency,
  customerUid: r.customer_uid,
  customerName: r.customer_name,
});

/** The customer's orders, newest first; `limit + 1` rows tell whether another page exists. */
export async function ordersOf(db: DbOrTx, uid: string, limit: number, offset: number) {
  const found = await rows<OrderSqlRow>(
    db,
    sql`select ${orderColumns} from orders o where o.customer_uid = ${uid}
        order by o.date_created_utc desc, o.id desc limit ${limit} offset ${offset}`,
  );
  return found.map(orderRowOf);
}

export async function ordersOfPopup(db: DbOrTx, socialId: number, limit: number) {
  const found = await rows<OrderSqlRow>(
    db,
    sql`select ${orderColumns} from orders o where o.social_id = ${socialId}
        order by o.date_created_utc desc, o.id desc limit ${limit}`,
  );
  return found.map(orderRowOf);
}

interface PopupSqlRow {
  id: number;
  name: string;
  status: string;
  opening_date: Date | null;
  closing_date: Date | null;
  total_cents: number;
  order_count: number;
}

const popupOf = (r: PopupSqlRow, currency: string): Popup => ({
  id: r.id,
  name: r.name,
  status: r.status,
  openingDate: iso(r.opening_date),
  closingDate: iso(r.closing_date),
  totalCents: r.total_cents,
  orderCount: r.order_count,
  currency,
});

const popupColumns = sql`id::int as id, name, status, opening_date, closing_date,
  total_cents::int as total_cents, order_count::int as order_count`;

/** The popups a customer hosts (socials.uid), unordered: the caller applies spec 1 §4's order. */
export async function popupsOf(db: DbOrTx, uid: string, currency: string): Promise<Popup[]> {
  const found = await rows<PopupSqlRow>(db, sql`select ${popupColumns} from socials where uid = ${uid}`);
  return found.map((r) => popupOf(r, currency));
}

export async function popupOfCustomer(db: DbOrTx, uid: string, popupId: number, currency: string) {
  const [found] = await rows<PopupSqlRow>(
    db,
    sql`select ${popupColumns} from socials where uid = ${uid} and id = ${popupId}`,
  );
  return found ? popupOf(found, currency) : undefined;
}

export async function cartCountOfPopup(db: DbOrTx, socialId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from carts where social_id = ${socialId} and not canceled`,
  );
  return r?.n ?? 0;
}
