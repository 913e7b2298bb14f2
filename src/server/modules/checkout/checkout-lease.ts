import { ORDERING_MESSAGES, type SubmitRequest } from '@domain/checkout';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { checkoutSubmissions } from '../../db/schema';
import type { Actor } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { rows } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { DEFAULT_LEASE_SECONDS, keyReused } from '../../platform/idempotency';
import { alphanumericId, sha256 } from '../../platform/ids';

// The checkout's key and its attempts (ADR 015, 021). The key is claimed before any work; each
// attempt holds a lease under an owner token of its own. Only the owner renews the lease (its
// heartbeat), gives its authorization up or marks the attempt failed, each by a conditional update,
// so an attempt that outlived its lease never undoes the work of the attempt that took it over.

export type SubmitValues = z.output<typeof SubmitRequest> & { idempotencyKey: string };

interface SubmissionRow {
  idempotency_key: string;
  cart_id: string;
  customer_uid: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  order_id: string | null;
  doc_id: string | null;
  request_hash: string | null;
}

/** The request of an attempt, but its key: the same key with another body is refused (ADR 021). */
const requestHashOf = (body: SubmitValues) => sha256(JSON.stringify({ ...body, idempotencyKey: null }));

/** How long an attempt may go unrenewed before another submit with its key may take it over. */
export const CHECKOUT_LEASE_SECONDS = DEFAULT_LEASE_SECONDS;
const leaseEnd = sql`now() + make_interval(secs => ${CHECKOUT_LEASE_SECONDS})`;

export interface Claimed {
  attempt: number;
  /** The order document id of this attempt (the same when a lapsed attempt is taken over). */
  docId: string;
  /** The earlier order, when the key already succeeded. */
  done: string | null;
  /** A lapsed attempt taken over: its order may exist, its authorization may have been made. */
  resumed: boolean;
  /** This attempt's lease token. */
  owner: string;
}

/** Claims the checkout's key: the attempt to run, or the earlier order when it already succeeded. */
export async function claim(ctx: AppContext, body: SubmitValues, actor: Actor): Promise<Claimed> {
  const docId = alphanumericId(20);
  const owner = alphanumericId(16);
  const hash = requestHashOf(body);
  const [inserted] = await rows<SubmissionRow>(
    ctx.db,
    sql`insert into checkout_submissions (idempotency_key, cart_id, customer_uid, status, created_by, doc_id, lease_until, lease_owner, request_hash)
        values (${body.idempotencyKey}, ${body.cartId}, ${body.uid}, 'pending', ${actor.email}, ${docId}, ${leaseEnd}, ${owner}, ${hash})
        on conflict (idempotency_key) do nothing returning *`,
  );
  if (inserted) return { attempt: 1, docId, done: null, resumed: false, owner };
  const seen = await submission(ctx, body.idempotencyKey);
  if (!seen || seen.cart_id !== body.cartId || seen.customer_uid !== body.uid)
    throw keyReused(ORDERING_MESSAGES.keyOfAnotherCheckout);
  // A failed attempt frees the key for a corrected request (another card); otherwise the same key
  // answers only the same request.
  if (seen.status !== 'failed' && seen.request_hash && seen.request_hash !== hash)
    throw keyReused(ORDERING_MESSAGES.keyReused);
  if (seen.status === 'succeeded' && seen.order_id)
    return { attempt: seen.attempts, docId: seen.order_id, done: seen.order_id, resumed: false, owner };
  if (seen.status === 'pending') {
    // Only one caller wins the conditional update of a lapsed lease; the others get 409.
    const [taken] = await rows<{ attempts: number; doc_id: string }>(
      ctx.db,
      sql`update checkout_submissions set lease_until = ${leaseEnd}, lease_owner = ${owner},
            doc_id = coalesce(doc_id, ${docId}), updated_at = now()
          where idempotency_key = ${body.idempotencyKey} and status = 'pending' and lease_until <= now()
          returning attempts, doc_id`,
    );
    if (!taken) throw conflict(ORDERING_MESSAGES.inFlight);
    ctx.log.warn(
      { idempotencyKey: body.idempotencyKey },
      'checkout attempt taken over after its lease lapsed',
    );
    return { attempt: taken.attempts, docId: taken.doc_id, done: null, resumed: true, owner };
  }
  const [again] = await rows<{ attempts: number }>(
    ctx.db,
    sql`update checkout_submissions set status = 'pending', attempts = attempts + 1, message = null,
          doc_id = ${docId}, lease_until = ${leaseEnd}, lease_owner = ${owner}, request_hash = ${hash}, updated_at = now()
        where idempotency_key = ${body.idempotencyKey} and status = 'failed' returning attempts`,
  );
  if (!again) throw conflict(ORDERING_MESSAGES.inFlight);
  return { attempt: again.attempts, docId, done: null, resumed: false, owner };
}

export async function submission(ctx: AppContext, key: string) {
  const [row] = await rows<SubmissionRow>(
    ctx.db,
    sql`select * from checkout_submissions where idempotency_key = ${key}`,
  );
  return row;
}

/** The heartbeat's renewal: false once another attempt owns the lease, or the attempt is settled. */
export async function renewLease(ctx: AppContext, key: string, owner: string): Promise<boolean> {
  const renewed = await rows<{ n: number }>(
    ctx.db,
    sql`update checkout_submissions set lease_until = ${leaseEnd}
        where idempotency_key = ${key} and lease_owner = ${owner} and status = 'pending' returning 1 as n`,
  );
  return renewed.length > 0;
}

/** The order stands: the key answers it (whichever attempt wrote it). */
export async function settleSucceeded(ctx: AppContext, key: string, orderId: string) {
  await ctx.db
    .update(checkoutSubmissions)
    .set({ status: 'succeeded', orderId, message: null, updatedAt: sql`now()` })
    .where(eq(checkoutSubmissions.idempotencyKey, key));
}

/**
 * Marks the attempt failed, only while it still owns the lease: true when it did (or had: the key
 * is then free for a corrected request, whose attempt gets its own gateway key, and nobody can
 * take this one over, so its authorization is its own to void), false when another attempt took
 * it over or the order stands.
 */
export async function failIfOwner(ctx: AppContext, key: string, owner: string, message: string) {
  const failed = await rows<{ n: number }>(
    ctx.db,
    sql`update checkout_submissions set status = 'failed', order_id = null, message = ${message.slice(0, 500)}, updated_at = now()
        where idempotency_key = ${key} and lease_owner = ${owner} and status <> 'succeeded' returning 1 as n`,
  );
  return failed.length > 0;
}
