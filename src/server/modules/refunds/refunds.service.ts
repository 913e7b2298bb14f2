import {
  type CardSplit,
  fullyRefunded,
  orderRemaining,
  REFUND_MESSAGES,
  type RefundOrderFacts,
  RefundSelectionError,
  type RefundTotals,
  refundableItems,
  refundSplitProblem,
  refundTotals,
  splitOverCards,
} from '@domain/refunds/refund-math';
import {
  type AutoRefund,
  type RefundEstimate,
  type RefundEstimateRequest,
  type RefundOrder,
  type RefundRecord,
  refundRecordValid,
} from '@domain/refunds/refunds';
import { staffNamesById } from '../../platform/audit-names';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import * as orders from '../orders/orders.service';
import * as repo from './refunds.repo';

// The refunds view's reads: the order with what can still be refunded, the refund list, and the
// estimate (spec 2 §4 Refund flow; §7 POST /cs/refund/estimate). Nothing here writes.

export const NOT_REFUNDABLE_PENDING = 'A pending order has no captured payment to refund.';
export const NOT_REFUNDABLE_FULLY_REFUNDED = 'This order is fully refunded: nothing is left to refund.';
export const NOT_REFUNDABLE_NOTHING_LEFT = 'Nothing paid on this order is left to refund.';

/** Why the refund form is closed for this order, or null when something can still be refunded. */
function whyNotRefundable(o: orders.OrderRow, facts: RefundOrderFacts, fully: boolean): string | null {
  if (o.collection === 'orders') return NOT_REFUNDABLE_PENDING;
  if (orderRemaining(facts).total > 0) return null;
  return fully ? NOT_REFUNDABLE_FULLY_REFUNDED : NOT_REFUNDABLE_NOTHING_LEFT;
}

export function orderView(o: orders.OrderRow, facts: RefundOrderFacts, prior: repo.RefundRow[]): RefundOrder {
  const processed = prior.filter((r) => r.status === 'processed');
  const refunded = processed.reduce((s, r) => s + r.amountCents, 0);
  const cardsPaid = facts.cards.reduce((s, c) => s + c.paidCents, 0);
  const fully = fullyRefunded({
    grandTotalCents: o.grandTotalCents,
    appliedCreditCents: o.appliedCreditCents,
    cardsPaidCents: cardsPaid,
    refundedCents: refunded,
    creditRefundedCents: processed.reduce((s, r) => s + r.pcAmountCents, 0),
  });
  return {
    id: o.id,
    orderId: o.orderId,
    orderLabel: orders.labelOf(o),
    currency: o.currency,
    localeCode: o.localeCode,
    countryId: o.countryId,
    grandTotal: o.grandTotalCents,
    appliedCredit: o.appliedCreditCents,
    shipping: o.shippingCents,
    shippingRefunded: prior.reduce((s, r) => s + r.shippingTotalCents, 0),
    refunded,
    fullyRefunded: fully,
    refundable: refundableItems(facts),
    cards: facts.cards.map((c) => ({
      transactionId: c.transactionId,
      method: c.method,
      brand: c.brand,
      accountNumber: c.accountNumber,
      tenderId: c.tenderId,
      paidAmount: c.paidCents,
      remainingAmount: c.remainingCents,
    })),
    pcRemaining: orderRemaining(facts).productCredit,
    notRefundable: whyNotRefundable(o, facts, fully),
  };
}

/** A refund record as staff read it; `titles` names the products by SKU (the order's lines). */
export function recordView(r: repo.RefundRow, titles: ReadonlyMap<string, string> = new Map()): RefundRecord {
  return {
    id: r.id,
    orderId: r.orderId,
    reason: r.reason,
    timestamp: r.timestamp.toISOString(),
    amount: r.amountCents,
    pcAmount: r.pcAmountCents,
    tax: r.taxCents,
    shippingTotal: r.shippingTotalCents,
    subtotal: r.subtotalCents,
    currency: r.currency,
    returnItems: r.returnItems.map((i) => ({ ...i, title: titles.get(i.sku) ?? null })),
    cards: r.cards.map((leg) => ({
      transactionId: leg.transactionId,
      method: leg.method ?? 'card',
      brand: leg.brand ?? null,
      accountNumber: leg.accountNumber ? leg.accountNumber.slice(-4) : null,
      tenderId: leg.tenderId ?? null,
      refundAmount: leg.refundAmount,
      idempotencyKey: leg.idempotencyKey,
      status: repo.legStatus(leg, r),
      error: leg.error ?? null,
    })),
    adminUid: r.adminUid,
    adminName: r.adminName,
    clawback: r.clawback ?? null,
    newRefundFlow: r.newRefundFlow,
    phoenixResponse: r.phoenixResponse ?? null,
    status: r.status,
    idempotencyKey: r.idempotencyKey,
    retries: r.retries,
    valid: refundRecordValid({
      amount: r.amountCents,
      shippingTotal: r.shippingTotalCents,
      orderId: r.orderId,
      returnItems: r.returnItems,
    }),
  };
}

/** The products of an order by SKU, as its lines name them. */
export const titlesOf = (facts: Pick<RefundOrderFacts, 'lines'>) =>
  new Map(facts.lines.map((l) => [l.sku, l.title] as const));

export async function orderRefunds(ctx: AppContext, orderId: string) {
  const o = await orders.loadOrder(ctx.db, orderId);
  const { facts, prior } = await repo.refundFacts(ctx.db, o);
  // Refunds that kept only the staff member's id are answered with the name ("By Casey Morgan").
  const names = await staffNamesById(
    ctx.db,
    prior.filter((r) => !r.adminName).map((r) => r.adminUid),
  );
  const named = prior.map((r) => (r.adminName ? r : { ...r, adminName: names.get(r.adminUid) ?? null }));
  const titles = titlesOf(facts);
  return { order: orderView(o, facts, prior), refunds: named.map((r) => recordView(r, titles)) };
}

/** The refund a selection is worth, or a 400 naming what is wrong with the selection. */
export function totalsOrThrow(facts: RefundOrderFacts, selection: Parameters<typeof refundTotals>[1]) {
  try {
    return refundTotals(facts, selection);
  } catch (err) {
    if (err instanceof RefundSelectionError) throw badRequest(err.message);
    throw err;
  }
}

/** The card split of the chosen flow (spec 2 §4: override, split auto refund, selection split). */
export function proposedSplit(
  amount: number,
  facts: RefundOrderFacts,
  auto: AutoRefund | undefined,
): { cards: CardSplit[]; problem: string | null } {
  if (auto?.flags?.override && auto.overriddenCards) {
    const cards = facts.cards.map((c) => ({
      transactionId: c.transactionId,
      refundAmount: auto.overriddenCards?.find((o) => o.transactionId === c.transactionId)?.refundAmount ?? 0,
    }));
    const unknown = auto.overriddenCards.some(
      (o) => !facts.cards.some((c) => c.transactionId === o.transactionId),
    );
    const problem = unknown
      ? REFUND_MESSAGES.cardExceeds
      : refundSplitProblem({ amount, pcAmount: 0, cards, auto: false }, facts.cards);
    return { cards, problem: amount === 0 && problem === REFUND_MESSAGES.nothingSelected ? null : problem };
  }
  const selected = auto?.selectedCardsTransactionIds;
  const pool =
    selected && !auto?.flags?.splitAutoRefund
      ? facts.cards.filter((c) => selected.includes(c.transactionId))
      : facts.cards;
  const split = splitOverCards(amount, pool);
  const cards = facts.cards.map((c) => ({
    transactionId: c.transactionId,
    refundAmount: split.find((s) => s.transactionId === c.transactionId)?.refundAmount ?? 0,
  }));
  const placed = split.reduce((s, c) => s + c.refundAmount, 0);
  return { cards, problem: placed < amount ? REFUND_MESSAGES.sumMismatch : null };
}

export async function estimateFor(db: DbOrTx, input: RefundEstimateRequest & { orderId: string }) {
  const o = await orders.loadOrder(db, input.orderId);
  const { facts, prior } = await repo.refundFacts(db, o);
  const totals: RefundTotals = totalsOrThrow(facts, {
    returnItems: input.returnItems ?? [],
    returnShipping: input.returnShipping ?? false,
  });
  const split = proposedSplit(totals.amount, facts, input.autoRefund);
  const estimate: RefundEstimate = {
    amount: totals.amount,
    pcAmount: totals.pcAmount,
    tax: totals.tax,
    shippingTotal: totals.shippingTotal,
    subtotal: totals.subtotal,
    unrefundable: totals.unrefundable,
    clawback: totals.clawback,
    cards: split.cards,
    order: orderView(o, facts, prior),
    problem: split.problem,
  };
  return estimate;
}

export const estimate = (ctx: AppContext, input: RefundEstimateRequest) => estimateFor(ctx.db, input);
