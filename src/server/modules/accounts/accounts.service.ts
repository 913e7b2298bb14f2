import type { AccountRef } from '@domain/customers/search';
import type { DbOrTx } from '../../platform/db';
import * as repo from './accounts.repo';

// What other modules read of a customer account (the customer view, the batch order and bulk
// ledger uploads): through these, never through accounts.repo.

export { fullName } from './accounts.repo';

/** The account, or a 404. */
export const loadAccount = (db: DbOrTx, uid: string): Promise<repo.AccountRow> => repo.loadAccount(db, uid);

/** Sponsor or enroller as {uid, phoenixId, fullName}; 1 is the company (spec 1 §4 defaults). */
export const accountRef = (db: DbOrTx, phoenixId: number | null | undefined): Promise<AccountRef> =>
  repo.accountRef(db, phoenixId);

/** The accounts named by account number or uid, with their shipping addresses. */
export const accountsByKeys = (
  db: DbOrTx,
  phoenixIds: number[],
  uids: string[],
): Promise<repo.AccountLookup> => repo.accountsByKeys(db, phoenixIds, uids);
