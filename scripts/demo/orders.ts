import { ORDER_STATE as S } from '@domain/reference';
import { orderLines, orderPayments, orders, paymentTransactions } from '@server/db/schema';
import type { AccountDraft } from './accounts';
import { afterSales } from './after-sales';
import { writeOrderStory } from './change-logs';
import type { GenContext } from './context';
import type { CreditAccount } from './credit';
import { faultyOrder, recordExportFailure } from './export-failures';
import { fulfil } from './fulfilment';
import { COMPANY } from './genealogy';
import { orderNumber } from './ids';
import { planOrders } from './order-plan';
import { priceOrder } from './order-pricing';
import { addCards, type Card, payOrder } from './payments';
import { OrderStory } from './story';
import { MINUTE } from './time';

// All orders of one account, from placement to refunds, written with their lines, payments,
// gateway transactions, shipments, comments and change events.

/** Captured in the US after this the card payment ran on the second gateway version; in Canada after the cut-over. */
const CA_CARD_V2 = Date.parse('2022-03-23T16:00:00Z');

export function addOrders(ctx: GenContext, draft: AccountDraft, credit: CreditAccount): number {
  const { rng, clock, writer } = ctx;
  const specs = planOrders(ctx, draft);
  if (specs.length === 0) return 0;
  let cards: Card[] | null = null;
  const sponsor =
    draft.placement.sponsorIdx === COMPANY ? null : ctx.directory.personOf(draft.placement.sponsorIdx);
  const currency = draft.countryId === 2 ? 'CAD' : 'USD';
  const localeCode = draft.countryId === 1 ? 'en-US' : draft.row.defaultLanguageId === 2 ? 'fr-CA' : 'en-CA';

  for (const spec of specs) {
    const priced = priceOrder(ctx, draft, spec, credit.available);
    if (priced.grandTotalCents > 0 && !cards) cards = addCards(ctx, draft);
    const orderDocId = rng.alphanumeric(20);
    credit.spend(priced.appliedCreditCents, spec.createdAt, orderDocId);
    const orderId = orderNumber(ctx.counters.orders++, ctx.seed);
    if (spec.purchase) spec.purchase.orderId = orderDocId;
    const capturedAt =
      spec.collection === 'invoices'
        ? new Date(Math.min(clock.now.getTime(), spec.createdAt.getTime() + rng.int(3, 90) * MINUTE))
        : null;
    const paid = payOrder(ctx, cards ?? [], {
      orderDocId,
      state: spec.state,
      collection: spec.collection,
      grandTotalCents: priced.grandTotalCents,
      appliedCreditCents: priced.appliedCreditCents,
      currency,
      countryId: draft.countryId,
      createdAt: spec.createdAt,
      capturedAt,
    });
    const fulfilled = fulfil(ctx, {
      orderDocId,
      orderId,
      uid: draft.uid,
      state: spec.state,
      collection: spec.collection,
      countryId: draft.countryId,
      shippingMethodId: priced.shippingMethodId,
      createdAt: spec.createdAt,
      capturedAt,
      lines: priced.lines,
    });
    // A failed export's order is wrong in the way its failure says (the export's own rules).
    const faulty = faultyOrder(fulfilled.exportFailure, priced.address, draft.phoenixId);
    const story = new OrderStory();
    const after = afterSales(
      ctx,
      {
        spec,
        orderDocId,
        orderId,
        phoenixOrderId: fulfilled.phoenixOrderId,
        capturedAt,
        lastEventAt: fulfilled.lastEventAt,
        currency,
        lines: priced.lines,
        payments: paid.payments,
        merchandiseCents: priced.subtotalCents - priced.discountCents,
        shippingCents: priced.shippingCents,
        taxCents: priced.taxCents,
        volumes: priced,
        hasPhoenixId: fulfilled.phoenixOrderId !== null,
      },
      story,
    );
    for (const r of after.creditRefunds) credit.refund(r.amountCents, r.at, orderDocId, 'system');

    const paidCents = paid.payments.reduce((s, p) => s + p.amountCents, 0);
    const refundedCents = paid.payments.reduce((s, p) => s + p.refundedCents, 0);
    const paymentState =
      refundedCents > 0
        ? refundedCents >= paidCents
          ? 'refunded'
          : 'partially_refunded'
        : paid.paymentState;
    writer.add(orders, {
      id: orderDocId,
      orderId,
      phoenixOrderId: fulfilled.phoenixOrderId,
      collection: spec.collection,
      state: spec.state,
      printed: fulfilled.printed,
      orderType: spec.orderType,
      channel: spec.channel,
      customerUid: draft.uid,
      customerUserType: draft.userType,
      customerFirstName: draft.person.firstName,
      customerLastName: draft.person.lastName,
      customerEmail: draft.row.email ?? null,
      customerPhoenixId: faulty.customerPhoenixId,
      sponsorId: draft.sponsorPhoenixId,
      consultantName: sponsor ? `${sponsor.firstName} ${sponsor.lastName}` : null,
      byConsultant: spec.byConsultant,
      socialId: spec.social?.id ?? null,
      countryId: draft.countryId,
      currency,
      localeCode,
      shippingMethodId: priced.shippingMethodId,
      shippingCarrierId: fulfilled.shippingCarrierId,
      trackingNumber: fulfilled.trackingNumber,
      narvarTrackingUrl: fulfilled.narvarTrackingUrl,
      shippingAddress: faulty.address,
      subtotalCents: priced.subtotalCents - priced.discountCents,
      prePromoSubtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      shippingCents: priced.shippingCents,
      taxCents: priced.taxCents,
      shippingTaxCents: priced.shippingTaxCents,
      appliedCreditCents: priced.appliedCreditCents,
      grandTotalCents: priced.grandTotalCents,
      cv: priced.cv,
      pv: priced.pv,
      qv: priced.qv,
      paymentState,
      squareV2:
        draft.countryId === 2
          ? spec.createdAt.getTime() >= CA_CARD_V2
          : clock.now.getTime() - spec.createdAt.getTime() < 3 * 365 * 86_400_000,
      newOrderFlow: clock.now.getTime() - spec.createdAt.getTime() < 2 * 365 * 86_400_000,
      isMembership: spec.purchase?.kind === 'membership',
      isRenewal: spec.purchase?.kind === 'renewal',
      hostOrder: spec.hostOrder,
      isFraud: after.isFraud,
      dhlHoldStatus: fulfilled.dhlHoldStatus,
      giftMessage: rng.chance(0.03)
        ? rng.pick([
            'Happy birthday! Love you.',
            'Congratulations!',
            'Thinking of you.',
            'Enjoy some self-care!',
          ])
        : null,
      appliedPromos: priced.appliedPromos,
      cancellation: after.cancellation,
      dateCreatedUtc: spec.createdAt,
      dateCapturedUtc: spec.state === S.cancelled ? null : capturedAt,
      updatedAt: new Date(Math.max(after.lastEventAt.getTime(), spec.createdAt.getTime())),
    });
    writer.add(orderLines, ...priced.lines.map((l) => ({ ...l, orderId: orderDocId })));
    writer.add(orderPayments, ...paid.payments);
    if (fulfilled.exportFailure)
      recordExportFailure(ctx, story, fulfilled.exportFailure, {
        orderDocId,
        orderId,
        uid: draft.uid,
        countryId: draft.countryId,
        shippingMethodId: priced.shippingMethodId,
        shippingAddress: faulty.address,
        customerPhoenixId: faulty.customerPhoenixId,
        paymentState,
        priced,
        payments: paid.payments,
      });
    writer.add(paymentTransactions, ...paid.transactions);
    writeOrderStory(
      ctx,
      { orderDocId, state: spec.state, createdAt: spec.createdAt, capturedAt, address: priced.address },
      story,
    );
  }
  return specs.length;
}
