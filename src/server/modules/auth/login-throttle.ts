import { TOO_MANY_ATTEMPTS } from '@domain/auth/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rows } from '../../platform/db';
import { tooManyRequests } from '../../platform/errors';

// Sign-in attempts are limited per account and per address, in the database so that every app
// process shares the count. An attempt is claimed (counted) atomically BEFORE its password is
// verified: however many guesses arrive at once, at most LIMITS of them are ever evaluated in a
// window. A successful sign-in gives its claim back.
const WINDOW_MINUTES = 15;
const LOCK_MINUTES = 15;
export const LOGIN_LIMITS = { account: 5, address: 20 } as const;

type Kind = keyof typeof LOGIN_LIMITS;
const keysFor = (email: string, ip: string): Record<Kind, string> => ({
  account: `account:${email}`,
  address: `address:${ip}`,
});

export interface LoginClaim {
  email: string;
  ip: string;
}

/**
 * Counts one attempt against the account and the address, or refuses it (429 with Retry-After)
 * when either is locked or has used up its window. One statement per key, so concurrent claims
 * serialise on the row and each sees the count the others left.
 */
export async function claimLoginAttempt(db: DbOrTx, email: string, ip: string): Promise<LoginClaim> {
  const keys = keysFor(email, ip);
  let lockedUntil = 0;
  for (const kind of ['account', 'address'] as const) {
    const [row] = await rows<{ failures: number; locked_until: Date | string | null }>(
      db,
      sql`
      insert into login_attempts (key, failures, window_started_at)
      values (${keys[kind]}, 1, now())
      on conflict (key) do update set
        failures = case
          when login_attempts.locked_until > now() then login_attempts.failures
          when login_attempts.locked_until is not null
            or login_attempts.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES}) then 1
          else login_attempts.failures + 1 end,
        window_started_at = case
          when login_attempts.locked_until > now() then login_attempts.window_started_at
          when login_attempts.locked_until is not null
            or login_attempts.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES}) then now()
          else login_attempts.window_started_at end,
        locked_until = case when login_attempts.locked_until > now() then login_attempts.locked_until end
      returning failures, locked_until`,
    );
    const locked = row?.locked_until ? new Date(row.locked_until).getTime() : 0;
    if (locked > Date.now()) {
      lockedUntil = Math.max(lockedUntil, locked);
    } else if ((row?.failures ?? 0) > LOGIN_LIMITS[kind]) {
      // Over the limit: this guess is not evaluated, and the key locks for LOCK_MINUTES.
      const [lock] = await rows<{ locked_until: Date | string }>(
        db,
        sql`update login_attempts set locked_until = coalesce(
              case when locked_until > now() then locked_until end, now() + make_interval(mins => ${LOCK_MINUTES}))
            where key = ${keys[kind]} returning locked_until`,
      );
      lockedUntil = Math.max(lockedUntil, lock ? new Date(lock.locked_until).getTime() : 0);
    }
    // A locked account does not spend the address's attempts as well.
    if (lockedUntil > 0) break;
  }
  if (lockedUntil > 0) {
    const seconds = Math.max(1, Math.ceil((lockedUntil - Date.now()) / 1000));
    throw tooManyRequests(TOO_MANY_ATTEMPTS(Math.ceil(seconds / 60)), seconds);
  }
  return { email, ip };
}

/** A successful sign-in: the account starts afresh and the address gets its claim back. */
export async function releaseLoginAttempt(db: DbOrTx, claim: LoginClaim): Promise<void> {
  const keys = keysFor(claim.email, claim.ip);
  await db.execute(sql`delete from login_attempts where key = ${keys.account}`);
  await db.execute(
    sql`update login_attempts set failures = greatest(failures - 1, 0)
        where key = ${keys.address} and locked_until is null`,
  );
}
