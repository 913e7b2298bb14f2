import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import {
  accountTypeChange,
  canRestoreMemberToConsultant,
  isActiveMember,
} from '@domain/customers/membership';
import { USER_TYPE } from '@domain/reference/lists';
import { accountTypeHistory } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { AppError, badRequest } from '../../platform/errors';
import { assertFieldWrites } from '../../platform/field-guard';
import type { StaffPrincipal } from '../../platform/sessions';
import { isFlagOn } from '../flags/flags.service';
import { updateAccount } from './account-change';
import { type AccountRow, loadAccount, phoenixAccountType, termsOf, typeHistoryOf } from './accounts.repo';

// Membership operations (spec 1 §4 Manual membership change, Account operations; §8 messages).

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const membershipError = (detail: string) => badRequest(`${ACCOUNT_MESSAGES.membershipFailed}${detail}`);

async function addTypeHistory(
  tx: DbOrTx,
  staff: StaffPrincipal,
  uid: string,
  entry: { fromType: number; toType: number; recordedAs: string; reason: string | null },
) {
  await tx.insert(accountTypeHistory).values({ accountUid: uid, changedBy: staff.email, ...entry });
}

const membershipOff = () =>
  new AppError(
    403,
    `${ACCOUNT_MESSAGES.membershipFailed}Manual membership change is turned off`,
    'FEATURE_DISABLED',
  );

/**
 * The one way an account's type changes, from the membership operation and the profile edit alike
 * (spec 1 §4, ADR 018). The change is classified by accountTypeChange(): a membership change needs
 * membership.manage, the membershipManualUpgrade flag and a reason, and an upgrade to member starts
 * a year of membership when none is running; a change among Client, Prospect and Guest is a
 * profile edit; anything else is refused. Every change leaves a type-history row.
 */
export async function changeAccountType(
  tx: DbOrTx,
  staff: StaffPrincipal,
  before: AccountRow,
  toType: number,
  reason: string | null | undefined,
): Promise<AccountRow> {
  const change = accountTypeChange(before.userType, toType);
  if (!change) return before;
  // Permission (or the refusal of a change nobody makes) before the flag and the reason.
  assertFieldWrites(staff, 'account', before, { userType: toType });
  const why = reason?.trim() || null;
  if (change.kind === 'refused')
    throw badRequest(change.message, [{ path: 'userType', message: change.message }]);
  if (change.kind === 'retail') {
    await addTypeHistory(tx, staff, before.uid, {
      fromType: before.userType,
      toType,
      recordedAs: 'profile change',
      reason: why,
    });
    return updateAccount(tx, staff, before, 'account.type', { userType: toType });
  }
  if (!(await isFlagOn(tx, 'membershipManualUpgrade'))) throw membershipOff();
  if (!why)
    throw badRequest(`${ACCOUNT_MESSAGES.membershipFailed}Reason is required`, [
      { path: 'userTypeReason', message: 'Reason is required' },
    ]);
  const now = Date.now();
  const patch: { userType: number; memberExpirationDateUtc?: Date; nextRenewalDateUtc?: Date } = {
    userType: toType,
  };
  if (toType === USER_TYPE.member) {
    const current = before.memberExpirationDateUtc?.getTime() ?? 0;
    if (current <= now) {
      patch.memberExpirationDateUtc = new Date(now + YEAR_MS);
      patch.nextRenewalDateUtc = patch.memberExpirationDateUtc;
    }
  }
  await addTypeHistory(tx, staff, before.uid, {
    fromType: before.userType,
    toType,
    recordedAs: change.recordedAs,
    reason: why,
  });
  return updateAccount(tx, staff, before, `membership.${change.recordedAs.replace(' ', '-')}`, patch);
}

/**
 * `POST /api/cs/membership/status/{uid}`: only with the membershipManualUpgrade flag on and only
 * for a change the table allows; recorded as manual upgrade or downgrade with the reason.
 */
export async function changeMembershipStatus(
  ctx: AppContext,
  staff: StaffPrincipal,
  uid: string,
  input: { userType: number; reason: string },
) {
  return ctx.db.transaction(async (tx) => {
    if (!(await isFlagOn(tx, 'membershipManualUpgrade'))) throw membershipOff();
    const before = await loadAccount(tx, uid, true);
    const change = accountTypeChange(before.userType, input.userType);
    if (change?.kind !== 'membership') throw membershipError(ACCOUNT_MESSAGES.invalidMembershipChange);
    const after = await changeAccountType(tx, staff, before, input.userType, input.reason);
    return { after, recordedAs: change.recordedAs };
  });
}

export async function updateExpiration(ctx: AppContext, staff: StaffPrincipal, uid: string, date: Date) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadAccount(tx, uid, true);
    if (before.userType !== USER_TYPE.member)
      throw badRequest(`${ACCOUNT_MESSAGES.expirationFailed}the account is not a member`);
    return updateAccount(tx, staff, before, 'membership.expiration', {
      memberExpirationDateUtc: date,
      nextRenewalDateUtc: date,
    });
  });
}

/** Lapse: an active member's membership ends now (it stays a member account, no longer active). */
export async function lapseMember(ctx: AppContext, staff: StaffPrincipal, uid: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadAccount(tx, uid, true);
    const terms = await termsOf(tx, uid);
    if (before.userType !== USER_TYPE.member || !isActiveMember(terms, before.memberExpirationDateUtc))
      throw badRequest(`${ACCOUNT_MESSAGES.lapseFailed}the account is not an active member`);
    return updateAccount(tx, staff, before, 'membership.lapse', {
      memberExpirationDateUtc: new Date(),
      nextRenewalDateUtc: null,
    });
  });
}

/** Offered only when the Phoenix account is a consultant account and the customer a member (spec 1 §4). */
export async function restoreMemberToConsultant(ctx: AppContext, staff: StaffPrincipal, uid: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadAccount(tx, uid, true);
    const history = await typeHistoryOf(tx, uid);
    if (!canRestoreMemberToConsultant(phoenixAccountType(before, history), before.userType))
      throw badRequest(ACCOUNT_MESSAGES.restoreMemberFailed);
    await addTypeHistory(tx, staff, uid, {
      fromType: before.userType,
      toType: USER_TYPE.consultant,
      recordedAs: 'restore to consultant',
      reason: null,
    });
    return updateAccount(tx, staff, before, 'membership.restoreToConsultant', {
      userType: USER_TYPE.consultant,
    });
  });
}

export async function accountTypeHistoryOf(ctx: AppContext, uid: string) {
  await loadAccount(ctx.db, uid);
  const rows = await typeHistoryOf(ctx.db, uid);
  return rows.map((r) => ({
    id: r.id,
    fromType: r.fromType,
    toType: r.toType,
    reason: r.reason,
    recordedAs: r.recordedAs,
    changedBy: r.changedBy,
    changedAt: r.changedAt.toISOString(),
  }));
}
