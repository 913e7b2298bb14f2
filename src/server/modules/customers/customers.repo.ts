import {
  accountTypeNames,
  DERIVED_ACCOUNT_TYPE_KEYS,
  type DerivedAccountType,
} from '@domain/customers/account-types';
import type { CustomerSummary, OrderRow, Popup } from '@domain/customers/customer';
import { isActiveMember, memberStatus } from '@domain/customers/membership';
import { orderDisplayStatus } from '@domain/customers/order-status';
import { and, desc, eq, not, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { accounts, carts, orderShipments, orders, socials, termsRecords } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
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

/** The account row as `a`: the derived types' SQL reads it by that name. */
const a = alias(accounts, 'a');

/** Member status needs only the latest terms record (spec 1 §4), read with the account. */
const latestTerms = new QueryBuilder()
  .select({
    orderDate: termsRecords.orderDate,
    orderExpiration: termsRecords.orderExpiration,
    signed: termsRecords.signed,
    declined: termsRecords.declined,
  })
  .from(termsRecords)
  .where(eq(termsRecords.accountUid, a.uid))
  .orderBy(desc(termsRecords.orderDate), desc(termsRecords.id))
  .limit(1)
  .as('t');

const accountColumns = {
  uid: a.uid,
  phoenix_id: sql<number>`${a.phoenixId}::float8`,
  first_name: a.firstName,
  last_name: a.lastName,
  email: a.email,
  user_type: sql<number>`${a.userType}::int`,
  country_id: sql<number>`${a.countryId}::int`,
  account_status: sql<number>`${a.accountStatus}::int`,
  sponsor_id: sql<number>`${a.sponsorId}::float8`,
  enroller_id: sql<number>`${a.enrollerId}::float8`,
  enrollment_date_utc: a.enrollmentDateUtc,
  next_renewal_date_utc: a.nextRenewalDateUtc,
  member_expiration_date_utc: a.memberExpirationDateUtc,
  paid_as_title_id: sql<number | null>`${a.paidAsTitleId}::int`,
  recognition_title_id: sql<number | null>`${a.recognitionTitleId}::int`,
  pws_key: a.pwsKey,
  terms_order_date: latestTerms.orderDate,
  terms_order_expiration: latestTerms.orderExpiration,
  terms_signed: latestTerms.signed,
  terms_declined: latestTerms.declined,
  derived_types: sql<DerivedAccountType[] | null>`array_remove(array[${sql.join(
    DERIVED_ACCOUNT_TYPE_KEYS.map((key) => sql`case when ${derivedTypeSql(key)} then ${key}::text end`),
    sql`, `,
  )}], null)`,
};

const selectAccount = (db: DbOrTx) =>
  db.select(accountColumns).from(a).leftJoinLateral(latestTerms, sql`true`);

export async function accountByUid(db: DbOrTx, uid: string): Promise<AccountRow | undefined> {
  const [row] = await selectAccount(db).where(eq(a.uid, uid));
  return row;
}

export async function accountByPhoenixId(db: DbOrTx, phoenixId: number): Promise<AccountRow | undefined> {
  const [row] = await selectAccount(db).where(eq(a.phoenixId, phoenixId));
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

const orderColumns = {
  id: orders.id,
  order_id: sql<number>`${orders.orderId}::int`,
  phoenix_order_id: sql<number | null>`${orders.phoenixOrderId}::float8`,
  date_created_utc: orders.dateCreatedUtc,
  order_type: sql<number>`${orders.orderType}::int`,
  state: sql<number>`${orders.state}::int`,
  collection: orders.collection,
  printed: orders.printed,
  customer_user_type: sql<number>`${orders.customerUserType}::int`,
  grand_total_cents: sql<number>`${orders.grandTotalCents}::int`,
  currency: orders.currency,
  // `orders.id` by name: the builder leaves a column of a one-table select unqualified, which the
  // subquery would read as its own.
  has_shipments: sql<boolean>`exists (select 1 from ${orderShipments} s where s.order_id = orders.id)`,
  customer_uid: orders.customerUid,
  customer_name: sql<string>`${orders.customerFirstName} || ' ' || ${orders.customerLastName}`,
};

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
  const found: OrderSqlRow[] = await db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.customerUid, uid))
    .orderBy(desc(orders.dateCreatedUtc), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return found.map(orderRowOf);
}

export async function ordersOfPopup(db: DbOrTx, socialId: number, limit: number) {
  const found: OrderSqlRow[] = await db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.socialId, socialId))
    .orderBy(desc(orders.dateCreatedUtc), desc(orders.id))
    .limit(limit);
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

const popupColumns = {
  id: sql<number>`${socials.id}::int`,
  name: socials.name,
  status: socials.status,
  opening_date: socials.openingDate,
  closing_date: socials.closingDate,
  total_cents: sql<number>`${socials.totalCents}::int`,
  order_count: sql<number>`${socials.orderCount}::int`,
};

/** The popups a customer hosts (socials.uid), unordered: the caller applies spec 1 §4's order. */
export async function popupsOf(db: DbOrTx, uid: string, currency: string): Promise<Popup[]> {
  const found: PopupSqlRow[] = await db.select(popupColumns).from(socials).where(eq(socials.uid, uid));
  return found.map((r) => popupOf(r, currency));
}

export async function popupOfCustomer(db: DbOrTx, uid: string, popupId: number, currency: string) {
  const [found]: PopupSqlRow[] = await db
    .select(popupColumns)
    .from(socials)
    .where(and(eq(socials.uid, uid), eq(socials.id, popupId)));
  return found ? popupOf(found, currency) : undefined;
}

export async function cartCountOfPopup(db: DbOrTx, socialId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(carts)
    .where(and(eq(carts.socialId, socialId), not(carts.canceled)));
  return r?.n ?? 0;
}
