import { formatMoney } from '../reference/money';

// Split payments at checkout (spec 2 §3 Payment.splitPayments "amount plus card info"; ADR 030):
// how many cards, the messages, and the pure rules the screen and the server both say the same
// with. The contract of a split (split-payments.ts) is built from them.

/** The most cards one order may be split over (ADR 030). */
export const MAX_SPLIT_CARDS = 4;
/** A split is two cards or more: one card is an ordinary payment. */
export const MIN_SPLIT_CARDS = 2;

export const SPLIT_MESSAGES = {
  tooFew: `Split the payment across at least ${MIN_SPLIT_CARDS} cards, or pay with one card.`,
  tooMany: `An order can be split across at most ${MAX_SPLIT_CARDS} cards.`,
  amountNumber: 'Amount must be a number',
  amountPositive: 'Amount must be more than $0.00',
  amountWhole: 'Amount must be whole cents',
  chooseCard: 'Choose a saved card or enter a new card.',
  sameCardTwice: 'Each card can be used once in a split.',
  expired: (card: string) => `${card} has expired. Choose another card.`,
  notCustomers: (card: string) => `${card} does not belong to this customer.`,
  declined: (card: string, why: string) => `${card} was declined: ${why}`,
} as const;

/** What is left to assign to cards: the total to pay by card less the amounts entered so far. */
export const leftToAssign = (dueCents: number, amounts: readonly number[]): number =>
  dueCents - amounts.reduce((s, a) => s + a, 0);

/**
 * The refusal of split amounts that do not add up to what the cards must pay (the total after
 * product credit), saying the difference in money; null when they add up.
 */
export function splitTotalMessage(
  dueCents: number,
  amounts: readonly number[],
  currency: string,
  locale?: string,
): string | null {
  const left = leftToAssign(dueCents, amounts);
  if (left === 0) return null;
  const m = (c: number) => formatMoney(c, currency, locale);
  const sum = dueCents - left;
  return left > 0
    ? `The card amounts add up to ${m(sum)}, ${m(left)} short of the ${m(dueCents)} to pay by card.`
    : `The card amounts add up to ${m(sum)}, ${m(-left)} more than the ${m(dueCents)} to pay by card.`;
}

/** A card as staff read it: "Visa ending 4242". */
export const cardLabel = (c: { brand: string | null; last4: string | null }) =>
  `${c.brand ?? 'Card'} ending ${c.last4 ?? '—'}`;

/** A card is usable through the end of its expiry month. */
export const cardExpired = (c: { expMonth: number; expYear: number }, now: Date): boolean =>
  c.expYear < now.getUTCFullYear() ||
  (c.expYear === now.getUTCFullYear() && c.expMonth < now.getUTCMonth() + 1);
