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
import { dollarsToCents, todayIso } from '@domain/validation';
import { and, eq } from 'drizzle-orm';
import { productCredit, productCreditLedger } from '../../db/schema';
import { type Actor, recordChange } from '../../platform/audit';
import { type AppContext, actorOf } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { StaffPrincipal } from '../../platform/sessions';
import * as repo from './product-credit.repo';

// Product credit per country with its ledger (spec 1 §3, §7 updateBalance). The ledger is
// append-only; the balance is the sum of its amounts and is written in the transaction that
// appends the entry, on the locked balance row.

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

async function countryCredit(ctx: AppContext, uid: string, country: repo.Country, balance?: repo.BalanceRow) {
  const { rows, total } = await repo.ledger(ctx.db, uid, country);
  return {
    country,
    balance: balance?.balanceCents ?? 0,
    expirationDate: balance?.expirationDate?.toISOString() ?? null,
    ledger: rows.map(toEntry),
    ledgerTruncated: total > rows.length,
  } satisfies CountryCredit;
}

export async function getProductCredit(ctx: AppContext, uid: string): Promise<ProductCredit> {
  const account = await repo.findAccount(ctx.db, uid);
  if (!account) throw notFound(NO_CUSTOMER);
  const rows = await repo.balances(ctx.db, uid);
  const [us, ca] = await Promise.all(
    CREDIT_COUNTRIES.map((c) =>
      countryCredit(
        ctx,
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
  /** The balance row already locked in this transaction; locked here when absent. */
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

/**
 * Appends one ledger entry and moves the balance with it, on the locked balance row, with its
 * account-log change event — in the caller's transaction. Every writer of product credit (staff
 * adjustments, incentive rewards) goes through here.
 */
export async function appendCredit(tx: DbOrTx, input: CreditEntryInput) {
  const { uid, country, cents, now } = input;
  const locked = input.locked ?? (await repo.lockBalance(tx, uid, country));
  const grant = cents > 0;
  // A debit spends what is left on the grants, oldest first, so that the balance stays what is
  // left on its grants (ADR 006; reconciliation checks it, ADR 025).
  if (cents < 0) await repo.consumeGrants(tx, uid, country, -cents, now);
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
  // The balance's expiration is the soonest expiry of credit added; taking credit away leaves it.
  const expiresAt = input.expiresAt;
  const expirationDate =
    expiresAt && (!locked.expirationDate || expiresAt < locked.expirationDate)
      ? expiresAt
      : locked.expirationDate;
  const [after] = await tx
    .update(productCredit)
    .set({ balanceCents: locked.balanceCents + cents, expirationDate, updatedAt: now })
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
      ...(input.about ?? {}),
    },
  });
  return { entry: entry!, balance: after! };
}

/** End of the chosen day (UTC) as the instant the credit stops being usable. */
const endOfDay = (isoDate: string) => new Date(`${isoDate}T23:59:59.999Z`);

export async function updateBalance(
  ctx: AppContext,
  staff: StaffPrincipal,
  uid: string,
  input: UpdateBalanceValues,
  neverExpire: boolean,
  now: Date = new Date(),
): Promise<CountryCredit> {
  const { balance } = await ctx.db.transaction((tx) =>
    applyAdjustment(tx, actorOf(staff), uid, input, neverExpire, now),
  );
  return countryCredit(ctx, uid, input.country, balance);
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
  const locked = await repo.lockBalance(tx, uid, country);
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
