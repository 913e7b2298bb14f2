// Money summaries that read down to their total (ADR 024). Every screen and email that shows a
// cart's, an order's or a refund's figures renders these rows and adds nothing of its own:
//   items before promotions − promotions = subtotal;
//   subtotal + shipping + tax − product credit = total;
//   each line: unit price × quantity − its discounts = line total, with the step from the list
//   price to the price charged shown when they differ ("List $36.00 → Member $31.00").
// Amounts are integer cents; a row says whether it adds, takes away or is the result so far.

export type SummaryRowKey =
  | 'items'
  | 'promotions'
  | 'subtotal'
  | 'shipping'
  | 'tax'
  | 'credit'
  | 'total'
  | 'refundProducts'
  | 'refundShipping'
  | 'refundTax'
  | 'refundTotal'
  | 'refundCredit'
  | 'refundCards'
  | 'refundNotToCards';

export interface SummaryRow {
  key: SummaryRowKey;
  /** Always ≥ 0 for added and taken-away rows; `op` carries the sign. */
  cents: number;
  /** 'add' and 'subtract' change the running amount; 'result' states it. */
  op: 'add' | 'subtract' | 'result';
  /** The row that closes the summary (the total). */
  strong?: boolean;
}

/** The back office's words for each row; emails bring their own in the customer's language. */
export const SUMMARY_LABELS: Record<SummaryRowKey, string> = {
  items: 'Items before promotions',
  promotions: 'Promotions',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  tax: 'Tax',
  credit: 'Product credit',
  total: 'Total',
  refundProducts: 'Products',
  refundShipping: 'Shipping',
  refundTax: 'Tax',
  refundTotal: 'Refund total',
  refundCredit: 'To product credit',
  refundCards: 'To cards',
  refundNotToCards: 'Cannot be refunded to a card',
};

/** What a summary is built from: a cart's, an estimate's or an order's stored totals. */
export interface MoneyTotals {
  /** Σ unit price × quantity over every line, before promotions. */
  itemsBeforePromotions: number;
  /** Σ the lines' discounts. */
  promotions: number;
  subtotal: number;
  /** Shipping, tax and credit are left out of a cart's summary (known once there is an estimate). */
  shipping?: number;
  /** All tax, shipping tax included. */
  tax?: number;
  credit?: number;
  total?: number;
}

/** The rows of a cart (items → subtotal) or of an order or estimate (items → total). */
export function moneySummary(t: MoneyTotals): SummaryRow[] {
  const rows: SummaryRow[] = [
    { key: 'items', cents: t.itemsBeforePromotions, op: 'result' },
    { key: 'promotions', cents: t.promotions, op: 'subtract' },
    { key: 'subtotal', cents: t.subtotal, op: 'result', ...(t.total === undefined ? { strong: true } : {}) },
  ];
  if (t.total === undefined) return rows;
  rows.push(
    { key: 'shipping', cents: t.shipping ?? 0, op: 'add' },
    { key: 'tax', cents: t.tax ?? 0, op: 'add' },
  );
  if ((t.credit ?? 0) !== 0) rows.push({ key: 'credit', cents: t.credit ?? 0, op: 'subtract' });
  rows.push({ key: 'total', cents: t.total, op: 'result', strong: true });
  return rows;
}

/** An order's or an estimate's totals as the summary reads them. */
export const orderSummary = (t: {
  prePromoSubtotalCents: number;
  discountCents: number;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  appliedCreditCents: number;
  grandTotalCents: number;
}): SummaryRow[] =>
  moneySummary({
    itemsBeforePromotions: t.prePromoSubtotalCents,
    promotions: t.discountCents,
    subtotal: t.subtotalCents,
    shipping: t.shippingCents,
    tax: t.taxCents,
    credit: t.appliedCreditCents,
    total: t.grandTotalCents,
  });

/** A checkout estimate's totals (ordering/totals.ts `orderTotals`) as the summary reads them. */
export const estimateSummary = (t: {
  prePromoSubtotal: number;
  discount: number;
  subtotal: number;
  shipping: number;
  tax: number;
  appliedCredit: number;
  grandTotal: number;
}): SummaryRow[] =>
  moneySummary({
    itemsBeforePromotions: t.prePromoSubtotal,
    promotions: t.discount,
    subtotal: t.subtotal,
    shipping: t.shipping,
    tax: t.tax,
    credit: t.appliedCredit,
    total: t.grandTotal,
  });

/**
 * A refund: products + shipping + tax = the refund total, paid back to product credit and to the
 * cards. Card refunds are capped by what the cards can still take: the part neither the cards nor
 * the order's unrefunded credit can take (earlier refunds gave it back) is its own row, so the
 * reading always ends at zero.
 */
export function refundSummary(r: {
  subtotal: number;
  shippingTotal: number;
  tax: number;
  pcAmount: number;
  amount: number;
  /** The refund-math's `unrefundable`: what cannot go back to a card or as credit. */
  unrefundable?: number;
}): SummaryRow[] {
  const rows: SummaryRow[] = [
    { key: 'refundProducts', cents: r.subtotal, op: 'result' },
    { key: 'refundShipping', cents: r.shippingTotal, op: 'add' },
    { key: 'refundTax', cents: r.tax, op: 'add' },
    { key: 'refundTotal', cents: r.subtotal + r.shippingTotal + r.tax, op: 'result', strong: true },
    { key: 'refundCredit', cents: r.pcAmount, op: 'subtract' },
    { key: 'refundCards', cents: r.amount, op: 'subtract' },
  ];
  if ((r.unrefundable ?? 0) > 0)
    rows.push({ key: 'refundNotToCards', cents: r.unrefundable!, op: 'subtract' });
  return rows;
}

/**
 * Where reading the rows down breaks: the first result row that is not the running amount (null
 * when every one is). A refund's rows end with nothing left to place.
 */
export function readingDownBreaks(rows: readonly SummaryRow[]): SummaryRowKey | null {
  let running: number | null = null;
  for (const row of rows) {
    if (row.op === 'result') {
      if (running !== null && running !== row.cents) return row.key;
      running = row.cents;
    } else if (running === null) return row.key;
    else running += row.op === 'add' ? row.cents : -row.cents;
  }
  const last = rows[rows.length - 1];
  return last && last.op !== 'result' && running !== 0 ? last.key : null;
}

// Lines.

/** Why a line's unit price differs from its list price. */
export type PriceStep = 'member' | 'wholesale' | 'override' | 'free';

export const PRICE_STEP_LABELS: Record<PriceStep, string> = {
  member: 'Member',
  wholesale: 'Wholesale',
  override: 'Override',
  free: 'Free',
};

export interface LineMoney {
  /** The unit list (retail) price, when known. */
  listPriceCents: number | null;
  /** The unit price charged before promotions. */
  priceCents: number;
  quantity: number;
  discounts: readonly { promo: string; amountCents: number }[];
  totalCents: number;
}

export interface LineSummary {
  /** The step from the list price to the price charged, when they differ. */
  step: { from: number; to: number } | null;
  priceCents: number;
  quantity: number;
  /** price × quantity. */
  itemsCents: number;
  discountCents: number;
  totalCents: number;
}

export function lineSummary(l: LineMoney): LineSummary {
  const discountCents = l.discounts.reduce((s, d) => s + d.amountCents, 0);
  return {
    step:
      l.listPriceCents !== null && l.listPriceCents !== l.priceCents
        ? { from: l.listPriceCents, to: l.priceCents }
        : null,
    priceCents: l.priceCents,
    quantity: l.quantity,
    itemsCents: l.priceCents * l.quantity,
    discountCents,
    totalCents: l.totalCents,
  };
}

/** A line reads across: price × quantity − discounts = total. */
export const lineReadsAcross = (s: LineSummary): boolean => s.itemsCents - s.discountCents === s.totalCents;

/**
 * The tier a step names, from the shopper's pricing tier: an override when staff set the price,
 * free when nothing is charged, else the tier's own price.
 */
export function priceStepOf(o: {
  tier: 'retail' | 'member' | 'wholesale';
  overridden: boolean;
  priceCents: number;
}): PriceStep | null {
  if (o.overridden) return 'override';
  if (o.priceCents === 0) return 'free';
  return o.tier === 'retail' ? null : o.tier;
}
