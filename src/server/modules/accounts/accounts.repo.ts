import type { AccountFacts } from '@domain/batch-orders/batch-orders';
import { type AccountRef, missingAccountName } from '@domain/customers/search';
import { COMPANY_SPONSOR_ID } from '@domain/reference/constants';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { accounts, accountTypeHistory, shippingAddresses, termsRecords } from '../../db/schema';
import { type DbOrTx, rows } from '../../platform/db';
import { notFound } from '../../platform/errors';

// Queries of the accounts module: one account, the people it refers to, and its genealogy.

export type AccountRow = typeof accounts.$inferSelect;
export type Tree = 'sponsor' | 'enroller';

export const NO_ACCOUNT = 'No customer account with that id.';

/** The account, locked for the rest of the transaction when `forUpdate`. */
export async function loadAccount(tx: DbOrTx, uid: string, forUpdate = false): Promise<AccountRow> {
  const query = tx.select().from(accounts).where(eq(accounts.uid, uid)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(NO_ACCOUNT);
  return row;
}

export async function accountByPhoenixId(tx: DbOrTx, phoenixId: number): Promise<AccountRow | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.phoenixId, phoenixId)).limit(1);
  return row;
}

export const fullName = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim();

/** Sponsor or enroller as {uid, phoenixId, fullName}; 1 is the company (spec 1 §4 defaults). */
export async function accountRef(tx: DbOrTx, phoenixId: number | null | undefined): Promise<AccountRef> {
  const id = phoenixId ?? COMPANY_SPONSOR_ID;
  const row = await accountByPhoenixId(tx, id);
  if (row) return { uid: row.uid, phoenixId: id, fullName: fullName(row) };
  return { uid: null, phoenixId: id, fullName: missingAccountName(id) };
}

export async function termsOf(tx: DbOrTx, uid: string) {
  return tx
    .select()
    .from(termsRecords)
    .where(eq(termsRecords.accountUid, uid))
    .orderBy(desc(termsRecords.orderDate));
}

export async function typeHistoryOf(tx: DbOrTx, uid: string) {
  return tx
    .select()
    .from(accountTypeHistory)
    .where(eq(accountTypeHistory.accountUid, uid))
    .orderBy(asc(accountTypeHistory.changedAt), asc(accountTypeHistory.id));
}

/**
 * The account type the downstream (Phoenix) account holds: once an account has been a
 * consultant, its Phoenix account stays a consultant account (type 1) — which is what lets a
 * member be restored to consultant (spec 1 §4).
 */
export function phoenixAccountType(row: AccountRow, history: { fromType: number | null; toType: number }[]) {
  const wasConsultant = history.some((h) => h.fromType === 1 || h.toType === 1);
  return wasConsultant ? 1 : row.userType;
}

export async function directDownlineCount(tx: DbOrTx, phoenixId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(and(eq(accounts.sponsorId, phoenixId), ne(accounts.phoenixId, phoenixId)));
  return row?.n ?? 0;
}

/**
 * Whether `candidate` sits anywhere below `root` in the tree (recursive CTE over the sponsor or
 * enroller column). Used to refuse a move that would create a cycle.
 */
export async function isInDownline(
  tx: DbOrTx,
  tree: Tree,
  root: number,
  candidate: number,
): Promise<boolean> {
  if (root === candidate) return true;
  const column = tree === 'sponsor' ? sql.raw('sponsor_id') : sql.raw('enroller_id');
  // Raw SQL: a recursive CTE (the downline walk) has no builder form.
  const found = await rows<{ hit: number }>(
    tx,
    sql`with recursive down(phoenix_id) as (
          select phoenix_id from accounts where ${column} = ${root} and phoenix_id <> ${root}
          union
          select a.phoenix_id from accounts a join down d on a.${column} = d.phoenix_id
        )
        select 1 as hit from down where phoenix_id = ${candidate} limit 1`,
  );
  return found.length > 0;
}

/**
 * What the change log shows of an account. The tax number is left out, sealed or not: a change
 * of it is recorded masked by the one operation that makes it (spec: never in full; ADR 022).
 */
export function auditView(row: AccountRow) {
  const { sealedTaxNumber: _sealed, updatedAt: _updated, createdAt: _created, ...rest } = row;
  return rest;
}

const IN_CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IN_CHUNK) out.push(items.slice(i, i + IN_CHUNK));
  return out;
}

/**
 * The accounts an upload's rows name (by account number or uid), with their shipping addresses:
 * in bulk for a preview, a query per thousand keys, not per row.
 */
export interface AccountLookup {
  byPhoenixId: Map<number, AccountFacts>;
  byUid: Map<string, AccountFacts>;
}

export async function accountsByKeys(
  db: DbOrTx,
  phoenixIds: number[],
  uids: string[],
): Promise<AccountLookup> {
  const found: { uid: string; phoenixId: number; userType: number; accountStatus: number }[] = [];
  const cols = {
    uid: accounts.uid,
    phoenixId: accounts.phoenixId,
    userType: accounts.userType,
    accountStatus: accounts.accountStatus,
  };
  for (const part of chunks([...new Set(phoenixIds)]))
    found.push(...(await db.select(cols).from(accounts).where(inArray(accounts.phoenixId, part))));
  for (const part of chunks([...new Set(uids)]))
    found.push(...(await db.select(cols).from(accounts).where(inArray(accounts.uid, part))));
  const facts = new Map<string, AccountFacts>();
  for (const a of found) facts.set(a.uid, { ...a, addresses: [] });
  for (const part of chunks([...facts.keys()])) {
    const addresses = await db
      .select({
        id: shippingAddresses.id,
        accountUid: shippingAddresses.accountUid,
        countryId: shippingAddresses.countryId,
        isDefault: shippingAddresses.isDefaultShipping,
        region: shippingAddresses.region,
        postalCode: shippingAddresses.postalCode,
      })
      .from(shippingAddresses)
      .where(inArray(shippingAddresses.accountUid, part));
    for (const a of addresses)
      facts.get(a.accountUid)?.addresses.push({
        id: a.id,
        countryId: a.countryId,
        isDefault: a.isDefault,
        region: a.region,
        postalCode: a.postalCode,
      });
  }
  const lookup: AccountLookup = { byPhoenixId: new Map(), byUid: new Map() };
  for (const f of facts.values()) {
    lookup.byPhoenixId.set(f.phoenixId, f);
    lookup.byUid.set(f.uid, f);
  }
  return lookup;
}
