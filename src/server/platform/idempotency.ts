import { and, eq, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import type { Db, DbOrTx } from './db';

// Idempotency keys of calls that move money (ADR 014). A key is claimed in a transaction of its
// own, before any work, by inserting its row (ON CONFLICT DO NOTHING): exactly one caller in any
// number of app processes gets it. The others learn whether the first is still at work (409),
// done (its answer again) or was sent another body (422). The worker holds a lease; when a
// process dies mid-call the lease lapses and the next caller with the key takes the work over.

/** Keys are kept at least this long (issue 9: at least 24 hours). */
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

/**
 * Takes the key's lease when nobody holds it: an in-flight key whose lease lapsed, or (reopen)
 * a finished key, as a retry of its work does. Null when another worker holds it.
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
          : sql`${idempotencyKeys.leaseUntil} <= now()`,
      ),
    )
    .returning();
  return row ?? null;
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

export async function keyRow(db: DbOrTx, scope: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row;
}
