import { AUDIT_PAGE_SIZE, type AuditQuery } from '@domain/accounts/audit';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { changeEvents } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { loadOrder } from './orders.repo';

// The order change log (spec 2 §3 Order change log event): orders-log events of one order,
// newest first, in the account audit's shape so the screen reads them the same way.

export async function orderAudit(ctx: AppContext, id: string, query: AuditQuery) {
  await loadOrder(ctx.db, id);
  const mine = and(eq(changeEvents.collection, 'orders-log'), eq(changeEvents.entityId, id))!;
  const where: SQL[] = [mine];
  if (query.changedBy) where.push(eq(changeEvents.changedBy, query.changedBy));
  const filter = and(...where);
  const [found, [total], people] = await Promise.all([
    ctx.db
      .select()
      .from(changeEvents)
      .where(filter)
      .orderBy(desc(changeEvents.dateChangedUtc), desc(changeEvents.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(changeEvents).where(filter),
    ctx.db
      .selectDistinct({ v: changeEvents.changedBy })
      .from(changeEvents)
      .where(mine)
      .orderBy(changeEvents.changedBy),
  ]);
  return {
    success: true as const,
    data: found.map((r) => ({
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
    filters: { collections: ['orders-log'], changedBy: people.map((p) => p.v) },
  };
}
