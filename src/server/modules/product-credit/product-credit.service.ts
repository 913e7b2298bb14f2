import {
  adjustmentIssues,
  type CountryCredit,
  CREDIT_COUNTRIES,
  creditMaximum,
  type LedgerEntry,
  type ProductCredit,
  reasonById,
  type UpdateBalanceValues,
} from '@domain/product-credit';
import { consume, type Grant, lapsing } from '@domain/product-credit/ledger';
import { dollarsToCents, todayIso } from '@domain/validation';
import { and, eq } from 'drizzle-orm';
import { productCredit, productCreditLedger } from '../../db/schema';
import { type Actor, recordChange, SYSTEM_ACTOR } from '../../platform/audit';
import { type AppContext, actorOf } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { once } from '../../platform/idempotency';
import { sha256 } from '../../platform/ids';
import type { StaffPrincipal } from '../../platform/sessions';
import type { WorkerSpec } from '../../platform/workers';
import * as repo from './product-credit.repo';

// Product credit per country with its ledger (spec 1 §3, §7 updateBalance). The ledger is
// append-only but for what is left of each grant; the balance is the sum of its amounts and is
// written in the transaction that appends the entry, on the locked balance row. Σ remainingValue
// = balance always (ADR 021).

const NO_CUSTOMER = 'No customer with that id.';

function toEntry(row: repo.LedgerRow): LedgerEntry {
  return {
    id: row.id,
    amount: row.amountCents,
    remainingValue: row.remainingValueCents,
    expirationDate: row.expirationDate?.toISOString() ?? null,
    doesNotExpire: row.doesNotExpire,
    reasonId: row.reasonId,
    reasonName: row.reasonId == null ? null : (reasonById(row.reasonId)?.name ?? null),
    reason: row.reason,
    orderId: row.orderId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

async function countryCredit(db: DbOrTx, uid: string, country: repo.Country, balance?: repo.BalanceRow) {
  const { rows, total } = await repo.ledger(db, uid, country);
  return {
    country,
    balance: balance?.balanceCents ?? 0,
    expirationDate: balance?.expirationDate?.toISOString() ?? null,
    ledger: rows.map(toEntry),
    ledgerTruncated: total > rows.length,
  } satisfies CountryCredit;
}

/** The account's balance rows, one per country it has credit in (for other modules: the customer view). */
export const balancesOf = (db: DbOrTx, uid: string) => repo.balances(db, uid);

export async function getProductCredit(ctx: AppContext, uid: string): Promise<ProductCredit> {
  const account = await repo.findAccount(ctx.db, uid);
  if (!account) throw notFound(NO_CUSTOMER);
  const rows = await repo.balances(ctx.db, uid);
  const [us, ca] = await Promise.all(
    CREDIT_COUNTRIES.map((c) =>
      countryCredit(
        ctx.db,
        uid,
        c,
        rows.find((r) => r.country === c),
      ),
    ),
  );
  return { userType: account.userType, maximum: creditMaximum(account.userType), us: us!, ca: ca! };
}

export interface CreditEntryInput {
  uid: string;
  country: repo.Country;
  /** Positive adds credit, negative takes it away. */
  cents: number;
  /** The balance row already locked in this transaction (lockCredit); locked here when absent. */
  locked?: repo.BalanceRow;
  expiresAt: Date | null;
  doesNotExpire: boolean;
  reasonId: number | null;
  reason: string;
  actor: Actor;
  /** The change event's action (account-log), e.g. `productCredit.adjust`. */
  action: string;
  /** Extra facts for the change event (e.g. the payout that issued the credit). */
  about?: Record<string, unknown>;
  now: Date;
}

/** A ledger row as the consumption rule sees it (ADR 021). */
const grantOf = (row: repo.LedgerRow): Grant => ({
  id: row.id,
  amountCents: row.amountCents,
  remainingCents: row.remainingValueCents,
  expiresAt: row.doesNotExpire || !row.expirationDate ? null : row.expirationDate.getTime(),
  createdAt: row.createdAt.getTime(),
});

export const LAPSE_REASON = 'Unused credit lapsed';

/**
 * Locks the balance row of one account and country for a change, after lapsing the credit whose
 * expiry passed (one entry per grant, taking what was left of it): a debit never spends credit
 * that expired, and the balance the caller checks is the usable one.
 */
export async function lockCredit(
  tx: DbOrTx,
  uid: string,
  country: repo.Country,
  now: Date = new Date(),
): Promise<repo.BalanceRow> {
  let locked = await repo.lockBalance(tx, uid, country);
  const open = (await repo.openGrants(tx, uid, country)).map(grantOf);
  for (const g of lapsing(open, now.getTime())) {
    const written = await writeEntry(
      tx,
      {
        uid,
        country,
        cents: -g.remainingCents,
        expiresAt: null,
        doesNotExpire: false,
        reasonId: null,
        reason: LAPSE_REASON,
        actor: SYSTEM_ACTOR,
        action: 'productCredit.lapse',
        about: { grantId: g.id },
        now,
      },
      locked,
      [{ id: g.id, cents: g.remainingCents }],
    );
    locked = written.balance;
  }
  return locked;
}

/**
 * Appends one ledger entry and moves the balance with it, on the locked balance row, with its
 * account-log change event — in the caller's transaction. Every writer of product credit (staff
 * adjustments, orders, refunds, incentive rewards) goes through here. Credit taken away consumes
 * the grants in the consumption order (soonest expiry first, never-expiring last: ADR 021), so the
 * grants' remaining values always add up to the balance.
 */
export async function appendCredit(tx: DbOrTx, input: CreditEntryInput) {
  const { uid, country, cents, now } = input;
  const locked = input.locked ?? (await lockCredit(tx, uid, country, now));
  const takes = cents < 0 ? consume((await repo.openGrants(tx, uid, country)).map(grantOf), -cents) : [];
  return writeEntry(tx, input, locked, takes);
}

async function writeEntry(
  tx: DbOrTx,
  input: CreditEntryInput,
  locked: repo.BalanceRow,
  takes: readonly { id: number; cents: number }[],
) {
  const { uid, country, cents, now } = input;
  const grant = cents > 0;
  const [entry] = await tx
    .insert(productCreditLedger)
    .values({
      accountUid: uid,
      country,
      amountCents: cents,
      remainingValueCents: grant ? cents : 0,
      expirationDate: input.expiresAt,
      doesNotExpire: input.doesNotExpire,
      reasonId: input.reasonId,
      reason: input.reason,
      createdBy: input.actor.email,
      createdAt: now,
    })
    .returning();
  await repo.takeFromGrants(tx, takes);
  // The balance's expiration is the soonest expiry of the credit left.
  const [after] = await tx
    .update(productCredit)
    .set({
      balanceCents: locked.balanceCents + cents,
      expirationDate: await repo.soonestExpiry(tx, uid, country),
      updatedAt: now,
    })
    .where(and(eq(productCredit.accountUid, uid), eq(productCredit.country, country)))
    .returning();
  await recordChange(tx, {
    collection: 'account-log',
    entityId: uid,
    action: input.action,
    actor: input.actor,
    before: { productCredit: { [country]: { balance: locked.balanceCents } } },
    after: {
      productCredit: { [country]: { balance: after!.balanceCents } },
      ledgerEntry: toEntry(entry!),
      ...(takes.length > 0 ? { consumed: takes } : {}),
      ...(input.about ?? {}),
    },
  });
  return { entry: entry!, balance: after! };
}

/** Lapses the credit whose expiry passed, a few accounts at a time (the credit expiry worker). */
export async function lapseExpiredCredit(db: Db, now: Date = new Date(), limit = 50): Promise<number> {
  const due = await repo.lapsingAccounts(db, now, limit);
  for (const a of due) await db.transaction((tx) => lockCredit(tx, a.account_uid, a.country, now));
  return due.length;
}

/** Credit whose expiry passed lapses in the background too, not only when its account next changes. */
export const creditExpiryWorker = (): WorkerSpec => ({
  name: 'credit-expiry',
  intervalMs: 60_000,
  tick: ({ db }) => lapseExpiredCredit(db),
});

/** End of the chosen day (UTC) as the instant the credit stops being usable. */
const endOfDay = (isoDate: string) => new Date(`${isoDate}T23:59:59.999Z`);

/** The fields that make two adjustments "the same request" (after parsing: 10.5 = "10.50"). */
const adjustmentHash = (uid: string, input: UpdateBalanceValues, neverExpire: boolean) =>
  sha256(
    JSON.stringify({
      uid,
      country: input.country,
      cents: dollarsToCents(input.amount),
      reasonId: input.reasonId,
      reason: input.reason,
      expirationDate: neverExpire ? null : input.expirationDate,
      neverExpire,
    }),
  );

/**
 * POST /cs/updateBalance/{uid}: one adjustment per idempotency key (ADR 021). The same key and
 * body answer the first answer (the credit as it stood after the adjustment), another body 422.
 */
export async function updateBalance(
  ctx: AppContext,
  staff: StaffPrincipal,
  uid: string,
  input: UpdateBalanceValues,
  neverExpire: boolean,
  idempotencyKey: string,
  now: Date = new Date(),
): Promise<CountryCredit> {
  return once(
    ctx.db,
    { scope: 'credit', key: idempotencyKey, requestHash: adjustmentHash(uid, input, neverExpire) },
    async (tx) => {
      const { balance } = await applyAdjustment(tx, actorOf(staff), uid, input, neverExpire, now);
      return countryCredit(tx, uid, input.country, balance);
    },
  );
}

/**
 * One adjustment inside the caller's transaction: the account's rules on the locked balance row,
 * then the ledger entry, the new balance and its account-log event (appendCredit). The credit tab
 * and each bulk ledger row both come here. Throws a 400 (nothing kept once the caller's
 * transaction rolls back) when a rule refuses it, a 404 for an unknown account.
 */
export async function applyAdjustment(
  tx: DbOrTx,
  actor: Actor,
  uid: string,
  input: UpdateBalanceValues,
  neverExpire: boolean,
  now: Date = new Date(),
): Promise<{ entry: repo.LedgerRow; balance: repo.BalanceRow }> {
  const country = input.country;
  const account = await repo.findAccount(tx, uid);
  if (!account) throw notFound(NO_CUSTOMER);
  const locked = await lockCredit(tx, uid, country, now);
  const issues = adjustmentIssues(input, {
    userType: account.userType,
    neverExpire,
    balanceCents: locked.balanceCents,
    today: todayIso(now),
  });
  // A 400 rolls the transaction back, so the balance row created by the lock is not kept either.
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);

  const cents = dollarsToCents(input.amount);
  const grant = cents > 0;
  return appendCredit(tx, {
    uid,
    country,
    cents,
    locked,
    expiresAt: grant && !neverExpire && input.expirationDate ? endOfDay(input.expirationDate) : null,
    doesNotExpire: grant && neverExpire,
    reasonId: input.reasonId,
    reason: input.reason,
    actor,
    action: 'productCredit.adjust',
    now,
  });
}
