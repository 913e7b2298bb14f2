import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkLedgers, changeEvents, productCreditLedger } from '../../db/schema';
import { processJobs } from '../../platform/jobs';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
let salesops: SignedIn;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  salesops = await t.signIn('salesOperatorManager');
});
afterAll(() => t.close());

const FUTURE = `${new Date().getUTCFullYear() + 1}-12-31`;
const csvOf = (lines: string[]) =>
  `account,country,amount,reasonId,reason,neverExpire,expirationDate\n${lines.join('\n')}\n# ${++n}\n`;
const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = salesops.headers) =>
  t.app.inject({ method, url, payload, headers });
const runJobs = async () => {
  while ((await processJobs(t.database.db, t.app.jobHandlers, t.app.log)) > 0);
};

describe('bulk ledgers', () => {
  it('validates each row with the rules of one adjustment, including the per-type maximum', async () => {
    const client = await insertAccount(t.database.db, { userType: 3 });
    const consultant = await insertAccount(t.database.db, { userType: 1 });
    const guest = await insertAccount(t.database.db, { userType: 7 });
    const csv = csvOf([
      `${client.phoenixId},us,51,4,Goodwill,,${FUTURE}`,
      `${client.phoenixId},us,52,4,Goodwill,,${FUTURE}`,
      `${consultant.phoenixId},ca,150,4,Goodwill,1,`,
      `${consultant.phoenixId},ca,151,4,Goodwill,1,`,
      `${guest.phoenixId},us,5,4,Goodwill,1,`,
      `${client.phoenixId},us,7,2,Damaged,1,`,
      `${client.phoenixId},us,5,4,Credit expired,1,`,
      `${client.phoenixId},us,5,4,Goodwill,0,`,
      `${client.phoenixId},us,-30,12,Correction,,`,
      `${client.phoenixId},us,-30,12,Correction,,`,
      `${consultant.uid},xx,5,99,,maybe,`,
      `424242424,us,5,4,,1,`,
    ]);
    const res = await call('POST', '/api/bulkLedgers/preview', { fileName: 'credits.csv', csv });
    expect(res.statusCode).toBe(200);
    const errors = res.json().data.rows.map((r: { error: string | null }) => r.error);
    expect(errors[0]).toBeNull();
    expect(errors[1]).toBe('Value must be less than or equal to $51');
    expect(errors[2]).toBeNull();
    expect(errors[3]).toBe('Value must be less than or equal to $150');
    expect(errors[4]).toBe('This account type holds no product credit.');
    expect(errors[5]).toBe('The amount for Defective / Damaged Item is $10.00');
    expect(errors[6]).toMatch(/expir/);
    expect(errors[7]).toBe('Expiration date should not be empty');
    // Row 1 adds 51.00, the first deduction leaves 21.00; the second would go below zero.
    expect(errors[8]).toBeNull();
    expect(errors[9]).toBe('The adjustment would take the balance below $0.00.');
    expect(errors[10]).toMatch(/neverExpire must be 1 or 0/);
    expect(errors[10]).toMatch(/Country must be us or ca/);
    expect(errors[11]).toBe('Account 424242424 was not found.');
    expect(await t.database.db.select().from(productCreditLedger)).toHaveLength(0);
  });

  it('applies rows as audited ledger entries, once, with a result CSV', async () => {
    const member = await insertAccount(t.database.db, { userType: 2 });
    const csv = csvOf([
      `${member.phoenixId},us,25,4,Service recovery,,${FUTURE}`,
      `M${member.phoenixId},ca,10.50,5,,yes,`,
      `${member.phoenixId},us,500,4,Too much,1,`,
    ]);
    const key = `k-${crypto.randomUUID()}`;
    const first = await call('POST', '/api/bulkLedgers', {
      fileName: 'credits.csv',
      csv,
      idempotencyKey: key,
    });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/api/bulkLedgers', {
      fileName: 'credits.csv',
      csv,
      idempotencyKey: key,
    });
    expect(again.json()).toMatchObject({ created: false, data: { id: first.json().data.id } });
    const other = await call('POST', '/api/bulkLedgers', {
      fileName: 'copy.csv',
      csv,
      idempotencyKey: `k-${crypto.randomUUID()}`,
    });
    expect(other.statusCode).toBe(409);
    expect(await t.database.db.select().from(bulkLedgers)).toHaveLength(1);
    await runJobs();
    const id = first.json().data.id;
    expect((await call('GET', `/api/bulkLedgers/${id}`)).json().data).toMatchObject({
      status: 'completedWithErrors',
      succeededRows: 2,
      failedRows: 1,
    });
    const credit = (await call('GET', `/api/cs/customer/${member.uid}/productCredit`)).json().data;
    expect(credit.us.balance).toBe(2500);
    expect(credit.ca.balance).toBe(1050);
    expect(credit.ca.ledger[0]).toMatchObject({
      doesNotExpire: true,
      reason: 'Bulk ledger upload',
      createdBy: salesops.email,
    });
    const events = await t.database.db
      .select()
      .from(changeEvents)
      .where(and(eq(changeEvents.entityId, member.uid), eq(changeEvents.action, 'productCredit.adjust')));
    expect(events).toHaveLength(2);
    const rows = (await call('GET', `/api/bulkLedgers/${id}/rows`)).json().data;
    expect(rows[0]).toMatchObject({ status: 'succeeded', customerUid: member.uid });
    expect(rows[2]).toMatchObject({ status: 'failed', error: 'Value must be less than or equal to $150' });
    const result = await call('GET', `/api/bulkLedgers/${id}/result.csv`);
    expect(result.body.split('\r\n')[3]).toContain('Value must be less than or equal to $150');
    // Headers in words, and the result file reads back as an upload (a corrected file goes again).
    expect(result.body.split('\r\n')[0]).toBe(
      '\uFEFFRow,Account,Country,Amount,Reason ID,Reason,Never expire,Expiration date,Status,Ledger entry,Customer UID,Error',
    );
    const reread = await call('POST', '/api/bulkLedgers/preview', {
      fileName: 'corrected.csv',
      csv: result.body.replace(/^\uFEFF/, ''),
    });
    expect(reread.statusCode).toBe(200);
    expect(reread.json().data.rows).toHaveLength(3);
  });

  it('one key, one upload: another file under the key is 422; the header carries the key too; none is 400 (ADR 021)', async () => {
    const member = await insertAccount(t.database.db, { userType: 2 });
    const csv = csvOf([`${member.phoenixId},us,5,4,Goodwill,1,`]);
    const key = `k-${crypto.randomUUID()}`;
    const viaHeader = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/bulkLedgers',
        payload: body,
        headers: { ...salesops.headers, 'idempotency-key': key },
      });
    const first = await viaHeader({ fileName: 'one.csv', csv });
    expect(first.statusCode, first.body).toBe(201);
    expect((await viaHeader({ fileName: 'one.csv', csv })).json()).toMatchObject({
      created: false,
      data: { id: first.json().data.id },
    });
    const otherFile = await viaHeader({
      fileName: 'one.csv',
      csv: csvOf([`${member.phoenixId},us,6,4,Goodwill,1,`]),
    });
    expect(otherFile.statusCode).toBe(422);
    expect(otherFile.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const none = await call('POST', '/api/bulkLedgers', {
      fileName: 'two.csv',
      csv: csvOf([`${member.phoenixId},us,7,4,Goodwill,1,`]),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(/^An idempotency key is required/);
    await runJobs();
    const credit = (await call('GET', `/api/cs/customer/${member.uid}/productCredit`)).json().data;
    expect(credit.us.ledger.map((e: { amount: number }) => e.amount)).toEqual([500]);
  });

  it('agents and fraud agents get 403', async () => {
    for (const role of ['agent', 'fraudAgent'] as const) {
      const staff = await t.signIn(role);
      const res = await call(
        'POST',
        '/api/bulkLedgers/preview',
        { fileName: 'x.csv', csv: csvOf(['1,us,1,4,,1,']) },
        staff.headers,
      );
      expect(res.statusCode).toBe(403);
    }
  });
});
