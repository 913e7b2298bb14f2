import { orderDisplayStatus, orderNumberLabel } from '@domain/customers/order-status';
import {
  isCancelled,
  type OrderDetail,
  type PopupOption,
  readOnlyReason,
  type SplitPayment,
} from '@domain/orders/detail';
import { carrierName, orderStateName } from '@domain/reference';
import { fullyRefunded } from '@domain/refunds/refund-math';
import type { AppContext } from '../../platform/context';
import { type DbOrTx, readsFor } from '../../platform/db';
import * as repo from './orders.repo';

export type { OrderRow } from './orders.repo';

// The order detail (spec 2 §2 Order detail; §4 Loading an order). One order lives in one row with
// its `collection`: invoices and ship-to-socials are Completed, orders is Pending (read-only).

type PopupRow = NonNullable<Awaited<ReturnType<typeof repo.findSocial>>>;
const toPopup = (p: PopupRow): PopupOption => ({
  id: p.id,
  name: p.name,
  status: p.status,
  hostUid: p.hostUid,
  hostName: `${p.firstName} ${p.lastName}`,
  openingDate: p.openingDate?.toISOString() ?? null,
});

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export const labelOf = (o: { orderId: number; customerUserType: number }) =>
  orderNumberLabel(o.orderId, o.customerUserType);

export async function orderDetail(db: DbOrTx, id: string): Promise<OrderDetail> {
  const o = await repo.loadOrder(db, id);
  const read = readsFor(db);
  const [lines, payments, shipments, comments, refundTotals, sponsor, popup] = await Promise.all([
    read(() => repo.linesOf(db, id)),
    read(() => repo.paymentsOf(db, id)),
    read(() => repo.shipmentsOf(db, id)),
    read(() => repo.commentsOf(db, id)),
    read(() => repo.refundTotals(db, id)),
    o.sponsorId > 1 ? read(() => repo.accountByPhoenixId(db, o.sponsorId)) : Promise.resolve(undefined),
    o.socialId ? read(() => repo.findSocial(db, o.socialId!)) : Promise.resolve(undefined),
  ]);
  const hosts = [o.customerUid, ...(sponsor ? [sponsor.uid] : [])];
  const popups = await repo.popupsOfHosts(db, hosts);
  const reason = readOnlyReason(o);
  return {
    id: o.id,
    orderId: o.orderId,
    orderLabel: labelOf(o),
    phoenixOrderId: o.phoenixOrderId,
    collection: o.collection,
    loadedFrom: o.collection === 'orders' ? 'Pending' : 'Completed',
    state: o.state,
    stateName: orderStateName(o.state) ?? null,
    status: orderDisplayStatus({ ...o, hasShipments: shipments.length > 0 }),
    printed: o.printed,
    orderType: o.orderType,
    channel: o.channel,
    countryId: o.countryId,
    currency: o.currency,
    localeCode: o.localeCode,
    dateCreatedUtc: o.dateCreatedUtc.toISOString(),
    dateCapturedUtc: iso(o.dateCapturedUtc),
    customer: {
      uid: o.customerUid,
      firstName: o.customerFirstName,
      lastName: o.customerLastName,
      userType: o.customerUserType,
      email: o.customerEmail,
      phoenixId: o.customerPhoenixId,
      sponsorId: o.sponsorId,
      sponsor: sponsor ? { uid: sponsor.uid, name: `${sponsor.firstName} ${sponsor.lastName}` } : null,
    },
    consultantName: o.consultantName,
    byConsultant: o.byConsultant,
    shippingMethodId: o.shippingMethodId,
    shippingAddress: o.shippingAddress ?? null,
    giftMessage: o.giftMessage,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      sku: l.sku,
      title: l.title,
      selectedVariant: l.selectedVariant,
      quantity: l.quantity,
      priceCents: l.priceCents,
      listPriceCents: l.listPriceCents,
      priceStep: l.priceStep,
      adjustedPriceCents: l.adjustedPriceCents,
      discountCents: l.discountCents,
      totalCents: l.totalCents,
      isPromo: l.isPromo,
      isSample: l.isSample,
      isHostReward: l.isHostReward,
      subscription: l.subscription,
      cv: l.cv,
      pv: l.pv,
      qv: l.qv,
      nv: l.nv,
      sv: l.sv,
    })),
    volumes: { cv: o.cv, pv: o.pv, qv: o.qv },
    payments: payments.map((p) => ({
      method: p.method,
      brand: p.brand,
      last4: p.accountNumber ? p.accountNumber.slice(-4) : null,
      transactionId: p.transactionId,
      amountCents: p.amountCents,
      refundedCents: p.refundedCents,
      state: p.state,
    })),
    splitPayments: splitPaymentsOf(payments),
    paymentState: o.paymentState,
    shipments: shipments.map((s) => ({
      carrierId: s.carrierId,
      carrierName: carrierName(s.carrierId) ?? `Carrier ${s.carrierId}`,
      trackingNumber: s.trackingNumber,
      trackingUrl: s.trackingUrl,
      shippedAt: s.shippedAt.toISOString(),
    })),
    narvarTrackingUrl: o.narvarTrackingUrl,
    totals: {
      prePromoSubtotalCents: o.prePromoSubtotalCents,
      discountCents: o.discountCents,
      subtotalCents: o.subtotalCents,
      shippingCents: o.shippingCents,
      taxCents: o.taxCents,
      shippingTaxCents: o.shippingTaxCents,
      appliedCreditCents: o.appliedCreditCents,
      grandTotalCents: o.grandTotalCents,
    },
    appliedPromos: o.appliedPromos,
    refunds: {
      count: refundTotals.count,
      refundedCents: refundTotals.refunded_cents,
      pcRefundedCents: refundTotals.pc_refunded_cents,
      pendingCount: refundTotals.pending_count,
      failedCount: refundTotals.failed_count,
      fullyRefunded: fullyRefunded(repo.refundedFacts(o, refundTotals)),
      lastRefundAt: iso(refundTotals.last_at),
    },
    comments: comments.map((c) => ({
      id: c.id,
      description: c.description,
      name: c.name,
      date: c.date.toISOString(),
      status: c.status,
    })),
    cancelled: isCancelled(o),
    cancellation: o.cancellation
      ? {
          ticket: o.cancellation.ticket ?? null,
          reason: o.cancellation.reason,
          adminUid: o.cancellation.adminUid,
          adminName: o.cancellation.adminName ?? null,
          comment: o.cancellation.comment ?? null,
          date: o.cancellation.date,
        }
      : null,
    isFraud: o.isFraud,
    dhlHoldStatus: o.dhlHoldStatus,
    isMembership: o.isMembership,
    isRenewal: o.isRenewal,
    hostOrder: o.hostOrder,
    newOrderFlow: o.newOrderFlow,
    squareV2: o.squareV2,
    socialId: o.socialId,
    popup: popup ? toPopup(popup) : null,
    consultantPopups: popups.map(toPopup),
    readOnly: reason !== null,
    readOnlyReason: reason,
  };
}

export const detail = (ctx: AppContext, id: string) => orderDetail(ctx.db, id);

/** GET /customer/orderDetails/{id} (spec 2 §7): the shipment as the order-details service answers it. */
export async function orderShipment(ctx: AppContext, id: string) {
  const o = await repo.loadOrder(ctx.db, id);
  const shipments = await repo.shipmentsOf(ctx.db, id);
  return {
    orderResponse: {
      orderShipment: {
        shippingMethodID: o.shippingMethodId,
        packages: shipments.map((s) => ({
          shippingCarrierID: s.carrierId,
          trackingNumber: s.trackingNumber,
        })),
      },
    },
  };
}

/** Spec 2 §3 Order.payment.splitPayments: the cards of an order paid with more than one. */
function splitPaymentsOf(payments: Awaited<ReturnType<typeof repo.paymentsOf>>): SplitPayment[] {
  const cards = payments.filter((p) => p.method === 'card');
  if (cards.length < 2) return [];
  return cards.map((p) => ({
    amount: p.amountCents,
    brand: p.brand,
    last4: p.accountNumber ? p.accountNumber.slice(-4) : null,
    cardId: p.cardId,
    tenderId: p.tenderId,
    transactionId: p.transactionId,
    refundAmount: p.refundedCents,
    state: p.state,
  }));
}

// What other modules do with an order or a popup (refunds, the checkout, popup closing): through
// these, never through orders.repo.

/** The order row, or a 404. */
export const loadOrder = (db: DbOrTx, id: string): Promise<repo.OrderRow> => repo.loadOrder(db, id);

/** The order row locked for the rest of the caller's transaction, or a 404. */
export const lockOrder = (tx: DbOrTx, id: string): Promise<repo.OrderRow> => repo.lockOrder(tx, id);

/**
 * Recomputes a popup's totals from its orders that are not cancelled, in the caller's transaction:
 * the new totals, or null when no popup has that id.
 */
export const recalculatePopupTotals = (tx: DbOrTx, socialId: number) => repo.recalculateSocial(tx, socialId);
