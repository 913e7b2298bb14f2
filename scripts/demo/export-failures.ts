import { exportIssues, failureReason } from '@domain/downstream/downstream';
import { downstreamExports, failedOrders, type OrderAddress } from '@server/db/schema';
import type { GenContext } from './context';
import type { ExportFailure } from './fulfilment';
import type { PricedOrder } from './order-pricing';
import type { PaymentRow } from './payments';
import type { OrderStory } from './story';
import { MINUTE } from './time';

// Failed downstream exports of the demo company are real: the order carries the fault, and the
// reason on the failed order is what the export's own rules (src/domain/downstream/downstream.ts) say
// of it, so retrying one unfixed fails again and fixing it lets the retry through.

export function faultyOrder(
  failure: ExportFailure | null,
  address: OrderAddress,
  phoenixId: number,
): { address: OrderAddress; customerPhoenixId: number | null } {
  switch (failure?.fault) {
    case 'ADDRESS_INVALID':
      // A digit or character short: 7870 for 78704, K1A 0B for K1A 0B1.
      return {
        address: { ...address, postalCode: address.postalCode.slice(0, -1) },
        customerPhoenixId: phoenixId,
      };
    case 'ADDRESS_INCOMPLETE':
      return { address: { ...address, city: '' }, customerPhoenixId: phoenixId };
    case 'ACCOUNT_NOT_FOUND':
      return { address, customerPhoenixId: null };
    default:
      return { address, customerPhoenixId: phoenixId };
  }
}

export interface FaultyOrder {
  orderDocId: string;
  orderId: number;
  uid: string;
  countryId: number;
  shippingMethodId: number;
  shippingAddress: OrderAddress;
  customerPhoenixId: number | null;
  paymentState: string;
  priced: PricedOrder;
  payments: PaymentRow[];
}

export function recordExportFailure(
  ctx: GenContext,
  story: OrderStory,
  failure: ExportFailure,
  order: FaultyOrder,
): void {
  const { priced } = order;
  const issues = exportIssues({
    countryId: order.countryId,
    shippingMethodId: order.shippingMethodId,
    shippingAddress: order.shippingAddress,
    customerPhoenixId: order.customerPhoenixId,
    paymentState: order.paymentState,
    prePromoSubtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    subtotalCents: priced.subtotalCents - priced.discountCents,
    shippingCents: priced.shippingCents,
    taxCents: priced.taxCents,
    appliedCreditCents: priced.appliedCreditCents,
    grandTotalCents: priced.grandTotalCents,
    cv: priced.cv,
    pv: priced.pv,
    qv: priced.qv,
    lines: priced.lines.map((l) => ({
      sku: l.sku,
      quantity: l.quantity,
      priceCents: l.priceCents,
      discountCents: l.discountCents ?? 0,
      totalCents: l.totalCents,
      cv: l.cv ?? 0,
      pv: l.pv ?? 0,
      qv: l.qv ?? 0,
    })),
    payments: order.payments.map((p) => ({
      method: p.method,
      amountCents: p.amountCents,
      state: p.state ?? 'captured',
    })),
  });
  if (issues.length === 0) throw new Error(`demo order ${order.orderDocId} was meant to fail its export`);
  const reason = failureReason(issues);
  const firstAt =
    failure.failedAt ??
    new Date(Math.min(ctx.clock.now.getTime(), failure.capturedAt.getTime() + 5 * MINUTE));
  ctx.writer.add(downstreamExports, {
    orderId: order.orderDocId,
    status: 'failed',
    attempts: failure.attempts,
    lastError: reason.message,
    createdAt: failure.capturedAt,
    nextAttemptAt: failure.capturedAt,
  });
  ctx.writer.add(failedOrders, {
    orderId: order.orderDocId,
    dateCreatedUtc: failure.failedAt,
    errorCode: reason.code,
    errorMessage: reason.message,
    context: {
      orderId: String(order.orderId),
      uid: order.uid,
      dateCreatedUTC: failure.failedAt?.toISOString() ?? null,
      attempts: failure.attempts,
    },
  });
  story.event(
    failure.capturedAt,
    null,
    'downstream.queued',
    {},
    { downstreamExport: { status: 'pending', attempts: 0 } },
  );
  story.event(
    firstAt,
    null,
    'downstream.failed',
    { downstreamExport: { status: 'pending', attempts: 0, lastError: null } },
    { downstreamExport: { status: 'failed', attempts: failure.attempts, lastError: reason.message } },
  );
}
