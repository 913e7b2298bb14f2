import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeServiceAccounts, staffUsers } from '../../db/schema';
import { accountLog, caller, expectOnlyRoles } from '../../testing/account-kit';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let c: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  c = caller(t);
});
afterAll(() => t.close());

async function employee(email = `emp${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const account = await insertAccount(t.database.db, { userType: 4, email });
  for (const service of ['bccom', 'cs-users']) {
    await t.database.db.insert(employeeServiceAccounts).values({
      accountUid: account.uid,
      service,
      country: 'us',
      documentId: account.uid,
      data: { uid: account.uid, email, employeeDiscount: 0.4 },
    });
  }
  return account;
}

const records = (uid: string, service: string) =>
  t.database.db
    .select()
    .from(employeeServiceAccounts)
    .where(and(eq(employeeServiceAccounts.accountUid, uid), eq(employeeServiceAccounts.service, service)));

describe('employee offboarding', () => {
  it('is for leaders and developers only', async () => {
    for (const path of ['offboardBCCOMEmployeeAuth', 'offboardBCCOMEmployeeAccount', 'removeCSUser']) {
      await expectOnlyRoles(
        c.call,
        { method: 'POST', url: `/api/auth/${path}`, payload: { uid: 'NOSUCHACCOUNT' } },
        ['leader', 'developer'],
      );
    }
  });

  it('looks the employee up across both services', async () => {
    const e = await employee();
    const res = await c.call('agent', { method: 'GET', url: `/api/cs/customer/${e.uid}/employee` });
    expect(res.json()).toMatchObject({ success: true, problems: [] });
    expect(
      res
        .json()
        .data.map((r: { service: string }) => r.service)
        .sort(),
    ).toEqual(['bccom', 'cs-users']);
    const mx = await c.call('agent', { method: 'GET', url: `/api/cs/customer/${e.uid}/employee?country=mx` });
    expect(mx.json().problems).toEqual(['bccom in mx is not supported', 'cs-users in mx is not supported']);
    const client = await insertAccount(t.database.db, { userType: 3 });
    const notEmployee = await c.call('agent', {
      method: 'GET',
      url: `/api/cs/customer/${client.uid}/employee`,
    });
    expect(notEmployee.statusCode).toBe(400);
    expect(notEmployee.json().error).toBe(`Account with uid ${client.uid} is not an employee account`);
  });

  it('disables auth, modifies the user and removes the cs-users record, each audited', async () => {
    const e = await employee('leaving.employee@example.com');
    await t.database.db.insert(staffUsers).values({
      name: 'Leaving',
      email: 'leaving.employee@example.com',
      role: 'agent',
      directory: 'cs-users',
    });
    const post = (path: string) =>
      c.call('leader', { method: 'POST', url: `/api/auth/${path}`, payload: { uid: e.uid } });
    expect((await post('offboardBCCOMEmployeeAuth')).json()).toEqual({
      success: true,
      message: 'Successfully submitted',
    });
    expect((await records(e.uid, 'bccom'))[0]!.authDisabled).toBe(true);
    expect((await post('offboardBCCOMEmployeeAccount')).json().success).toBe(true);
    expect((await records(e.uid, 'bccom'))[0]!.data).toMatchObject({ employee: false });
    expect((await records(e.uid, 'bccom'))[0]!.data).not.toHaveProperty('employeeDiscount');
    expect((await post('removeCSUser')).json().success).toBe(true);
    expect(await records(e.uid, 'cs-users')).toEqual([]);
    const [staff] = await t.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, 'leaving.employee@example.com'));
    expect(staff!.active).toBe(false);
    expect((await accountLog(t, e.uid)).map((x) => x.action)).toEqual([
      'employee.authDisabled',
      'employee.accountModified',
      'employee.csUserRemoved',
    ]);
    const gone = await post('removeCSUser');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(`User with document id ${e.uid} does not exist in records for cs-users`);
  });

  it('answers the spec messages for a non-employee and bad input', async () => {
    const client = await insertAccount(t.database.db, { userType: 3 });
    const res = await c.call('developer', {
      method: 'POST',
      url: '/api/auth/offboardBCCOMEmployeeAuth',
      payload: { uid: client.uid },
    });
    expect(res.json().error).toBe(`Account with uid ${client.uid} is not an employee account`);
    const bad = await c.call('developer', {
      method: 'POST',
      url: '/api/auth/removeCSUser',
      payload: { uid: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Could not delete from cs-users');
  });
});
