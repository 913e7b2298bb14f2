import { type CardPayment, cardStates, type RefundOrderFacts } from '@domain/refunds/refund-math';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { orderLines, orderPayments, type RefundCard, refunds } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import type { OrderRow } from '../orders/orders.service';

// Queries of the refunds of one order: the facts the refund math needs, the records, and the
// per-leg updates. Legs live in the refund record's `cards` (spec 2 §3 "cards or payments").

export type RefundRow = typeof refunds.$inferSelect;
export type LegStatus = NonNullable<RefundCard['status']>;

/** A leg's state; legs written before per-leg states follow their refund's status. */
export function legStatus(leg: RefundCard, refund: Pick<RefundRow, 'status'>): LegStatus {
  if (leg.status) return leg.status;
  return refund.status === 'processed' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending';
}

export const refundsOf = (db: DbOrTx, orderId: string) =>
  db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.timestamp), desc(refunds.id));

export async function findRefund(db: DbOrTx, id: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function lockRefund(db: DbOrTx, id: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row;
}

export async function refundByKey(db: DbOrTx, key: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  return row;
}

/**
 * What the refund math needs of an order: its lines, the cards with what remains on each
 * (paid − refunded − legs of unfinished refunds, which will be retried − product credit given in
 * the card's place: cardStates), the earlier refunds.
 */
export async function refundFacts(db: DbOrTx, o: OrderRow) {
  // One after another: inside a transaction the queries share one connection.
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, o.id))
    .orderBy(asc(orderLines.lineNo));
  const payments = await db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.orderId, o.id))
    .orderBy(asc(orderPayments.id));
  const prior = await refundsOf(db, o.id);
  const reserved = new Map<string, number>();
  for (const r of prior)
    for (const leg of r.cards)
      if (legStatus(leg, r) !== 'succeeded')
        reserved.set(leg.transactionId, (reserved.get(leg.transactionId) ?? 0) + leg.refundAmount);
  const paid: CardPayment[] = payments
    .filter((p) => p.method !== 'productCredit' && p.state === 'captured')
    .map((p) => ({
      transactionId: p.transactionId,
      method: p.method === 'alternative' ? 'alternative' : 'card',
      brand: p.brand,
      accountNumber: p.accountNumber ? p.accountNumber.slice(-4) : null,
      tenderId: p.tenderId,
      paidCents: p.amountCents,
      refundedCents: p.refundedCents,
      reservedCents: reserved.get(p.transactionId) ?? 0,
    }));
  const creditRefunded = prior.reduce((s, r) => s + r.pcAmountCents, 0);
  const cards = cardStates(paid, o.appliedCreditCents, creditRefunded);
  const facts: RefundOrderFacts = {
    lines: lines.map((l) => ({
      sku: l.sku,
      title: l.title,
      quantity: l.quantity,
      adjustedPriceCents: l.adjustedPriceCents,
      cv: l.cv,
      pv: l.pv,
      qv: l.qv,
    })),
    subtotalCents: o.subtotalCents,
    shippingCents: o.shippingCents,
    taxCents: o.taxCents,
    shippingTaxCents: o.shippingTaxCents,
    appliedCreditCents: o.appliedCreditCents,
    grandTotalCents: o.grandTotalCents,
    cards,
    prior: prior.map((r) => ({
      returnItems: r.returnItems,
      shippingTotalCents: r.shippingTotalCents,
      taxCents: r.taxCents,
      amountCents: r.amountCents,
      pcAmountCents: r.pcAmountCents,
    })),
  };
  return { facts, prior, payments };
}

/** Moves what a succeeded leg refunded onto its payment (once: the caller holds the refund lock). */
export async function addRefunded(db: DbOrTx, orderId: string, transactionId: string, cents: number) {
  await db
    .update(orderPayments)
    .set({ refundedCents: sql`${orderPayments.refundedCents} + ${cents}` })
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.transactionId, transactionId)));
}

export async function addCreditRefunded(db: DbOrTx, orderId: string, cents: number) {
  await db
    .update(orderPayments)
    .set({
      refundedCents: sql`least(${orderPayments.amountCents}, ${orderPayments.refundedCents} + ${cents})`,
    })
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.method, 'productCredit')));
}
