import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountComments, invalidTaxNumberAttempts, jobs, termsRecords } from '../../db/schema';
import { accountLog, accountRow, caller, smallTree } from '../../testing/account-kit';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { openTaxNumber } from './tax-number-vault';

let t: TestApp;
let c: ReturnType<typeof caller>;
let tree: Awaited<ReturnType<typeof smallTree>>;
beforeAll(async () => {
  t = await createTestApp();
  c = caller(t);
  tree = await smallTree(t);
});
afterAll(() => t.close());

const profile = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada.lovelace@example.com',
  userType: 3,
  dateOfBirth: null,
  telephone: '(801) 555-0134',
  genderId: 1,
  defaultLanguageId: 1,
  countryId: 1,
  ...over,
});

describe('GET /api/cs/customer/{uid}', () => {
  it('answers the account record with sponsor and enroller refs and a masked tax number', async () => {
    const member = await insertAccount(t.database.db, {
      userType: 2,
      sponsorId: tree.consultant.phoenixId,
      taxNumber: '123451234',
      memberExpirationDateUtc: new Date(Date.now() + 86_400_000 * 30),
    });
    await t.database.db
      .insert(termsRecords)
      .values({ accountUid: member.uid, orderDate: new Date(), signed: true });
    const res = await c.call('agent', { method: 'GET', url: `/api/cs/customer/${member.uid}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      uid: member.uid,
      sponsor: { uid: tree.consultant.uid, phoenixId: tree.consultant.phoenixId },
      enroller: { phoenixId: 1, fullName: 'Company Sponsor' },
      taxNumber: { kind: 'ssn', masked: '***-**-1234' },
      membershipStatus: 'Member',
      activeMember: true,
    });
    expect(res.body).not.toContain('123451234');
    expect(data.bobTCs).toHaveLength(1);
  });

  it('answers 404 for an unknown account and 400 for a malformed id', async () => {
    expect((await c.call('agent', { method: 'GET', url: '/api/cs/customer/NOPE0000' })).statusCode).toBe(404);
    expect((await c.call('agent', { method: 'GET', url: '/api/cs/customer/bad%20id' })).statusCode).toBe(400);
  });
});

describe('PUT /api/cs/customer/{uid}', () => {
  it('saves the profile, phone without punctuation, audited', async () => {
    const res = await c.call('agent', {
      method: 'PUT',
      url: `/api/cs/customer/${tree.customer.uid}`,
      payload: profile(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Successfully submitted',
      data: { firstName: 'Ada' },
    });
    const row = await accountRow(t, tree.customer.uid);
    expect(row.telephone).toBe('8015550134');
    const log = await accountLog(t, tree.customer.uid);
    expect(log.at(-1)).toMatchObject({ action: 'account.profile' });
    expect(log.at(-1)!.differences).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'E', path: ['firstName'], rhs: 'Ada' })]),
    );
  });

  it('is a partial update: a field left out keeps its value, null clears an optional one', async () => {
    const person = await insertAccount(t.database.db, {
      userType: 1,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace.hopper@example.com',
      telephone: '8015550199',
      dateOfBirth: '1970-05-06',
      genderId: 2,
      defaultLanguageId: 2,
    });
    const put = (payload: Record<string, unknown>) =>
      c.call('agent', { method: 'PUT', url: `/api/cs/customer/${person.uid}`, payload });
    const renamed = await put({ firstName: 'Amazing' });
    expect(renamed.statusCode).toBe(200);
    expect(await accountRow(t, person.uid)).toMatchObject({
      firstName: 'Amazing',
      lastName: 'Hopper',
      email: 'grace.hopper@example.com',
      telephone: '8015550199',
      dateOfBirth: '1970-05-06',
      genderId: 2,
      defaultLanguageId: 2,
      userType: 1,
      countryId: 1,
    });
    expect((await put({ telephone: null, genderId: null })).statusCode).toBe(200);
    expect(await accountRow(t, person.uid)).toMatchObject({
      firstName: 'Amazing',
      telephone: null,
      genderId: null,
      dateOfBirth: '1970-05-06',
    });
    // A consultant keeps the distributor rule: clearing the date alone is refused, nothing written.
    const cleared = await put({ dateOfBirth: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().issues).toEqual([{ path: 'body.dateOfBirth', message: 'Must provide valid date' }]);
    expect((await put({ lastName: null })).json().issues[0]).toMatchObject({
      path: 'body.lastName',
      message: 'Last name is required',
    });
    expect(await accountRow(t, person.uid)).toMatchObject({ dateOfBirth: '1970-05-06', lastName: 'Hopper' });
  });

  it('refuses bad input with field issues and writes nothing', async () => {
    const before = await accountRow(t, tree.customer.uid);
    const logBefore = (await accountLog(t, tree.customer.uid)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ email: 'not-an-email' }, 'email', 'Must be a valid email address'],
      [{ telephone: '555' }, 'telephone', 'Must be a valid telephone number'],
      [{ userType: 1, dateOfBirth: null }, 'dateOfBirth', 'Must provide valid date'],
      [{ userType: 2, dateOfBirth: '2015-01-01' }, 'dateOfBirth', 'Must provide valid date: Must be over 18'],
      [{ userType: 99 }, 'userType', 'Account type is required'],
    ];
    for (const [over, path, message] of cases) {
      const res = await c.call('agent', {
        method: 'PUT',
        url: `/api/cs/customer/${tree.customer.uid}`,
        payload: profile(over),
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error).toBe('Failed to update customer info.');
      expect(res.json().issues).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: `body.${path}`, message })]),
      );
    }
    expect(await accountRow(t, tree.customer.uid)).toEqual(before);
    expect(await accountLog(t, tree.customer.uid)).toHaveLength(logBefore);
  });

  it('lets clients have no date of birth, and an adult consultant one', async () => {
    const res = await c.call('agent', {
      method: 'PUT',
      url: `/api/cs/customer/${tree.customer.uid}`,
      payload: profile({ userType: 5, dateOfBirth: null, email: '' }),
    });
    expect(res.statusCode).toBe(200);
    const ok = await c.call('agent', {
      method: 'PUT',
      url: `/api/cs/customer/${tree.customer.uid}`,
      payload: profile({ userType: 3, dateOfBirth: '1990-02-03' }),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an email another account holds', async () => {
    const other = await insertAccount(t.database.db, { email: 'taken@example.com' });
    const res = await c.call('agent', {
      method: 'PUT',
      url: `/api/cs/customer/${tree.customer.uid}`,
      payload: profile({ email: 'TAKEN@example.com' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Failed to update email and customer info.');
    expect((await accountRow(t, other.uid)).email).toBe('taken@example.com');
  });
});

describe('sponsor and enroller', () => {
  it('moves the enroller, audited', async () => {
    const person = await insertAccount(t.database.db, { userType: 3 });
    const res = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/enrollerId/?accountId=${person.uid}`,
      payload: { enrollerId: tree.consultant.phoenixId },
    });
    expect(res.json()).toEqual({ success: true, message: 'Successfully submitted' });
    expect((await accountRow(t, person.uid)).enrollerId).toBe(tree.consultant.phoenixId);
    expect((await accountLog(t, person.uid)).at(-1)).toMatchObject({ action: 'account.enroller' });
  });

  it('refuses unknown ids with the spec message', async () => {
    const res = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/enrollerId/?accountId=${tree.customer.uid}`,
      payload: { enrollerId: 987654321 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid sponsorId or PhoenixId to update Phoenix account.');
    const bad = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/sponsorId/?accountId=${tree.customer.uid}`,
      payload: { sponsorId: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid sponsorId or PhoenixId to update Phoenix account.');
  });

  it('refuses a sponsor move that would create a cycle', async () => {
    const top = await insertAccount(t.database.db, { userType: 1, sponsorId: 1 });
    const middle = await insertAccount(t.database.db, { userType: 1, sponsorId: top.phoenixId });
    const bottom = await insertAccount(t.database.db, { userType: 1, sponsorId: middle.phoenixId });
    const res = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/sponsorId/?accountId=${top.uid}`,
      payload: { sponsorId: bottom.phoenixId },
    });
    expect(res.statusCode).toBe(400);
    // The sponsor is not the mentor: its refusal no longer borrows the mentor's message.
    expect(res.json().error).toBe(
      `Failed to update. Account ${bottom.phoenixId} is in this account's sponsor downline.`,
    );
    expect((await accountRow(t, top.uid)).sponsorId).toBe(1);
    const self = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/sponsorId/?accountId=${top.uid}`,
      payload: { sponsorId: top.phoenixId },
    });
    expect(self.statusCode).toBe(400);
  });
});

describe('the mentor is the enroller (spec 1 §2)', () => {
  it('answers a refused enroller change with the mentor message, nothing changed', async () => {
    const top = await insertAccount(t.database.db, { userType: 1, enrollerId: 1 });
    const below = await insertAccount(t.database.db, { userType: 1, enrollerId: top.phoenixId });
    const client = await insertAccount(t.database.db, { userType: 3 });
    const cycle = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/enrollerId/?accountId=${top.uid}`,
      payload: { enrollerId: below.phoenixId },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error).toBe(
      `Unable to update Mentor information: account ${below.phoenixId} is in this account's enroller downline.`,
    );
    const notConsultant = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/enrollerId/?accountId=${below.uid}`,
      payload: { enrollerId: client.phoenixId },
    });
    expect(notConsultant.json().error).toBe(
      `Unable to update Mentor information: account ${client.phoenixId} is not a consultant.`,
    );
    const sponsor = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/sponsorId/?accountId=${below.uid}`,
      payload: { sponsorId: client.phoenixId },
    });
    expect(sponsor.json().error).toBe(`Failed to update. Account ${client.phoenixId} is not a consultant.`);
    expect((await accountRow(t, top.uid)).enrollerId).toBe(1);
    expect((await accountRow(t, below.uid)).enrollerId).toBe(top.phoenixId);
  });
});

describe('country, comments, tax number', () => {
  it('updates the country (commissions.manage), or answers the spec message', async () => {
    const person = await insertAccount(t.database.db, { userType: 3, countryId: 1 });
    const ok = await c.call('salesOperatorManager', {
      method: 'POST',
      url: `/api/cs/customer/${person.uid}/country`,
      payload: { countryId: 2 },
    });
    expect(ok.json().message).toBe('Successfully submitted');
    expect((await accountRow(t, person.uid)).countryId).toBe(2);
    const bad = await c.call('salesOperatorManager', {
      method: 'POST',
      url: `/api/cs/customer/${person.uid}/country`,
      payload: { countryId: 3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Failed to update country.');
    await c.call('salesOperatorManager', {
      method: 'POST',
      url: `/api/cs/customer/${person.uid}/country`,
      payload: { countryId: 1 },
    });
  });

  it("queues a commission recalculation when a consultant's country changes", async () => {
    const consultant = await insertAccount(t.database.db, { userType: 1, countryId: 1 });
    await c.call('developer', {
      method: 'POST',
      url: `/api/cs/customer/${consultant.uid}/country`,
      payload: { countryId: 2 },
    });
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.type, 'commissions.recalculate'));
    expect(
      queued.map((j) => j.payload).filter((p) => (p as { accountUid: string }).accountUid === consultant.uid),
    ).toEqual([expect.objectContaining({ accountUid: consultant.uid, fromCountryId: 1, toCountryId: 2 })]);
  });

  it('adds and lists comments, audited; an empty one fails with the spec message', async () => {
    const add = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/customer/${tree.customer.uid}/comments`,
      payload: { description: 'Called about an order.' },
    });
    expect(add.json()).toMatchObject({
      success: true,
      data: { description: 'Called about an order.', name: 'agent 1' },
    });
    const list = await c.call('agent', {
      method: 'GET',
      url: `/api/cs/customer/${tree.customer.uid}/comments`,
    });
    expect(list.json().data[0].description).toBe('Called about an order.');
    expect((await accountLog(t, tree.customer.uid)).at(-1)).toMatchObject({ action: 'account.comment' });
    const empty = await c.call('agent', {
      method: 'POST',
      url: `/api/cs/customer/${tree.customer.uid}/comments`,
      payload: { description: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Failed to add comment.');
  });

  it('sets a tax number, masked in reads and in the change log', async () => {
    const res = await c.call('agent', {
      method: 'POST',
      url: '/api/cs/taxNumber',
      payload: { uid: tree.consultant.uid, ssn: '987-65-4329', isEntity: false },
    });
    expect(res.json()).toEqual({ success: true, message: 'Successfully submitted' });
    const stored = (await accountRow(t, tree.consultant.uid)).sealedTaxNumber!;
    expect(stored).toMatch(/^enc:v1:test1:/);
    expect(openTaxNumber(t.app.ctx.keyring, { uid: tree.consultant.uid, sealedTaxNumber: stored })).toBe(
      '987654329',
    );
    const record = await c.call('agent', { method: 'GET', url: `/api/cs/customer/${tree.consultant.uid}` });
    expect(record.json().data.taxNumber.masked).toBe('***-**-4329');
    const log = await accountLog(t, tree.consultant.uid);
    expect(JSON.stringify(log)).not.toMatch(/987-?65-?4329/);
    expect(log.at(-1)!.differences).toEqual([
      expect.objectContaining({ path: ['taxNumber'], rhs: '***-**-4329' }),
    ]);
  });

  it('refuses a TIN that is not 9 digits, and an entity without a name', async () => {
    const before = await accountRow(t, tree.consultant.uid);
    const short = await c.call('agent', {
      method: 'POST',
      url: '/api/cs/taxNumber',
      payload: { uid: tree.consultant.uid, ssn: '12345', isEntity: false },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('TIN must be numeric and 9 digits in length');
    const entity = await c.call('agent', {
      method: 'POST',
      url: '/api/cs/taxNumber',
      payload: { uid: tree.consultant.uid, taxId: '12-3456789', isEntity: true },
    });
    expect(entity.statusCode).toBe(400);
    expect(entity.json().issues[0].path).toBe('body.entityName');
    const wrongKind = await c.call('agent', {
      method: 'POST',
      url: '/api/cs/taxNumber',
      payload: { uid: tree.consultant.uid, sin: '123456789', isEntity: false },
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(await accountRow(t, tree.consultant.uid)).toEqual(before);
  });

  it('serves the spec 2 §7 calls GET/POST /cs/taxNumber?accountId, masked, status false on failure', async () => {
    const person = await insertAccount(t.database.db, { userType: 1, countryId: 1 });
    const url = `/api/cs/taxNumber?accountId=${person.uid}`;
    const set = await c.call('agent', {
      method: 'POST',
      url,
      payload: { taxNumber: '123-45-6789', isEntity: false, entityName: null },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ success: true, status: true, message: 'Successfully submitted' });
    const stored = (await accountRow(t, person.uid)).sealedTaxNumber!;
    expect(openTaxNumber(t.app.ctx.keyring, { uid: person.uid, sealedTaxNumber: stored })).toBe('123456789');
    const read = await c.call('agent', { method: 'GET', url });
    expect(read.json()).toEqual({
      success: true,
      status: true,
      data: { taxNumber: '***-**-6789', isEntity: false, entityName: null, kind: 'ssn' },
    });
    expect(read.body).not.toContain('123456789');

    const before = await accountRow(t, person.uid);
    for (const taxNumber of ['12345', 'abcdefghi', '1234567890', '']) {
      const bad = await c.call('agent', { method: 'POST', url, payload: { taxNumber, isEntity: false } });
      expect(bad.statusCode, taxNumber).toBe(400);
      expect(bad.json()).toMatchObject({
        success: false,
        status: false,
        error: 'TIN must be numeric and 9 digits in length',
      });
    }
    const noName = await c.call('agent', {
      method: 'POST',
      url,
      payload: { taxNumber: '12-3456789', isEntity: true },
    });
    expect(noName.json()).toMatchObject({ status: false, error: 'Entity name is required for an entity' });
    expect(await accountRow(t, person.uid)).toEqual(before);

    const entity = await c.call('agent', {
      method: 'POST',
      url,
      payload: { taxNumber: '12-3456789', isEntity: true, entityName: 'Hopper LLC' },
    });
    expect(entity.json()).toMatchObject({ success: true, status: true });
    expect((await c.call('agent', { method: 'GET', url })).json().data).toEqual({
      taxNumber: '**-***6789',
      isEntity: true,
      entityName: 'Hopper LLC',
      kind: 'taxId',
    });
    const missing = await c.call('agent', {
      method: 'GET',
      url: '/api/cs/taxNumber?accountId=NOSUCHACCOUNT',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, status: false });
  });

  it('adds the system comment for the last invalid tax-number attempt once', async () => {
    const person = await insertAccount(t.database.db, { userType: 1 });
    await t.database.db.insert(invalidTaxNumberAttempts).values([
      { accountUid: person.uid, code: 'SSN_MISMATCH', attemptedAt: new Date(Date.now() - 60_000) },
      { accountUid: person.uid, code: 'TIN_NOT_ISSUED', attemptedAt: new Date() },
    ]);
    const url = `/api/cs/invalid-tax-number/attempts/${person.uid}`;
    const first = await c.call('agent', { method: 'GET', url });
    expect(first.json()).toMatchObject({
      success: true,
      commentAdded: true,
      data: [{ code: 'TIN_NOT_ISSUED' }, { code: 'SSN_MISMATCH' }],
    });
    const again = await c.call('agent', { method: 'GET', url });
    expect(again.json().commentAdded).toBe(false);
    const comments = await t.database.db
      .select()
      .from(accountComments)
      .where(eq(accountComments.accountUid, person.uid));
    expect(comments).toEqual([
      expect.objectContaining({
        system: true,
        description:
          'User attempted Enrollment and experienced issues validating SSN/SIN number. The error code provided by the system reads: TIN_NOT_ISSUED',
      }),
    ]);
  });
});

describe('GET /api/customers/{uid}/audit', () => {
  it('pages the change log, filterable by collection and staff member', async () => {
    const res = await c.call('leader', { method: 'GET', url: `/api/customers/${tree.customer.uid}/audit` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThan(2);
    expect(body.data[0]).toMatchObject({
      collection: 'account-log',
      changedBy: expect.stringContaining('agent'),
    });
    expect(body.filters.collections).toEqual(['account-log']);
    const agentEmail = (await c.as('agent')).email;
    const byAgent = await c.call('leader', {
      method: 'GET',
      url: `/api/customers/${tree.customer.uid}/audit?changedBy=${encodeURIComponent(agentEmail)}`,
    });
    expect(byAgent.json().total).toBe(body.total);
    const nobody = await c.call('leader', {
      method: 'GET',
      url: `/api/customers/${tree.customer.uid}/audit?changedBy=nobody%40x.com`,
    });
    expect(nobody.json().data).toEqual([]);
    expect(
      (await c.call('leader', { method: 'GET', url: `/api/customers/${tree.customer.uid}/audit?page=0` }))
        .statusCode,
    ).toBe(400);
  });
});
