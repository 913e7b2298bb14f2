import type { AddCommentRequest } from '@domain/accounts/account';
import { ACCOUNT_MESSAGES, uplineRefusal } from '@domain/accounts/messages';
import { profileDateOfBirth, type UpdateProfilePatch } from '@domain/accounts/profile';
import { COMPANY_SPONSOR_ID } from '@domain/reference/constants';
import { USER_TYPE } from '@domain/reference/lists';
import { desc, eq } from 'drizzle-orm';
import { accountComments, type accounts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { assertFieldWrites } from '../../platform/field-guard';
import type { StaffPrincipal } from '../../platform/sessions';
import { recordAccountEvent, updateAccount } from './account-change';
import { assertCustomerEmailFree } from './account-email';
import { accountByPhoenixId, isInDownline, loadAccount, type Tree } from './accounts.repo';
import { moveCountry } from './genealogy.service';
import { changeAccountType } from './membership.service';

// Profile, sponsor, enroller, country and comments of an account (spec 1 §2 Customer detail).

/**
 * `PUT /api/cs/customer/{uid}`, a partial update: a field left out keeps its value (ADR 027).
 * Emails are one per account (assertCustomerEmailFree, the rule of every door that changes one).
 * The account type and the country are not plain profile fields (ADR 018): a type change goes
 * through the one rule of changeAccountType (the membership change when it crosses member and
 * non-member), a country move through moveCountry (commissions.manage, recalculation queued); both
 * are checked first, so a refused one writes nothing. The date of birth is checked against the
 * type the account ends with whenever either of them changes.
 */
export async function updateProfile(
  ctx: AppContext,
  staff: StaffPrincipal,
  uid: string,
  input: UpdateProfilePatch,
) {
  const moved = await ctx.db.transaction(async (tx) => {
    let current = await loadAccount(tx, uid, true);
    const userType = input.userType ?? current.userType;
    const countryId = input.countryId ?? current.countryId;
    const patch: Partial<typeof accounts.$inferInsert> = {};
    if (input.dateOfBirth !== undefined || userType !== current.userType) {
      const dob = profileDateOfBirth(
        userType,
        input.dateOfBirth !== undefined ? input.dateOfBirth : current.dateOfBirth,
      );
      if ('issue' in dob)
        throw badRequest(ACCOUNT_MESSAGES.customerFailed, [{ path: 'body.dateOfBirth', message: dob.issue }]);
      patch.dateOfBirth = dob.dateOfBirth;
    }
    assertFieldWrites(staff, 'account', current, { userType, countryId });
    if (input.email && input.email !== current.email?.toLowerCase())
      await assertCustomerEmailFree(tx, uid, input.email);
    if (userType !== current.userType)
      current = await changeAccountType(tx, staff, current, userType, input.userTypeReason);
    const moves = countryId !== current.countryId;
    if (moves) current = (await moveCountry(tx, staff, current, countryId, 'account.country')).after;
    if (input.firstName !== undefined) patch.firstName = input.firstName;
    if (input.lastName !== undefined) patch.lastName = input.lastName;
    if (input.email !== undefined) patch.email = input.email;
    if (input.telephone !== undefined) patch.telephone = input.telephone;
    if (input.genderId !== undefined) patch.genderId = input.genderId;
    if (input.defaultLanguageId !== undefined) patch.defaultLanguageId = input.defaultLanguageId ?? 1;
    await updateAccount(tx, staff, current, 'account.profile', patch);
    return moves;
  });
  if (moved) ctx.wakeJobs();
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
  return ctx.db.transaction(async (tx) => {
    const before = await loadAccount(tx, uid, true);
    const upline = await accountByPhoenixId(tx, phoenixId);
    const isCompany = phoenixId === COMPANY_SPONSOR_ID;
    if (!upline && !isCompany) throw badRequest(ACCOUNT_MESSAGES.missingIds);
    if (upline && !isCompany && upline.userType !== USER_TYPE.consultant)
      throw badRequest(uplineRefusal(tree, `account ${phoenixId} is not a consultant.`));
    if (phoenixId === before.phoenixId || (await isInDownline(tx, tree, before.phoenixId, phoenixId)))
      throw badRequest(uplineRefusal(tree, `account ${phoenixId} is in this account's ${tree} downline.`));
    return updateAccount(tx, staff, before, `account.${tree}`, { [TREE_COLUMN[tree]]: phoenixId });
  });
}

/** `POST /api/cs/customer/{uid}/country`: the same move as the commission tool's; the same country changes nothing. */
export async function updateCountry(ctx: AppContext, staff: StaffPrincipal, uid: string, countryId: number) {
  const moved = await ctx.db.transaction(async (tx) => {
    const before = await loadAccount(tx, uid, true);
    if (before.countryId === countryId) return false;
    await moveCountry(tx, staff, before, countryId, 'account.country');
    return true;
  });
  if (moved) ctx.wakeJobs();
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
