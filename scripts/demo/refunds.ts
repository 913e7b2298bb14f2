import { paymentTransactions, type RefundCard, type ReturnItem, refunds } from '@server/db/schema';
import type { GenContext } from './context';
import type { LineRow } from './order-pricing';
import type { PaymentRow } from './payments';
import type { StaffMember } from './staff';
import { DAY } from './time';

// Refund records (spec 2 §3) with their gateway refunds. Each card is refunded at most what is
// left on it (spec 2 §5), and only processed refunds count against it (refundedCents).

export interface RefundableOrder {
  orderDocId: string;
  currency: string;
  lines: LineRow[];
  payments: PaymentRow[];
  merchandiseCents: number;
  shippingCents: number;
  taxCents: number;
  volumes: { cv: number; pv: number; qv: number };
  hasPhoenixId: boolean;
}

export interface RefundRequest {
  at: Date;
  admin: StaffMember;
  reason: string;
  /** Everything paid, as before a cancellation. */
  full?: boolean;
  /** Issue product credit instead of refunding the cards. */
  creditOnly?: boolean;
  items?: ReturnItem[];
  withShipping?: boolean;
  status?: 'processed' | 'failed' | 'pending';
}

export interface IssuedRefund {
  status: 'processed' | 'failed' | 'pending';
  amountCents: number;
  pcAmountCents: number;
}

const remaining = (p: PaymentRow) => p.amountCents - p.refundedCents;
const FAILURES = ['GATEWAY_TIMEOUT', 'CARD_DECLINED', 'REFUND_AMOUNT_INVALID', 'TRANSACTION_TOO_OLD'];

export function issueRefund(
  ctx: GenContext,
  order: RefundableOrder,
  request: RefundRequest,
): IssuedRefund | null {
  const { rng, writer } = ctx;
  const cards = order.payments.filter((p) => p.method !== 'productCredit' && remaining(p) > 0);
  const credit = order.payments.find((p) => p.method === 'productCredit' && remaining(p) > 0);
  const cardsLeft = cards.reduce((s, p) => s + remaining(p), 0);
  const creditLeft = credit ? remaining(credit) : 0;
  const paidLeft = cardsLeft + creditLeft;

  const items = request.full
    ? order.lines
        .filter((l) => l.totalCents > 0)
        .map((l) => ({ sku: l.sku, quantity: l.quantity, adjustedPrice: l.adjustedPriceCents }))
    : (request.items ?? pickItems(ctx, order.lines));
  const subtotalCents = items.reduce((s, i) => s + i.adjustedPrice * i.quantity, 0);
  const shippingTotalCents = request.full || request.withShipping ? order.shippingCents : 0;
  const taxCents = request.full
    ? order.taxCents
    : order.merchandiseCents > 0
      ? Math.round((order.taxCents * subtotalCents) / order.merchandiseCents)
      : 0;
  let total = subtotalCents + shippingTotalCents + taxCents;
  if (request.creditOnly) total = Math.min(total, Math.max(paidLeft, subtotalCents));
  else total = Math.min(total, paidLeft);
  if (total <= 0) return null;

  let pcAmountCents = 0;
  const allocations: { payment: PaymentRow; cents: number }[] = [];
  if (request.creditOnly || cardsLeft === 0) {
    pcAmountCents = total;
  } else {
    pcAmountCents = request.full
      ? creditLeft
      : Math.min(creditLeft, Math.round((total * creditLeft) / paidLeft));
    let forCards = Math.min(total - pcAmountCents, cardsLeft);
    cards.forEach((payment, i) => {
      const share =
        i === cards.length - 1
          ? forCards
          : Math.min(
              remaining(payment),
              Math.round(((total - pcAmountCents) * remaining(payment)) / cardsLeft),
            );
      const cents = Math.min(share, remaining(payment));
      if (cents > 0) allocations.push({ payment, cents });
      forCards -= cents;
    });
  }
  const amountCents = allocations.reduce((s, a) => s + a.cents, 0);
  // Never pending: the refund worker settles every leg within its lease (ADR 014), and a refund
  // still pending after it is a discrepancy reconciliation reports (ADR 025).
  const status =
    request.status ??
    rng.weighted<IssuedRefund['status']>([
      ['processed', 88],
      ['failed', amountCents > 0 ? 8 : 0],
    ]);
  const error = status === 'failed' ? rng.pick(FAILURES) : null;

  const refundCards: RefundCard[] = allocations.map(({ payment, cents }) => {
    const idempotencyKey = rng.uuid();
    writer.add(paymentTransactions, {
      id: `txn_${rng.alphanumeric(24)}`,
      orderId: order.orderDocId,
      cardId: payment.cardId ?? null,
      kind: 'refund',
      amountCents: cents,
      currency: order.currency,
      idempotencyKey,
      parentTransactionId: payment.transactionId,
      status: status === 'processed' ? 'succeeded' : status === 'failed' ? 'failed' : 'pending',
      error,
      createdAt: request.at,
    });
    if (status === 'processed') payment.refundedCents += cents;
    return {
      accountNumber: payment.accountNumber ?? null,
      transactionId: payment.transactionId,
      refundAmount: cents,
      tenderId: payment.tenderId ?? null,
      idempotencyKey,
      brand: payment.brand ?? null,
    };
  });
  if (credit && status === 'processed' && !request.creditOnly)
    credit.refundedCents += Math.min(pcAmountCents, creditLeft);

  const share = order.merchandiseCents > 0 ? Math.min(1, subtotalCents / order.merchandiseCents) : 0;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  writer.add(refunds, {
    id: rng.alphanumeric(20),
    orderId: order.orderDocId,
    reason: request.reason,
    timestamp: request.at,
    amountCents,
    pcAmountCents,
    taxCents,
    shippingTotalCents,
    subtotalCents,
    currency: order.currency,
    returnItems: items,
    cards: refundCards,
    adminUid: request.admin.id,
    clawback:
      order.volumes.pv > 0
        ? {
            cv: round2(order.volumes.cv * share),
            pv: round2(order.volumes.pv * share),
            qv: round2(order.volumes.qv * share),
          }
        : null,
    newRefundFlow: ctx.clock.now.getTime() - request.at.getTime() < 730 * DAY,
    phoenixResponse:
      status === 'processed' && order.hasPhoenixId
        ? { success: true, creditMemoId: `CM${rng.digits(8)}` }
        : status === 'failed'
          ? { success: false, message: error }
          : null,
    status,
    idempotencyKey: rng.uuid(),
  });
  return { status, amountCents, pcAmountCents };
}

function pickItems(ctx: GenContext, lines: LineRow[]): ReturnItem[] {
  const { rng } = ctx;
  const refundable = lines.filter((l) => l.totalCents > 0);
  const chosen = rng.sample(refundable, rng.int(1, Math.max(1, Math.min(2, refundable.length))));
  return chosen.map((l) => ({
    sku: l.sku,
    quantity: rng.int(1, l.quantity),
    adjustedPrice: l.adjustedPriceCents,
  }));
}
