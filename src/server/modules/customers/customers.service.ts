import {
  type AccountInfo,
  CUSTOMER_NOT_FOUND,
  type CustomerDashboard,
  type CustomerOrdersAnswer,
  type CustomerSummary,
  type Downline,
  type GenealogyTree,
  type PopupDetail,
} from '@domain/customers/customer';
import { orderPopups } from '@domain/customers/popups';
import { type AccountRef, missingAccountName } from '@domain/customers/search';
import { titleName } from '@domain/customers/titles';
import { COMPANY_SPONSOR_ID, ORDER_LIST_PAGE_SIZE } from '@domain/reference/constants';
import { COUNTRIES } from '@domain/reference/lists';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { accounts, changeEvents, productCredit } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { customerCart, customerCarts } from '../carts/carts.service';
import {
  type AccountRow,
  accountByPhoenixId,
  accountByUid,
  cartCountOfPopup,
  iso,
  ordersOf,
  ordersOfPopup,
  popupOfCustomer,
  popupsOf,
  summaryOf,
} from './customers.repo';
import { downlineCounts, downlineNodes } from './genealogy.repo';

const currencyOf = (countryId: number) => COUNTRIES.find((c) => c.id === countryId)?.currency ?? 'USD';

export async function requireAccount(ctx: AppContext, uid: string): Promise<AccountRow> {
  const account = await accountByUid(ctx.db, uid);
  if (!account) throw notFound(CUSTOMER_NOT_FOUND);
  return account;
}

export async function summary(ctx: AppContext, uid: string) {
  return summaryOf(await requireAccount(ctx, uid));
}

/** The customer's summary, or undefined when no account has that uid (for other modules). */
export async function summaryOrNone(db: DbOrTx, uid: string): Promise<CustomerSummary | undefined> {
  const account = await accountByUid(db, uid);
  return account && summaryOf(account);
}

/** The customer's latest orders, newest first (for other modules: the customer view). */
export const latestOrders = (db: DbOrTx, uid: string, limit: number) => ordersOf(db, uid, limit, 0);

/** Sponsor and enroller as links: id 1 reads as the company, an id no account holds by its number. */
async function refs(ctx: AppContext, ids: number[]): Promise<Map<number, AccountRef>> {
  const wanted = [...new Set(ids.filter((id) => id !== COMPANY_SPONSOR_ID))];
  const found =
    wanted.length === 0
      ? []
      : await ctx.db
          .select({
            uid: accounts.uid,
            phoenix_id: sql<number>`${accounts.phoenixId}::float8`,
            full_name: sql<string>`${accounts.firstName} || ' ' || ${accounts.lastName}`,
          })
          .from(accounts)
          .where(inArray(accounts.phoenixId, wanted));
  const map = new Map<number, AccountRef>();
  for (const id of ids) map.set(id, { uid: null, phoenixId: id, fullName: missingAccountName(id) });
  for (const r of found) {
    map.set(Number(r.phoenix_id), { uid: r.uid, phoenixId: Number(r.phoenix_id), fullName: r.full_name });
  }
  return map;
}

/** The dashboard counts a downline up to here and shows more as "10,000+". */
const DASHBOARD_COUNT_CAP = 10_000;

const title = (id: number | null) => (id == null ? null : { id, name: titleName(id)! });

/** The account at a glance (spec 1 §2 Customer screens, Dashboard): a handful of indexed reads, run together. */
export async function dashboard(ctx: AppContext, uid: string): Promise<CustomerDashboard> {
  const account = await requireAccount(ctx, uid);
  const db = ctx.db;
  const phoenixId = Number(account.phoenix_id);
  const sponsorId = Number(account.sponsor_id ?? COMPANY_SPONSOR_ID);
  const enrollerId = Number(account.enroller_id ?? COMPANY_SPONSOR_ID);
  const currency = currencyOf(account.country_id);
  const [people, credit, lastOrders, openCarts, popups, changes, sponsorTree, enrollerTree] =
    await Promise.all([
      refs(ctx, [sponsorId, enrollerId]),
      db
        .select({
          country: productCredit.country,
          balance_cents: sql<number>`${productCredit.balanceCents}::int`,
          expiration_date: productCredit.expirationDate,
        })
        .from(productCredit)
        .where(eq(productCredit.accountUid, uid))
        .orderBy(desc(productCredit.country)),
      ordersOf(db, uid, 5, 0),
      customerCarts(db, uid, { openOnly: true, limit: 5 }),
      popupsOf(db, uid, currency),
      db
        .select({
          id: sql<number>`${changeEvents.id}::int`,
          action: changeEvents.action,
          changed_by: changeEvents.changedBy,
          changed_by_name: changeEvents.changedByName,
          date_changed_utc: changeEvents.dateChangedUtc,
          differences: changeEvents.differences,
        })
        .from(changeEvents)
        .where(and(eq(changeEvents.collection, 'account-log'), eq(changeEvents.entityId, uid)))
        .orderBy(desc(changeEvents.dateChangedUtc), desc(changeEvents.id))
        .limit(5),
      downlineCounts(db, 'sponsor', phoenixId, DASHBOARD_COUNT_CAP),
      downlineCounts(db, 'enroller', phoenixId, DASHBOARD_COUNT_CAP),
    ]);
  return {
    customer: summaryOf(account),
    enrollmentDateUtc: iso(account.enrollment_date_utc),
    nextRenewalDateUtc: iso(account.next_renewal_date_utc),
    sponsor: people.get(sponsorId)!,
    enroller: people.get(enrollerId)!,
    paidAsTitle: title(account.paid_as_title_id),
    recognitionTitle: title(account.recognition_title_id),
    productCredit: credit.map((c) => ({
      country: c.country,
      balanceCents: c.balance_cents,
      expirationDate: iso(c.expiration_date),
    })),
    lastOrders: lastOrders.map(({ customerUid: _u, customerName: _n, ...o }) => o),
    openCarts,
    popups: orderPopups(popups).slice(0, 5),
    recentChanges: changes.map((c) => ({
      id: c.id,
      action: c.action,
      changedBy: c.changed_by,
      changedByName: c.changed_by_name,
      dateChangedUtc: iso(c.date_changed_utc)!,
      paths: (c.differences ?? []).map((d) => (d.path ?? []).join('.')).filter(Boolean),
    })),
    downline: { sponsor: sponsorTree, enroller: enrollerTree },
  };
}

export async function orders(ctx: AppContext, uid: string, page: number): Promise<CustomerOrdersAnswer> {
  await requireAccount(ctx, uid);
  const limit = ORDER_LIST_PAGE_SIZE;
  const found = await ordersOf(ctx.db, uid, limit + 1, (page - 1) * limit);
  return {
    success: true,
    data: found.slice(0, limit).map(({ customerUid: _u, customerName: _n, ...o }) => o),
    page,
    limit,
    hasMore: found.length > limit,
  };
}

export async function popups(ctx: AppContext, uid: string) {
  const account = await requireAccount(ctx, uid);
  return orderPopups(await popupsOf(ctx.db, uid, currencyOf(account.country_id)));
}

export async function popup(ctx: AppContext, uid: string, popupId: number): Promise<PopupDetail> {
  const account = await requireAccount(ctx, uid);
  const found = await popupOfCustomer(ctx.db, uid, popupId, currencyOf(account.country_id));
  if (!found) throw notFound('This customer has no popup with that id.');
  const [orders, carts] = await Promise.all([
    ordersOfPopup(ctx.db, popupId, 200),
    cartCountOfPopup(ctx.db, popupId),
  ]);
  return { ...found, orders, carts };
}

export async function carts(ctx: AppContext, uid: string) {
  await requireAccount(ctx, uid);
  return customerCarts(ctx.db, uid, { limit: 100 });
}

export async function cart(ctx: AppContext, uid: string, cartId: string) {
  await requireAccount(ctx, uid);
  const found = await customerCart(ctx.db, uid, cartId);
  if (!found) throw notFound('This customer has no cart with that id.');
  return found;
}

const DOWNLINE_ROW_LIMIT = 200;
/** The genealogy screen counts further than the dashboard, which must open fast (bench:customers). */
const DOWNLINE_COUNT_CAP = 1_000_000;

export async function downline(
  ctx: AppContext,
  uid: string,
  tree: GenealogyTree,
  depth: number,
): Promise<Downline> {
  const account = await requireAccount(ctx, uid);
  const phoenixId = Number(account.phoenix_id);
  const [counts, nodes] = await Promise.all([
    downlineCounts(ctx.db, tree, phoenixId, DOWNLINE_COUNT_CAP),
    downlineNodes(ctx.db, tree, phoenixId, depth, DOWNLINE_ROW_LIMIT + 1),
  ]);
  return {
    tree,
    phoenixId,
    depth,
    directCount: counts.direct,
    totalCount: counts.total,
    totalCapped: counts.capped,
    nodes: nodes.slice(0, DOWNLINE_ROW_LIMIT),
    truncated: nodes.length > DOWNLINE_ROW_LIMIT,
  };
}

/** Account info by account number (all digits: phoenixId) or account id (uid). */
export async function accountInfo(ctx: AppContext, id: string): Promise<AccountInfo> {
  const account = /^\d+$/.test(id)
    ? Number.isSafeInteger(Number(id))
      ? await accountByPhoenixId(ctx.db, Number(id))
      : undefined
    : await accountByUid(ctx.db, id);
  if (!account) throw notFound('No account with that account number or id.');
  return {
    ...summaryOf(account),
    sponsorId: Number(account.sponsor_id),
    enrollerId: Number(account.enroller_id),
    paidAsTitleId: account.paid_as_title_id,
    recognitionTitleId: account.recognition_title_id,
    paidAsTitle: titleName(account.paid_as_title_id),
    recognitionTitle: titleName(account.recognition_title_id),
    pwsKey: account.pws_key,
    enrollmentDateUtc: iso(account.enrollment_date_utc),
    nextRenewalDateUtc: iso(account.next_renewal_date_utc),
  };
}
