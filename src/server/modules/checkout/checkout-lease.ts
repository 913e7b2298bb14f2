import { ORDERING_MESSAGES, type SubmitRequest } from '@domain/checkout';
import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { checkoutSubmissions } from '../../db/schema';
import type { Actor } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
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

const submissionColumns = {
  idempotency_key: checkoutSubmissions.idempotencyKey,
  cart_id: checkoutSubmissions.cartId,
  customer_uid: checkoutSubmissions.customerUid,
  status: checkoutSubmissions.status,
  attempts: checkoutSubmissions.attempts,
  order_id: checkoutSubmissions.orderId,
  doc_id: checkoutSubmissions.docId,
  request_hash: checkoutSubmissions.requestHash,
};

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
  const [inserted] = await ctx.db
    .insert(checkoutSubmissions)
    .values({
      idempotencyKey: body.idempotencyKey,
      cartId: body.cartId,
      customerUid: body.uid,
      status: 'pending',
      createdBy: actor.email,
      docId,
      leaseUntil: leaseEnd,
      leaseOwner: owner,
      requestHash: hash,
    })
    .onConflictDoNothing({ target: checkoutSubmissions.idempotencyKey })
    .returning(submissionColumns);
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
    const [taken] = await ctx.db
      .update(checkoutSubmissions)
      .set({
        leaseUntil: leaseEnd,
        leaseOwner: owner,
        docId: sql`coalesce(${checkoutSubmissions.docId}, ${docId})`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(checkoutSubmissions.idempotencyKey, body.idempotencyKey),
          eq(checkoutSubmissions.status, 'pending'),
          lte(checkoutSubmissions.leaseUntil, sql`now()`),
        ),
      )
      .returning({ attempts: checkoutSubmissions.attempts, doc_id: checkoutSubmissions.docId });
    if (!taken) throw conflict(ORDERING_MESSAGES.inFlight);
    ctx.log.warn(
      { idempotencyKey: body.idempotencyKey },
      'checkout attempt taken over after its lease lapsed',
    );
    return { attempt: taken.attempts, docId: taken.doc_id!, done: null, resumed: true, owner };
  }
  const [again] = await ctx.db
    .update(checkoutSubmissions)
    .set({
      status: 'pending',
      attempts: sql`${checkoutSubmissions.attempts} + 1`,
      message: null,
      docId,
      leaseUntil: leaseEnd,
      leaseOwner: owner,
      requestHash: hash,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(checkoutSubmissions.idempotencyKey, body.idempotencyKey),
        eq(checkoutSubmissions.status, 'failed'),
      ),
    )
    .returning({ attempts: checkoutSubmissions.attempts });
  if (!again) throw conflict(ORDERING_MESSAGES.inFlight);
  return { attempt: again.attempts, docId, done: null, resumed: false, owner };
}

export async function submission(ctx: AppContext, key: string): Promise<SubmissionRow | undefined> {
  const [row] = await ctx.db
    .select(submissionColumns)
    .from(checkoutSubmissions)
    .where(eq(checkoutSubmissions.idempotencyKey, key));
  return row;
}

/** The heartbeat's renewal: false once another attempt owns the lease, or the attempt is settled. */
export async function renewLease(ctx: AppContext, key: string, owner: string): Promise<boolean> {
  const renewed = await ctx.db
    .update(checkoutSubmissions)
    .set({ leaseUntil: leaseEnd })
    .where(
      and(
        eq(checkoutSubmissions.idempotencyKey, key),
        eq(checkoutSubmissions.leaseOwner, owner),
        eq(checkoutSubmissions.status, 'pending'),
      ),
    )
    .returning({ n: sql<number>`1` });
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
  const failed = await ctx.db
    .update(checkoutSubmissions)
    .set({ status: 'failed', orderId: null, message: message.slice(0, 500), updatedAt: sql`now()` })
    .where(
      and(
        eq(checkoutSubmissions.idempotencyKey, key),
        eq(checkoutSubmissions.leaseOwner, owner),
        ne(checkoutSubmissions.status, 'succeeded'),
      ),
    )
    .returning({ n: sql<number>`1` });
  return failed.length > 0;
}
