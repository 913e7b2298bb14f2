import type { CartCustomer, CartSummaryView, CatalogFacts, ProductHit } from '@domain/carts';
import type { CartDetail, CartSummary } from '@domain/customers/customer';
import { retailOffer } from '@domain/pricing';
import { and, desc, eq, ilike, inArray, isNull, not, or, sql } from 'drizzle-orm';
import { accounts, carts, contentEntries, productPrices, products } from '../../db/schema';
import { type DbOrTx, rows } from '../../platform/db';
import { type SavedCartSqlRow, savedCartDetail, savedCartSummary } from './saved-carts';

// Cart queries: the cart row with its version, catalogue facts for pricing, the customer, cart
// message texts (content entries), the cart lists of the carts screen and a customer's saved carts
// as stored (the customer screens).

export interface CartRow {
  cart_id: string;
  uid: string | null;
  cid: string | null;
  user_email: string | null;
  active_locale: string;
  cart_instances: Record<string, unknown>;
  social_id: number | null;
  canceled: boolean;
  version: number;
  created_at: Date;
  last_saved: Date;
}

export async function cartRow(db: DbOrTx, cartId: string): Promise<CartRow | undefined> {
  const [r] = await db
    .select({
      cart_id: carts.cartId,
      uid: carts.uid,
      cid: carts.cid,
      user_email: carts.userEmail,
      active_locale: carts.activeLocale,
      cart_instances: carts.cartInstances,
      social_id: carts.socialId,
      canceled: carts.canceled,
      version: carts.version,
      created_at: carts.createdAt,
      last_saved: carts.lastSaved,
    })
    .from(carts)
    .where(eq(carts.cartId, cartId));
  return r;
}

/** The cart with what pricing it reads: its owner's facts and the catalogue facts of its SKUs. */
export interface CartForPricing {
  row: CartRow;
  /** Null when the owner is not on file. */
  customer: CartCustomer | null;
  /** Facts of the SKUs asked that are sold in the active locale's country. */
  catalog: Map<string, CatalogFacts>;
  /** Every SKU the catalogue was asked for (found or not): the stored lines, host rewards and extras. */
  asked: string[];
}

/**
 * The cart row, its owner's pricing facts and the catalogue facts of the active instance's SKUs
 * (its lines in either stored form and its host rewards) plus `skus`, in the active locale's
 * country: one statement where reading the cart and then its catalogue took two.
 */
export async function cartForPricing(
  db: DbOrTx,
  cartId: string,
  skus: readonly string[],
): Promise<CartForPricing | undefined> {
  const listIn = (key: string) =>
    sql`jsonb_array_elements(case when jsonb_typeof(k.instance -> ${key}) = 'array'
      then k.instance -> ${key} else '[]'::jsonb end) ->> 'sku'`;
  // Raw SQL: lateral selects without a FROM (the active instance, its SKUs) have no builder form.
  const [r] = await rows<
    CartRow & { owner: CustomerSqlRow | null; asked: string[] | null; catalog: ProductSqlRow[] | null }
  >(
    db,
    sql`select c.cart_id, c.uid, c.cid, c.user_email, c.active_locale, c.cart_instances, c.social_id::int as social_id,
          c.canceled, c.version, c.created_at, c.last_saved,
          (select to_jsonb(o) from (${customerSelect} where a.uid = c.uid) o) as owner,
          s.skus as asked,
          (select jsonb_agg(to_jsonb(f)) from (${catalogSelect} where pp.country_id = s.country and p.sku = any(s.skus)) f)
            as catalog
        from carts c
        cross join lateral (select c.cart_instances -> c.active_locale as instance) k
        cross join lateral (
          -- regionOfLocale (src/domain/carts): the Canadian locales are country 2.
          select case when c.active_locale like '%-CA' then 2 else 1 end as country,
            array(select distinct sku from (
              select ${listIn('unpromofiedItems')} union all select ${listIn('products')}
              union all select ${listIn('hostRewardItems')}
              union all select jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb)) x(sku)
              where sku is not null) as skus) s
        where c.cart_id = ${cartId}`,
  );
  if (!r) return undefined;
  const { owner, asked, catalog, ...row } = r;
  return {
    row,
    customer: owner ? toCustomer(owner) : null,
    catalog: new Map((catalog ?? []).map((f) => [f.sku, toCatalogFacts(f)])),
    asked: asked ?? [],
  };
}

export async function cartVersion(db: DbOrTx, cartId: string): Promise<number | undefined> {
  const [r] = await db.select({ version: carts.version }).from(carts).where(eq(carts.cartId, cartId));
  return r?.version;
}

/** The versions of several carts in one statement (a list checking its cached views). */
export async function cartVersions(db: DbOrTx, cartIds: string[]): Promise<Map<string, number>> {
  if (cartIds.length === 0) return new Map();
  const found = await db
    .select({ cart_id: carts.cartId, version: carts.version })
    .from(carts)
    .where(inArray(carts.cartId, cartIds));
  return new Map(found.map((r) => [r.cart_id, Number(r.version)]));
}

/** The open cart of an owner (spec 2 §7: carts are addressed by uid, clientUid and socialId). */
export async function openCartOf(
  db: DbOrTx,
  owner: { uid: string; clientUid: string | null; socialId: number | null },
): Promise<string | undefined> {
  const [r] = await db
    .select({ cart_id: carts.cartId })
    .from(carts)
    .where(
      and(
        eq(carts.uid, owner.uid),
        not(carts.canceled),
        sql`${carts.cid} is not distinct from ${owner.clientUid}`,
        sql`${carts.socialId} is not distinct from ${owner.socialId}`,
      ),
    )
    .orderBy(desc(carts.lastSaved))
    .limit(1);
  return r?.cart_id;
}

/** The customer's own open carts (not a client's, not a popup's), newest first, with their instances. */
export async function personalCartsOf(
  db: DbOrTx,
  uid: string,
): Promise<{ cartId: string; activeLocale: string; instances: Record<string, unknown> }[]> {
  const found = await db
    .select({
      cart_id: carts.cartId,
      active_locale: carts.activeLocale,
      cart_instances: carts.cartInstances,
    })
    .from(carts)
    .where(and(eq(carts.uid, uid), not(carts.canceled), isNull(carts.cid), isNull(carts.socialId)))
    .orderBy(desc(carts.lastSaved))
    .limit(20);
  return found.map((r) => ({
    cartId: r.cart_id,
    activeLocale: r.active_locale,
    instances: r.cart_instances,
  }));
}

export async function insertCart(
  db: DbOrTx,
  cart: {
    cartId: string;
    uid: string;
    cid: string | null;
    socialId: number | null;
    userEmail: string | null;
    localeCode: string;
    currency: { name: string; format: string };
    instance: Record<string, unknown>;
    customer: Record<string, unknown> | null;
    by: string;
  },
): Promise<void> {
  await db.insert(carts).values({
    cartId: cart.cartId,
    uid: cart.uid,
    cid: cart.cid,
    userEmail: cart.userEmail,
    activeLocale: cart.localeCode,
    cartInstances: { [cart.localeCode]: cart.instance },
    customer: cart.customer,
    socialId: cart.socialId,
    currency: cart.currency,
    version: 1,
    updatedBy: cart.by,
  });
}

/** A change event to write with the cart (the columns of change_events it sets). */
export interface CartEvent {
  collection: string;
  entityId: string;
  action: string;
  changedBy: string;
  changedByName: string | null;
  auth: string | null;
  authType: string | null;
  differences: unknown;
}

/**
 * Writes the cart if it is still at `version`, with its change event, in one statement (atomic
 * without a transaction around it: the event is written only with the cart). Answers the new
 * version, or null when the cart moved on.
 */
export async function writeCart(
  db: DbOrTx,
  cartId: string,
  version: number,
  change: {
    activeLocale: string;
    instances: Record<string, unknown>;
    currency: { name: string; format: string };
    by: string;
  },
  event: CartEvent,
): Promise<{ version: number; last_saved: Date } | null> {
  // Raw SQL: a data-modifying CTE (update, then INSERT … SELECT of some columns) has no builder form.
  const [r] = await rows<{ version: number; last_saved: Date }>(
    db,
    sql`with written as (
          update carts set cart_instances = ${JSON.stringify(change.instances)}::jsonb, active_locale = ${change.activeLocale},
            currency = ${JSON.stringify(change.currency)}::jsonb, version = version + 1, last_saved = now(),
            updated_by = ${change.by}
          where cart_id = ${cartId} and version = ${version} returning version, last_saved),
        logged as (
          insert into change_events (collection, entity_id, action, changed_by, changed_by_name, auth, auth_type, differences)
          select ${event.collection}, ${event.entityId}, ${event.action}, ${event.changedBy}, ${event.changedByName},
            ${event.auth}, ${event.authType}, ${JSON.stringify(event.differences)}::jsonb
          from written)
        select version, last_saved from written`,
  );
  return r ?? null;
}

export async function deleteCart(db: DbOrTx, cartId: string, version: number): Promise<boolean> {
  const r = await db
    .delete(carts)
    .where(and(eq(carts.cartId, cartId), eq(carts.version, version)))
    .returning({ cart_id: carts.cartId });
  return r.length > 0;
}

interface ProductSqlRow {
  sku: string;
  title: string;
  image: string | null;
  swatch_label: string | null;
  max_quantity: number;
  in_stock: boolean;
  price_cents: number;
  special_price_cents: number | null;
  member_price_cents: number | null;
  wholesale_price_cents: number | null;
  cv: number;
  pv: number;
  qv: number;
  nv: number;
  sv: number;
  final_sale: boolean;
  do_not_ship_alone: boolean;
}

const catalogSelect = sql`select p.sku, p.title, p.image, p.swatch_label, p.max_quantity, pp.in_stock, pp.price_cents,
    pp.special_price_cents, pp.member_price_cents, pp.wholesale_price_cents, pp.cv::float8 as cv, pp.pv::float8 as pv,
    pp.qv::float8 as qv, pp.nv::float8 as nv, pp.sv::float8 as sv, p.final_sale, p.do_not_ship_alone
  from products p join product_prices pp on pp.sku = p.sku`;

const toCatalogFacts = (r: ProductSqlRow): CatalogFacts => ({
  sku: r.sku,
  title: r.title,
  image: r.image,
  swatchLabel: r.swatch_label,
  maxQuantity: r.max_quantity,
  inStock: r.in_stock,
  // The retail offer (ADR 023): the special price only when it is below the regular price.
  priceCents: retailOffer({ priceCents: r.price_cents, specialPriceCents: r.special_price_cents }),
  memberPriceCents: r.member_price_cents,
  wholesalePriceCents: r.wholesale_price_cents,
  volumes: { CV: r.cv, PV: r.pv, QV: r.qv, NV: r.nv, SV: r.sv },
  finalSale: r.final_sale,
  doNotShipAlone: r.do_not_ship_alone,
});

/** Catalogue facts of these SKUs in a country (products without a price there are not sold there). */
export async function catalogFacts(
  db: DbOrTx,
  skus: readonly string[],
  countryId: number,
): Promise<Map<string, CatalogFacts>> {
  if (skus.length === 0) return new Map();
  // Raw SQL: completes catalogSelect (also in cartForPricing); a builder select takes no column-list fragment.
  const found = await rows<ProductSqlRow>(
    db,
    sql`${catalogSelect} and pp.country_id = ${countryId}
        where p.sku in (select jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))`,
  );
  return new Map(found.map((r) => [r.sku, toCatalogFacts(r)]));
}

/** Products to add by SKU or name (spec 2 §2 admin cart view), in the cart's country. */
export async function searchProducts(db: DbOrTx, q: string, countryId: number): Promise<ProductHit[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const found = await db
    .select({
      sku: products.sku,
      title: products.title,
      swatch_label: products.swatchLabel,
      price: sql<number>`least(${productPrices.specialPriceCents}, ${productPrices.priceCents})`,
      in_stock: productPrices.inStock,
    })
    .from(products)
    .innerJoin(
      productPrices,
      and(eq(productPrices.sku, products.sku), eq(productPrices.countryId, countryId)),
    )
    .where(or(eq(products.sku, q), ilike(products.title, like), ilike(products.swatchLabel, like)))
    .orderBy(sql`(${products.sku} = ${q}) desc`, products.title, products.sku)
    .limit(10);
  return found.map((r) => ({
    sku: r.sku,
    title: r.title,
    swatchLabel: r.swatch_label,
    priceInCents: Number(r.price),
    inStock: r.in_stock,
  }));
}

interface CustomerSqlRow {
  uid: string;
  first_name: string;
  last_name: string;
  user_type: number;
  phoenix_id: number;
  email: string | null;
  enrollment_date_utc: Date | string | null;
  member_expiration_date_utc: Date | string | null;
  consultant_milestones: { name: string; expirationDate?: string | null }[];
  has_orders: boolean;
  /** limitOnePerEmail rules this account's email has redeemed (promo_redemptions). */
  redeemed_promos: string[] | null;
}

const customerSelect = sql`select a.uid, a.first_name, a.last_name, a.user_type, a.phoenix_id::float8 as phoenix_id,
    a.email, a.enrollment_date_utc, a.member_expiration_date_utc, a.consultant_milestones,
    exists(select 1 from orders o where o.customer_uid = a.uid) as has_orders,
    array(select r.promo from promo_redemptions r where r.email = lower(a.email) order by r.promo) as redeemed_promos
  from accounts a`;

function toCustomer(r: CustomerSqlRow): CartCustomer {
  const seconds = (d: Date | string | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : undefined);
  const enrollmentDate = seconds(r.enrollment_date_utc);
  const memberExpirationDate = seconds(r.member_expiration_date_utc);
  return {
    uid: r.uid,
    firstName: r.first_name,
    lastName: r.last_name,
    userType: r.user_type,
    phoenixId: r.phoenix_id,
    email: r.email,
    account: {
      isNewUser: !r.has_orders,
      ...(enrollmentDate === undefined ? {} : { enrollmentDate }),
      ...(memberExpirationDate === undefined ? {} : { memberExpirationDate }),
      milestones: (r.consultant_milestones ?? []).flatMap((m) =>
        m.expirationDate
          ? [{ name: m.name, expiresAt: Math.floor(new Date(m.expirationDate).getTime() / 1000) }]
          : [],
      ),
      redeemedPromos: r.redeemed_promos ?? [],
    },
  };
}

/** An active consultant by account number, with the name attribution shows. */
export async function activeConsultant(
  db: DbOrTx,
  phoenixId: number,
): Promise<{ uid: string; name: string } | undefined> {
  const [r] = await db
    .select({
      uid: accounts.uid,
      name: sql<string>`trim(concat_ws(' ', ${accounts.firstName}, ${accounts.lastName}))`,
    })
    .from(accounts)
    .where(and(eq(accounts.phoenixId, phoenixId), eq(accounts.userType, 1), eq(accounts.accountStatus, 1)));
  return r;
}

export async function customerOf(db: DbOrTx, uid: string): Promise<CartCustomer | null> {
  // Raw SQL: completes customerSelect (also in cartForPricing); a builder select takes no column-list fragment.
  const [r] = await rows<CustomerSqlRow>(db, sql`${customerSelect} where a.uid = ${uid}`);
  return r ? toCustomer(r) : null;
}

/** Cart message texts (spec 2 §8) from content entries, for a locale, falling back to en-US. */
export async function cartMessages(
  db: DbOrTx,
  codes: readonly string[],
  locale: string,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (codes.length === 0) return out;
  const found = await db
    .select({
      code: contentEntries.title,
      locale: contentEntries.locale,
      message: sql<string>`${contentEntries.fields}->>'message'`,
    })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.type, 'cartMessage'),
        not(contentEntries.drafts),
        inArray(contentEntries.locale, [locale, 'en-US']),
        inArray(contentEntries.title, [...codes]),
      ),
    );
  for (const r of found.filter((f) => f.locale !== locale)) out.set(r.code, r.message);
  for (const r of found.filter((f) => f.locale === locale)) out.set(r.code, r.message);
  return out;
}

// Lists (spec 2 §2 Customer carts; §7 personal, client and popup carts). The stored figures are
// read as numeric, never cast to int: one cart's figures cannot make the list fail for everyone.

interface SummarySqlRow {
  cart_id: string;
  uid: string | null;
  cid: string | null;
  social_id: number | null;
  owner_name: string | null;
  owner_phoenix_id: number | null;
  active_locale: string;
  currency: { name?: string } | null;
  total_products: number | null;
  subtotal_cents: number | null;
  last_saved: Date;
  canceled: boolean;
}

const summaryColumns = sql`c.cart_id, c.uid, c.cid, c.social_id::int as social_id, c.active_locale, c.currency,
  c.last_saved, c.canceled, a.first_name || ' ' || a.last_name as owner_name, a.phoenix_id::float8 as owner_phoenix_id,
  coalesce((c.cart_instances -> c.active_locale ->> 'totalProducts')::numeric, 0)::float8 as total_products,
  coalesce((c.cart_instances -> c.active_locale ->> 'subtotalInCents')::numeric,
    round((c.cart_instances -> c.active_locale ->> 'subtotal')::numeric * 100), 0)::float8 as subtotal_cents`;

const summaryOf = (r: SummarySqlRow): CartSummaryView => ({
  cartId: r.cart_id,
  uid: r.uid,
  clientUid: r.cid,
  socialId: r.social_id,
  ownerName: r.owner_name,
  ownerPhoenixId: r.owner_phoenix_id,
  localeCode: r.active_locale,
  currency: r.currency?.name ?? (r.active_locale.endsWith('CA') ? 'CAD' : 'USD'),
  totalProducts: Number(r.total_products ?? 0),
  subtotalInCents: Number(r.subtotal_cents ?? 0),
  lastSaved: new Date(r.last_saved).toISOString(),
  canceled: r.canceled,
  kind: r.social_id !== null ? 'popup' : r.cid !== null ? 'client' : 'personal',
});

export type CartListKind = 'all' | 'personal' | 'client' | 'popup';
const kindFilter = (kind: CartListKind) =>
  kind === 'popup'
    ? sql`c.social_id is not null`
    : kind === 'client'
      ? sql`c.cid is not null and c.social_id is null`
      : kind === 'personal'
        ? sql`c.cid is null and c.social_id is null`
        : sql`true`;

/**
 * Which carts a list holds: the carts screen's search (an account or Phoenix number, a social id or
 * cart id, a cart id or UID, else a name), or the open carts of one owner, one client or one popup
 * of an owner (the commerce query service's lists, spec 2 §7).
 */
export type CartListMatch =
  | { search: string }
  | { ownerUid: string }
  | { clientUid: string }
  | { socialId: number; ownerUid: string };

function matchFilter(match: CartListMatch) {
  if ('search' in match) {
    const q = match.search;
    if (q === '') return sql`true`;
    if (/^[0-9]{1,15}$/.test(q))
      return sql`(a.phoenix_id = ${Number(q)} or c.social_id = ${Number(q)} or c.cart_id = ${q})`;
    if (/^[A-Za-z0-9]{28}$/.test(q)) return sql`(c.cart_id = ${q} or c.uid = ${q})`;
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`(a.first_name || ' ' || a.last_name) ilike ${like}`;
  }
  if ('socialId' in match)
    return sql`c.social_id = ${match.socialId} and not c.canceled
      and (c.uid = ${match.ownerUid} or exists(select 1 from socials s where s.id = c.social_id and s.uid = ${match.ownerUid}))`;
  if ('clientUid' in match) return sql`c.cid = ${match.clientUid} and not c.canceled`;
  return sql`c.uid = ${match.ownerUid} and not c.canceled`;
}

export async function listCarts(
  db: DbOrTx,
  filter: { match: CartListMatch; kind: CartListKind; limit: number },
): Promise<CartSummaryView[]> {
  // Raw SQL: summaryColumns and the filters read aliases c and a; a builder select takes no column-list fragment.
  const found = await rows<SummarySqlRow>(
    db,
    sql`select ${summaryColumns} from carts c left join accounts a on a.uid = c.uid
        where ${matchFilter(filter.match)} and ${kindFilter(filter.kind)}
        order by c.last_saved desc, c.cart_id limit ${filter.limit}`,
  );
  return found.map(summaryOf);
}

const savedCartColumns = {
  cart_id: carts.cartId,
  active_locale: carts.activeLocale,
  social_id: carts.socialId,
  canceled: carts.canceled,
  created_at: carts.createdAt,
  last_saved: carts.lastSaved,
  user_email: carts.userEmail,
  cart_instances: carts.cartInstances,
};

/**
 * A customer's carts as stored, last saved first (open carts only when asked): their own, and the
 * client carts they built for others (cid; carts_cid_idx).
 */
export async function cartsOfCustomer(
  db: DbOrTx,
  uid: string,
  opts: { openOnly?: boolean; limit: number },
): Promise<CartSummary[]> {
  const found: SavedCartSqlRow[] = await db
    .select(savedCartColumns)
    .from(carts)
    .where(and(or(eq(carts.uid, uid), eq(carts.cid, uid)), opts.openOnly ? not(carts.canceled) : undefined))
    .orderBy(desc(carts.lastSaved), carts.cartId)
    .limit(opts.limit);
  return found.map(savedCartSummary);
}

/** One of the customer's carts (their own or one they built for a client) as stored. */
export async function cartOfCustomer(
  db: DbOrTx,
  uid: string,
  cartId: string,
): Promise<CartDetail | undefined> {
  const [found] = await db
    .select(savedCartColumns)
    .from(carts)
    .where(and(eq(carts.cartId, cartId), or(eq(carts.uid, uid), eq(carts.cid, uid))));
  return found ? savedCartDetail(found) : undefined;
}
