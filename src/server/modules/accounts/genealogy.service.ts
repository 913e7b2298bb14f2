import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import { COMPANY_SPONSOR_ID } from '@domain/reference/constants';
import { USER_TYPE } from '@domain/reference/lists';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { type DbOrTx, rows } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { StaffPrincipal } from '../../platform/sessions';
import { recordAccountEvent, updateAccount } from './account-change';
import { type AccountRow, fullName, isInDownline, loadAccount } from './accounts.repo';

// Genealogy operations on the sponsor tree (DESIGN §2 commissions; spec 1 §4 Account operations).
// Compression moves an account's direct downline up to its sponsor. Restores bring back to a
// consultant the people they enrolled who now sit under someone else (after a compression):
// clients and members (restoreClientsAndMembersFromHQ) or consultants (restoreDownlineConsultants).

export const RECALCULATE_COMMISSIONS_JOB = 'commissions.recalculate';

type RestoreKind = 'clients' | 'consultants';

async function restorable(tx: DbOrTx, consultant: AccountRow, kind: RestoreKind) {
  const types = kind === 'clients' ? [USER_TYPE.client, USER_TYPE.member] : [USER_TYPE.consultant];
  const candidates = await tx
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.enrollerId, consultant.phoenixId),
        ne(accounts.sponsorId, consultant.phoenixId),
        ne(accounts.uid, consultant.uid),
        inArray(accounts.userType, types),
      ),
    )
    .orderBy(accounts.phoenixId)
    .limit(1000);
  const out: AccountRow[] = [];
  for (const c of candidates) {
    // A consultant above this one cannot come back under it: no move may create a cycle.
    if (kind === 'consultants' && (await isInDownline(tx, 'sponsor', c.phoenixId, consultant.phoenixId)))
      continue;
    out.push(c);
  }
  return out;
}

const isActiveConsultant = (row: AccountRow) =>
  row.userType === USER_TYPE.consultant && row.accountStatus === 1;

export async function checkRestore(ctx: AppContext, uid: string, kind: RestoreKind) {
  const consultant = await loadAccount(ctx.db, uid);
  const list = isActiveConsultant(consultant) ? await restorable(ctx.db, consultant, kind) : [];
  return {
    available: list.length > 0,
    accounts: list.map((a) => ({
      uid: a.uid,
      phoenixId: a.phoenixId,
      fullName: fullName(a),
      userType: a.userType,
    })),
  };
}

export async function restore(ctx: AppContext, staff: StaffPrincipal, uid: string, kind: RestoreKind) {
  const failed =
    kind === 'clients' ? ACCOUNT_MESSAGES.restoreClientsFailed : ACCOUNT_MESSAGES.restoreDownlineFailed;
  return ctx.db.transaction(async (tx) => {
    const consultant = await loadAccount(tx, uid, true);
    if (!isActiveConsultant(consultant)) throw badRequest(failed);
    const list = await restorable(tx, consultant, kind);
    if (list.length === 0) throw badRequest(failed);
    for (const person of list) {
      await updateAccount(tx, staff, person, `genealogy.restoreTo.${consultant.phoenixId}`, {
        sponsorId: consultant.phoenixId,
      });
    }
    await recordAccountEvent(
      tx,
      staff,
      uid,
      kind === 'clients' ? 'genealogy.restoreClientsAndMembers' : 'genealogy.restoreDownline',
      {
        differences: [{ kind: 'N', path: ['restored'], rhs: list.map((p) => p.phoenixId) }],
      },
    );
    return list.length;
  });
}

/**
 * Moves the direct sponsor downline of `account` to its sponsor; returns how many moved. The
 * company account (phoenixId 1, its own sponsor) is refused: every move would leave a person
 * where they are.
 */
async function compressOne(tx: DbOrTx, staff: StaffPrincipal, account: AccountRow): Promise<number> {
  if (account.phoenixId === COMPANY_SPONSOR_ID || account.sponsorId === account.phoenixId)
    throw badRequest(ACCOUNT_MESSAGES.companyCompression);
  const downline = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.sponsorId, account.phoenixId), ne(accounts.uid, account.uid)))
    .for('update');
  for (const person of downline) {
    await updateAccount(tx, staff, person, 'commissions.compressedUp', { sponsorId: account.sponsorId });
  }
  await recordAccountEvent(tx, staff, account.uid, 'commissions.compressAccount', {
    differences: [{ kind: 'D', path: ['downline'], lhs: downline.map((p) => p.phoenixId) }],
  });
  return downline.length;
}

/** `PUT /api/cs/commissions/compressAccountById`: one transaction, audited. */
export async function compressAccount(ctx: AppContext, staff: StaffPrincipal, uid: string) {
  return ctx.db.transaction(async (tx) => {
    const account = await loadAccount(tx, uid, true);
    return { moved: await compressOne(tx, staff, account), compressed: 1 };
  });
}

/**
 * `POST /api/cs/compressDownline`: compresses every terminated account in the sponsor downline
 * of `uid`, top down, so active people end up under their nearest active upline.
 */
export async function compressDownline(ctx: AppContext, staff: StaffPrincipal, uid: string) {
  return ctx.db.transaction(async (tx) => {
    const root = await loadAccount(tx, uid, true);
    // Raw SQL: a recursive CTE (the sponsor downline, top down) has no builder form.
    const terminated = await rows<{ uid: string }>(
      tx,
      sql`with recursive down(uid, phoenix_id, depth, status) as (
            select uid, phoenix_id, 1, account_status from accounts where sponsor_id = ${root.phoenixId} and uid <> ${root.uid}
            union all
            select a.uid, a.phoenix_id, d.depth + 1, a.account_status
              from accounts a join down d on a.sponsor_id = d.phoenix_id
             where d.depth < 100
          )
          select uid from down where status = 2 order by depth, phoenix_id`,
    );
    let moved = 0;
    for (const { uid: memberUid } of terminated) {
      moved += await compressOne(tx, staff, await loadAccount(tx, memberUid, true));
    }
    await recordAccountEvent(tx, staff, uid, 'commissions.compressDownline', {
      differences: [{ kind: 'N', path: ['compressedDownline'], rhs: { accounts: terminated.length, moved } }],
    });
    return { moved, compressed: terminated.length };
  });
}

/**
 * A change of country, from every door that makes one (the commission tool, the country route and
 * the profile edit; DESIGN §2, ADR 018): commissions.manage (checked by updateAccount against the
 * field-level actions), and a commission recalculation queued in the same transaction.
 */
export async function moveCountry(
  tx: DbOrTx,
  staff: StaffPrincipal,
  before: AccountRow,
  countryId: number,
  action: string,
): Promise<{ after: AccountRow; jobId: number }> {
  const after = await updateAccount(tx, staff, before, action, { countryId });
  const jobId = await enqueueJob(
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
  return { after, jobId };
}

/** `POST /api/cs/commissions/changeCountry`: the country changes and commissions are recalculated (a job). */
export async function changeCountryForCommissions(
  ctx: AppContext,
  staff: StaffPrincipal,
  uid: string,
  countryId: number,
) {
  const jobId = await ctx.db.transaction(async (tx) => {
    const before = await loadAccount(tx, uid, true);
    return (await moveCountry(tx, staff, before, countryId, 'commissions.changeCountry')).jobId;
  });
  ctx.wakeJobs();
  return jobId;
}
