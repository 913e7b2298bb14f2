import type { CheckoutAccount, RecentOrder, SavedCard } from '@domain/checkout';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rows } from '../../platform/db';

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
  const [r] = await rows<AccountRow>(
    db,
    sql`select a.uid, a.first_name, a.last_name, a.email, a.user_type, a.country_id, a.default_language_id,
          a.sponsor_id::float8 as sponsor_id, a.phoenix_id::float8 as phoenix_id, a.t_and_c_accepted,
          a.member_expiration_date_utc, a.enrollment_date_utc, a.group_id, a.square_id, a.square_id_ca,
          a.consultant_milestones,
          coalesce((select balance_cents from product_credit where account_uid = a.uid and country = 'us'), 0)::int as credit_us,
          coalesce((select balance_cents from product_credit where account_uid = a.uid and country = 'ca'), 0)::int as credit_ca,
          exists(select 1 from orders o where o.customer_uid = a.uid and o.collection = 'orders'
                   and o.is_membership and o.cancellation is null and o.state <> 7) as pending_terms
        from accounts a where a.uid = ${uid}`,
  );
  return r;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function checkoutAccount(
  db: DbOrTx,
  a: AccountRow,
  overrideDefaults: CheckoutAccount['overrideDefaults'],
): Promise<CheckoutAccount> {
  const [addresses, popups, terms] = await Promise.all([
    rows<{
      id: number;
      first_name: string;
      last_name: string;
      company_name: string | null;
      address: string;
      address2: string | null;
      city: string;
      region: string;
      postal_code: string;
      country_id: number;
      telephone: string | null;
      is_default_shipping: boolean;
      melissa_verification_date_utc: Date | null;
    }>(
      db,
      sql`select id::int as id, first_name, last_name, company_name, address, address2, city, region, postal_code,
            country_id, telephone, is_default_shipping, melissa_verification_date_utc
          from shipping_addresses where account_uid = ${a.uid} order by is_default_shipping desc, id`,
    ),
    popupsOf(db, a.uid),
    rows<{
      order_id: string | null;
      order_date: Date;
      order_expiration: Date | null;
      signed: boolean;
      declined: boolean;
    }>(
      db,
      sql`select order_id, order_date, order_expiration, signed, declined from terms_records
          where account_uid = ${a.uid} order by order_date desc`,
    ),
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
  return rows<{ id: number; name: string; status: string }>(
    db,
    sql`select s.id, s.name, s.status from socials s
        where s.status = 'open' and (s.uid = ${uid} or s.host_uid = ${uid}
          or s.uid = (select sp.uid from accounts a join accounts sp on sp.phoenix_id = a.sponsor_id where a.uid = ${uid}))
        order by s.id desc limit 20`,
  );
}

export interface RateRow {
  shipping_method_id: number;
  amount_cents: number;
  free_over_cents: number | null;
  phoenix_shipping_method_id: number | null;
}

export async function shippingRatesOf(db: DbOrTx, countryId: number): Promise<RateRow[]> {
  return rows<RateRow>(
    db,
    sql`select shipping_method_id, amount_cents, free_over_cents, phoenix_shipping_method_id
        from shipping_rates where country_id = ${countryId} and active order by shipping_method_id`,
  );
}

export async function taxRateOf(db: DbOrTx, countryId: number, region: string) {
  const [r] = await rows<{ rate_basis_points: number; tax_shipping: boolean }>(
    db,
    sql`select rate_basis_points, tax_shipping from tax_rates where country_id = ${countryId} and region = ${region}`,
  );
  return r ? { rateBasisPoints: r.rate_basis_points, taxShipping: r.tax_shipping } : null;
}

export async function savedCards(db: DbOrTx, uid: string, countryId: number): Promise<SavedCard[]> {
  const found = await rows<{
    id: string;
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    country_id: number;
    cardholder_name: string | null;
  }>(
    db,
    sql`select id, brand, last4, exp_month, exp_year, country_id, cardholder_name from payment_cards
        where account_uid = ${uid} and country_id = ${countryId} and not disabled order by created_at desc`,
  );
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
  const found = await rows<{
    id: string;
    order_id: number;
    customer_user_type: number;
    date_created_utc: Date;
    grand_total_cents: number;
    currency: string;
    products: { sku: string; title: string; quantity: number }[];
  }>(
    db,
    sql`select o.id, o.order_id, o.customer_user_type, o.date_created_utc, o.grand_total_cents, o.currency,
          (select coalesce(json_agg(json_build_object('sku', l.sku, 'title', l.title, 'quantity', l.quantity)
             order by l.line_no), '[]'::json) from order_lines l where l.order_id = o.id) as products
        from orders o where o.customer_uid = ${uid}
          and exists(select 1 from order_lines l where l.order_id = o.id)
        order by o.date_created_utc desc limit 5`,
  );
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
  const [r] = await rows<PopupRow>(
    db,
    sql`select s.id, s.name, coalesce(s.host_uid, s.uid) as host_uid,
          h.first_name, h.last_name, h.company_name, h.address, h.address2, h.city, h.region, h.postal_code, h.telephone
        from socials s
        left join lateral (
          select * from shipping_addresses sa
          where sa.account_uid = coalesce(s.host_uid, s.uid) and sa.country_id = ${countryId}
          order by sa.is_default_shipping desc, sa.id limit 1
        ) h on true
        where s.id = ${popupId} and s.status = 'open' and (s.uid = ${uid} or s.host_uid = ${uid}
          or s.uid = (select sp.uid from accounts a join accounts sp on sp.phoenix_id = a.sponsor_id where a.uid = ${uid}))`,
  );
  return r;
}
