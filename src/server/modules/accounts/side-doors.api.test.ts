import { can } from '@domain/auth/permissions';
import { STAFF_ROLES, type StaffRole } from '@domain/auth/roles';
import { USER_TYPE } from '@domain/reference/lists';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTypeHistory, featureFlags, jobs } from '../../db/schema';
import { accountLog, accountRow, caller } from '../../testing/account-kit';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The doors around the permission table (DESIGN §4, ADR 018): an account's type and country
// change under the same rule whichever route the change comes through.

let t: TestApp;
let c: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  c = caller(t);
});
afterAll(() => t.close());

const { consultant, member, client, employee, prospect, guest } = USER_TYPE;
const principal = (role: StaffRole) => ({ role, promoAccess: false, junoAccess: false });
const setFlag = (enabled: boolean) =>
  t.database.db.update(featureFlags).set({ enabled }).where(eq(featureFlags.name, 'membershipManualUpgrade'));

/** The profile form's body for an account, with its own values unless overridden. */
const profileOf = (row: Awaited<ReturnType<typeof insertAccount>>, over: Record<string, unknown> = {}) => ({
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  userType: row.userType,
  dateOfBirth: '1980-04-02',
  telephone: '',
  genderId: null,
  defaultLanguageId: 1,
  countryId: row.countryId,
  ...over,
});

async function history(uid: string) {
  return t.database.db.select().from(accountTypeHistory).where(eq(accountTypeHistory.accountUid, uid));
}
async function recalculations(uid: string) {
  const all = await t.database.db.select().from(jobs).where(eq(jobs.type, 'commissions.recalculate'));
  return all.filter((j) => (j.payload as { accountUid?: string }).accountUid === uid);
}

/** Everything a refused write must leave as it was. */
async function snapshot(uid: string) {
  return {
    row: await accountRow(t, uid),
    log: (await accountLog(t, uid)).length,
    history: (await history(uid)).length,
    jobs: (await recalculations(uid)).length,
  };
}

const put = (role: StaffRole, uid: string, payload: unknown) =>
  c.call(role, { method: 'PUT', url: `/api/cs/customer/${uid}`, payload });

describe('account type through the profile edit (spec 1 §4, ADR 018)', () => {
  it('refuses a member change to roles without membership.manage, and writes nothing', async () => {
    for (const role of STAFF_ROLES.filter((r) => !can(principal(r), 'membership.manage'))) {
      const account = await insertAccount(t.database.db, { userType: client, dateOfBirth: '1980-04-02' });
      const before = await snapshot(account.uid);
      const res = await put(
        role,
        account.uid,
        profileOf(account, { userType: member, userTypeReason: 'Asked' }),
      );
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_PERMISSIONS');
      expect(await snapshot(account.uid)).toEqual(before);
    }
  });

  it('makes a member change from the profile the membership change: flag, reason, history', async () => {
    const account = await insertAccount(t.database.db, { userType: client, dateOfBirth: '1980-04-02' });
    const before = await snapshot(account.uid);

    const noReason = await put('leader', account.uid, profileOf(account, { userType: member }));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('An error occurred when processing membership: Reason is required');
    expect(noReason.json().issues).toEqual([expect.objectContaining({ path: 'userTypeReason' })]);

    await setFlag(false);
    const flagOff = await put(
      'leader',
      account.uid,
      profileOf(account, { userType: member, userTypeReason: 'Paid by phone' }),
    );
    await setFlag(true);
    expect(flagOff.statusCode).toBe(403);
    expect(flagOff.json().code).toBe('FEATURE_DISABLED');
    expect(await snapshot(account.uid)).toEqual(before);

    const ok = await put(
      'leader',
      account.uid,
      profileOf(account, { userType: member, userTypeReason: 'Paid by phone', firstName: 'Grace' }),
    );
    expect(ok.statusCode).toBe(200);
    const row = await accountRow(t, account.uid);
    expect(row).toMatchObject({ userType: member, firstName: 'Grace' });
    expect(row.memberExpirationDateUtc!.getTime()).toBeGreaterThan(Date.now());
    expect(await history(account.uid)).toEqual([
      expect.objectContaining({
        fromType: client,
        toType: member,
        recordedAs: 'manual upgrade',
        reason: 'Paid by phone',
      }),
    ]);
    expect((await accountLog(t, account.uid)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['membership.manual-upgrade', 'account.profile']),
    );
  });

  it('refuses the type changes the table calls invalid to every role, from the profile too', async () => {
    const cases: [number, number][] = [
      [member, client],
      [member, prospect],
      [member, guest],
      [consultant, client],
      [consultant, prospect],
      [consultant, guest],
      [consultant, employee],
      [client, consultant],
      [guest, consultant],
      [client, employee],
      [employee, client],
    ];
    for (const [from, to] of cases) {
      const account = await insertAccount(t.database.db, { userType: from, dateOfBirth: '1980-04-02' });
      const before = await snapshot(account.uid);
      for (const role of STAFF_ROLES) {
        const res = await put(
          role,
          account.uid,
          profileOf(account, { userType: to, userTypeReason: 'Asked' }),
        );
        expect(res.statusCode, `${role}: ${from} → ${to}`).toBe(400);
        expect(res.json().issues).toEqual([expect.objectContaining({ path: 'userType' })]);
      }
      expect(await snapshot(account.uid), `${from} → ${to}`).toEqual(before);
    }
  });

  it('lets every role move an account between Client, Prospect and Guest, with a type-history row', async () => {
    for (const role of STAFF_ROLES) {
      const account = await insertAccount(t.database.db, { userType: prospect });
      const res = await put(role, account.uid, profileOf(account, { userType: client, dateOfBirth: null }));
      expect(res.statusCode, role).toBe(200);
      expect((await accountRow(t, account.uid)).userType).toBe(client);
      expect(await history(account.uid)).toEqual([
        expect.objectContaining({
          fromType: prospect,
          toType: client,
          recordedAs: 'profile change',
          changedBy: expect.stringContaining('@'),
        }),
      ]);
    }
  });

  it('lets every role save the profile of a consultant or member when the type stays', async () => {
    for (const userType of [consultant, member]) {
      const account = await insertAccount(t.database.db, { userType, dateOfBirth: '1980-04-02' });
      const res = await put('agent', account.uid, profileOf(account, { firstName: 'Kept' }));
      expect(res.statusCode).toBe(200);
      expect(await history(account.uid)).toEqual([]);
    }
  });
});

describe('country (DESIGN §4 commissions.manage, ADR 018)', () => {
  it('is allowed through either door iff the role holds commissions.manage; refused writes change nothing', async () => {
    for (const role of STAFF_ROLES) {
      const allowed = can(principal(role), 'commissions.manage');
      for (const door of ['country', 'profile'] as const) {
        const account = await insertAccount(t.database.db, {
          userType: consultant,
          countryId: 1,
          dateOfBirth: '1980-04-02',
        });
        const before = await snapshot(account.uid);
        const res =
          door === 'country'
            ? await c.call(role, {
                method: 'POST',
                url: `/api/cs/customer/${account.uid}/country`,
                payload: { countryId: 2 },
              })
            : await put(role, account.uid, profileOf(account, { countryId: 2 }));
        if (allowed) {
          expect(res.statusCode, `${role} ${door}`).toBe(200);
          expect((await accountRow(t, account.uid)).countryId).toBe(2);
          expect(await recalculations(account.uid)).toHaveLength(1);
        } else {
          expect(res.statusCode, `${role} ${door}`).toBe(403);
          expect(res.json().code).toBe('INSUFFICIENT_PERMISSIONS');
          expect(await snapshot(account.uid)).toEqual(before);
        }
      }
    }
  });

  it('lets every role save a profile whose country stays', async () => {
    const account = await insertAccount(t.database.db, { userType: client, countryId: 2 });
    const res = await put('agent', account.uid, profileOf(account, { firstName: 'Same', dateOfBirth: null }));
    expect(res.statusCode).toBe(200);
    expect((await accountRow(t, account.uid)).countryId).toBe(2);
  });
});
