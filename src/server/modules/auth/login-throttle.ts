import { TOO_MANY_ATTEMPTS } from '@domain/auth/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { loginAttempts } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { tooManyRequests } from '../../platform/errors';

// Sign-in throttling (ADR 020). Counts live in the database, so every app process shares them, and
// an attempt is claimed (counted) atomically BEFORE its password is checked: however many guesses
// arrive at once, no more than a budget's worth are ever checked in a window.
//
// Budgets, each per 15-minute window:
// - an account, from every address where it has not signed in lately, together: 5;
// - an account from an address where it signed in within 30 days (or reset its password): 5 of
//   its own, which guesses from anywhere else cannot spend: knowing a staff email is not enough to
//   keep that person out;
// - an address, across the accounts it has not signed in to lately: 20.
// A right password gives back its own claim and nothing else: the guesses in flight beside it stay
// counted. Nobody is locked beyond the end of a window, and the reset link always works.
export const LOGIN_WINDOW_MINUTES = 15;
export const TRUST_DAYS = 30;
export const LOGIN_LIMITS = { account: 5, address: 20, knownAddress: 5 } as const;

type Bucket = 'account' | 'address' | 'knownAddress';
const keyOf = (bucket: Bucket, email: string, ip: string) =>
  bucket === 'account' ? `account:${email}` : bucket === 'address' ? `address:${ip}` : `pair:${email}|${ip}`;

/** A counted attempt: the windows its claims went into, to give back exactly those. */
export interface LoginClaim {
  email: string;
  ip: string;
  /** Window start (ms) per bucket the claim was counted in. */
  windows: Partial<Record<Bucket, number>>;
}

/** The clock of the throttle: the database's, unless a caller (a test) says what time it is. */
export interface ThrottleClock {
  now?: Date | undefined;
}
const clock = (c: ThrottleClock) => sql`coalesce(${c.now ? c.now.toISOString() : null}::timestamptz, now())`;

interface Row {
  failures: number;
  window_started_at: Date | string;
  trusted_until: Date | string | null;
  now: Date | string;
}
/** A row's columns as the throttle reads them, with the throttle's clock as `now`. */
const rowColumns = (c: ThrottleClock) => ({
  failures: loginAttempts.failures,
  window_started_at: loginAttempts.windowStartedAt,
  trusted_until: loginAttempts.trustedUntil,
  now: sql<string>`${clock(c)}`,
});
const ms = (v: Date | string) => new Date(v).getTime();
const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;

/** The row of `key`, created if missing, locked until the transaction ends. */
async function lockRow(tx: DbOrTx, key: string, c: ThrottleClock): Promise<Row> {
  const [row] = await tx
    .insert(loginAttempts)
    .values({ key, failures: 0, windowStartedAt: clock(c) })
    .onConflictDoUpdate({ target: loginAttempts.key, set: { key: sql`excluded.key` } })
    .returning(rowColumns(c));
  return row!;
}

/** Attempts counted in the row's current window (0 once it has ended) and that window's start. */
function windowOf(row: Row): { used: number; start: number } {
  const now = ms(row.now);
  const start = ms(row.window_started_at);
  return now - start >= WINDOW_MS ? { used: 0, start: now } : { used: row.failures, start };
}

async function count(tx: DbOrTx, key: string, window: { used: number; start: number }) {
  await tx
    .update(loginAttempts)
    .set({ failures: window.used + 1, windowStartedAt: new Date(window.start) })
    .where(eq(loginAttempts.key, key));
}

function refuse(row: Row, start: number): never {
  const seconds = Math.max(1, Math.ceil((start + WINDOW_MS - ms(row.now)) / 1000));
  throw tooManyRequests(TOO_MANY_ATTEMPTS(Math.ceil(seconds / 60)), seconds);
}

/**
 * Counts one attempt, or refuses it (429 with Retry-After until its window ends). The account's
 * row is locked first: every claim and success of one account take their turn on it, so each sees
 * what the others left, and a claim sees an address trusted by a success that committed before it.
 */
export async function claimLoginAttempt(
  db: DbOrTx,
  email: string,
  ip: string,
  c: ThrottleClock = {},
): Promise<LoginClaim> {
  return db.transaction(async (tx) => {
    const account = await lockRow(tx, keyOf('account', email, ip), c);
    const [pair] = await tx
      .select(rowColumns(c))
      .from(loginAttempts)
      .where(eq(loginAttempts.key, keyOf('knownAddress', email, ip)))
      .for('update');
    if (pair?.trusted_until && ms(pair.trusted_until) > ms(pair.now)) {
      const window = windowOf(pair);
      if (window.used >= LOGIN_LIMITS.knownAddress) refuse(pair, window.start);
      await count(tx, keyOf('knownAddress', email, ip), window);
      return { email, ip, windows: { knownAddress: window.start } };
    }
    const accountWindow = windowOf(account);
    if (accountWindow.used >= LOGIN_LIMITS.account) refuse(account, accountWindow.start);
    const address = await lockRow(tx, keyOf('address', email, ip), c);
    const addressWindow = windowOf(address);
    if (addressWindow.used >= LOGIN_LIMITS.address) refuse(address, addressWindow.start);
    await count(tx, keyOf('account', email, ip), accountWindow);
    await count(tx, keyOf('address', email, ip), addressWindow);
    return { email, ip, windows: { account: accountWindow.start, address: addressWindow.start } };
  });
}

/** Gives back the claim's own count in `bucket`, if that window is still the current one. */
async function giveBack(tx: DbOrTx, claim: LoginClaim, bucket: Bucket) {
  const start = claim.windows[bucket];
  if (start === undefined) return;
  await tx
    .update(loginAttempts)
    .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
    .where(
      and(
        eq(loginAttempts.key, keyOf(bucket, claim.email, claim.ip)),
        eq(loginAttempts.windowStartedAt, new Date(start)),
      ),
    );
}

/**
 * A right password: its own claim is given back (never the others in flight), and its address
 * becomes known for the account for TRUST_DAYS. An address that was not known yet starts from the
 * account's count, so that the guesses in flight beside this sign-in do not get a fresh budget.
 */
export async function releaseLoginAttempt(
  db: DbOrTx,
  claim: LoginClaim,
  c: ThrottleClock = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await lockRow(tx, keyOf('account', claim.email, claim.ip), c);
    const pairKey = keyOf('knownAddress', claim.email, claim.ip);
    if (claim.windows.knownAddress !== undefined) {
      await giveBack(tx, claim, 'knownAddress');
      await tx
        .update(loginAttempts)
        .set({ trustedUntil: sql`${clock(c)} + make_interval(days => ${TRUST_DAYS})` })
        .where(eq(loginAttempts.key, pairKey));
      return;
    }
    await giveBack(tx, claim, 'account');
    await giveBack(tx, claim, 'address');
    const window = windowOf(account);
    const left = window.start === claim.windows.account ? Math.max(0, window.used - 1) : window.used;
    await trust(tx, pairKey, { used: left, start: window.start }, c);
  });
}

async function trust(tx: DbOrTx, key: string, window: { used: number; start: number }, c: ThrottleClock) {
  await tx
    .insert(loginAttempts)
    .values({
      key,
      failures: window.used,
      windowStartedAt: new Date(window.start),
      trustedUntil: sql`${clock(c)} + make_interval(days => ${TRUST_DAYS})`,
    })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`excluded.failures`,
        windowStartedAt: sql`excluded.window_started_at`,
        trustedUntil: sql`excluded.trusted_until`,
      },
    });
}

/**
 * The password was just reset through its emailed link from `ip`: that address becomes known for
 * the account with a budget of its own, so its owner signs in there however many guesses others
 * keep sending. Earlier guesses were at the old password; the count there starts afresh.
 */
export async function trustAfterReset(db: DbOrTx, email: string, ip: string, c: ThrottleClock = {}) {
  await db.transaction(async (tx) => {
    const account = await lockRow(tx, keyOf('account', email, ip), c);
    await trust(tx, keyOf('knownAddress', email, ip), { used: 0, start: ms(account.now) }, c);
  });
}
