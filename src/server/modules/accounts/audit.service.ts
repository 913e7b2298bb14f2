import type { AuditQuery } from '@domain/accounts/audit';
import { eq } from 'drizzle-orm';
import { changeEvents } from '../../db/schema';
import { auditPage } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { loadAccount } from './accounts.repo';

// The account change log (spec 1 §2 Audit): every change event about this account, newest first,
// filterable by collection and by staff member.

export async function accountAudit(ctx: AppContext, uid: string, query: AuditQuery) {
  await loadAccount(ctx.db, uid);
  return auditPage(ctx.db, eq(changeEvents.entityId, uid), query);
}
