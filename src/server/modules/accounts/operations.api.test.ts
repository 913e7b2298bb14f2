import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTypeHistory, customerLoginTokens, featureFlags, outbox } from '../../db/schema';
import { accountLog, accountRow, caller, expectOnlyRoles, smallTree } from '../../testing/account-kit';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let c: ReturnType<typeof caller>;
let tree: Awaited<ReturnType<typeof smallTree>>;
beforeAll(async () => {
  t = await createTestApp();
  c = caller(t);
  tree = await smallTree(t);
});
afterAll(() => t.close());

const setFlag = (enabled: boolean) =>
  t.database.db.update(featureFlags).set({ enabled }).where(eq(featureFlags.name, 'membershipManualUpgrade'));
const future = () => new Date(Date.now() + 90 * 86_400_000);

describe('permissions (DESIGN §4)', () => {
  it('lets only leaders and developers change membership, status and restores', async () => {
    for (const url of [
      '/api/cs/membership/status/NOSUCHACCOUNT',
      '/api/cs/membership/expiration/NOSUCHACCOUNT',
      '/api/cs/membership/lapseMember/NOSUCHACCOUNT',
      '/api/cs/updateStatus/NOSUCHACCOUNT',
      '/api/cs/account/restoreMemberToConsultant/NOSUCHACCOUNT',
      '/api/cs/account/NOSUCHACCOUNT/restoreClientsAndMembersFromHQ',
      '/api/cs/consultant/NOSUCHACCOUNT/restoreDownlineConsultants',
    ]) {
      await expectOnlyRoles(c.call, { method: 'POST', url, payload: {} }, ['leader', 'developer']);
    }
  });

  it('lets leaders, fraud agents and developers sign in as a customer', async () => {
    await expectOnlyRoles(c.call, { method: 'POST', url: '/api/cs/account/NOSUCHACCOUNT/custom-token' }, [
      'leader',
      'fraudAgent',
      'developer',
    ]);
  });
});

describe('manual membership change', () => {
  it('is refused while the flag is off, with nothing written', async () => {
    await setFlag(false);
    const res = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/membership/status/${tree.customer.uid}`,
      payload: { userType: 2, reason: 'Asked' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/^An error occurred when processing membership: /);
    expect((await accountRow(t, tree.customer.uid)).userType).toBe(3);
    await setFlag(true);
  });

  it('upgrades a client to member, recorded with the reason', async () => {
    const res = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/membership/status/${tree.customer.uid}`,
      payload: { userType: 2, reason: 'Paid by phone' },
    });
    expect(res.json()).toEqual({ success: true, message: 'Successfully submitted' });
    const row = await accountRow(t, tree.customer.uid);
    expect(row.userType).toBe(2);
    expect(row.memberExpirationDateUtc!.getTime()).toBeGreaterThan(Date.now());
    const history = await t.database.db
      .select()
      .from(accountTypeHistory)
      .where(eq(accountTypeHistory.accountUid, tree.customer.uid));
    expect(history).toEqual([
      expect.objectContaining({
        fromType: 3,
        toType: 2,
        recordedAs: 'manual upgrade',
        reason: 'Paid by phone',
      }),
    ]);
    expect((await accountLog(t, tree.customer.uid)).at(-1)).toMatchObject({
      action: 'membership.manual-upgrade',
    });
    const read = await c.call('agent', {
      method: 'GET',
      url: `/api/cs/account/accountTypeHistory/${tree.customer.uid}`,
    });
    expect(read.json().data).toEqual([expect.objectContaining({ recordedAs: 'manual upgrade' })]);
  });

  it('refuses a change outside the table and a missing reason', async () => {
    const invalid = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/membership/status/${tree.consultant.uid}`,
      payload: { userType: 3, reason: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe(
      'An error occurred when processing membership: Invalid membership status change',
    );
    const noReason = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/membership/status/${tree.consultant.uid}`,
      payload: { userType: 2, reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('An error occurred when processing membership: Reason is required');
    expect((await accountRow(t, tree.consultant.uid)).userType).toBe(1);
  });
});

describe('expiration, lapse, restore', () => {
  it('updates the expiration date; an empty one answers the spec message', async () => {
    const member = await insertAccount(t.database.db, { userType: 2, memberExpirationDateUtc: future() });
    const empty = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/membership/expiration/${member.uid}`,
      payload: { expirationDate: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Expiration date should not be empty');
    const ok = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/membership/expiration/${member.uid}`,
      payload: { expirationDate: '2031-05-01' },
    });
    expect(ok.json().message).toBe('The member expiration date has been successfully updated.');
    expect((await accountRow(t, member.uid)).memberExpirationDateUtc!.toISOString()).toBe(
      '2031-05-01T00:00:00.000Z',
    );
    const client = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/membership/expiration/${tree.consultant.uid}`,
      payload: { expirationDate: '2031-05-01' },
    });
    expect(client.json().error).toMatch(/^An error occurred when updating expiration date: /);
  });

  it('takes only a real calendar date in range: nothing rolled over, guessed or failing', async () => {
    const before = future();
    const member = await insertAccount(t.database.db, { userType: 2, memberExpirationDateUtc: before });
    for (const expirationDate of ['10000-01-01', '1', '0001-01-01', '2028-02-30', '2031-13-01', 'soon']) {
      const res = await c.call('leader', {
        method: 'POST',
        url: `/api/cs/membership/expiration/${member.uid}`,
        payload: { expirationDate },
      });
      expect(res.statusCode, expirationDate).toBe(400);
      expect(res.json().error).toBe('An error occurred when updating expiration date: Must be a valid date');
    }
    expect((await accountRow(t, member.uid)).memberExpirationDateUtc).toEqual(before);
    const typed = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/membership/expiration/${member.uid}`,
      payload: { expirationDate: '02/29/2028' },
    });
    expect(typed.statusCode).toBe(200);
    expect((await accountRow(t, member.uid)).memberExpirationDateUtc!.toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
  });

  it('lapses an active member once', async () => {
    const member = await insertAccount(t.database.db, { userType: 2, memberExpirationDateUtc: future() });
    const res = await c.call('developer', {
      method: 'POST',
      url: `/api/cs/membership/lapseMember/${member.uid}`,
    });
    expect(res.json()).toEqual({ success: true, message: 'The member is lapsed now.' });
    const record = await c.call('agent', { method: 'GET', url: `/api/cs/customer/${member.uid}` });
    expect(record.json().data.activeMember).toBe(false);
    expect((await accountLog(t, member.uid)).at(-1)).toMatchObject({ action: 'membership.lapse' });
    const again = await c.call('developer', {
      method: 'POST',
      url: `/api/cs/membership/lapseMember/${member.uid}`,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(
      'An error occurred when trying to convert to a lapsed member: the account is not an active member',
    );
  });

  it('restores a member to consultant only when the Phoenix account is a consultant account', async () => {
    const never = await insertAccount(t.database.db, { userType: 2 });
    const refused = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/account/restoreMemberToConsultant/${never.uid}`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Failed to restore member to consultant');
    const former = await insertAccount(t.database.db, { userType: 2 });
    await t.database.db
      .insert(accountTypeHistory)
      .values({ accountUid: former.uid, fromType: 1, toType: 2, recordedAs: 'manual downgrade' });
    expect(
      (await c.call('agent', { method: 'GET', url: `/api/cs/customer/${former.uid}` })).json().data
        .canRestoreMemberToConsultant,
    ).toBe(true);
    const ok = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/account/restoreMemberToConsultant/${former.uid}`,
    });
    expect(ok.json().message).toBe('Member has been successfully restored to a consultant');
    expect((await accountRow(t, former.uid)).userType).toBe(1);
  });
});

describe('status, emails, sign in as', () => {
  it('terminates and reactivates an account', async () => {
    const person = await insertAccount(t.database.db);
    const res = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/updateStatus/${person.uid}`,
      payload: { status: 2 },
    });
    expect(res.json().message).toBe('Updated account status successfully.');
    expect((await accountRow(t, person.uid)).accountStatus).toBe(2);
    const bad = await c.call('leader', {
      method: 'POST',
      url: `/api/cs/updateStatus/${person.uid}`,
      payload: { status: 3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(
      'An error occurred when updating account status: Status must be 1 (Active) or 2 (Terminated)',
    );
    expect((await accountLog(t, person.uid)).map((e) => e.action)).toEqual(['account.status']);
  });

  it('queues the terms acceptance and reset password emails in the outbox', async () => {
    const person = await insertAccount(t.database.db, { email: 'terms.person@example.com' });
    const terms = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/resendTcsAcceptanceEmail/${person.uid}`,
      payload: {},
    });
    expect(terms.json().message).toBe('Successfully sent terms and conditions acceptance email.');
    const reset = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/account/${person.uid}/reset-password`,
    });
    expect(reset.json().message).toBe('Reset password email sent');
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.entityId, person.uid));
    expect(mail.map((m) => m.template).sort()).toEqual([
      'customer.passwordReset',
      'customer.termsAcceptance',
    ]);
    expect(mail.every((m) => m.toAddress === 'terms.person@example.com')).toBe(true);
    const bad = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/resendTcsAcceptanceEmail/${person.uid}`,
      payload: { email: 'nope' },
    });
    expect(bad.json().error).toBe('Could not resend email. Must be a valid email address');
    const noEmail = await insertAccount(t.database.db, { email: null });
    const failed = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/account/${noEmail.uid}/reset-password`,
    });
    expect(failed.json().error).toBe('Reset password email was not sent, please try again later');
    expect(
      (await c.call('agent', { method: 'POST', url: `/api/cs/account/${person.uid}/explode` })).statusCode,
    ).toBe(400);
  });

  it('issues a single-use, short-lived, hashed sign-in token, audited with the staff member', async () => {
    const res = await c.call('fraudAgent', {
      method: 'POST',
      url: `/api/cs/account/${tree.consultant.uid}/custom-token`,
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.app.ctx.config.customerSiteUrl}/login/token`);
    const token = url.searchParams.get('token')!;
    const [stored] = await t.database.db
      .select()
      .from(customerLoginTokens)
      .where(eq(customerLoginTokens.accountUid, tree.consultant.uid));
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const event = (await accountLog(t, tree.consultant.uid)).at(-1)!;
    expect(event).toMatchObject({ action: 'account.signInAs', changedBy: (await c.as('fraudAgent')).email });
    expect(JSON.stringify(event)).not.toContain(token);
    const redeem = () =>
      t.app.inject({ method: 'POST', url: '/api/account/open/customTokenLogin', payload: { token } });
    expect((await redeem()).json().data.uid).toBe(tree.consultant.uid);
    expect((await redeem()).statusCode).toBe(401);
    // Spending it is audited on the customer, by the staff member who asked.
    const redeemed = (await accountLog(t, tree.consultant.uid)).at(-1)!;
    expect(redeemed).toMatchObject({ action: 'account.signInAsRedeemed', changedBy: event.changedBy });
    expect(JSON.stringify(redeemed)).not.toContain(token);
  });
});

describe('PWS', () => {
  it('checks availability, creates and changes a PWS key', async () => {
    const a = await insertAccount(t.database.db, { userType: 1, pwsKey: 'glowwithann' });
    const b = await insertAccount(t.database.db, { userType: 1 });
    const taken = await c.call('agent', { method: 'GET', url: '/api/cs/accounts/phoenix/pws/GlowWithAnn' });
    expect(taken.json().data).toEqual({ pwsKey: 'glowwithann', available: false, phoenixId: a.phoenixId });
    const body = (pwsKey: string) => ({
      phoenixId: b.phoenixId,
      firstName: 'B',
      lastName: 'C',
      email: 'b@example.com',
      title: 'Consultant',
      pwsKey,
    });
    const refused = await c.call('agent', {
      method: 'POST',
      url: '/api/cs/accounts/phoenix/pws',
      payload: body('glowwithann'),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This PWS is unavailable');
    const created = await c.call('agent', {
      method: 'POST',
      url: '/api/cs/accounts/phoenix/pws',
      payload: body('bee-beauty'),
    });
    expect(created.json().message).toBe('Successfully submitted');
    const changed = await c.call('agent', {
      method: 'PUT',
      url: '/api/cs/accounts/phoenix/pws',
      payload: body('bee-glow'),
    });
    expect(changed.statusCode).toBe(200);
    expect((await accountRow(t, b.uid)).pwsKey).toBe('bee-glow');
    const bad = await c.call('agent', {
      method: 'PUT',
      url: '/api/cs/accounts/phoenix/pws',
      payload: body('-x'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^Unable to update PWS: /);
    expect((await accountLog(t, b.uid)).map((e) => e.action)).toEqual(['pws.create', 'pws.update']);
  });
});
