import { ORDER_STATE as S } from '@domain/reference';
import { type orderPayments, paymentCards, type paymentTransactions } from '@server/db/schema';
import type { AccountDraft } from './accounts';
import type { GenContext } from './context';
import type { Collection } from './order-plan';
import { addDays, DAY } from './time';

// The built-in payment gateway's view of an order: tokenised cards (brand and last 4 only),
// the order's payments (cards, split across two cards, product credit) and the gateway
// transactions with their idempotency keys.

export type PaymentRow = typeof orderPayments.$inferInsert & { amountCents: number; refundedCents: number };
export type TransactionRow = typeof paymentTransactions.$inferInsert;

export interface Card {
  id: string;
  brand: string;
  last4: string;
}

const US_BRANDS = [
  ['Visa', 50],
  ['Mastercard', 30],
  ['American Express', 12],
  ['Discover', 8],
] as const;
const CA_BRANDS = [
  ['Visa', 55],
  ['Mastercard', 38],
  ['American Express', 7],
] as const;

/** Cards on file for an account; the first is the one used most. */
export function addCards(ctx: GenContext, draft: AccountDraft): Card[] {
  const { rng, clock, writer } = ctx;
  const count = rng.weighted([
    [1, 70],
    [2, 25],
    [3, 5],
  ] as const);
  const cards: Card[] = [];
  for (let i = 0; i < count; i++) {
    const brand = rng.weighted(draft.countryId === 2 ? CA_BRANDS : US_BRANDS);
    const card: Card = { id: `ccof_${rng.alphanumeric(24)}`, brand, last4: rng.digits(4) };
    // The first card is saved at enrollment, so it exists before any order uses it.
    const createdAt =
      i === 0
        ? draft.enrolledAt
        : new Date(
            draft.enrolledAt.getTime() +
              rng.float() * Math.min(30 * DAY, clock.now.getTime() - draft.enrolledAt.getTime()),
          );
    const expiry = addDays(clock.now, rng.int(-200, 5 * 365));
    const expired = expiry < clock.now;
    writer.add(paymentCards, {
      id: card.id,
      accountUid: draft.uid,
      brand,
      last4: card.last4,
      expMonth: expiry.getUTCMonth() + 1,
      expYear: expiry.getUTCFullYear(),
      countryId: draft.countryId,
      cardholderName: `${draft.person.firstName} ${draft.person.lastName}`,
      disabled: expired && rng.chance(0.7),
      createdAt,
    });
    cards.push(card);
  }
  return cards;
}

export interface OrderMoney {
  orderDocId: string;
  state: number;
  collection: Collection;
  grandTotalCents: number;
  appliedCreditCents: number;
  currency: string;
  countryId: number;
  createdAt: Date;
  capturedAt: Date | null;
}

export interface Paid {
  payments: PaymentRow[];
  transactions: TransactionRow[];
  paymentState: string;
}

export function payOrder(ctx: GenContext, cards: Card[], order: OrderMoney): Paid {
  const { rng } = ctx;
  const payments: PaymentRow[] = [];
  const transactions: TransactionRow[] = [];
  const voided = order.state === S.cancelled;
  const authorizedOnly = !voided && order.collection !== 'invoices';
  const state = voided ? 'voided' : authorizedOnly ? 'authorized' : 'captured';
  const at = order.capturedAt ?? order.createdAt;
  const base = {
    orderId: order.orderDocId,
    currency: order.currency,
    state,
    refundedCents: 0,
    createdAt: at,
  };

  if (order.grandTotalCents > 0) {
    const split = cards.length >= 2 && rng.chance(0.08);
    const alternative = !split && order.countryId === 1 && rng.chance(0.02);
    const first = split
      ? Math.round(order.grandTotalCents * (0.3 + rng.float() * 0.4))
      : order.grandTotalCents;
    const parts = split ? [first, order.grandTotalCents - first] : [first];
    parts.forEach((amountCents, i) => {
      const card = cards[i] ?? cards[0];
      const transactionId = `txn_${rng.alphanumeric(24)}`;
      payments.push({
        ...base,
        method: alternative ? 'alternative' : 'card',
        cardId: alternative ? null : (card?.id ?? null),
        brand: alternative ? null : (card?.brand ?? null),
        accountNumber: alternative ? null : (card?.last4 ?? null),
        tenderId: rng.alphanumeric(22),
        transactionId,
        amountCents,
      });
      const kind = authorizedOnly || voided ? 'authorize' : 'charge';
      const tx = {
        orderId: order.orderDocId,
        cardId: alternative ? null : (card?.id ?? null),
        amountCents,
        currency: order.currency,
        status: 'succeeded' as const,
      };
      transactions.push({
        ...tx,
        id: transactionId,
        kind,
        idempotencyKey: rng.uuid(),
        createdAt: order.createdAt,
      });
      if (voided) {
        const voidAt = new Date(
          Math.min(ctx.clock.now.getTime(), order.createdAt.getTime() + rng.int(10, 600) * 60_000),
        );
        transactions.push({
          ...tx,
          id: `txn_${rng.alphanumeric(24)}`,
          kind: 'void',
          parentTransactionId: transactionId,
          idempotencyKey: rng.uuid(),
          createdAt: voidAt,
        });
      }
    });
  }
  if (order.appliedCreditCents > 0) {
    payments.push({
      ...base,
      method: 'productCredit',
      cardId: null,
      brand: null,
      accountNumber: null,
      tenderId: null,
      transactionId: `pc_${rng.alphanumeric(24)}`,
      amountCents: order.appliedCreditCents,
    });
  }
  return { payments, transactions, paymentState: payments.length === 0 ? 'none' : state };
}
