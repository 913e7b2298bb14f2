import { exportIssues, failureReason, isCancelledForExport } from '@domain/downstream/downstream';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { downstreamExports, failedOrders, orders } from '../../db/schema';
import { type Actor, type ChangeInput, recordChange, SYSTEM_ACTOR } from '../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { backoffMs } from '../../platform/poller';
import * as repo from './downstream.repo';

// The export job (DESIGN §2 "Phoenix", §1 scale path). A worker claims due pending rows with
// FOR UPDATE SKIP LOCKED and exports each in a savepoint of the claiming transaction: the row lock
// is held until the outcome commits, so two workers never export the same order, and the Phoenix
// order id comes from a sequence, so no id is handed out twice. Every change writes an orders-log
// event in the same transaction.

export type ExportOutcome =
  | { kind: 'exported'; phoenixOrderId: number }
  | { kind: 'failed'; code: string; message: string }
  | { kind: 'cancelled' };

/** After this many unexpected errors (not validation) the export stops and becomes a failed order. */
export const MAX_EXPORT_ERRORS = 5;

/** The orders-log event of an order queued for export. */
export const queuedEvent = (orderDocId: string, actor: Actor): ChangeInput => ({
  collection: 'orders-log',
  entityId: orderDocId,
  action: 'downstream.queued',
  actor,
  before: {},
  after: { downstreamExport: { status: 'pending', attempts: 0 } },
});

/** Queues one order for export in the caller's transaction (call it where an order is captured). */
export async function enqueueExport(tx: DbOrTx, orderDocId: string, actor: Actor = SYSTEM_ACTOR) {
  const inserted = await tx
    .insert(downstreamExports)
    .values({ orderId: orderDocId })
    .onConflictDoNothing()
    .returning({ orderId: downstreamExports.orderId });
  if (inserted.length === 0) return false;
  await recordChange(tx, queuedEvent(orderDocId, actor));
  return true;
}

const exportView = (row: Pick<repo.ExportRow, 'status' | 'attempts'> & { lastError?: string | null }) => ({
  downstreamExport: { status: row.status, attempts: row.attempts, lastError: row.lastError ?? null },
});

async function assignPhoenixOrderId(tx: Tx): Promise<number> {
  // Numbers loaded or imported from elsewhere may sit anywhere in the 9-digit range; skip them.
  for (let tries = 0; tries < 1000; tries++) {
    const id = await repo.nextPhoenixOrderId(tx);
    if (!(await repo.phoenixOrderIdTaken(tx, id))) return id;
  }
  throw new Error('No free Phoenix order id found');
}

/**
 * Exports one order whose export row the caller has locked: validates it, assigns the Phoenix order
 * id and marks it exported, or records the failure (one open failed order per order).
 */
export async function exportOrder(tx: Tx, row: repo.ExportRow, actor: Actor): Promise<ExportOutcome> {
  const order = await repo.lockOrder(tx, row.orderId);
  if (!order) throw new Error(`order ${row.orderId} of an export row is missing`);
  const attempts = row.attempts + 1;
  const now = new Date();

  if (order.phoenixOrderId === null && isCancelledForExport(order.state, order.cancellation !== null)) {
    await tx
      .update(downstreamExports)
      .set({ status: 'cancelled', attempts, lastError: null })
      .where(eq(downstreamExports.orderId, row.orderId));
    await recordChange(tx, {
      collection: 'orders-log',
      entityId: order.id,
      action: 'downstream.cancelled',
      actor,
      before: exportView(row),
      after: exportView({ status: 'cancelled', attempts }),
    });
    await resolveOpenFailures(tx, order.id, actor, now);
    return { kind: 'cancelled' };
  }

  const issues = order.phoenixOrderId === null ? exportIssues(await repo.exportCandidate(tx, order)) : [];
  if (issues.length > 0) {
    const reason = failureReason(issues);
    await recordFailure(tx, order, row, attempts, reason, actor, now);
    return { kind: 'failed', ...reason };
  }

  // An order already downstream keeps its number: never a second id for one order.
  const phoenixOrderId = order.phoenixOrderId ?? (await assignPhoenixOrderId(tx));
  if (order.phoenixOrderId === null)
    await tx.update(orders).set({ phoenixOrderId, updatedAt: now }).where(eq(orders.id, order.id));
  await tx
    .update(downstreamExports)
    .set({ status: 'exported', attempts, exportedAt: now, lastError: null })
    .where(eq(downstreamExports.orderId, row.orderId));
  await recordChange(tx, {
    collection: 'orders-log',
    entityId: order.id,
    action: 'downstream.exported',
    actor,
    before: { phoenixOrderId: order.phoenixOrderId, ...exportView(row) },
    after: { phoenixOrderId, ...exportView({ status: 'exported', attempts }) },
  });
  await resolveOpenFailures(tx, order.id, actor, now);
  return { kind: 'exported', phoenixOrderId };
}

async function resolveOpenFailures(tx: Tx, orderId: string, actor: Actor, now: Date) {
  await tx
    .update(failedOrders)
    .set({ resolvedAt: now, resolvedBy: actor.email })
    .where(and(eq(failedOrders.orderId, orderId), isNull(failedOrders.resolvedAt)));
}

async function recordFailure(
  tx: Tx,
  order: repo.OrderRow,
  row: repo.ExportRow,
  attempts: number,
  reason: { code: string; message: string },
  actor: Actor,
  now: Date,
) {
  await tx
    .update(downstreamExports)
    .set({ status: 'failed', attempts, lastError: reason.message })
    .where(eq(downstreamExports.orderId, row.orderId));
  const open = await repo.openFailure(tx, order.id);
  const context = {
    ...(open?.context ?? {}),
    orderId: String(order.orderId),
    uid: order.customerUid,
    dateCreatedUTC: (open?.dateCreatedUtc ?? now).toISOString(),
    attempts,
    lastAttemptUTC: now.toISOString(),
  };
  if (open)
    await tx
      .update(failedOrders)
      .set({ errorCode: reason.code, errorMessage: reason.message, context })
      .where(eq(failedOrders.id, open.id));
  else
    await tx.insert(failedOrders).values({
      orderId: order.id,
      dateCreatedUtc: now,
      errorCode: reason.code,
      errorMessage: reason.message,
      context,
    });
  await recordChange(tx, {
    collection: 'orders-log',
    entityId: order.id,
    action: 'downstream.failed',
    actor,
    before: exportView(row),
    after: exportView({ status: 'failed', attempts, lastError: reason.message }),
  });
}

/**
 * An unexpected error (not a validation failure) rolled the export back: count the attempt and try
 * again later with back-off; after MAX_EXPORT_ERRORS it becomes a failed order staff can retry.
 */
async function recordError(tx: Tx, row: repo.ExportRow, err: unknown) {
  const message = `Export error: ${err instanceof Error ? err.message : String(err)}`;
  const attempts = row.attempts + 1;
  if (attempts >= MAX_EXPORT_ERRORS) {
    const order = await repo.findOrder(tx, row.orderId);
    if (order)
      await recordFailure(
        tx,
        order,
        row,
        attempts,
        { code: 'EXPORT_ERROR', message },
        SYSTEM_ACTOR,
        new Date(),
      );
    return;
  }
  await tx
    .update(downstreamExports)
    .set({ attempts, lastError: message, nextAttemptAt: new Date(Date.now() + backoffMs(attempts)) })
    .where(eq(downstreamExports.orderId, row.orderId));
}

/** Exports a locked row in a savepoint; an unexpected error is recorded instead of thrown. */
export async function exportLocked(
  tx: Tx,
  row: repo.ExportRow,
  actor: Actor,
  log: FastifyBaseLogger,
): Promise<ExportOutcome | null> {
  try {
    return await tx.transaction((sp) => exportOrder(sp, row, actor));
  } catch (err) {
    log.warn({ err, orderId: row.orderId }, 'downstream export failed unexpectedly');
    await recordError(tx, row, err);
    return null;
  }
}

/** One worker pass: claims up to `batchSize` due exports and runs them. Returns how many it claimed. */
export function processExports(db: Db, log: FastifyBaseLogger, batchSize = 20): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await repo.claimDue(tx, batchSize);
    for (const row of claimed) await exportLocked(tx, row, SYSTEM_ACTOR, log);
    return claimed.length;
  });
}
