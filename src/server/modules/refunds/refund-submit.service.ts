import { GatewayError } from '@domain/payments/gateway';
import { RETURN_STATUS } from '@domain/reference';
import {
  mergeItems,
  REFUND_MESSAGES,
  refundLimitProblem,
  refundSplitProblem,
  splitOverCards,
} from '@domain/refunds/refund-math';
import type { RefundAnswer } from '@domain/refunds/refunds';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { idempotencyKeys, type RefundCard, refunds, returns } from '../../db/schema';
import { type Actor, recordChange, SYSTEM_ACTOR } from '../../platform/audit';
import { type AppContext, actorOf } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import {
  claimKey,
  DEFAULT_LEASE_SECONDS,
  finishKey,
  releaseKey,
  renewKey,
  setKeyResource,
  takeOver,
} from '../../platform/idempotency';
import { alphanumericId, sha256 } from '../../platform/ids';
import { heartbeat } from '../../platform/lease';
import type { StaffPrincipal } from '../../platform/sessions';
import type { WorkerSpec } from '../../platform/workers';
import * as orders from '../orders/orders.service';
import { appendCredit } from '../product-credit/product-credit.service';
import * as repo from './refunds.repo';
import { NOT_REFUNDABLE_PENDING, recordView, titlesOf, totalsOrThrow } from './refunds.service';

// Submitting and retrying a refund (spec 2 §4 Refund flow, §5, §7 POST /cs/refund, /refund/refund,
// /cs/retryRefund; ADR 014). Three steps, each safe to repeat:
//  1. the idempotency key is claimed in its own transaction (claimKey);
//  2. one transaction locks the order, checks the refund against what remains, writes the record
//     with one pending leg per card (key: `{key}:{transactionId}`), gives the product-credit part
//     back to the ledger, opens the return for returned items, and records the change;
//  3. each leg not yet succeeded goes to the gateway under its own key, and its outcome is written
//     on the locked record. A leg the gateway already did (a process died before writing it) is
//     answered from the gateway's ledger by its key, so no leg is ever paid twice.

const SCOPE = 'refund';
const LOG = 'orders-log';
type Submit = z.output<typeof import('@domain/refunds/refunds').RefundSubmitRequest> & {
  idempotencyKey: string;
};

const legKey = (key: string, transactionId: string) => `${key}:${transactionId}`;

/** The fields that make two submissions "the same request" (the estimate's echo does not). */
function requestHash(body: Submit) {
  return sha256(
    JSON.stringify({
      orderId: body.orderId,
      returnShipping: body.returnShipping,
      returnItems: mergeItems(body.returnItems),
      amount: body.amount,
      pcAmount: body.pcAmount,
      cards: body.cards.map((c) => [c.transactionId, c.refundAmount ?? 0]),
      reason: body.reason,
      auto: body.autoRefund?.flags?.splitAutoRefund ?? false,
    }),
  );
}

/**
 * What the downstream (Phoenix) system holds for a refund as it is made (spec 2 §3 refund record
 * phoenixResponse): the Phoenix order it is against and the return opened there for the returned
 * items. Null for an order that is not in the downstream system (its Phoenix id is N/A).
 */
function downstreamAnswer(phoenixOrderId: number | null, returnId: string | null) {
  if (phoenixOrderId === null) return null;
  return {
    phoenixOrderId,
    returnId,
    returnStatus: returnId ? RETURN_STATUS.initiated : null,
  };
}

async function createRefund(tx: Tx, actor: Actor, body: Submit): Promise<string> {
  const o = await orders.lockOrder(tx, body.orderId);
  // An attempt under this key that took over after this one's lease lapsed may have written the
  // refund while this one waited: it is this request's refund (ADR 021), never a second one.
  const written = await repo.refundByKey(tx, body.idempotencyKey);
  if (written) return written.id;
  if (o.collection === 'orders') throw conflict(NOT_REFUNDABLE_PENDING);
  const { facts } = await repo.refundFacts(tx, o);
  const returnItems = mergeItems(body.returnItems);
  const totals = totalsOrThrow(facts, { returnItems, returnShipping: body.returnShipping });
  // Products or shipping chosen: at most their worth. An amount alone: at most what remains (ADR 021).
  const chosen = returnItems.length > 0 || body.returnShipping;
  const limit = refundLimitProblem(facts, body, chosen ? totals : null);
  if (limit) throw badRequest(limit);
  const auto = body.autoRefund?.flags?.splitAutoRefund === true;
  const single = facts.cards.length === 1 && body.cards.length === 0 && body.amount > 0;
  const cards = auto
    ? splitOverCards(body.amount, facts.cards)
    : single
      ? [{ transactionId: facts.cards[0]!.transactionId, refundAmount: body.amount }]
      : body.cards;
  const problem = refundSplitProblem(
    { amount: body.amount, pcAmount: body.pcAmount, cards, auto },
    facts.cards,
  );
  if (problem) throw badRequest(problem);
  const legs: RefundCard[] = cards
    .filter((c) => (c.refundAmount ?? 0) > 0)
    .map((c) => {
      const card = facts.cards.find((k) => k.transactionId === c.transactionId)!;
      return {
        accountNumber: card.accountNumber,
        transactionId: card.transactionId,
        refundAmount: c.refundAmount ?? 0,
        tenderId: card.tenderId,
        idempotencyKey: legKey(body.idempotencyKey, card.transactionId),
        brand: card.brand,
        method: card.method,
        status: 'pending',
        refundTransactionId: null,
        error: null,
      };
    });
  // Only the automatic split can place less than the amount: the cards cannot take the rest.
  const amount = legs.reduce((s, l) => s + l.refundAmount, 0);
  if (amount !== body.amount) throw badRequest(REFUND_MESSAGES.cardExceeds);

  const id = alphanumericId(20);
  const returnId = returnItems.length > 0 ? alphanumericId(20) : null;
  const [row] = await tx
    .insert(refunds)
    .values({
      id,
      orderId: o.id,
      reason: body.reason,
      amountCents: amount,
      pcAmountCents: body.pcAmount,
      taxCents: totals.tax,
      shippingTotalCents: totals.shippingTotal,
      subtotalCents: totals.subtotal,
      currency: o.currency,
      returnItems,
      cards: legs,
      adminUid: actor.id,
      adminName: actor.name ?? null,
      clawback: totals.clawback,
      status: legs.length > 0 ? 'pending' : 'processed',
      idempotencyKey: body.idempotencyKey,
      phoenixResponse: downstreamAnswer(o.phoenixOrderId, returnId),
    })
    .returning();
  if (body.pcAmount > 0) {
    // spec 2 §4: the product-credit portion goes back to the customer's ledger, in this transaction.
    await appendCredit(tx, {
      uid: o.customerUid,
      country: o.countryId === 2 ? 'ca' : 'us',
      cents: body.pcAmount,
      expiresAt: null,
      doesNotExpire: true,
      reasonId: null,
      reason: `Refund of order ${orders.labelOf(o)}: ${body.reason}`,
      actor,
      action: 'productCredit.refund',
      about: { refundId: id, orderId: o.id },
      now: new Date(),
    });
    await repo.addCreditRefunded(tx, o.id, body.pcAmount);
  }
  if (returnId) {
    await tx.insert(returns).values({
      id: returnId,
      orderId: o.id,
      legacyOrderId: o.orderId,
      phoenixOrderId: o.phoenixOrderId,
      returnStatus: RETURN_STATUS.initiated,
      items: returnItems.map((i) => ({ sku: i.sku, quantity: i.quantity })),
      reason: body.reason,
      refundId: id,
    });
  }
  await setKeyResource(tx, SCOPE, body.idempotencyKey, id);
  await recordChange(tx, {
    collection: LOG,
    entityId: o.id,
    action: 'order.refund',
    actor,
    after: { refund: { ...recordView(row!, titlesOf(facts)), returnId } },
  });
  return id;
}

/** Sends every leg not yet succeeded to the gateway and writes each outcome; then the status. */
async function runLegs(ctx: AppContext, actor: Actor, refundId: string) {
  const refund = await repo.findRefund(ctx.db, refundId);
  if (!refund) throw notFound('No refund with that id.');
  for (const [i, leg] of refund.cards.entries()) {
    if (repo.legStatus(leg, refund) === 'succeeded') continue;
    let outcome: Pick<RefundCard, 'status' | 'error' | 'refundTransactionId'>;
    try {
      const r = await ctx.gateway.refund({
        transactionId: leg.transactionId,
        amountCents: leg.refundAmount,
        idempotencyKey: leg.idempotencyKey,
        orderId: refund.orderId,
      });
      outcome = { status: r.status, error: r.error?.message ?? null, refundTransactionId: r.transactionId };
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      outcome = { status: 'failed', error: err.message, refundTransactionId: null };
    }
    await ctx.db.transaction(async (tx) => {
      const locked = (await repo.lockRefund(tx, refundId))!;
      const current = locked.cards[i]!;
      if (repo.legStatus(current, locked) === 'succeeded') return;
      const cards = locked.cards.map((c, j) => (j === i ? { ...c, ...outcome } : c));
      await tx.update(refunds).set({ cards }).where(eq(refunds.id, refundId));
      if (outcome.status === 'succeeded')
        await repo.addRefunded(tx, locked.orderId, current.transactionId, current.refundAmount);
    });
  }
  return ctx.db.transaction(async (tx) => {
    const locked = (await repo.lockRefund(tx, refundId))!;
    const states = locked.cards.map((c) => repo.legStatus(c, locked));
    const status = states.includes('failed')
      ? 'failed'
      : states.includes('pending')
        ? 'pending'
        : 'processed';
    if (status === locked.status) return locked;
    const [row] = await tx.update(refunds).set({ status }).where(eq(refunds.id, refundId)).returning();
    await recordChange(tx, {
      collection: LOG,
      entityId: locked.orderId,
      action: 'order.refund.status',
      actor,
      before: { refund: { id: refundId, status: locked.status } },
      after: { refund: { id: refundId, status, cards: recordView(row!).cards } },
    });
    return row!;
  });
}

function answerOf(r: repo.RefundRow): RefundAnswer {
  const data = recordView(r);
  if (r.status === 'processed') {
    const alternative = r.cards.some((c) => c.method === 'alternative');
    return alternative
      ? {
          success: true,
          message: REFUND_MESSAGES.processedAlternative,
          notice: REFUND_MESSAGES.alternativeNotice,
          data,
        }
      : { success: true, message: REFUND_MESSAGES.processed, data };
  }
  const failed = data.cards.filter((c) => c.status !== 'succeeded');
  const which = failed.map(
    (c) => `${c.brand ?? 'card'} ending ${c.accountNumber ?? '?'}: ${c.error ?? 'pending'}`,
  );
  return {
    success: false,
    message: `The refund was recorded but a card refund did not go through (${which.join('; ')}). Use Retry on the refund.`,
    data,
  };
}

/** Test hook: a delay before the refund is written (an attempt that stalls past its lease). */
export const faults = { beforeCreate: null as null | ((key: string) => Promise<void>) };

export async function submitRefund(
  ctx: AppContext,
  staff: StaffPrincipal,
  body: Submit,
): Promise<RefundAnswer> {
  const key = body.idempotencyKey;
  const claim = await claimKey(ctx.db, SCOPE, key, requestHash(body));
  if (claim.kind === 'mismatch') throw new AppError(422, REFUND_MESSAGES.keyReused, 'IDEMPOTENCY_KEY_REUSED');
  if (claim.kind === 'inFlight') throw conflict(REFUND_MESSAGES.inFlight);
  if (claim.kind === 'done') return claim.response as unknown as RefundAnswer;
  const actor = actorOf(staff);
  // The key's lease is renewed while the legs go to the gateway (ADR 021).
  const beat = heartbeat(() => renewKey(ctx.db, SCOPE, key), ctx.log);
  try {
    let refundId = claim.resourceId;
    if (!refundId) {
      await faults.beforeCreate?.(key);
      try {
        refundId = await ctx.db.transaction((tx) => createRefund(tx, actor, body));
      } catch (err) {
        // Refused before anything was written: the key is given back.
        if (err instanceof AppError && err.statusCode < 500) await releaseKey(ctx.db, SCOPE, key);
        throw err;
      }
    }
    const answer = answerOf(await runLegs(ctx, actor, refundId));
    await finishKey(ctx.db, SCOPE, key, answer as unknown as Record<string, unknown>);
    return answer;
  } finally {
    beat.stop();
  }
}

/** POST /cs/retryRefund: the failed (or stalled) legs again, under their original keys. */
export async function retryRefund(ctx: AppContext, staff: StaffPrincipal, id: string) {
  const refund = await repo.findRefund(ctx.db, id);
  if (!refund) throw notFound('No refund with that id.');
  if (refund.status === 'processed') throw conflict(REFUND_MESSAGES.notRetryable);
  // Records from before keys were kept (demo data) get a key row to hold the lease on.
  await ctx.db
    .insert(idempotencyKeys)
    .values({
      scope: SCOPE,
      key: refund.idempotencyKey,
      requestHash: 'recorded',
      status: 'done',
      resourceId: id,
      leaseUntil: new Date(),
    })
    .onConflictDoNothing();
  const taken = await takeOver(ctx.db, SCOPE, refund.idempotencyKey);
  if (!taken) throw conflict(REFUND_MESSAGES.inFlight);
  const beat = heartbeat(() => renewKey(ctx.db, SCOPE, refund.idempotencyKey), ctx.log);
  try {
    return await retryLegs(ctx, actorOf(staff), id, refund.idempotencyKey);
  } finally {
    beat.stop();
  }
}

async function retryLegs(ctx: AppContext, actor: Actor, id: string, key: string) {
  await ctx.db.transaction(async (tx) => {
    const locked = (await repo.lockRefund(tx, id))!;
    await tx
      .update(refunds)
      .set({ retries: locked.retries + 1 })
      .where(eq(refunds.id, id));
    await recordChange(tx, {
      collection: LOG,
      entityId: locked.orderId,
      action: 'order.refund.retry',
      actor,
      after: { refund: { id, retries: locked.retries + 1 } },
    });
  });
  const after = await runLegs(ctx, actor, id);
  await finishKey(ctx.db, SCOPE, key, answerOf(after) as unknown as Record<string, unknown>);
  const data = recordView(after);
  // One message (spec 2 §8 notes both alerts showing at once in one reading; we show one).
  return after.status === 'processed'
    ? { success: true, message: REFUND_MESSAGES.processed, data }
    : { success: false, message: REFUND_MESSAGES.retryFailed, data };
}

/**
 * Refunds left pending by a process that died (their key in flight, its lease lapsed, the record
 * written): each is taken over (one worker wins the key) and its legs not yet succeeded are sent
 * again under their original keys, as a retry would; the key then answers the refund.
 */
export async function finishStalledRefunds(ctx: AppContext, limit = 10): Promise<number> {
  const stalled = await ctx.db
    .select({ id: refunds.id, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .innerJoin(refunds, eq(refunds.id, idempotencyKeys.resourceId))
    .where(
      and(
        eq(idempotencyKeys.scope, SCOPE),
        eq(idempotencyKeys.status, 'in_flight'),
        lte(idempotencyKeys.leaseUntil, sql`now()`),
        eq(refunds.status, 'pending'),
      ),
    )
    .orderBy(asc(idempotencyKeys.leaseUntil))
    .limit(limit);
  let finished = 0;
  for (const s of stalled) {
    if (!(await takeOver(ctx.db, SCOPE, s.key, DEFAULT_LEASE_SECONDS, false))) continue;
    const beat = heartbeat(() => renewKey(ctx.db, SCOPE, s.key), ctx.log);
    try {
      const after = await runLegs(ctx, SYSTEM_ACTOR, s.id);
      await finishKey(ctx.db, SCOPE, s.key, answerOf(after) as unknown as Record<string, unknown>);
      finished += 1;
    } catch (err) {
      // Left in flight: its lease lapses again and a later pass (or a retry) finishes it.
      ctx.log.warn({ err, refundId: s.id }, 'stalled refund not finished');
    } finally {
      beat.stop();
    }
  }
  return finished;
}

/** The worker of every process that finishes stalled refunds (WORKERS=off turns it off). */
export const refundRecoveryWorker = (ctx: AppContext): WorkerSpec => ({
  name: 'refund-recovery',
  intervalMs: 30_000,
  tick: () => finishStalledRefunds(ctx),
});
