import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import { USER_TYPE } from '@domain/reference/lists';
import { and, eq, ne, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { StaffPrincipal } from '../../platform/sessions';
import { updateAccount } from './account-change';
import { accountByPhoenixId } from './accounts.repo';

// Personal websites (spec 1 §7 accounts/phoenix/pws, §5: the key must be available).

/** Who holds a PWS key (keys compare without case), other than `exceptPhoenixId`. */
async function holderOf(tx: DbOrTx, key: string, exceptPhoenixId?: number) {
  const [row] = await tx
    .select({ phoenixId: accounts.phoenixId })
    .from(accounts)
    .where(
      and(
        sql`lower(${accounts.pwsKey}) = ${key.toLowerCase()}`,
        exceptPhoenixId ? ne(accounts.phoenixId, exceptPhoenixId) : undefined,
      ),
    )
    .limit(1);
  return row?.phoenixId ?? null;
}

export async function pwsAvailability(ctx: AppContext, key: string, forPhoenixId?: number) {
  const holder = await holderOf(ctx.db, key);
  return { pwsKey: key, available: holder === null || holder === forPhoenixId, phoenixId: holder };
}

/** Create (`POST`, the account has no PWS yet) or change (`PUT`) a consultant's PWS key. */
export async function savePws(
  ctx: AppContext,
  staff: StaffPrincipal,
  input: { phoenixId: number; pwsKey: string },
  mode: 'create' | 'update',
) {
  return ctx.db.transaction(async (tx) => {
    const before = await accountByPhoenixId(tx, input.phoenixId);
    if (!before) throw notFound(ACCOUNT_MESSAGES.missingIds);
    await tx.select({ uid: accounts.uid }).from(accounts).where(eq(accounts.uid, before.uid)).for('update');
    if (before.userType !== USER_TYPE.consultant)
      throw badRequest(`${ACCOUNT_MESSAGES.pwsFailed}: only consultants have a personal website.`);
    if (mode === 'create' && before.pwsKey)
      throw conflict(`${ACCOUNT_MESSAGES.pwsFailed}: this account already has a PWS; change it instead.`);
    if (mode === 'update' && !before.pwsKey)
      throw badRequest(`${ACCOUNT_MESSAGES.pwsFailed}: this account has no PWS yet; create it first.`);
    if ((await holderOf(tx, input.pwsKey, before.phoenixId)) !== null)
      throw conflict(ACCOUNT_MESSAGES.pwsUnavailable);
    return updateAccount(tx, staff, before, mode === 'create' ? 'pws.create' : 'pws.update', {
      pwsKey: input.pwsKey,
    });
  });
}
