import { and, count, desc, eq, gt, lte, not, sql } from 'drizzle-orm';
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

/** Grants of one account and country with credit left (ADR 021), in no order. */
export async function openGrants(db: DbOrTx, uid: string, country: Country): Promise<LedgerRow[]> {
  return db
    .select()
    .from(productCreditLedger)
    .where(
      and(
        eq(productCreditLedger.accountUid, uid),
        eq(productCreditLedger.country, country),
        gt(productCreditLedger.remainingValueCents, 0),
      ),
    );
}

/** Takes cents from grants (a debit's consumption, or a lapse). */
export async function takeFromGrants(db: DbOrTx, takes: readonly { id: number; cents: number }[]) {
  if (takes.length === 0) return;
  const values = sql.join(
    takes.map((t) => sql`(${t.id}::bigint, ${t.cents}::int)`),
    sql`, `,
  );
  // Raw SQL: UPDATE … FROM (VALUES …) has no builder form.
  await db.execute(
    sql`update ${productCreditLedger} l set remaining_value_cents = l.remaining_value_cents - v.cents
        from (values ${values}) as v(id, cents) where l.id = v.id`,
  );
}

/** The soonest expiry of credit still left (the balance's expiration date), or null. */
export async function soonestExpiry(db: DbOrTx, uid: string, country: Country): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${productCreditLedger.expirationDate})` })
    .from(productCreditLedger)
    .where(
      and(
        eq(productCreditLedger.accountUid, uid),
        eq(productCreditLedger.country, country),
        gt(productCreditLedger.remainingValueCents, 0),
        eq(productCreditLedger.doesNotExpire, false),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

/** Accounts and countries holding credit whose expiry passed (the expiry worker's work). */
export async function lapsingAccounts(db: DbOrTx, now: Date, limit: number) {
  return db
    .selectDistinct({ account_uid: productCreditLedger.accountUid, country: productCreditLedger.country })
    .from(productCreditLedger)
    .where(
      and(
        // The predicate of product_credit_ledger_expiring_idx, as written there.
        sql`${productCreditLedger.remainingValueCents} > 0`,
        not(productCreditLedger.doesNotExpire),
        lte(productCreditLedger.expirationDate, now),
      ),
    )
    .limit(limit);
}
