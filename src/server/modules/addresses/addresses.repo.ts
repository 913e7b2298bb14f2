import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { accounts, shippingAddresses } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

export type AddressRow = typeof shippingAddresses.$inferSelect;

/** The account, locked for the rest of the transaction so default moves on one account queue up. */
export async function lockAccount(tx: DbOrTx, uid: string) {
  const [row] = await tx
    .select({ uid: accounts.uid, phoenixId: accounts.phoenixId })
    .from(accounts)
    .where(eq(accounts.uid, uid))
    .for('update');
  return row ?? null;
}

export async function accountExists(db: DbOrTx, uid: string): Promise<boolean> {
  const [row] = await db.select({ uid: accounts.uid }).from(accounts).where(eq(accounts.uid, uid));
  return Boolean(row);
}

/** The account's addresses, the default first, then the most recently changed. */
export function listAddresses(db: DbOrTx, uid: string) {
  return db
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.accountUid, uid))
    .orderBy(
      desc(shippingAddresses.isDefaultShipping),
      desc(shippingAddresses.dateLastModified),
      asc(shippingAddresses.id),
    );
}

/** One address of this account; another account's address id is not found. */
export async function findAddress(db: DbOrTx, uid: string, id: number) {
  const [row] = await db
    .select()
    .from(shippingAddresses)
    .where(and(eq(shippingAddresses.accountUid, uid), eq(shippingAddresses.id, id)));
  return row ?? null;
}

export async function clearDefault(tx: DbOrTx, uid: string, exceptId?: number) {
  await tx
    .update(shippingAddresses)
    .set({ isDefaultShipping: false, dateLastModified: sql`now()` })
    .where(
      and(
        eq(shippingAddresses.accountUid, uid),
        eq(shippingAddresses.isDefaultShipping, true),
        exceptId === undefined ? undefined : ne(shippingAddresses.id, exceptId),
      ),
    );
}

/** The address that becomes default when the default one is deleted: the most recently changed. */
export async function nextDefaultCandidate(tx: DbOrTx, uid: string) {
  const [row] = await tx
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.accountUid, uid))
    .orderBy(desc(shippingAddresses.dateLastModified), desc(shippingAddresses.id))
    .limit(1);
  return row ?? null;
}
