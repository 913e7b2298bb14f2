import { AUDIT_PAGE_SIZE, type AuditQuery } from '@domain/accounts/audit';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { changeEvents } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { loadAccount } from './accounts.repo';

// The account change log (spec 1 §2 Audit): every change event about this account, newest first,
// filterable by collection and by staff member.

export async function accountAudit(ctx: AppContext, uid: string, query: AuditQuery) {
  await loadAccount(ctx.db, uid);
  const where: SQL[] = [eq(changeEvents.entityId, uid)];
  if (query.collection) where.push(eq(changeEvents.collection, query.collection));
  if (query.changedBy) where.push(eq(changeEvents.changedBy, query.changedBy));
  const filter = and(...where);
  const offset = (query.page - 1) * AUDIT_PAGE_SIZE;
  const [rows, [total], collections, people] = await Promise.all([
    ctx.db
      .select()
      .from(changeEvents)
      .where(filter)
      .orderBy(desc(changeEvents.dateChangedUtc), desc(changeEvents.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset(offset),
    ctx.db.select({ n: count() }).from(changeEvents).where(filter),
    ctx.db
      .selectDistinct({ v: changeEvents.collection })
      .from(changeEvents)
      .where(eq(changeEvents.entityId, uid))
      .orderBy(changeEvents.collection),
    ctx.db
      .selectDistinct({ v: changeEvents.changedBy })
      .from(changeEvents)
      .where(eq(changeEvents.entityId, uid))
      .orderBy(changeEvents.changedBy),
  ]);
  return {
    success: true as const,
    data: rows.map((r) => ({
      id: r.id,
      collection: r.collection,
      action: r.action,
      changedBy: r.changedBy,
      changedByName: r.changedByName,
      dateChangedUTC: r.dateChangedUtc.toISOString(),
      differences: r.differences,
    })),
    page: query.page,
    limit: AUDIT_PAGE_SIZE,
    total: total?.n ?? 0,
    filters: { collections: collections.map((c) => c.v), changedBy: people.map((p) => p.v) },
  };
}
