import type { Difference } from '@domain/platform/diff';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { actorOf } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { assertFieldWrites } from '../../platform/field-guard';
import type { StaffPrincipal } from '../../platform/sessions';
import { type AccountRow, auditView } from './accounts.repo';

// Every change to an account writes its account-log event in the same transaction (spec 1 §3
// Account-log event; DESIGN §2), and passes each field it changes through the field-level
// actions of the permission table first (ADR 018): whatever route it came through, a change the
// staff member's role does not cover writes nothing.

export async function updateAccount(
  tx: DbOrTx,
  staff: StaffPrincipal,
  before: AccountRow,
  action: string,
  patch: Partial<typeof accounts.$inferInsert>,
  /** The tax number before and after, masked, when the change is to it. */
  maskedTaxNumber?: { before: string | null; after: string | null },
): Promise<AccountRow> {
  assertFieldWrites(staff, 'account', before, patch);
  const [after] = await tx
    .update(accounts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(accounts.uid, before.uid))
    .returning();
  await recordChange(tx, {
    collection: 'account-log',
    entityId: before.uid,
    action,
    actor: actorOf(staff),
    before: { ...auditView(before), ...(maskedTaxNumber && { taxNumber: maskedTaxNumber.before }) },
    after: { ...auditView(after!), ...(maskedTaxNumber && { taxNumber: maskedTaxNumber.after }) },
  });
  return after!;
}

/** An account-log event for a change that is not a field of the account row (comment, email sent). */
export async function recordAccountEvent(
  tx: DbOrTx,
  staff: StaffPrincipal | null,
  uid: string,
  action: string,
  change: { before?: unknown; after?: unknown; differences?: Difference[] },
) {
  await recordChange(tx, {
    collection: 'account-log',
    entityId: uid,
    action,
    actor: staff ? actorOf(staff) : { id: 'system', email: 'system', name: 'System', authType: 'system' },
    ...change,
  });
}
