// Refund math (spec 2 §4 Refund flow, §5 Refund). Pure and in integer cents, shared by the
// server (which decides) and the refunds view (which shows the same figures before submitting).
//
// What a refund is worth: returned items at their adjusted price, the shipping still unrefunded
// when asked, and the tax of both. The tax and the product-credit share are computed on the
// running total of everything refunded so far ("cumulative rounding"): refunding an order in
// any number of parts gives back exactly its tax and its product credit, never a cent more.

export interface RefundLine {
  sku: string;
  title: string;
  quantity: number;
  adjustedPriceCents: number;
  cv: number;
  pv: number;
  qv: number;
}

export interface RefundCardState {
  transactionId: string;
  method: 'card' | 'alternative';
  brand: string | null;
  accountNumber: string | null;
  tenderId: string | null;
  paidCents: number;
  /**
   * Paid less refunds succeeded, pending or waiting for a retry, and less the product credit given
   * in place of a card refund (cardStates).
   */
  remainingCents: number;
}

/** A captured card payment as stored: what was paid and what its refund legs took. */
export interface CardPayment extends Omit<RefundCardState, 'remainingCents'> {
  /** Refunded by legs that succeeded. */
  refundedCents: number;
  /** Legs of unfinished refunds (pending, or failed and waiting for a retry). */
  reservedCents: number;
}

/** One card's account: paid = remaining + refunded + reserved + credit given in its place. */
export interface CardTender extends CardPayment {
  remainingCents: number;
  /** Product credit refunded in place of this card's money (beyond the credit the order used). */
  creditInLieuCents: number;
}

/**
 * What remains refundable on each card (ADR 021). Product credit refunded beyond the credit the
 * order was paid with is money the cards paid, given back as credit instead: it is charged to the
 * cards in payment order, so that paid = remaining + refunded + reserved + credit in lieu on every
 * card, and on the order as a whole refundable + refunded = paid.
 */
export function cardStates(
  payments: CardPayment[],
  appliedCreditCents: number,
  creditRefundedCents: number,
): CardTender[] {
  let inLieu = Math.max(0, creditRefundedCents - appliedCreditCents);
  return payments.map((p) => {
    const open = Math.max(0, p.paidCents - p.refundedCents - p.reservedCents);
    const creditInLieuCents = Math.min(open, inLieu);
    inLieu -= creditInLieuCents;
    return { ...p, creditInLieuCents, remainingCents: open - creditInLieuCents };
  });
}

/** One earlier refund as far as the math needs it. */
export interface PriorRefund {
  returnItems: { sku: string; quantity: number; adjustedPrice: number }[];
  shippingTotalCents: number;
  taxCents: number;
  amountCents: number;
  pcAmountCents: number;
}

export interface RefundOrderFacts {
  lines: RefundLine[];
  /**
   * The order's merchandise subtotal after promos, when it differs from Σ quantity × adjusted
   * price (adjusted prices are rounded per unit): refunded items are worth their share of it.
   */
  subtotalCents?: number;
  shippingCents: number;
  /** All tax, shipping tax included. */
  taxCents: number;
  shippingTaxCents: number;
  appliedCreditCents: number;
  grandTotalCents: number;
  cards: RefundCardState[];
  prior: PriorRefund[];
}

export interface ReturnItemInput {
  sku: string;
  quantity: number;
  adjustedPrice: number;
}

export interface RefundSelection {
  returnItems: ReturnItemInput[];
  returnShipping: boolean;
}

export interface Refundable {
  sku: string;
  title: string;
  adjustedPrice: number;
  purchased: number;
  refunded: number;
  refundable: number;
}

const keyOf = (sku: string, adjustedPrice: number) => `${sku}@${adjustedPrice}`;
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
/** a × b / c rounded half up (positive amounts). */
const share = (a: number, b: number, c: number) => (c === 0 ? 0 : Math.round((a * b) / c));
const round2 = (n: number) => Math.round(n * 100) / 100;

/** spec 2 §5: refundable quantity = purchased − already refunded, per sku and adjusted price. */
export function refundableItems(facts: RefundOrderFacts): Refundable[] {
  const refunded = new Map<string, number>();
  for (const r of facts.prior)
    for (const i of r.returnItems) {
      const k = keyOf(i.sku, i.adjustedPrice);
      refunded.set(k, (refunded.get(k) ?? 0) + i.quantity);
    }
  const byKey = new Map<string, Refundable>();
  for (const l of facts.lines) {
    if (l.adjustedPriceCents <= 0) continue;
    const k = keyOf(l.sku, l.adjustedPriceCents);
    const row = byKey.get(k) ?? {
      sku: l.sku,
      title: l.title,
      adjustedPrice: l.adjustedPriceCents,
      purchased: 0,
      refunded: 0,
      refundable: 0,
    };
    row.purchased += l.quantity;
    byKey.set(k, row);
  }
  for (const [k, row] of byKey) {
    row.refunded = Math.min(row.purchased, refunded.get(k) ?? 0);
    row.refundable = row.purchased - row.refunded;
  }
  return [...byKey.values()];
}

export const merchandiseCents = (facts: RefundOrderFacts) =>
  sum(facts.lines.map((l) => l.quantity * Math.max(0, l.adjustedPriceCents)));

export interface RefundTotals {
  subtotal: number;
  shippingTotal: number;
  tax: number;
  /** Everything the refund gives back: subtotal + shipping + tax. */
  gross: number;
  /** Product-credit share of gross (back to the customer's ledger). */
  pcAmount: number;
  /** Card share of gross. */
  amount: number;
  /**
   * The part of gross neither the cards nor the order's unrefunded product credit can take: what
   * earlier refunds (an amount alone, credit given in a card's place) already gave back. So
   * pcAmount + amount + unrefundable = gross, always.
   */
  unrefundable: number;
  clawback: { cv: number; pv: number; qv: number };
}

export class RefundSelectionError extends Error {}

/** One entry per sku and adjusted price (a sku listed twice counts once, with both quantities). */
export function mergeItems(items: ReturnItemInput[]): ReturnItemInput[] {
  const merged = new Map<string, ReturnItemInput>();
  for (const i of items) {
    if (i.quantity <= 0) continue;
    const k = keyOf(i.sku, i.adjustedPrice);
    const seen = merged.get(k);
    merged.set(k, seen ? { ...seen, quantity: seen.quantity + i.quantity } : { ...i });
  }
  return [...merged.values()];
}

/** The refund a selection is worth, after the refunds already made. Throws on a bad selection. */
export function refundTotals(facts: RefundOrderFacts, selection: RefundSelection): RefundTotals {
  const refundable = refundableItems(facts);
  const items = mergeItems(selection.returnItems);
  for (const item of items) {
    const row = refundable.find((r) => r.sku === item.sku && r.adjustedPrice === item.adjustedPrice);
    if (!row) throw new RefundSelectionError(`SKU ${item.sku} at that price is not on this order.`);
    if (item.quantity > row.refundable)
      throw new RefundSelectionError(`Only ${row.refundable} of SKU ${item.sku} can still be refunded.`);
  }
  const merch = merchandiseCents(facts);
  const selected = sum(items.map((i) => i.quantity * i.adjustedPrice));
  const priorSubtotal = sum(
    facts.prior.flatMap((r) => r.returnItems.map((i) => i.quantity * i.adjustedPrice)),
  );
  // Items are worth their share of the order's subtotal, on the running total (all of it when all are refunded).
  const orderSubtotal = facts.subtotalCents ?? merch;
  const worth = (cum: number) => (cum >= merch ? orderSubtotal : share(orderSubtotal, cum, merch));
  const subtotal = worth(priorSubtotal + selected) - worth(priorSubtotal);
  const priorShipping = sum(facts.prior.map((r) => r.shippingTotalCents));
  const priorTax = sum(facts.prior.map((r) => r.taxCents));
  const shippingLeft = Math.max(0, facts.shippingCents - priorShipping);
  const shippingTotal = selection.returnShipping ? shippingLeft : 0;

  // Tax: merchandise tax on the running merchandise total; shipping tax with the shipping.
  const merchTax = facts.taxCents - facts.shippingTaxCents;
  const taxOnItems =
    share(merchTax, Math.min(merch, priorSubtotal + selected), merch) -
    share(merchTax, Math.min(merch, priorSubtotal), merch);
  const taxOnShipping =
    share(facts.shippingTaxCents, priorShipping + shippingTotal, facts.shippingCents) -
    share(facts.shippingTaxCents, priorShipping, facts.shippingCents);
  const taxLeft = Math.max(0, facts.taxCents - priorTax);
  const tax = Math.min(taxLeft, Math.max(0, taxOnItems + taxOnShipping));
  const gross = subtotal + shippingTotal + tax;

  // Product credit paid part of the order: it gets back its share of the running total.
  const orderValue = facts.grandTotalCents + facts.appliedCreditCents;
  const priorGross = sum(facts.prior.map((r) => r.amountCents + r.pcAmountCents));
  const priorPc = sum(facts.prior.map((r) => r.pcAmountCents));
  const pcLeft = Math.max(0, facts.appliedCreditCents - priorPc);
  const pcShare = Math.min(
    pcLeft,
    gross,
    Math.max(
      0,
      share(facts.appliedCreditCents, Math.min(orderValue, priorGross + gross), orderValue) -
        share(facts.appliedCreditCents, Math.min(orderValue, priorGross), orderValue),
    ),
  );
  const cardsLeft = sum(facts.cards.map((c) => c.remainingCents));
  const amount = Math.min(cardsLeft, gross - pcShare);
  // What the cards cannot take goes back as the product credit the order still holds unrefunded
  // (never credit in a card's place: the cards have nothing left); the rest cannot be refunded.
  const toCredit = Math.min(pcLeft - pcShare, gross - pcShare - amount);
  const pcAmount = pcShare + toCredit;
  const unrefundable = gross - pcAmount - amount;

  const clawback = { cv: 0, pv: 0, qv: 0 };
  for (const item of items) {
    let left = item.quantity;
    for (const line of facts.lines) {
      if (left === 0) break;
      if (line.sku !== item.sku || line.adjustedPriceCents !== item.adjustedPrice || line.quantity === 0)
        continue;
      const q = Math.min(left, line.quantity);
      left -= q;
      clawback.cv += (line.cv * q) / line.quantity;
      clawback.pv += (line.pv * q) / line.quantity;
      clawback.qv += (line.qv * q) / line.quantity;
    }
  }
  return {
    subtotal,
    shippingTotal,
    tax,
    gross,
    pcAmount,
    amount,
    unrefundable,
    clawback: { cv: round2(clawback.cv), pv: round2(clawback.pv), qv: round2(clawback.qv) },
  };
}

export interface CardSplit {
  transactionId: string;
  refundAmount: number;
}

/**
 * Splits an amount over cards in proportion to what remains on each (the last card takes the
 * rounding), each capped at its remaining. The split auto refund and the selection split (only the
 * selected cards) both use it.
 */
export function splitOverCards(amount: number, cards: RefundCardState[]): CardSplit[] {
  const usable = cards.filter((c) => c.remainingCents > 0);
  const total = sum(usable.map((c) => c.remainingCents));
  let left = Math.min(amount, total);
  let remainingPool = total;
  return usable.map((card, i) => {
    const cents =
      i === usable.length - 1
        ? left
        : Math.min(card.remainingCents, share(left, card.remainingCents, remainingPool));
    const refundAmount = Math.min(cents, card.remainingCents, left);
    left -= refundAmount;
    remainingPool -= card.remainingCents;
    return { transactionId: card.transactionId, refundAmount };
  });
}

export const REFUND_MESSAGES = {
  processed: 'Processed refund successfully.',
  processedAlternative: 'Successfully processed refund.',
  alternativeNotice: 'The request was made to the provider and may take up to 2 business days.',
  retryFailed: 'Retry failed.',
  nothingSelected: 'Please select something to refund before processing',
  fixErrors: 'Please fix errors on page first before processing.',
  cardExceeds:
    'Please make sure the refund amount for each card is equal to or less than the refund amount available.',
  sumMismatch: 'Please make sure the refund sum for multiple cards matches the refund amount.',
  estimateFailed: (message: string) => `Error: ${message}`,
  fetchFailed: (error: string) => `Error fetching processed refunds: ${error}`,
  overRefund: 'The refund is more than what remains to be refunded on this order.',
  overSelection: 'The refund is more than the selected products and shipping are worth.',
  keyReused: 'This idempotency key was already used for a different refund.',
  inFlight: 'This refund is already being processed. Try again in a moment.',
  notRetryable: 'Only a refund with a failed card leg can be retried.',
} as const;

export interface SplitCheck {
  amount: number;
  pcAmount: number;
  /** Empty amounts count as 0 (spec 2 §5). */
  cards: { transactionId: string; refundAmount: number | null | undefined }[];
  /** Split auto refund: the server splits, the card amounts are not checked against the amount. */
  auto: boolean;
}

/** spec 2 §5 Refund, in the order the refunds view checks them: the first message that applies. */
export function refundSplitProblem(check: SplitCheck, cards: RefundCardState[]): string | null {
  if (check.amount <= 0 && check.pcAmount <= 0) return REFUND_MESSAGES.nothingSelected;
  for (const c of check.cards) {
    const card = cards.find((k) => k.transactionId === c.transactionId);
    const cents = c.refundAmount ?? 0;
    if (cents < 0 || !card || cents > card.remainingCents) return REFUND_MESSAGES.cardExceeds;
  }
  if (!check.auto && sum(check.cards.map((c) => c.refundAmount ?? 0)) !== check.amount)
    return REFUND_MESSAGES.sumMismatch;
  return null;
}

/**
 * What remains refundable on the whole order: what remains on the cards and the product credit not
 * yet given back. Their sum is what the order was paid less everything refunded (or about to be).
 */
export function orderRemaining(facts: RefundOrderFacts) {
  const pcLeft = Math.max(0, facts.appliedCreditCents - sum(facts.prior.map((r) => r.pcAmountCents)));
  const cards = sum(facts.cards.map((c) => c.remainingCents));
  return { cards, productCredit: pcLeft, total: cards + pcLeft };
}

/** Why an amount cannot be refunded, naming the limit it passes (the first that applies). */
export type RefundLimit = 'selection' | 'remaining' | 'cards';

export interface RefundLimits {
  /** What the chosen products and shipping are worth (refund total), or null when none are chosen. */
  worth: number | null;
  /** What remains refundable on the order: on the cards and as the credit not yet given back. */
  remaining: { cards: number; productCredit: number };
  /**
   * What the cards the amount goes to can still take (the selected cards in the selection split,
   * all cards otherwise); undefined when the cards are checked one by one (override flow).
   */
  cardsCanTake?: number;
}

/**
 * The limits of one refund (spec 2 §5; ADR 021), in the order staff read them: when products or
 * shipping are chosen, never more than they are worth; never more than what remains paid and
 * unrefunded on the order (a refund of an amount alone may take all of it, so a short refund never
 * strands the cents it left); and never more on the cards than they can take. Product credit above
 * the credit not yet given back is taken from the cards (credit in their place).
 */
export function refundLimitOf(
  refund: { amount: number; pcAmount: number },
  l: RefundLimits,
): RefundLimit | null {
  const total = refund.amount + refund.pcAmount;
  if (l.worth !== null && total > l.worth) return 'selection';
  if (total > l.remaining.cards + l.remaining.productCredit) return 'remaining';
  const onCards = refund.amount + Math.max(0, refund.pcAmount - l.remaining.productCredit);
  if (l.cardsCanTake !== undefined && onCards > Math.min(l.cardsCanTake, l.remaining.cards)) return 'cards';
  return null;
}

/** The message of each limit: the spec's words for the cards (spec 2 §8), ours for the rest. */
export const REFUND_LIMIT_MESSAGES: Record<RefundLimit, string> = {
  selection: REFUND_MESSAGES.overSelection,
  remaining: REFUND_MESSAGES.overRefund,
  cards: REFUND_MESSAGES.cardExceeds,
};

/** The server's check of the order-wide limits (refund-submit): the message of the first passed. */
export function refundLimitProblem(
  facts: RefundOrderFacts,
  refund: { amount: number; pcAmount: number },
  chosen: Pick<RefundTotals, 'gross'> | null,
): string | null {
  const { cards, productCredit } = orderRemaining(facts);
  const limit = refundLimitOf(refund, { worth: chosen?.gross ?? null, remaining: { cards, productCredit } });
  return limit ? REFUND_LIMIT_MESSAGES[limit] : null;
}

/** What "fully refunded" looks at: the order's figures and its processed refunds. */
export interface RefundedFacts {
  grandTotalCents: number;
  appliedCreditCents: number;
  /** Captured card (and alternative) payments. */
  cardsPaidCents: number;
  /** Card amounts of processed refunds. */
  refundedCents: number;
  /** Product-credit amounts of processed refunds. */
  creditRefundedCents: number;
}

/**
 * spec 2 §5: fully refunded when the refunds, to 2 decimals, add up to the grand total (cents:
 * equal). Also when nothing paid is left to refund, card or credit, as when part of the cards'
 * money went back as product credit (ADR 021): refunding what remains always gets there.
 */
export function fullyRefunded(f: RefundedFacts): boolean {
  if (Math.round(f.refundedCents) === Math.round(f.grandTotalCents)) return true;
  // Never less than the grand total: payments recorded short of it do not make an order refunded.
  const paid = Math.max(f.cardsPaidCents, f.grandTotalCents) + f.appliedCreditCents;
  return f.refundedCents + f.creditRefundedCents >= paid;
}
