import { and, count, desc, eq, sql } from 'drizzle-orm';
import { accounts, productCredit, productCreditLedger } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

export type LedgerRow = typeof productCreditLedger.$inferSelect;
export type BalanceRow = typeof productCredit.$inferSelect;
export type Country = 'us' | 'ca';

/** How many ledger entries a read shows per country, newest first. */
export const LEDGER_LIMIT = 200;

export async function findAccount(db: DbOrTx, uid: string) {
  const [row] = await db
    .select({ uid: accounts.uid, userType: accounts.userType })
    .from(accounts)
    .where(eq(accounts.uid, uid));
  return row ?? null;
}

export async function balances(db: DbOrTx, uid: string) {
  return db.select().from(productCredit).where(eq(productCredit.accountUid, uid));
}

export async function ledger(db: DbOrTx, uid: string, country: Country) {
  const where = and(eq(productCreditLedger.accountUid, uid), eq(productCreditLedger.country, country));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(productCreditLedger)
      .where(where)
      .orderBy(desc(productCreditLedger.createdAt), desc(productCreditLedger.id))
      .limit(LEDGER_LIMIT),
    db.select({ n: count() }).from(productCreditLedger).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The balance row of one account and country, locked until the transaction ends: concurrent
 * adjustments queue on it, so none reads a balance another is about to change (no lost update).
 */
export async function lockBalance(tx: DbOrTx, uid: string, country: Country): Promise<BalanceRow> {
  await tx.insert(productCredit).values({ accountUid: uid, country, balanceCents: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(productCredit)
    .where(and(eq(productCredit.accountUid, uid), eq(productCredit.country, country)))
    .for('update');
  return row!;
}

/** Sum of the ledger (cents), the figure the balance must always equal. */
export async function ledgerSum(db: DbOrTx, uid: string, country: Country): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${productCreditLedger.amountCents}), 0)` })
    .from(productCreditLedger)
    .where(and(eq(productCreditLedger.accountUid, uid), eq(productCreditLedger.country, country)));
  return Number(row?.sum ?? 0);
}

/**
 * Takes `cents` off the remainingValue of the grants still usable at `now`, oldest first (ADR 006),
 * in one statement: each grant gives what is left of it until the amount is covered. Call it on
 * the locked balance row's transaction, with the debit that takes the credit away.
 */
export async function consumeGrants(tx: DbOrTx, uid: string, country: Country, cents: number, now: Date) {
  await tx.execute(sql`
    with usable as (
      select id, remaining_value_cents as left_cents,
             sum(remaining_value_cents) over (order by created_at, id) - remaining_value_cents as before_cents
      from product_credit_ledger
      where account_uid = ${uid} and country = ${country} and amount_cents > 0 and remaining_value_cents > 0
        and (does_not_expire or expiration_date is null or expiration_date > ${now})
    )
    update product_credit_ledger l
       set remaining_value_cents = u.left_cents - least(u.left_cents, ${cents} - u.before_cents)
      from usable u
     where l.id = u.id and u.before_cents < ${cents}`);
}
