import type { AuditQuery } from '@domain/accounts/audit';
import { and, eq } from 'drizzle-orm';
import { changeEvents } from '../../db/schema';
import { auditPage } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { loadOrder } from './orders.repo';

// The order change log (spec 2 §3 Order change log event): orders-log events of one order,
// newest first, in the account audit's shape so the screen reads them the same way.

export async function orderAudit(ctx: AppContext, id: string, query: AuditQuery) {
  await loadOrder(ctx.db, id);
  const scope = and(eq(changeEvents.collection, 'orders-log'), eq(changeEvents.entityId, id))!;
  return auditPage(ctx.db, scope, query, ['orders-log']);
}
