import { AUDIT_PAGE_SIZE, type AuditQuery } from '@domain/accounts/audit';
import { type Difference, diff } from '@domain/platform/diff';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { changeEvents } from '../db/schema';
import { auditNames } from './audit-names';
import { type DbOrTx, insertRecords } from './db';

/** Who made a change: a staff member, or the system (jobs, workers). */
export interface Actor {
  id: string;
  email: string;
  name?: string | null;
  authType?: 'session' | 'bearer' | 'system';
}

export const SYSTEM_ACTOR: Actor = { id: 'system', email: 'system', name: 'System', authType: 'system' };

export type AuditCollection =
  | 'account-log'
  | 'orders-log'
  | 'staff-log'
  | 'flags-log'
  | 'promos-log'
  | string;

export interface ChangeInput {
  collection: AuditCollection;
  entityId: string;
  action: string;
  actor: Actor;
  before?: unknown;
  after?: unknown;
  /** Differences computed elsewhere; when absent they are computed from before and after. */
  differences?: Difference[];
}

/**
 * Writes one change event. Call it with the transaction that makes the change, so the change
 * and its record commit or roll back together.
 */
export async function recordChange(tx: DbOrTx, input: ChangeInput): Promise<Difference[]> {
  const event = changeEvent(input);
  await tx.insert(changeEvents).values(event);
  return event.differences;
}

/**
 * Writes many change events in one statement (batch jobs creating records by the chunk). As with
 * recordChange, call it with the transaction that makes the changes.
 */
export async function recordChanges(tx: DbOrTx, inputs: ChangeInput[]): Promise<void> {
  await insertRecords(tx, changeEvents, inputs.map(changeEvent));
}

/** The change_events record of a change (for a caller that writes it in its own statement). */
export function changeEvent(input: ChangeInput) {
  return {
    collection: input.collection,
    entityId: input.entityId,
    action: input.action,
    changedBy: input.actor.email,
    changedByName: input.actor.name ?? null,
    auth: input.actor.id,
    authType: input.actor.authType ?? 'session',
    differences: input.differences ?? diff(input.before ?? {}, input.after ?? {}),
  };
}

/**
 * One page of a record's change log, newest first, in the audit answer's shape (spec 1 §2 Audit,
 * spec 2 §3 Order change log event). `scope` picks the record's events; the staff filter applies
 * within it. With `collections` the log is one fixed set of collections (nothing to filter by);
 * without, the query's collection filter applies and the filter lists the collections in scope.
 */
export async function auditPage(db: DbOrTx, scope: SQL, query: AuditQuery, collections?: string[]) {
  const where: SQL[] = [scope];
  if (query.collection && !collections) where.push(eq(changeEvents.collection, query.collection));
  if (query.changedBy) where.push(eq(changeEvents.changedBy, query.changedBy));
  const filter = and(...where);
  const [rows, [total], inScope, people] = await Promise.all([
    db
      .select()
      .from(changeEvents)
      .where(filter)
      .orderBy(desc(changeEvents.dateChangedUtc), desc(changeEvents.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(changeEvents).where(filter),
    collections
      ? Promise.resolve(collections.map((v) => ({ v })))
      : db
          .selectDistinct({ v: changeEvents.collection })
          .from(changeEvents)
          .where(scope)
          .orderBy(changeEvents.collection),
    db
      .selectDistinct({ v: changeEvents.changedBy })
      .from(changeEvents)
      .where(scope)
      .orderBy(changeEvents.changedBy),
  ]);
  const changedBy = people.map((p) => p.v);
  const names = await auditNames(db, rows, changedBy);
  return {
    success: true as const,
    data: rows.map((r) => ({
      id: r.id,
      collection: r.collection,
      action: r.action,
      changedBy: r.changedBy,
      // Events written without a name (API clients, older records) are named from the staff list.
      changedByName:
        r.changedByName ?? names.staff[r.auth ?? ''] ?? names.staff[r.changedBy.toLowerCase()] ?? null,
      auth: r.auth ?? null,
      authType: r.authType ?? null,
      dateChangedUTC: r.dateChangedUtc.toISOString(),
      differences: r.differences,
    })),
    page: query.page,
    limit: AUDIT_PAGE_SIZE,
    total: total?.n ?? 0,
    filters: { collections: inScope.map((c) => c.v), changedBy },
    names,
  };
}
