import {
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_MESSAGES,
  resolveIdempotencyKey,
} from '@domain/platform/idempotency';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import type { Db, DbOrTx, Tx } from './db';
import { AppError, badRequest, conflict } from './errors';

// Idempotency keys of calls that move money (ADR 014). A key is claimed in a transaction of its
// own, before any work, by inserting its row (ON CONFLICT DO NOTHING): exactly one caller in any
// number of app processes gets it. The others learn whether the first is still at work (409),
// done (its answer again) or was sent another body (422). The worker holds a lease; when a
// process dies mid-call the lease lapses and the next caller with the key takes the work over.

/** Keys are kept at least this long (ADR 021: at least 24 hours). */
export const IDEMPOTENCY_RETENTION_HOURS = 72;
export const DEFAULT_LEASE_SECONDS = 30;

type KeyRow = typeof idempotencyKeys.$inferSelect;

export type Claim =
  | { kind: 'claimed'; resourceId: string | null }
  | { kind: 'done'; response: Record<string, unknown> }
  | { kind: 'inFlight' }
  | { kind: 'mismatch' };

const lease = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export async function claimKey(
  db: Db,
  scope: string,
  key: string,
  requestHash: string,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, status: 'in_flight', leaseUntil: lease(leaseSeconds) })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0) return { kind: 'claimed', resourceId: null };
    const [row] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!row) return { kind: 'inFlight' };
    if (row.requestHash !== requestHash) return { kind: 'mismatch' };
    if (row.status === 'done') return { kind: 'done', response: row.response ?? {} };
    const taken = await takeOver(tx, scope, key, leaseSeconds, false);
    return taken ? { kind: 'claimed', resourceId: taken.resourceId } : { kind: 'inFlight' };
  });
}

/** The call's key: the body's `idempotencyKey` or the Idempotency-Key header; 400 without one. */
export function idempotencyKeyOf(request: FastifyRequest, fromBody?: string | null): string {
  const resolved = resolveIdempotencyKey(fromBody, request.headers['idempotency-key']);
  if ('error' in resolved)
    throw badRequest(resolved.error, [{ path: 'idempotencyKey', message: resolved.error }]);
  return resolved.key;
}

export const keyReused = (message: string = IDEMPOTENCY_MESSAGES.reused) =>
  new AppError(422, message, IDEMPOTENCY_KEY_REUSED);

/**
 * A money call done once per key, for work that is one transaction (a product-credit adjustment):
 * the key is claimed first; the work and the key's answer commit together, in a transaction that
 * first locks the key row, so an attempt that outlived its lease and one that took it over never
 * both write: the second finds the key done and answers the first's answer. The same key with
 * another body is 422; while another attempt holds the lease, 409; refused before anything was
 * written (4xx), the key is given back.
 */
export async function once<T extends Record<string, unknown>>(
  db: Db,
  call: { scope: string; key: string; requestHash: string },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const { scope, key, requestHash } = call;
  const claim = await claimKey(db, scope, key, requestHash);
  if (claim.kind === 'mismatch') throw keyReused();
  if (claim.kind === 'inFlight') throw conflict(IDEMPOTENCY_MESSAGES.inFlight);
  if (claim.kind === 'done') return claim.response as T;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
        .for('update');
      if (!row) throw conflict(IDEMPOTENCY_MESSAGES.inFlight);
      if (row.status === 'done') return (row.response ?? {}) as T;
      const answer = await work(tx);
      await finishKey(tx, scope, key, answer);
      return answer;
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) await releaseKey(db, scope, key);
    throw err;
  }
}

/**
 * Takes the key's lease when nobody holds it: an in-flight key whose lease lapsed, or (reopen)
 * a finished key, as a retry of its work does. Null when another worker holds it, or (not
 * reopening) when the key was finished meanwhile.
 */
export async function takeOver(
  db: DbOrTx,
  scope: string,
  key: string,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
  reopen = true,
): Promise<KeyRow | null> {
  const [row] = await db
    .update(idempotencyKeys)
    .set({ status: 'in_flight', leaseUntil: lease(leaseSeconds), updatedAt: new Date() })
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        reopen
          ? sql`(${idempotencyKeys.status} = 'done' or ${idempotencyKeys.leaseUntil} <= now())`
          : sql`${idempotencyKeys.status} = 'in_flight' and ${idempotencyKeys.leaseUntil} <= now()`,
      ),
    )
    .returning();
  return row ?? null;
}

/** A heartbeat's renewal of an in-flight key's lease: false once the key is no longer in flight. */
export async function renewKey(db: DbOrTx, scope: string, key: string, leaseSeconds = DEFAULT_LEASE_SECONDS) {
  const renewed = await db
    .update(idempotencyKeys)
    .set({ leaseUntil: lease(leaseSeconds) })
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.status, 'in_flight'),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return renewed.length > 0;
}

export async function setKeyResource(db: DbOrTx, scope: string, key: string, resourceId: string) {
  await db
    .update(idempotencyKeys)
    .set({ resourceId, updatedAt: new Date() })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

export async function finishKey(db: DbOrTx, scope: string, key: string, response: Record<string, unknown>) {
  await db
    .update(idempotencyKeys)
    .set({ status: 'done', response, updatedAt: new Date() })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

/** Gives a key back when the call was refused before it changed anything (bad input). */
export async function releaseKey(db: DbOrTx, scope: string, key: string) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.resourceId} is null`,
      ),
    );
}

/** Housekeeping: keys older than the retention period. */
export async function purgeOldKeys(db: DbOrTx) {
  await db
    .delete(idempotencyKeys)
    .where(
      sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})`,
    );
}
