import type { AddCommentRequest } from '@domain/accounts/account';
import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import type { UpdateProfileRequest } from '@domain/accounts/profile';
import { COMPANY_SPONSOR_ID } from '@domain/reference/constants';
import { USER_TYPE } from '@domain/reference/lists';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { accountComments, accounts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { StaffPrincipal } from '../../platform/sessions';
import { recordAccountEvent, updateAccount } from './account-change';
import { type AccountRow, accountByPhoenixId, isInDownline, loadAccount, type Tree } from './accounts.repo';
import { RECALCULATE_COMMISSIONS_JOB } from './genealogy.service';

// Profile, sponsor, enroller, country and comments of an account (spec 1 §2 Customer detail).

/**
 * `PUT /api/cs/customer/{uid}`. Emails are one per account (the demo company and the sign-in
 * at the customer site both rely on it): an address another account holds is refused with the
 * spec's "Failed to update email and customer info." and nothing is written.
 */
export async function updateProfile(
  ctx: AppContext,
  staff: StaffPrincipal,
  uid: string,
  input: UpdateProfileRequest,
) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadAccount(tx, uid, true);
    if (input.email && input.email !== before.email?.toLowerCase()) {
      const [taken] = await tx
        .select({ uid: accounts.uid })
        .from(accounts)
        .where(and(sql`lower(${accounts.email}) = ${input.email}`, ne(accounts.uid, uid)))
        .limit(1);
      if (taken) throw conflict(ACCOUNT_MESSAGES.emailAndInfoFailed);
    }
    const after = await updateAccount(tx, staff, before, 'account.profile', {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      userType: input.userType,
      dateOfBirth: input.dateOfBirth,
      telephone: input.telephone,
      genderId: input.genderId,
      defaultLanguageId: input.defaultLanguageId ?? 1,
      ...(input.countryId ? { countryId: input.countryId } : {}),
    });
    await recalculateIfCountryMoved(tx, staff, before, after.countryId);
    return after;
  });
}

/** A consultant's commissions follow their country: a move queues the recalculation (DESIGN §2). */
async function recalculateIfCountryMoved(
  tx: DbOrTx,
  staff: StaffPrincipal,
  before: AccountRow,
  countryId: number,
) {
  if (before.countryId === countryId || before.userType !== USER_TYPE.consultant) return;
  await enqueueJob(
    tx,
    RECALCULATE_COMMISSIONS_JOB,
    {
      accountUid: before.uid,
      phoenixId: before.phoenixId,
      fromCountryId: before.countryId,
      toCountryId: countryId,
    },
    { createdBy: staff.email },
  );
}

const TREE_COLUMN = { sponsor: 'sponsorId', enroller: 'enrollerId' } as const;

/**
 * Sponsor or enroller change (spec 1 §7 enrollerId; sponsorId in the same style). The new
 * upline must be an existing consultant or the company, and not the account itself or anyone
 * below it in that tree: no move may create a cycle.
 */
export async function updateUpline(
  ctx: AppContext,
  staff: StaffPrincipal,
  uid: string,
  tree: Tree,
  phoenixId: number,
) {
  const failed = tree === 'sponsor' ? ACCOUNT_MESSAGES.mentorFailed : ACCOUNT_MESSAGES.enrollerFailed;
  return ctx.db.transaction(async (tx) => {
    const before = await loadAccount(tx, uid, true);
    const upline = await accountByPhoenixId(tx, phoenixId);
    const isCompany = phoenixId === COMPANY_SPONSOR_ID;
    if (!upline && !isCompany) throw badRequest(ACCOUNT_MESSAGES.missingIds);
    if (upline && !isCompany && upline.userType !== USER_TYPE.consultant)
      throw badRequest(`${failed}: account ${phoenixId} is not a consultant.`);
    if (phoenixId === before.phoenixId || (await isInDownline(tx, tree, before.phoenixId, phoenixId)))
      throw badRequest(`${failed}: account ${phoenixId} is in this account's ${tree} downline.`);
    return updateAccount(tx, staff, before, `account.${tree}`, { [TREE_COLUMN[tree]]: phoenixId });
  });
}

export async function updateCountry(ctx: AppContext, staff: StaffPrincipal, uid: string, countryId: number) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadAccount(tx, uid, true);
    const after = await updateAccount(tx, staff, before, 'account.country', { countryId });
    await recalculateIfCountryMoved(tx, staff, before, countryId);
    return after;
  });
}

export async function listComments(ctx: AppContext, uid: string) {
  await loadAccount(ctx.db, uid);
  const rows = await ctx.db
    .select()
    .from(accountComments)
    .where(eq(accountComments.accountUid, uid))
    .orderBy(desc(accountComments.date), desc(accountComments.id));
  return rows.map(toComment);
}

export const toComment = (r: typeof accountComments.$inferSelect) => ({
  id: r.id,
  description: r.description,
  name: r.name,
  status: r.status,
  system: r.system,
  date: r.date.toISOString(),
});

export async function addComment(
  ctx: AppContext,
  staff: StaffPrincipal,
  uid: string,
  input: AddCommentRequest,
) {
  return ctx.db.transaction(async (tx) => {
    await loadAccount(tx, uid);
    const [row] = await tx
      .insert(accountComments)
      .values({
        accountUid: uid,
        description: input.description,
        name: staff.name,
        status: input.status ?? null,
      })
      .returning();
    await recordAccountEvent(tx, staff, uid, 'account.comment', {
      differences: [
        {
          kind: 'A',
          path: ['comments', row!.id],
          rhs: { description: row!.description, status: row!.status },
        },
      ],
    });
    return toComment(row!);
  });
}
