import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, jobs } from '../../db/schema';
import { accountLog, accountRow, caller, expectOnlyRoles, smallTree } from '../../testing/account-kit';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let c: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  c = caller(t);
  await smallTree(t);
});
afterAll(() => t.close());

/** A consultant under the company with `n` people sponsored and enrolled by them. */
async function consultantWithDownline(
  n: number,
  overrides: { accountStatus?: number; sponsorId?: number } = {},
) {
  const consultant = await insertAccount(t.database.db, {
    userType: 1,
    sponsorId: overrides.sponsorId ?? 1,
    accountStatus: overrides.accountStatus ?? 1,
  });
  const downline = [];
  for (let i = 0; i < n; i++) {
    downline.push(
      await insertAccount(t.database.db, {
        userType: i === 0 ? 1 : 3,
        sponsorId: consultant.phoenixId,
        enrollerId: consultant.phoenixId,
      }),
    );
  }
  return { consultant, downline };
}

describe('commission operations', () => {
  it('are refused with 403 INSUFFICIENT_PERMISSIONS to roles without commissions.manage', async () => {
    const calls = [
      {
        method: 'PUT' as const,
        url: '/api/cs/commissions/compressAccountById',
        payload: { accountId: 'NOSUCHACCOUNT' },
      },
      { method: 'POST' as const, url: '/api/cs/compressDownline', payload: { accountId: 'NOSUCHACCOUNT' } },
      {
        method: 'POST' as const,
        url: '/api/cs/commissions/changeCountry',
        payload: { accountId: 'NOSUCHACCOUNT', countryId: 2 },
      },
    ];
    for (const call of calls) await expectOnlyRoles(c.call, call, ['salesOperatorManager', 'developer']);
  });

  it('compresses an account: its direct downline moves to its sponsor, audited', async () => {
    const upline = await insertAccount(t.database.db, { userType: 1, sponsorId: 1 });
    const { consultant, downline } = await consultantWithDownline(3, { sponsorId: upline.phoenixId });
    const res = await c.call('salesOperatorManager', {
      method: 'PUT',
      url: '/api/cs/commissions/compressAccountById',
      payload: { accountId: consultant.uid },
    });
    expect(res.json()).toEqual({
      success: true,
      message: 'Successfully submitted',
      data: { moved: 3, compressed: 1 },
    });
    for (const person of downline) {
      expect((await accountRow(t, person.uid)).sponsorId).toBe(upline.phoenixId);
      expect((await accountLog(t, person.uid)).at(-1)).toMatchObject({ action: 'commissions.compressedUp' });
    }
    expect((await accountLog(t, consultant.uid)).at(-1)).toMatchObject({
      action: 'commissions.compressAccount',
    });
  });

  it('answers SPONSOR_COMPRESSION_ERROR when the compression fails, and writes nothing', async () => {
    const { consultant, downline } = await consultantWithDownline(2);
    await t.database.db.execute(sql`create function refuse_move() returns trigger language plpgsql as $$
      begin raise exception 'genealogy locked'; end $$`);
    await t.database.db.execute(sql`create trigger refuse_move before update on accounts
      for each row when (new.sponsor_id is distinct from old.sponsor_id) execute function refuse_move()`);
    try {
      const res = await c.call('developer', {
        method: 'PUT',
        url: '/api/cs/commissions/compressAccountById',
        payload: { accountId: consultant.uid },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, code: 'SPONSOR_COMPRESSION_ERROR' });
      expect(res.json().error).toMatch(/^Internal Error/);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_move on accounts`);
      await t.database.db.execute(sql`drop function refuse_move()`);
    }
    expect((await accountRow(t, downline[0]!.uid)).sponsorId).toBe(consultant.phoenixId);
    expect(await accountLog(t, consultant.uid)).toEqual([]);
  });

  it('refuses to compress the company account (its own sponsor): no do-nothing moves, nothing written', async () => {
    const [company] = await t.database.db.select().from(accounts).where(eq(accounts.phoenixId, 1));
    expect(company?.sponsorId ?? 1).toBe(1);
    const { consultant } = await consultantWithDownline(1);
    const res = await c.call('salesOperatorManager', {
      method: 'PUT',
      url: '/api/cs/commissions/compressAccountById',
      payload: { accountId: company!.uid },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'The company account (1) heads the sponsor tree: it has no sponsor to move its downline up to.',
    });
    expect(await accountLog(t, consultant.uid)).toEqual([]);
    expect(await accountLog(t, company!.uid)).toEqual([]);
  });

  it('compresses the terminated accounts of a downline, top down', async () => {
    const root = await insertAccount(t.database.db, { userType: 1, sponsorId: 1 });
    const gone = await insertAccount(t.database.db, {
      userType: 1,
      sponsorId: root.phoenixId,
      accountStatus: 2,
    });
    const goneToo = await insertAccount(t.database.db, {
      userType: 1,
      sponsorId: gone.phoenixId,
      accountStatus: 2,
    });
    const active = await insertAccount(t.database.db, { userType: 3, sponsorId: goneToo.phoenixId });
    const res = await c.call('salesOperatorManager', {
      method: 'POST',
      url: '/api/cs/compressDownline',
      payload: { accountId: root.uid },
    });
    expect(res.json().data).toEqual({ moved: 2, compressed: 2 });
    expect((await accountRow(t, active.uid)).sponsorId).toBe(root.phoenixId);
    expect((await accountRow(t, goneToo.uid)).sponsorId).toBe(root.phoenixId);
  });

  it('changes country and queues a commission recalculation job', async () => {
    const person = await insertAccount(t.database.db, { userType: 1, countryId: 1 });
    const res = await c.call('developer', {
      method: 'POST',
      url: '/api/cs/commissions/changeCountry',
      payload: { accountId: person.uid, countryId: 2 },
    });
    expect(res.json()).toMatchObject({ success: true, message: 'Successfully submitted' });
    expect((await accountRow(t, person.uid)).countryId).toBe(2);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, res.json().data.jobId));
    expect(job).toMatchObject({
      type: 'commissions.recalculate',
      status: 'queued',
      payload: expect.objectContaining({ accountUid: person.uid, toCountryId: 2 }),
    });
    const bad = await c.call('developer', {
      method: 'POST',
      url: '/api/cs/commissions/changeCountry',
      payload: { accountId: person.uid, countryId: 9 },
    });
    expect(bad.json().error).toBe('Failed to update country.');
  });
});

describe('restores', () => {
  it('checks, then restores clients and members and consultants a consultant enrolled', async () => {
    const upline = await insertAccount(t.database.db, { userType: 1, sponsorId: 1 });
    const { consultant, downline } = await consultantWithDownline(3, { sponsorId: upline.phoenixId });
    const check = (path: string) => c.call('agent', { method: 'GET', url: path });
    const clientsCheck = `/api/cs/account/${consultant.uid}/checkValidClientsAndMembersToBeRestored`;
    const downlineCheck = `/api/cs/consultant/${consultant.uid}/isRestoreDownlineConsultantsAvailable`;
    expect((await check(clientsCheck)).json().data.available).toBe(false);
    const none = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/account/${consultant.uid}/restoreClientsAndMembersFromHQ`,
    });
    expect(none.json().error).toBe('Failed to restore clients and members to consultant.');

    await c.call('developer', {
      method: 'PUT',
      url: '/api/cs/commissions/compressAccountById',
      payload: { accountId: consultant.uid },
    });
    expect((await check(clientsCheck)).json().data.accounts).toHaveLength(2);
    expect((await check(downlineCheck)).json().data.accounts).toHaveLength(1);

    const clients = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/account/${consultant.uid}/restoreClientsAndMembersFromHQ`,
    });
    expect(clients.json().message).toBe('Clients and Members has been successfully restored to consultant.');
    const consultants = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/consultant/${consultant.uid}/restoreDownlineConsultants`,
    });
    expect(consultants.json().message).toBe('Downline has been successfully restored to consultant.');
    for (const person of downline)
      expect((await accountRow(t, person.uid)).sponsorId).toBe(consultant.phoenixId);
    const again = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/consultant/${consultant.uid}/restoreDownlineConsultants`,
    });
    expect(again.json().error).toBe('Failed to restore downline to consultant.');
  });
});
