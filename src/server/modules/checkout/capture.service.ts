import type { ExportFailureCode } from '@domain/downstream/downstream';
import { ORDER_STATE } from '@domain/reference';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { captureRetries, failedOrders, orderPayments, orders } from '../../db/schema';
import { type Actor, recordChange, SYSTEM_ACTOR } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import type { Db, Tx } from '../../platform/db';
import { backoffMs } from '../../platform/poller';
import type { WorkerSpec } from '../../platform/workers';
import { enqueueExport } from '../downstream/downstream.export';

// The capture of a checkout's card authorization (ADR 015). The purchase writes the order with its
// card payment authorized and captures after the commit; only a captured order is queued for the
// downstream export (the export also refuses an uncaptured one). A capture that fails is kept in
// `capture_retries` and shown as a failed order (PAYMENT_NOT_CAPTURED); the capture worker retries
// it under its original gateway key (a capture the gateway already made is answered from its
// ledger, never made twice) with back-off, at most MAX_CAPTURE_ATTEMPTS times in all. Every
// outcome is an orders-log event.

export const MAX_CAPTURE_ATTEMPTS = 5;
/** A claimed retry whose worker died is due again after this long. */
const CLAIM_LEASE_SECONDS = 120;
/** The failed-order code of a capture that failed (the export's own code for an uncaptured order). */
export const CAPTURE_FAILED: ExportFailureCode = 'PAYMENT_NOT_CAPTURED';

type Deps = Pick<AppContext, 'db' | 'gateway' | 'log'>;

async function tryCapture(deps: Deps, transactionId: string, idempotencyKey: string) {
  try {
    const result = await deps.gateway.capture({ transactionId, idempotencyKey });
    return result.status === 'succeeded'
      ? { ok: true as const }
      : { ok: false as const, error: result.error?.message ?? 'The capture was declined.' };
  } catch (err) {
    return { ok: false as const, error: err instanceof Error ? err.message : String(err) };
  }
}

const failureText = (error: string, attempts: number) =>
  attempts >= MAX_CAPTURE_ATTEMPTS
    ? `Payment capture failed after ${attempts} attempts: ${error}`
    : `Payment capture failed: ${error} (attempt ${attempts} of ${MAX_CAPTURE_ATTEMPTS}, retried automatically)`;

/** Opens or updates the order's failed-order entry for its capture (the Failed orders screen). */
async function recordCaptureFailure(tx: Tx, orderDocId: string, message: string, attempts: number) {
  const now = new Date();
  const [updated] = await tx
    .update(failedOrders)
    .set({
      errorMessage: message,
      context: sql`${failedOrders.context} || ${JSON.stringify({ attempts, lastAttemptUTC: now.toISOString() })}::jsonb`,
    })
    .where(
      and(
        eq(failedOrders.orderId, orderDocId),
        eq(failedOrders.errorCode, CAPTURE_FAILED),
        isNull(failedOrders.resolvedAt),
      ),
    )
    .returning({ id: failedOrders.id });
  if (updated) return;
  // Raw SQL: INSERT … SELECT of some columns; the builder's insert().select() must give every column.
  await tx.execute(
    sql`insert into failed_orders (order_id, date_created_utc, error_code, error_message, context)
        select o.id, ${now}, ${CAPTURE_FAILED}, ${message},
          jsonb_build_object('orderId', o.order_id::text, 'uid', o.customer_uid, 'dateCreatedUTC', ${now.toISOString()}::text,
                             'attempts', ${attempts}::int, 'lastAttemptUTC', ${now.toISOString()}::text)
        from orders o where o.id = ${orderDocId}`,
  );
}

/** The order's authorization was captured: payment state, capture date, export queue, audit. */
async function markCaptured(tx: Tx, orderDocId: string, actor: Actor, attempts: number | null) {
  const [o] = await tx
    .update(orders)
    .set({
      paymentState: 'captured',
      dateCapturedUtc: sql`coalesce(${orders.dateCapturedUtc}, now())`,
      updatedAt: sql`now()`,
      state: sql`case when ${orders.state} = ${ORDER_STATE.processing} and ${orders.collection} = 'invoices'
        then ${ORDER_STATE.captured} else ${orders.state} end`,
    })
    .where(and(eq(orders.id, orderDocId), eq(orders.paymentState, 'authorized')))
    .returning({ id: orders.id });
  if (!o) return false;
  await tx
    .update(orderPayments)
    .set({ state: 'captured' })
    .where(
      and(
        eq(orderPayments.orderId, orderDocId),
        eq(orderPayments.method, 'card'),
        eq(orderPayments.state, 'authorized'),
      ),
    );
  await recordChange(tx, {
    collection: 'orders-log',
    entityId: orderDocId,
    action: 'order.captured',
    actor,
    before: { paymentState: 'authorized' },
    after:
      attempts === null
        ? { paymentState: 'captured' }
        : { paymentState: 'captured', captureAttempts: attempts },
  });
  // A capture waiting in capture_retries (a retry, or one a popup close recorded before making it)
  // is done.
  await tx
    .update(captureRetries)
    .set({
      status: 'captured',
      lastError: null,
      updatedAt: sql`now()`,
      ...(attempts === null ? {} : { attempts }),
    })
    .where(eq(captureRetries.orderId, orderDocId));
  if (attempts !== null) {
    await tx
      .update(failedOrders)
      .set({ resolvedAt: sql`now()`, resolvedBy: actor.email })
      .where(
        and(
          eq(failedOrders.orderId, orderDocId),
          eq(failedOrders.errorCode, CAPTURE_FAILED),
          isNull(failedOrders.resolvedAt),
        ),
      );
  }
  // Only now may the order go downstream.
  await enqueueExport(tx, orderDocId, actor);
  return true;
}

/**
 * The authorizations an order's capture makes, each under its own key: the one card's under the
 * capture key; with a split (ADR 030), each card still authorized under the capture key plus its
 * transaction id (a card captured before a crash or a failed sibling is not asked again; one the
 * gateway captured but this database never marked is answered from the gateway's ledger).
 */
async function captureLegs(db: Db, orderDocId: string, transactionId: string, idempotencyKey: string) {
  const cards = await db
    .select({ transaction_id: orderPayments.transactionId, state: orderPayments.state })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderDocId), eq(orderPayments.method, 'card')))
    .orderBy(orderPayments.id);
  if (cards.length < 2) return [{ transactionId, idempotencyKey }];
  return cards
    .filter((c) => c.state === 'authorized')
    .map((c) => ({
      transactionId: c.transaction_id,
      idempotencyKey: `${idempotencyKey}:${c.transaction_id}`,
    }));
}

/**
 * Captures every authorization of the order (one card, or each card of a split) once: true when
 * all are captured; otherwise the first failure's message, the cards captured so far marked so.
 */
async function captureAll(deps: Deps, orderDocId: string, transactionId: string, idempotencyKey: string) {
  const legs = await captureLegs(deps.db, orderDocId, transactionId, idempotencyKey);
  for (const leg of legs) {
    const result = await tryCapture(deps, leg.transactionId, leg.idempotencyKey);
    if (!result.ok) return result;
    if (legs.length > 1 || leg.transactionId !== transactionId)
      await deps.db
        .update(orderPayments)
        .set({ state: 'captured' })
        .where(
          and(
            eq(orderPayments.orderId, orderDocId),
            eq(orderPayments.transactionId, leg.transactionId),
            eq(orderPayments.state, 'authorized'),
          ),
        );
  }
  return { ok: true as const };
}

/**
 * Captures a written order's authorization (each card's, for a split) right after its commit.
 * Returns whether it was captured; a failure is kept for the capture worker and shown as a failed
 * order.
 */
export async function captureOrder(
  deps: Deps,
  actor: Actor,
  orderDocId: string,
  transactionId: string,
  idempotencyKey: string,
): Promise<boolean> {
  const result = await captureAll(deps, orderDocId, transactionId, idempotencyKey);
  if (result.ok) {
    await deps.db.transaction((tx) => markCaptured(tx, orderDocId, actor, null));
    return true;
  }
  deps.log.error(
    { orderId: orderDocId, transactionId, err: result.error },
    'capture after order write failed',
  );
  await deps.db.transaction(async (tx) => {
    const [retry] = await tx
      .insert(captureRetries)
      .values({
        orderId: orderDocId,
        transactionId,
        idempotencyKey,
        attempts: 1,
        nextAttemptAt: sql`now() + make_interval(secs => ${backoffMs(1) / 1000})`,
        lastError: result.error,
      })
      .onConflictDoUpdate({
        target: captureRetries.orderId,
        set: {
          attempts: sql`${captureRetries.attempts} + 1`,
          status: 'pending',
          nextAttemptAt: sql`excluded.next_attempt_at`,
          lastError: sql`excluded.last_error`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ attempts: captureRetries.attempts });
    await recordChange(tx, {
      collection: 'orders-log',
      entityId: orderDocId,
      action: 'order.captureFailed',
      actor,
      before: {},
      after: { paymentState: 'authorized', error: result.error, captureAttempts: retry!.attempts },
    });
    await recordCaptureFailure(tx, orderDocId, failureText(result.error, retry!.attempts), retry!.attempts);
  });
  return false;
}

interface DueRetry {
  order_id: string;
  transaction_id: string;
  idempotency_key: string;
  attempts: number;
  cancelled: boolean;
}

const dueRetryColumns = {
  order_id: captureRetries.orderId,
  transaction_id: captureRetries.transactionId,
  idempotency_key: captureRetries.idempotencyKey,
  attempts: captureRetries.attempts,
};

/** One retry of a claimed capture: captured, or failed again (given up after the last attempt). */
async function retryOne(deps: Deps, r: DueRetry, actor: Actor): Promise<boolean> {
  if (r.cancelled) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(captureRetries)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(eq(captureRetries.orderId, r.order_id));
      await recordChange(tx, {
        collection: 'orders-log',
        entityId: r.order_id,
        action: 'order.captureStopped',
        actor,
        before: { captureRetry: 'pending' },
        after: { captureRetry: 'cancelled' },
      });
    });
    return false;
  }
  const result = await captureAll(deps, r.order_id, r.transaction_id, r.idempotency_key);
  if (result.ok) {
    await deps.db.transaction((tx) => markCaptured(tx, r.order_id, actor, r.attempts));
    return true;
  }
  const gaveUp = r.attempts >= MAX_CAPTURE_ATTEMPTS;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(captureRetries)
      .set({
        status: gaveUp ? 'failed' : 'pending',
        lastError: result.error,
        nextAttemptAt: sql`now() + make_interval(secs => ${backoffMs(r.attempts) / 1000})`,
        updatedAt: sql`now()`,
      })
      .where(eq(captureRetries.orderId, r.order_id));
    await recordChange(tx, {
      collection: 'orders-log',
      entityId: r.order_id,
      action: gaveUp ? 'order.captureGaveUp' : 'order.captureRetryFailed',
      actor,
      before: {},
      after: { paymentState: 'authorized', error: result.error, captureAttempts: r.attempts },
    });
    await recordCaptureFailure(tx, r.order_id, failureText(result.error, r.attempts), r.attempts);
  });
  return false;
}

/** Claims due capture retries (FOR UPDATE SKIP LOCKED, then a lease) and retries each. */
export async function captureRetryPass(deps: Deps, limit = 10): Promise<number> {
  const due: DueRetry[] = await deps.db
    .update(captureRetries)
    .set({
      attempts: sql`${captureRetries.attempts} + 1`,
      updatedAt: sql`now()`,
      nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
    })
    .where(
      inArray(
        captureRetries.orderId,
        deps.db
          .select({ orderId: captureRetries.orderId })
          .from(captureRetries)
          .where(
            and(sql`${captureRetries.status} = 'pending'`, lte(captureRetries.nextAttemptAt, sql`now()`)),
          )
          .orderBy(captureRetries.nextAttemptAt)
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({
      ...dueRetryColumns,
      // Named in full: RETURNING names the builder's columns bare, and orders has an order_id of its own.
      cancelled: sql<boolean>`exists(select 1 from orders o where o.id = capture_retries.order_id
        and (o.cancellation is not null or o.state in (7, 14)))`,
    });
  for (const r of due) await retryOne(deps, r, SYSTEM_ACTOR);
  return due.length;
}

/**
 * Staff retry of a capture (from the Failed orders screen): one attempt now, counted and audited
 * like the worker's. Null when the order has no capture waiting.
 */
export async function retryCaptureNow(deps: Deps, orderDocId: string, actor: Actor) {
  const [r] = await deps.db
    .update(captureRetries)
    .set({
      attempts: sql`${captureRetries.attempts} + 1`,
      status: 'pending',
      updatedAt: sql`now()`,
      nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
    })
    .where(and(eq(captureRetries.orderId, orderDocId), inArray(captureRetries.status, ['pending', 'failed'])))
    .returning({ ...dueRetryColumns, cancelled: sql<boolean>`false` });
  if (!r) return null;
  return {
    captured: await retryOne(deps, { ...r, attempts: Math.min(r.attempts, MAX_CAPTURE_ATTEMPTS) }, actor),
  };
}

/** The capture worker every process runs (WORKERS=off turns it off with the others). */
export function captureRetryWorker(ctx: Pick<AppContext, 'gateway'>): WorkerSpec {
  return {
    name: 'capture-retry',
    intervalMs: 5000,
    tick: ({ db, log }: { db: Db; log: FastifyBaseLogger }) =>
      captureRetryPass({ db, log, gateway: ctx.gateway }),
  };
}
