import type { CheckoutAccount, RecentOrder, SavedCard } from '@domain/checkout';
import { and, desc, eq, not, or, sql } from 'drizzle-orm';
import {
  accounts,
  orders,
  paymentCards,
  shippingAddresses,
  shippingRates,
  socials,
  taxRates,
  termsRecords,
} from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

// Reads of the portal order flow: the account with its addresses, credit and popups, the rate
// tables, saved cards and recent orders.

export interface AccountRow {
  uid: string;
  first_name: string;
  last_name: string;
  email: string | null;
  user_type: number;
  country_id: number;
  default_language_id: number;
  sponsor_id: number;
  phoenix_id: number;
  t_and_c_accepted: boolean;
  member_expiration_date_utc: Date | null;
  enrollment_date_utc: Date | null;
  credit_us: number;
  credit_ca: number;
  pending_terms: boolean;
  group_id: number | null;
  square_id: string | null;
  square_id_ca: string | null;
  consultant_milestones:
    | { name: string; achievedAt?: string | null; expirationDate?: string | null }[]
    | null;
}

export async function accountOf(db: DbOrTx, uid: string): Promise<AccountRow | undefined> {
  // The subqueries name accounts.uid in full: the builder names a lone table's columns bare.
  const creditIn = (country: 'us' | 'ca') =>
    sql<number>`coalesce((select balance_cents from product_credit
      where account_uid = accounts.uid and country = ${country}), 0)::int`;
  const [r] = await db
    .select({
      uid: accounts.uid,
      first_name: accounts.firstName,
      last_name: accounts.lastName,
      email: accounts.email,
      user_type: accounts.userType,
      country_id: accounts.countryId,
      default_language_id: accounts.defaultLanguageId,
      sponsor_id: sql<number>`${accounts.sponsorId}::float8`,
      phoenix_id: sql<number>`${accounts.phoenixId}::float8`,
      t_and_c_accepted: accounts.tAndCAccepted,
      member_expiration_date_utc: accounts.memberExpirationDateUtc,
      enrollment_date_utc: accounts.enrollmentDateUtc,
      group_id: accounts.groupId,
      square_id: accounts.squareId,
      square_id_ca: accounts.squareIdCa,
      consultant_milestones: accounts.consultantMilestones,
      credit_us: creditIn('us'),
      credit_ca: creditIn('ca'),
      pending_terms: sql<boolean>`exists(select 1 from orders o where o.customer_uid = accounts.uid
        and o.collection = 'orders' and o.is_membership and o.cancellation is null and o.state <> 7)`,
    })
    .from(accounts)
    .where(eq(accounts.uid, uid));
  return r;
}

/** An address's name and lines, as the checkout's address rows and a popup's host address read them. */
const addressLines = {
  first_name: shippingAddresses.firstName,
  last_name: shippingAddresses.lastName,
  company_name: shippingAddresses.companyName,
  address: shippingAddresses.address,
  address2: shippingAddresses.address2,
  city: shippingAddresses.city,
  region: shippingAddresses.region,
  postal_code: shippingAddresses.postalCode,
};

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function checkoutAccount(
  db: DbOrTx,
  a: AccountRow,
  overrideDefaults: CheckoutAccount['overrideDefaults'],
): Promise<CheckoutAccount> {
  const [addresses, popups, terms] = await Promise.all([
    db
      .select({
        id: sql<number>`${shippingAddresses.id}::int`,
        ...addressLines,
        country_id: shippingAddresses.countryId,
        telephone: shippingAddresses.telephone,
        is_default_shipping: shippingAddresses.isDefaultShipping,
        melissa_verification_date_utc: shippingAddresses.melissaVerificationDateUtc,
      })
      .from(shippingAddresses)
      .where(eq(shippingAddresses.accountUid, a.uid))
      .orderBy(desc(shippingAddresses.isDefaultShipping), shippingAddresses.id),
    popupsOf(db, a.uid),
    db
      .select({
        order_id: termsRecords.orderId,
        order_date: termsRecords.orderDate,
        order_expiration: termsRecords.orderExpiration,
        signed: termsRecords.signed,
        declined: termsRecords.declined,
      })
      .from(termsRecords)
      .where(eq(termsRecords.accountUid, a.uid))
      .orderBy(desc(termsRecords.orderDate)),
  ]);
  return {
    uid: a.uid,
    firstName: a.first_name,
    lastName: a.last_name,
    email: a.email,
    userType: a.user_type,
    countryId: a.country_id,
    defaultLanguageId: a.default_language_id,
    sponsorId: Number(a.sponsor_id),
    phoenixId: Number(a.phoenix_id),
    tAndCAccepted: a.t_and_c_accepted,
    memberExpirationDateUTC: iso(a.member_expiration_date_utc),
    enrollmentDateUTC: iso(a.enrollment_date_utc),
    squareId: a.square_id,
    squareIdCA: a.square_id_ca,
    bobTCs: terms.map((t) => ({
      orderId: t.order_id,
      orderDate: iso(t.order_date)!,
      orderExpiration: iso(t.order_expiration),
      signed: t.signed,
      declined: t.declined,
    })),
    productCredit: { us: a.credit_us, ca: a.credit_ca },
    shippingAddresses: addresses.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      companyName: r.company_name,
      address: r.address,
      address2: r.address2,
      city: r.city,
      region: r.region,
      postalCode: r.postal_code,
      countryId: r.country_id,
      telephone: r.telephone,
      isDefaultShipping: r.is_default_shipping,
      melissaVerificationDateUTC: iso(r.melissa_verification_date_utc),
    })),
    popups,
    overrideDefaults,
  };
}

/** Open popups the order may go to: the account's own and its sponsor's (host event selection). */
export async function popupsOf(db: DbOrTx, uid: string) {
  return db
    .select({ id: socials.id, name: socials.name, status: socials.status })
    .from(socials)
    .where(
      and(
        eq(socials.status, 'open'),
        or(
          eq(socials.uid, uid),
          eq(socials.hostUid, uid),
          sql`${socials.uid} = (select sp.uid from accounts a join accounts sp on sp.phoenix_id = a.sponsor_id where a.uid = ${uid})`,
        ),
      ),
    )
    .orderBy(desc(socials.id))
    .limit(20);
}

export interface RateRow {
  shipping_method_id: number;
  amount_cents: number;
  free_over_cents: number | null;
  phoenix_shipping_method_id: number | null;
}

export async function shippingRatesOf(db: DbOrTx, countryId: number): Promise<RateRow[]> {
  return db
    .select({
      shipping_method_id: shippingRates.shippingMethodId,
      amount_cents: shippingRates.amountCents,
      free_over_cents: shippingRates.freeOverCents,
      phoenix_shipping_method_id: shippingRates.phoenixShippingMethodId,
    })
    .from(shippingRates)
    .where(and(eq(shippingRates.countryId, countryId), eq(shippingRates.active, true)))
    .orderBy(shippingRates.shippingMethodId);
}

export async function taxRateOf(db: DbOrTx, countryId: number, region: string) {
  const [r] = await db
    .select({ rate_basis_points: taxRates.rateBasisPoints, tax_shipping: taxRates.taxShipping })
    .from(taxRates)
    .where(and(eq(taxRates.countryId, countryId), eq(taxRates.region, region)));
  return r ? { rateBasisPoints: r.rate_basis_points, taxShipping: r.tax_shipping } : null;
}

export async function savedCards(db: DbOrTx, uid: string, countryId: number): Promise<SavedCard[]> {
  const found = await db
    .select({
      id: paymentCards.id,
      brand: paymentCards.brand,
      last4: paymentCards.last4,
      exp_month: paymentCards.expMonth,
      exp_year: paymentCards.expYear,
      country_id: paymentCards.countryId,
      cardholder_name: paymentCards.cardholderName,
    })
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.accountUid, uid),
        eq(paymentCards.countryId, countryId),
        not(paymentCards.disabled),
      ),
    )
    .orderBy(desc(paymentCards.createdAt));
  return found.map((c) => ({
    id: c.id,
    brand: c.brand,
    last4: c.last4,
    expMonth: c.exp_month,
    expYear: c.exp_year,
    countryId: c.country_id,
    cardholderName: c.cardholder_name,
  }));
}

/** The 5 most recent orders with products (spec 2 §7 recent orders). */
export async function recentOrders(
  db: DbOrTx,
  uid: string,
): Promise<(Omit<RecentOrder, 'orderLabel'> & { userType: number })[]> {
  const found = await db
    .select({
      id: orders.id,
      order_id: orders.orderId,
      customer_user_type: orders.customerUserType,
      date_created_utc: orders.dateCreatedUtc,
      grand_total_cents: orders.grandTotalCents,
      currency: orders.currency,
      // Named in full: the builder names a lone table's columns bare, and order_lines has an id too.
      products: sql<{ sku: string; title: string; quantity: number }[]>`(select coalesce(json_agg(
          json_build_object('sku', l.sku, 'title', l.title, 'quantity', l.quantity) order by l.line_no), '[]'::json)
        from order_lines l where l.order_id = orders.id)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.customerUid, uid),
        sql`exists(select 1 from order_lines l where l.order_id = ${orders.id})`,
      ),
    )
    .orderBy(desc(orders.dateCreatedUtc))
    .limit(5);
  return found.map((o) => ({
    id: o.id,
    orderId: o.order_id,
    userType: o.customer_user_type,
    dateCreatedUtc: new Date(o.date_created_utc).toISOString(),
    grandTotal: o.grand_total_cents,
    currency: o.currency,
    products: o.products,
  }));
}

export interface PopupRow {
  id: number;
  name: string;
  host_uid: string;
  /** The host's default (else first) shipping address in the order's country, if any. */
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  address: string | null;
  address2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  telephone: string | null;
}

/**
 * A popup the account may order into (one of `popupsOf`: open, its own or its sponsor's) with the
 * address its host receives pop-up orders at: the host's default shipping address in the country.
 */
export async function popupFor(
  db: DbOrTx,
  uid: string,
  popupId: number,
  countryId: number,
): Promise<PopupRow | undefined> {
  const host = sql`coalesce(${socials.hostUid}, ${socials.uid})`;
  const h = db
    .select({ ...addressLines, telephone: shippingAddresses.telephone })
    .from(shippingAddresses)
    .where(and(eq(shippingAddresses.accountUid, host), eq(shippingAddresses.countryId, countryId)))
    .orderBy(desc(shippingAddresses.isDefaultShipping), shippingAddresses.id)
    .limit(1)
    .as('h');
  const [r] = await db
    .select({
      id: socials.id,
      name: socials.name,
      host_uid: sql<string>`${host}`,
      first_name: h.first_name,
      last_name: h.last_name,
      company_name: h.company_name,
      address: h.address,
      address2: h.address2,
      city: h.city,
      region: h.region,
      postal_code: h.postal_code,
      telephone: h.telephone,
    })
    .from(socials)
    .leftJoinLateral(h, sql`true`)
    .where(
      and(
        eq(socials.id, popupId),
        eq(socials.status, 'open'),
        or(
          eq(socials.uid, uid),
          eq(socials.hostUid, uid),
          sql`${socials.uid} = (select sp.uid from accounts a join accounts sp on sp.phoenix_id = a.sponsor_id where a.uid = ${uid})`,
        ),
      ),
    );
  return r;
}
