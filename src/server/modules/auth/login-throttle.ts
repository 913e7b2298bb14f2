import { TOO_MANY_ATTEMPTS } from '@domain/auth/contracts';
import { inArray, sql } from 'drizzle-orm';
import { loginAttempts } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { tooManyRequests } from '../../platform/errors';

// Failed sign-ins are limited per account and per address, in the database so that every app
// process shares the count.
const WINDOW_MINUTES = 15;
const LOCK_MINUTES = 15;
const LIMITS = { account: 5, address: 20 } as const;

const keysFor = (email: string, ip: string) => ({ account: `account:${email}`, address: `address:${ip}` });

export async function assertNotLocked(db: DbOrTx, email: string, ip: string): Promise<void> {
  const keys = keysFor(email, ip);
  const locked = await db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [keys.account, keys.address]));
  const until = Math.max(0, ...locked.map((r) => r.lockedUntil?.getTime() ?? 0));
  if (until > Date.now()) {
    throw tooManyRequests(TOO_MANY_ATTEMPTS(Math.max(1, Math.ceil((until - Date.now()) / 60_000))));
  }
}

export async function recordFailure(db: DbOrTx, email: string, ip: string): Promise<void> {
  const keys = keysFor(email, ip);
  for (const [kind, key] of Object.entries(keys) as [keyof typeof LIMITS, string][]) {
    await db.execute(sql`
      insert into login_attempts (key, failures, window_started_at)
      values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when login_attempts.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES})
                        then 1 else login_attempts.failures + 1 end,
        window_started_at = case when login_attempts.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES})
                        then now() else login_attempts.window_started_at end`);
    await db.execute(sql`
      update login_attempts set locked_until = now() + make_interval(mins => ${LOCK_MINUTES}), failures = 0,
        window_started_at = now()
      where key = ${key} and failures >= ${LIMITS[kind]}`);
  }
}

export async function clearFailures(db: DbOrTx, email: string): Promise<void> {
  await db.execute(sql`delete from login_attempts where key = ${`account:${email}`}`);
}
