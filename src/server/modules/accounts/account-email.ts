import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import { and, ne, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';

/**
 * The one rule for a customer account's email, whichever door changes it (the profile edit,
 * `POST /api/auth/updateEmail`): one account per address, compared without case. An address
 * another account holds is refused with 409 and the spec's "Failed to update email and customer
 * info." (spec 1 §8). Two changes to the same address at once are serialised by a lock on the
 * address for the rest of the transaction, so both cannot pass the check.
 */
export async function assertCustomerEmailFree(tx: Tx, uid: string, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  // Raw SQL: advisory locks have no builder form.
  await tx.execute(sql`select pg_advisory_xact_lock(${7_201}, hashtext(${address}))`);
  const [taken] = await tx
    .select({ uid: accounts.uid })
    .from(accounts)
    .where(and(sql`lower(${accounts.email}) = ${address}`, ne(accounts.uid, uid)))
    .limit(1);
  if (taken) throw conflict(ACCOUNT_MESSAGES.emailAndInfoFailed);
}
