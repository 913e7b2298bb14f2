import type { AddressValues } from '@domain/addresses';
import { isCancelledForExport, type OrderProcess } from '@domain/downstream/downstream';
import { type FailedOrder, RETRY_MESSAGES, type RetryResult } from '@domain/downstream/failed';
import { orderStateName } from '@domain/reference/lists';
import { eq } from 'drizzle-orm';
import { downstreamExports, type OrderAddress, orders } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { type AppContext, actorOf } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { assertFieldWrites } from '../../platform/field-guard';
import type { StaffPrincipal } from '../../platform/sessions';
import { CAPTURE_FAILED, retryCaptureNow } from '../checkout/capture.service';
import { postalCodeIssue } from '../maps/zip-dataset';
import { exportLocked } from './downstream.export';
import * as repo from './downstream.repo';

// Failed orders (spec 2 §2), their retry, the order's process view, and fixing the shipping
// address of an order that has not gone downstream yet.

const NO_ORDER = 'No order with that id.';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listFailedOrders(ctx: AppContext, page: number, limit: number) {
  const found = await repo.listOpenFailures(ctx.db, (page - 1) * limit, limit + 1);
  const data: FailedOrder[] = found.slice(0, limit).map((r) => ({
    id: r.id,
    context: {
      orderId: typeof r.context.orderId === 'string' ? r.context.orderId : String(r.orderId),
      dateCreatedUTC: iso(r.dateCreatedUtc),
    },
    orderDocId: r.orderDocId,
    orderId: r.orderId,
    customerUserType: r.customerUserType,
    customerUid: r.customerUid,
    customerName: `${r.customerFirstName} ${r.customerLastName}`.trim(),
    errorCode: r.errorCode,
    errorMessage: r.errorMessage,
    attempts: r.attempts ?? 0,
  }));
  return { data, hasMore: found.length > limit };
}

/** Retries one failed order: queue its export again and run it now, in one transaction. */
async function retryOne(ctx: AppContext, staff: StaffPrincipal, id: number): Promise<RetryResult> {
  const actor = actorOf(staff);
  const seen = await repo.findFailure(ctx.db, id);
  if (seen && !seen.resolvedAt && seen.errorCode === CAPTURE_FAILED) {
    // A card capture that failed after checkout: retry the capture (its success queues the export).
    // Outside a transaction: the gateway keeps its own.
    const capture = await retryCaptureNow(ctx, seen.orderId, actor);
    const base = { id, orderDocId: seen.orderId, phoenixOrderId: null };
    if (capture)
      return capture.captured
        ? { ...base, outcome: 'queued', message: RETRY_MESSAGES.captured }
        : { ...base, outcome: 'failed', message: RETRY_MESSAGES.notCaptured };
  }
  return ctx.db.transaction(async (tx) => {
    const failure = await repo.lockFailure(tx, id);
    const base = { id, orderDocId: failure?.orderId ?? null, phoenixOrderId: null };
    if (!failure) return { ...base, outcome: 'notFound', message: RETRY_MESSAGES.notFound };
    if (failure.resolvedAt)
      return { ...base, outcome: 'alreadyResolved', message: RETRY_MESSAGES.alreadyResolved };
    let row = await repo.lockExportIfFree(tx, failure.orderId);
    if (!row) {
      if (await repo.findExport(tx, failure.orderId))
        // A worker holds it right now: its outcome will show.
        return { ...base, outcome: 'queued', message: RETRY_MESSAGES.queued };
      const [created] = await tx.insert(downstreamExports).values({ orderId: failure.orderId }).returning();
      row = created!;
    }
    const before = { downstreamExport: { status: row.status, attempts: row.attempts } };
    const [pending] = await tx
      .update(downstreamExports)
      .set({ status: 'pending', nextAttemptAt: new Date() })
      .where(eq(downstreamExports.orderId, failure.orderId))
      .returning();
    await recordChange(tx, {
      collection: 'orders-log',
      entityId: failure.orderId,
      action: 'downstream.retry',
      actor,
      before,
      after: { downstreamExport: { status: 'pending', attempts: pending!.attempts } },
    });
    const outcome = await exportLocked(tx, pending!, actor, ctx.log);
    if (!outcome) return { ...base, outcome: 'queued', message: RETRY_MESSAGES.queued };
    if (outcome.kind === 'exported')
      return {
        ...base,
        outcome: 'exported',
        phoenixOrderId: outcome.phoenixOrderId,
        message: RETRY_MESSAGES.exported(outcome.phoenixOrderId),
      };
    if (outcome.kind === 'cancelled')
      return { ...base, outcome: 'alreadyResolved', message: 'The order was cancelled; it is not exported.' };
    return { ...base, outcome: 'failed', message: outcome.message };
  });
}

/** Each id in its own transaction, so one order's trouble never holds back the others. */
export async function retryFailedOrders(ctx: AppContext, staff: StaffPrincipal, ids: number[]) {
  const results: RetryResult[] = [];
  for (const id of ids) results.push(await retryOne(ctx, staff, id));
  return results;
}

const HISTORY_LIMIT = 200;

export async function orderProcess(ctx: AppContext, id: string): Promise<OrderProcess> {
  const order = await repo.findOrder(ctx.db, id);
  if (!order) throw notFound(NO_ORDER);
  const [exp, failures, events] = [
    await repo.findExport(ctx.db, id),
    await repo.failuresOf(ctx.db, id),
    await repo.ordersLog(ctx.db, id, HISTORY_LIMIT),
  ];
  return {
    order: {
      id: order.id,
      orderId: order.orderId,
      customerUserType: order.customerUserType,
      customerUid: order.customerUid,
      customerName: `${order.customerFirstName} ${order.customerLastName}`.trim(),
      collection: order.collection,
      state: order.state,
      stateName: orderStateName(order.state) ?? 'Processing',
      phoenixOrderId: order.phoenixOrderId,
      dhlHoldStatus: order.dhlHoldStatus,
      dateCreatedUTC: order.dateCreatedUtc.toISOString(),
      dateCapturedUTC: iso(order.dateCapturedUtc),
      countryId: order.countryId,
      shippingMethodId: order.shippingMethodId,
      shippingAddress: order.shippingAddress,
    },
    export: exp && {
      status: exp.status,
      attempts: exp.attempts,
      queuedAt: exp.createdAt.toISOString(),
      nextAttemptAt: exp.status === 'pending' ? exp.nextAttemptAt.toISOString() : null,
      exportedAt: iso(exp.exportedAt),
      lastError: exp.lastError,
    },
    failures: failures.map((f) => ({
      id: f.id,
      dateCreatedUTC: iso(f.dateCreatedUtc),
      errorCode: f.errorCode,
      errorMessage: f.errorMessage,
      resolvedAt: iso(f.resolvedAt),
      resolvedBy: f.resolvedBy,
    })),
    history: events.map((e) => ({
      id: e.id,
      action: e.action,
      dateChangedUTC: e.dateChangedUtc.toISOString(),
      changedBy: e.changedBy,
      changedByName: e.changedByName,
      changes: e.differences.map((d) => ({
        path: d.path.join('.'),
        before: d.lhs ?? null,
        after: d.rhs ?? null,
      })),
    })),
  };
}

/**
 * Corrects the shipping address of an order that is not downstream yet (the usual fix of an
 * address failure); once in Phoenix the address is Phoenix's to change. The ZIP/postal code must
 * lie in the state or province, as on the address form (ADR 029): a 400 on the field, nothing written.
 */
export async function fixShippingAddress(
  ctx: AppContext,
  staff: StaffPrincipal,
  id: string,
  input: AddressValues,
): Promise<OrderAddress> {
  const issue = postalCodeIssue(input);
  if (issue) throw badRequest(issue, [{ path: 'body.postalCode', message: issue }]);
  return ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw notFound(NO_ORDER);
    if (order.phoenixOrderId !== null)
      throw conflict('This order is already in Phoenix; its shipping address can no longer be changed here.');
    if (isCancelledForExport(order.state, order.cancellation !== null))
      throw conflict('This order is cancelled; its shipping address can no longer be changed.');
    const address: OrderAddress = { ...input, country: input.countryId === 2 ? 'CA' : 'US' };
    assertFieldWrites(staff, 'order', order, { shippingAddress: address });
    await tx.update(orders).set({ shippingAddress: address, updatedAt: new Date() }).where(eq(orders.id, id));
    await recordChange(tx, {
      collection: 'orders-log',
      entityId: id,
      action: 'order.shippingAddress',
      actor: actorOf(staff),
      before: { shippingAddress: order.shippingAddress },
      after: { shippingAddress: address },
    });
    return address;
  });
}
