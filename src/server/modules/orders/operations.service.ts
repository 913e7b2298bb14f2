import { type OrderDetail, readOnlyReason } from '@domain/orders/detail';
import {
  type CancelOrderRequest,
  cancelRefusal,
  DHL_HOLD,
  ORDER_MESSAGES,
  SIFT_EVENT,
} from '@domain/orders/operations';
import { ERROR_CODES } from '@domain/platform/envelope';
import { ORDER_STATE } from '@domain/reference';
import { fullyRefunded } from '@domain/refunds/refund-math';
import { eq } from 'drizzle-orm';
import { accounts, fraudDecisions, orderComments, orders } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { type AppContext, actorOf } from '../../platform/context';
import { customerEmailLocale } from '../../platform/customer-email';
import type { DbOrTx } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { assertFieldWrites } from '../../platform/field-guard';
import { enqueueEmail, enqueueEvent } from '../../platform/outbox';
import type { StaffPrincipal } from '../../platform/sessions';
import { type OrderEmailKind, orderEmail } from './emails';
import * as repo from './orders.repo';
import { labelOf, orderDetail } from './orders.service';

// Operations on one order (spec 2 §4, §6, §7). Each runs in one transaction with its orders-log
// event (entityId = orders.id) on the locked order row.

const LOG = 'orders-log';

function refuseReadOnly(o: repo.OrderRow) {
  const reason = readOnlyReason(o);
  if (reason) throw conflict(reason);
}

export async function addComment(ctx: AppContext, staff: StaffPrincipal, id: string, text: string) {
  await ctx.db.transaction(async (tx) => {
    await repo.lockOrder(tx, id);
    const [row] = await tx
      .insert(orderComments)
      .values({ orderId: id, description: text, name: staff.name })
      .returning();
    await recordChange(tx, {
      collection: LOG,
      entityId: id,
      action: 'order.comment',
      actor: actorOf(staff),
      after: { comment: { description: row!.description, name: row!.name } },
    });
  });
  return ORDER_MESSAGES.commentAdded;
}

/** spec 2 §4 Cancel: the rules of cancelRefusal(), then state 7, the cancellation and the Cancelled comment. */
export async function cancelOrder(
  ctx: AppContext,
  staff: StaffPrincipal,
  id: string,
  input: CancelOrderRequest,
) {
  return ctx.db.transaction(async (tx) => {
    const o = await repo.lockOrder(tx, id);
    const refunds = await repo.refundTotals(tx, id);
    const refusal = cancelRefusal(
      { ...o, fullyRefunded: fullyRefunded(repo.refundedFacts(o, refunds)) },
      staff.role,
    );
    if (refusal) {
      const code = refusal.status === 403 ? ERROR_CODES.insufficientPermissions : undefined;
      throw new AppError(refusal.status, refusal.message, code);
    }
    const cancellation = {
      ticket: input.ticket,
      reason: input.reason,
      adminUid: staff.id,
      adminName: staff.name,
      comment: input.comment || null,
      date: new Date().toISOString(),
    };
    assertFieldWrites(staff, 'order', o, { state: ORDER_STATE.cancelled, cancellation });
    await tx
      .update(orders)
      .set({ state: ORDER_STATE.cancelled, cancellation, updatedAt: new Date() })
      .where(eq(orders.id, id));
    const description = [`Order cancelled. Ticket ${input.ticket}: ${input.reason}`, input.comment]
      .filter(Boolean)
      .join('\n');
    await tx
      .insert(orderComments)
      .values({ orderId: id, description, name: staff.name, status: 'Cancelled' });
    // A cancelled order no longer counts towards its popup's totals.
    if (o.socialId) await repo.recalculateSocial(tx, o.socialId);
    await recordChange(tx, {
      collection: LOG,
      entityId: id,
      action: 'order.cancel',
      actor: actorOf(staff),
      before: { state: o.state, cancellation: null },
      after: { state: ORDER_STATE.cancelled, cancellation },
    });
    return ORDER_MESSAGES.cancelled(labelOf(o));
  });
}

export async function dhlStatus(ctx: AppContext, id: string) {
  const o = await repo.loadOrder(ctx.db, id);
  return { success: true as const, inHolding: o.dhlHoldStatus === DHL_HOLD };
}

/**
 * spec 2 §4 Fraud status: records the decision, sets isFraud, and (from the order screen) queues
 * the decision for Sift (`POST /sift/apply-order-decision`) in the same transaction.
 */
export async function setFraud(
  ctx: AppContext,
  staff: StaffPrincipal,
  id: string,
  decision: { isFraud: boolean; analystEmail: string; userId?: string },
  notify: boolean,
) {
  await ctx.db.transaction(async (tx) => {
    const o = await repo.lockOrder(tx, id);
    refuseReadOnly(o);
    if (decision.userId !== undefined && decision.userId !== o.customerUid)
      throw badRequest("The userId is not the order's customer.");
    assertFieldWrites(staff, 'order', o, { isFraud: decision.isFraud });
    await tx.insert(fraudDecisions).values({
      orderId: id,
      isFraud: decision.isFraud,
      analystEmail: decision.analystEmail,
      userId: o.customerUid,
    });
    await tx
      .update(orders)
      .set({ isFraud: decision.isFraud, updatedAt: new Date() })
      .where(eq(orders.id, id));
    await recordChange(tx, {
      collection: LOG,
      entityId: id,
      action: notify ? 'order.fraud' : 'sift.applyOrderDecision',
      actor: actorOf(staff),
      before: { isFraud: o.isFraud },
      after: { isFraud: decision.isFraud },
    });
    if (notify)
      await enqueueEvent(tx, {
        template: SIFT_EVENT,
        entityId: id,
        payload: {
          isFraud: decision.isFraud,
          userId: o.customerUid,
          analystEmail: decision.analystEmail,
          orderId: id,
        },
      });
  });
  if (notify) ctx.wakeOutbox();
  return ORDER_MESSAGES.fraudUpdated;
}

const SENT: Record<OrderEmailKind, string> = {
  'order-confirmation': ORDER_MESSAGES.orderConfirmationSent,
  'shipping-confirmation': ORDER_MESSAGES.shippingConfirmationSent,
  'terms-acceptance': ORDER_MESSAGES.termsEmailSent,
};

/**
 * The customer's locale for an order's email: the order's (its locale and country) and the
 * account's language, so a French-speaking customer reads a resend in French as at purchase.
 */
async function emailLocaleOf(tx: DbOrTx, detail: OrderDetail) {
  const [account] = await tx
    .select({ languageId: accounts.defaultLanguageId })
    .from(accounts)
    .where(eq(accounts.uid, detail.customer.uid));
  return customerEmailLocale({
    localeCode: detail.localeCode,
    languageId: account?.languageId ?? null,
    countryId: detail.countryId,
  });
}

async function sendOrderEmail(
  ctx: AppContext,
  staff: StaffPrincipal,
  tx: DbOrTx,
  kind: OrderEmailKind,
  id: string,
  to: string | null,
) {
  await repo.lockOrder(tx, id);
  const detail = await orderDetail(tx, id);
  if (!to) throw badRequest('The customer has no email address on file.');
  if (kind === 'shipping-confirmation' && detail.shipments.length === 0)
    throw conflict('The order has not shipped yet: there is no shipment to confirm.');
  const locale = await emailLocaleOf(tx, detail);
  const outboxId = await enqueueEmail(
    tx,
    orderEmail(kind, detail, to, { locale, customerSiteUrl: ctx.config.customerSiteUrl }),
  );
  await recordChange(tx, {
    collection: LOG,
    entityId: id,
    action: `order.email.${kind}`,
    actor: actorOf(staff),
    differences: [{ kind: 'N', path: ['emailSent'], rhs: { template: kind, outboxId } }],
  });
}

/** Order or shipping confirmation to the order's email (spec 2 §7 resend…Confirmation/{id}). */
export async function resendConfirmation(
  ctx: AppContext,
  staff: StaffPrincipal,
  kind: 'order-confirmation' | 'shipping-confirmation',
  id: string,
) {
  await ctx.db.transaction(async (tx) => {
    const o = await repo.loadOrder(tx, id);
    await sendOrderEmail(ctx, staff, tx, kind, id, o.customerEmail);
  });
  ctx.wakeOutbox();
  return SENT[kind];
}

/** Terms acceptance email (spec 2 §5: needs the customer email and the orderId). */
export async function resendTerms(
  ctx: AppContext,
  staff: StaffPrincipal,
  input: { email?: string | undefined; orderId?: string | undefined },
) {
  if (!input.email || !input.orderId) throw badRequest(ORDER_MESSAGES.resendFailed);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) throw badRequest('Not a valid email address.');
  const orderId = input.orderId;
  await ctx.db.transaction(async (tx) => {
    // The orderId is the document id, or the number staff read (with or without its F/X prefix).
    const byNumber = /^[FX]?\d{1,9}$/i.test(orderId) ? await repo.findOrderByNumber(tx, orderId) : undefined;
    const o = byNumber ?? (await repo.findOrder(tx, orderId));
    if (!o) throw notFound(repo.NO_ORDER);
    await sendOrderEmail(ctx, staff, tx, 'terms-acceptance', o.id, input.email!);
  });
  ctx.wakeOutbox();
  return SENT['terms-acceptance'];
}

/**
 * spec 2 §4 Popup reassignment: the order's socialId changes in one transaction, and the old and
 * new popups' totals are recomputed in it (id 0 = no popup, skipped).
 */
export async function reassignPopup(ctx: AppContext, staff: StaffPrincipal, id: string, socialId: number) {
  return ctx.db.transaction(async (tx) => {
    const o = await repo.lockOrder(tx, id);
    refuseReadOnly(o);
    const previous = o.socialId ?? 0;
    if (previous === socialId) throw conflict('The order is already in that popup.');
    if (socialId !== 0) {
      const social = await repo.findSocial(tx, socialId);
      if (!social) throw notFound('No popup with that id.');
      if (social.status === 'cancelled') throw conflict('A cancelled popup cannot take orders.');
      const sponsor = o.sponsorId > 1 ? await repo.accountByPhoenixId(tx, o.sponsorId) : undefined;
      if (social.hostUid !== o.customerUid && social.hostUid !== sponsor?.uid)
        throw badRequest("That popup is not one of the customer's or the consultant's popups.");
    }
    assertFieldWrites(staff, 'order', o, { socialId: socialId === 0 ? null : socialId });
    await tx
      .update(orders)
      .set({ socialId: socialId === 0 ? null : socialId, updatedAt: new Date() })
      .where(eq(orders.id, id));
    for (const sid of [previous, socialId]) if (sid !== 0) await repo.recalculateSocial(tx, sid);
    await recordChange(tx, {
      collection: LOG,
      entityId: id,
      action: 'order.popup',
      actor: actorOf(staff),
      before: { socialId: o.socialId },
      after: { socialId: socialId === 0 ? null : socialId },
    });
    return { previousSocialId: previous, socialId };
  });
}

export async function recalculateSocial(ctx: AppContext, staff: StaffPrincipal, socialId: number) {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.socialTotals(tx, socialId);
    if (!before) throw notFound('No popup with that id.');
    const after = (await repo.recalculateSocial(tx, socialId))!;
    if (before.totalCents !== after.totalCents || before.orderCount !== after.orderCount)
      await recordChange(tx, {
        collection: 'socials-log',
        entityId: String(socialId),
        action: 'social.recalculate',
        actor: actorOf(staff),
        before: { totalCents: before.totalCents, orderCount: before.orderCount },
        after: { totalCents: after.totalCents, orderCount: after.orderCount },
      });
    return after;
  });
}
