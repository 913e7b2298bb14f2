import type { RefundedFacts } from '@domain/refunds/refund-math';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  accounts,
  orderComments,
  orderLines,
  orderPayments,
  orderShipments,
  orders,
  refunds,
  socials,
} from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';

// Queries of one order: the order row, its lines, payments, shipments, comments, refunds and
// the popups it may belong to. Each read is by an indexed order id.

export type OrderRow = typeof orders.$inferSelect;
export const NO_ORDER = 'No order with that id.';

export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export async function loadOrder(db: DbOrTx, id: string): Promise<OrderRow> {
  const row = await findOrder(db, id);
  if (!row) throw notFound(NO_ORDER);
  return row;
}

/** The order row locked for the rest of the transaction (a change reads what it changes). */
export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw notFound(NO_ORDER);
  return row;
}

export const linesOf = (db: DbOrTx, id: string) =>
  db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.lineNo));
export const paymentsOf = (db: DbOrTx, id: string) =>
  db.select().from(orderPayments).where(eq(orderPayments.orderId, id)).orderBy(asc(orderPayments.id));
export const shipmentsOf = (db: DbOrTx, id: string) =>
  db
    .select()
    .from(orderShipments)
    .where(eq(orderShipments.orderId, id))
    .orderBy(asc(orderShipments.shippedAt));
/** spec 2 §3: comments newest first. */
export const commentsOf = (db: DbOrTx, id: string) =>
  db
    .select()
    .from(orderComments)
    .where(eq(orderComments.orderId, id))
    .orderBy(desc(orderComments.date), desc(orderComments.id));

export interface RefundTotals {
  count: number;
  refunded_cents: number;
  pc_refunded_cents: number;
  /** Captured card (and alternative) payments of the order. */
  cards_paid_cents: number;
  pending_count: number;
  failed_count: number;
  last_at: Date | string | null;
}

/** Processed refunds count towards "fully refunded"; pending and failed ones do not. */
export const refundedFacts = (
  o: { grandTotalCents: number; appliedCreditCents: number },
  t: RefundTotals,
): RefundedFacts => ({
  grandTotalCents: o.grandTotalCents,
  appliedCreditCents: o.appliedCreditCents,
  cardsPaidCents: t.cards_paid_cents,
  refundedCents: t.refunded_cents,
  creditRefundedCents: t.pc_refunded_cents,
});

/**
 * A sum of cents read as bigint (ADR 026): never an `::int` cast that fails the whole read once
 * the sum passes 2^31 − 1 cents. PGlite answers a number, node-postgres a string; a sum a JS
 * number cannot hold exactly is refused by name rather than rounded.
 */
export function centsOfSum(value: string | number | bigint | null | undefined, what: string): number {
  const n = Number(value ?? 0);
  if (!Number.isSafeInteger(n))
    throw new Error(`${what} (${String(value)}) is beyond what can be counted exactly.`);
  return n;
}

export async function refundTotals(db: DbOrTx, id: string): Promise<RefundTotals> {
  type Raw = Omit<RefundTotals, 'refunded_cents' | 'pc_refunded_cents' | 'cards_paid_cents'> & {
    refunded_cents: string | number;
    pc_refunded_cents: string | number;
    cards_paid_cents: string | number;
  };
  const [row]: Raw[] = await db
    .select({
      count: sql<number>`count(*)::int`,
      refunded_cents: sql<
        string | number
      >`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.status} = 'processed'), 0)::bigint`,
      pc_refunded_cents: sql<
        string | number
      >`coalesce(sum(${refunds.pcAmountCents}) filter (where ${refunds.status} = 'processed'), 0)::bigint`,
      pending_count: sql<number>`(count(*) filter (where ${refunds.status} = 'pending'))::int`,
      failed_count: sql<number>`(count(*) filter (where ${refunds.status} = 'failed'))::int`,
      last_at: sql<Date | string | null>`max(${refunds.timestamp})`,
      cards_paid_cents: sql<string | number>`(select coalesce(sum(p.amount_cents), 0) from ${orderPayments} p
                 where p.order_id = ${id} and p.method <> 'productCredit' and p.state = 'captured')::bigint`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, id));
  const r = row!;
  return {
    ...r,
    count: Number(r.count),
    pending_count: Number(r.pending_count),
    failed_count: Number(r.failed_count),
    refunded_cents: centsOfSum(r.refunded_cents, 'Refunded to the cards'),
    pc_refunded_cents: centsOfSum(r.pc_refunded_cents, 'Refunded as product credit'),
    cards_paid_cents: centsOfSum(r.cards_paid_cents, 'Paid on the cards'),
  };
}

export async function accountByPhoenixId(db: DbOrTx, phoenixId: number) {
  const [row] = await db
    .select({ uid: accounts.uid, firstName: accounts.firstName, lastName: accounts.lastName })
    .from(accounts)
    .where(eq(accounts.phoenixId, phoenixId))
    .limit(1);
  return row;
}

const popupColumns = {
  id: socials.id,
  name: socials.name,
  status: socials.status,
  hostUid: socials.uid,
  openingDate: socials.openingDate,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
};

export const findSocial = async (db: DbOrTx, socialId: number) =>
  (
    await db
      .select(popupColumns)
      .from(socials)
      .innerJoin(accounts, eq(accounts.uid, socials.uid))
      .where(eq(socials.id, socialId))
      .limit(1)
  )[0];

/** The popups hosted by the customer or by the customer's consultant (sponsor). */
export function popupsOfHosts(db: DbOrTx, hostUids: string[]) {
  if (hostUids.length === 0) return Promise.resolve([]);
  return db
    .select(popupColumns)
    .from(socials)
    .innerJoin(accounts, eq(accounts.uid, socials.uid))
    .where(inArray(socials.uid, hostUids))
    .orderBy(desc(socials.openingDate), desc(socials.id))
    .limit(100);
}

/**
 * Recomputes a popup's totals from its orders (as the demo loader does): every order of the
 * popup that is not cancelled (states 7 and 14, or a cancellation record).
 */
export async function recalculateSocial(db: DbOrTx, socialId: number) {
  const totals = db
    .select({
      total_cents: sql<number>`coalesce(sum(${orders.grandTotalCents}), 0)::int`.as('total_cents'),
      order_count: sql<number>`count(*)::int`.as('order_count'),
    })
    .from(orders)
    .where(and(eq(orders.socialId, socialId), notInArray(orders.state, [7, 14]), isNull(orders.cancellation)))
    .as('t');
  const [row] = await db
    .update(socials)
    // By name: the builder leaves the subquery's fields unqualified, ambiguous beside socials' columns.
    .set({ totalCents: sql`t.total_cents`, orderCount: sql`t.order_count` })
    .from(totals)
    .where(eq(socials.id, socialId))
    .returning({ id: socials.id, total_cents: socials.totalCents, order_count: socials.orderCount });
  return row ? { id: row.id, totalCents: row.total_cents, orderCount: row.order_count } : null;
}

/** By the number staff read: "1234567", "F1234567" or "X1234567". */
export async function findOrderByNumber(db: DbOrTx, label: string): Promise<OrderRow | undefined> {
  const n = Number(label.replace(/^[FX]/i, ''));
  const [row] = await db.select().from(orders).where(eq(orders.orderId, n)).limit(1);
  return row;
}

export async function socialTotals(db: DbOrTx, socialId: number) {
  const [row] = await db
    .select({ id: socials.id, totalCents: socials.totalCents, orderCount: socials.orderCount })
    .from(socials)
    .where(eq(socials.id, socialId))
    .limit(1);
  return row;
}
