import { ORDER_STATE as S } from '@domain/reference';
import { type Cancellation, fraudDecisions, returns } from '@server/db/schema';
import type { GenContext } from './context';
import type { OrderSpec } from './order-plan';
import { type IssuedRefund, issueRefund, type RefundableOrder } from './refunds';
import type { StaffMember } from './staff';
import type { OrderStory } from './story';
import { DAY, HOUR, MINUTE } from './time';

// After the sale: cancellations (spec 2 §4 Cancel), fraud flags, partial refunds and returns in
// all four statuses. Refunds and returns happening today keep the dashboard alive.

export interface AfterSalesInput extends RefundableOrder {
  spec: OrderSpec;
  orderId: number;
  phoenixOrderId: number | null;
  capturedAt: Date | null;
  lastEventAt: Date;
}

export interface AfterSales {
  isFraud: boolean;
  cancellation: Cancellation | null;
  /** Product credit handed back by processed refunds, for the ledger. */
  creditRefunds: { amountCents: number; at: Date }[];
  lastEventAt: Date;
}

const RETURN_REASONS = [
  'Did not like the shade',
  'Allergic reaction',
  'Damaged in transit',
  'Wrong item received',
  'Changed my mind',
  'Product arrived leaking',
];
const REFUND_REASONS = [
  'Damaged item',
  'Missing item',
  'Shipping delay',
  'Product quality',
  'Order error',
  'Customer satisfaction',
];

export function afterSales(ctx: GenContext, order: AfterSalesInput, story: OrderStory): AfterSales {
  const { rng, clock } = ctx;
  const now = clock.now.getTime();
  const out: AfterSales = {
    isFraud: false,
    cancellation: null,
    creditRefunds: [],
    lastEventAt: order.lastEventAt,
  };
  const later = (from: Date, minMinutes: number, maxMinutes: number) =>
    new Date(Math.min(now, from.getTime() + rng.int(minMinutes, maxMinutes) * MINUTE));
  const note = (issued: IssuedRefund | null, at: Date) => {
    if (!issued) return;
    if (issued.status === 'processed' && issued.pcAmountCents > 0)
      out.creditRefunds.push({ amountCents: issued.pcAmountCents, at });
    if (at > out.lastEventAt) out.lastEventAt = at;
  };
  const { state } = order.spec;
  const captured = order.capturedAt ?? order.spec.createdAt;

  if ((state === S.cancelledPaid || state === S.holding) && rng.chance(state === S.holding ? 0.15 : 0.1)) {
    // Fraud agents flag the order; a flagged downstream order is held, or cancelled without refund.
    const analyst = rng.pick(ctx.roster.fraud);
    const at = later(captured, 30, 36 * 60);
    out.isFraud = true;
    ctx.writer.add(fraudDecisions, {
      orderId: order.orderDocId,
      isFraud: true,
      analystEmail: analyst.email,
      userId: analyst.id,
      createdAt: at,
    });
    story.event(at, analyst, 'fraud', { isFraud: false }, { isFraud: true });
    story.comment(
      at,
      analyst,
      'Order flagged as fraud after review of payment and shipping details.',
      'Fraud',
    );
  }
  if (state === S.pendingReview && rng.chance(0.15)) {
    const analyst = rng.pick(ctx.roster.fraud);
    const at = later(order.spec.createdAt, 5, 90);
    ctx.writer.add(fraudDecisions, {
      orderId: order.orderDocId,
      isFraud: false,
      analystEmail: analyst.email,
      userId: analyst.id,
      createdAt: at,
    });
    story.comment(at, analyst, 'Reviewed for fraud: looks legitimate.', null);
  }

  if (state === S.cancelled || state === S.cancelledPaid) {
    const cancelAt = later(captured, 20, 48 * 60);
    let admin: StaffMember | null =
      out.isFraud || order.phoenixOrderId !== null
        ? rng.pick(ctx.roster.fraud)
        : rng.pick(ctx.roster.leaders);
    let reason = rng.pick([
      'Customer request',
      'Duplicate order',
      'Payment issue',
      'Address could not be verified',
    ]);
    if (order.spec.purchase && order.spec.purchase.terms !== 'signed') {
      admin = null;
      reason =
        order.spec.purchase.terms === 'declined'
          ? 'Membership terms declined'
          : 'Membership terms not accepted in time';
    } else if (out.isFraud) reason = 'Fraud';
    if (state === S.cancelledPaid && !out.isFraud && admin) {
      // Downstream orders must be fully refunded before they are cancelled (spec 2 §4).
      const refundAt = new Date(cancelAt.getTime() - rng.int(2, 30) * MINUTE);
      note(
        issueRefund(ctx, order, {
          at: refundAt,
          admin,
          reason: 'Cancelled order',
          full: true,
          status: 'processed',
        }),
        refundAt,
      );
      story.event(refundAt, admin, 'refund', { refunded: false }, { refunded: true });
    }
    out.cancellation = {
      ticket: admin ? `CS-${rng.digits(6)}` : null,
      reason,
      adminUid: admin?.id ?? 'system',
      adminName: admin?.name ?? 'System',
      comment: admin ? `${reason}. Cancelled by customer service.` : null,
      date: cancelAt.toISOString(),
    };
    const before = state === S.cancelledPaid ? S.holding : S.processing;
    story.event(
      cancelAt,
      admin,
      'cancel',
      { state: before, cancellation: null },
      { state, cancellation: { reason } },
    );
    story.comment(cancelAt, admin, `Order ${order.orderId} cancelled. Reason: ${reason}.`, 'Cancelled');
    if (cancelAt > out.lastEventAt) out.lastEventAt = cancelAt;
    return out;
  }

  if (state !== S.shipped && state !== S.partiallyShipped) return out;
  const ageDays = (now - captured.getTime()) / DAY;
  if (rng.chance(0.035)) addReturn(ctx, order, story, note, ageDays);
  else if (rng.chance(0.045)) {
    const admin = rng.pick(ctx.roster.service);
    // Refunds of recent orders often happen today, so the dashboard shows today's refunds.
    const at =
      ageDays < 30 && rng.chance(0.35)
        ? new Date(
            Math.max(clock.today.getTime(), captured.getTime()) +
              rng.float() * (now - Math.max(clock.today.getTime(), captured.getTime())),
          )
        : later(captured, 24 * 60, 25 * 24 * 60);
    const reason = rng.pick(REFUND_REASONS);
    const issued = issueRefund(ctx, order, {
      at,
      admin,
      reason,
      creditOnly: rng.chance(0.15),
      withShipping: rng.chance(0.25),
    });
    note(issued, at);
    if (issued) {
      story.event(
        at,
        admin,
        'refund',
        { refunds: [] },
        {
          refunds: [
            { reason, amount: issued.amountCents, pcAmount: issued.pcAmountCents, status: issued.status },
          ],
        },
      );
      story.comment(
        at,
        admin,
        `Refund issued: ${reason}.`,
        issued.status === 'failed' ? 'Refund failed' : 'Refunded',
      );
    }
  }
  return out;
}

function addReturn(
  ctx: GenContext,
  order: AfterSalesInput,
  story: OrderStory,
  note: (issued: IssuedRefund | null, at: Date) => void,
  ageDays: number,
): void {
  const { rng, clock } = ctx;
  const now = clock.now.getTime();
  const shippedAt = (order.capturedAt ?? order.spec.createdAt).getTime() + 2 * DAY;
  const status =
    ageDays < 16
      ? rng.weighted([
          [1, 70],
          [2, 15],
          [4, 15],
        ] as const)
      : ageDays < 60
        ? rng.weighted([
            [3, 60],
            [2, 15],
            [4, 15],
            [1, 10],
          ] as const)
        : 3;
  let createdAt: Date;
  if (status === 1) {
    // Pending returns are recent; some came in today.
    const from = Math.max(shippedAt, rng.chance(0.2) ? clock.today.getTime() : now - 14 * DAY);
    createdAt = new Date(Math.min(now, from + rng.float() * Math.max(0, now - from)));
  } else {
    createdAt = new Date(Math.min(now - HOUR, shippedAt + rng.int(3, 20) * DAY));
  }
  const lines = order.lines.filter((l) => l.totalCents > 0);
  const items = rng
    .sample(lines, rng.int(1, Math.max(1, Math.min(2, lines.length))))
    .map((l) => ({ sku: l.sku, quantity: rng.int(1, l.quantity), adjustedPrice: l.adjustedPriceCents }));
  if (items.length === 0) return;
  const reason = rng.pick(RETURN_REASONS);
  const updatedAt =
    status === 1 ? createdAt : new Date(Math.min(now, createdAt.getTime() + rng.int(1, 10) * DAY));
  ctx.writer.add(returns, {
    id: rng.alphanumeric(20),
    orderId: order.orderDocId,
    legacyOrderId: order.orderId,
    phoenixOrderId: order.phoenixOrderId,
    returnStatus: status,
    items: items.map(({ sku, quantity }) => ({ sku, quantity })),
    reason,
    dateCreatedUtc: createdAt,
    updatedAt,
  });
  const agent = rng.pick(ctx.roster.service);
  story.comment(createdAt, agent, `Return initiated: ${reason}.`, 'Return');
  if (status === 3) {
    const at = new Date(Math.min(now, updatedAt.getTime() + rng.int(1, 48) * HOUR));
    note(
      issueRefund(ctx, order, { at, admin: agent, reason: 'Returns', items, creditOnly: rng.chance(0.2) }),
      at,
    );
    story.event(at, agent, 'return', { returnStatus: 2 }, { returnStatus: 3 });
  }
}
