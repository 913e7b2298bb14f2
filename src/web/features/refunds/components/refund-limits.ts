import { formatMoney } from '@domain/reference/money';
import {
  REFUND_MESSAGES,
  type RefundLimit,
  refundLimitOf,
  refundSplitProblem,
  splitOverCards,
} from '@domain/refunds/refund-math';
import type { RefundEstimate, RefundOrder } from '@domain/refunds/refunds';
import type { SplitFlow } from './card-split';
import { type MoneyInput, parseMoney } from './money';

/**
 * The amounts as typed, checked against the limits: the selection's worth (from its estimate),
 * what remains on the order, and what the cards the amount goes to can take (each card's own field
 * in the override flow). Also the split over the cards the amount goes to.
 */
export function refundLimits({
  order,
  flow,
  selected,
  overrides,
  amount,
  pcAmount,
  estimate: e,
}: {
  order: RefundOrder;
  flow: SplitFlow;
  selected: string[];
  overrides: Record<string, string>;
  amount: MoneyInput;
  pcAmount: MoneyInput;
  /** The chosen products' estimate, when it is in. */
  estimate: RefundEstimate | undefined;
}) {
  const pool = order.cards.filter((c) => flow !== 'selection' || selected.includes(c.transactionId));
  const cardsState = order.cards.map((c) => ({
    ...c,
    paidCents: c.paidAmount,
    remainingCents: c.remainingAmount,
  }));
  const proposedSplit = splitOverCards(
    amount.cents,
    cardsState.filter((c) => pool.some((p) => p.transactionId === c.transactionId)),
  );
  const proposed = Object.fromEntries(proposedSplit.map((s) => [s.transactionId, s.refundAmount]));
  const overrideFlow = flow === 'override' && order.cards.length > 1;
  const cards = overrideFlow
    ? order.cards.map((c) => ({
        transactionId: c.transactionId,
        refundAmount: parseMoney(overrides[c.transactionId] ?? '').cents,
      }))
    : proposedSplit;

  const worth = e ? e.subtotal + e.shippingTotal + e.tax : null;
  const remaining = {
    cards: order.cards.reduce((s, c) => s + c.remainingAmount, 0),
    productCredit: order.pcRemaining,
  };
  const poolCanTake = pool.reduce((s, c) => s + c.remainingAmount, 0);
  const limit: RefundLimit | null =
    amount.error || pcAmount.error
      ? null
      : refundLimitOf(
          { amount: amount.cents, pcAmount: pcAmount.cents },
          { worth, remaining, cardsCanTake: overrideFlow ? undefined : poolCanTake },
        );
  const amountBlamed = limit !== null && (amount.cents > 0 || pcAmount.cents === 0);
  const pcBlamed =
    limit !== null && pcAmount.cents > 0 && (limit !== 'cards' || pcAmount.cents > remaining.productCredit);
  const cardsWord =
    order.cards.length === 1 ? 'the card' : flow === 'selection' ? 'the selected cards' : 'the cards';
  const limitHelp =
    limit === 'selection'
      ? `More than the selection is worth (${formatMoney(worth ?? 0, order.currency, order.localeCode)} in all)`
      : limit === 'remaining'
        ? `More than remains refundable on this order (${formatMoney(remaining.cards + remaining.productCredit, order.currency, order.localeCode)} in all)`
        : limit === 'cards'
          ? `More than ${cardsWord} can take (${formatMoney(Math.min(poolCanTake, remaining.cards), order.currency, order.localeCode)})`
          : null;
  // The override flow's card amounts, checked as typed (the spec's split messages).
  const typedOverrides = Object.values(overrides).some((t) => t.trim() !== '');
  const overrideSplit =
    overrideFlow && typedOverrides && amount.cents > 0
      ? refundSplitProblem({ amount: amount.cents, pcAmount: pcAmount.cents, cards, auto: false }, cardsState)
      : null;
  const overrideSplitIssue = overrideSplit === REFUND_MESSAGES.nothingSelected ? null : overrideSplit;

  return {
    cardsState,
    proposed,
    cards,
    remaining,
    limit,
    amountBlamed,
    pcBlamed,
    limitHelp,
    overrideSplitIssue,
  };
}
