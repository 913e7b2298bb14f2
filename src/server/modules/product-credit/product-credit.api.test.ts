import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, productCredit, productCreditLedger } from '../../db/schema';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { ledgerSum } from './product-credit.repo';

let t: TestApp;
let agent: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const FUTURE = `${new Date().getUTCFullYear() + 1}-12-31`;
const grant = (o: Record<string, unknown> = {}) => ({
  country: 'us',
  amount: 25,
  reasonId: 4,
  reason: 'Goodwill for a late delivery',
  expirationDate: FUTURE,
  ...o,
});
let keys = 0;
const newKey = () => `adjust-${++keys}-${Math.random().toString(36).slice(2)}`;
/** One adjustment, each with its own idempotency key unless the payload brings one. */
const adjust = (uid: string, payload: object, neverExpire: '0' | '1' = '0', headers = agent.headers) =>
  t.app.inject({
    method: 'POST',
    url: `/api/cs/updateBalance/${uid}?neverExpire=${neverExpire}`,
    payload: { idempotencyKey: newKey(), ...payload },
    headers,
  });
const read = (uid: string) =>
  t.app.inject({ method: 'GET', url: `/api/cs/customer/${uid}/productCredit`, headers: agent.headers });
const ledgerRows = (uid: string) =>
  t.database.db.select().from(productCreditLedger).where(eq(productCreditLedger.accountUid, uid));
const balanceRows = (uid: string) =>
  t.database.db.select().from(productCredit).where(eq(productCredit.accountUid, uid));
const eventsOf = (uid: string) =>
  t.database.db
    .select()
    .from(changeEvents)
    .where(and(eq(changeEvents.entityId, uid), eq(changeEvents.collection, 'account-log')));

describe('product credit: reading', () => {
  it('answers both countries, empty for a new account, with the type maximum', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    const res = await read(account.uid);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      userType: 1,
      maximum: 150,
      us: { country: 'us', balance: 0, expirationDate: null, ledger: [] },
      ca: { country: 'ca', balance: 0, ledger: [] },
    });
  });
  it('answers 404 for an unknown account', async () => {
    expect((await read('NOSUCHACCOUNT000000000000000')).statusCode).toBe(404);
  });
});

describe('product credit: adjustments', () => {
  it('adds credit in cents, ledger newest first, balance is the sum, audited', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    const first = await adjust(account.uid, grant({ amount: 25 }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Successfully submitted',
      data: { balance: 2500 },
    });
    await adjust(account.uid, grant({ amount: '10.50', reasonId: 5, reason: 'Backordered' }), '1');
    await adjust(
      account.uid,
      grant({ amount: -5.25, reasonId: 12, reason: 'Correction', expirationDate: '' }),
    );
    const data = (await read(account.uid)).json().data;
    expect(data.us.balance).toBe(2500 + 1050 - 525);
    expect(data.us.ledger.map((e: { amount: number }) => e.amount)).toEqual([-525, 1050, 2500]);
    expect(data.us.ledger[1]).toMatchObject({
      remainingValue: 1050,
      doesNotExpire: true,
      expirationDate: null,
      reasonId: 5,
      reasonName: 'Out of Stock',
      reason: 'Backordered',
      createdBy: agent.email,
    });
    expect(data.us.ledger[2].expirationDate).toBe(`${FUTURE}T23:59:59.999Z`);
    expect(data.us.expirationDate).toBe(`${FUTURE}T23:59:59.999Z`);
    expect(data.ca.balance).toBe(0);
    expect(await ledgerSum(t.database.db, account.uid, 'us')).toBe(data.us.balance);
    const events = await eventsOf(account.uid);
    expect(events.map((e) => e.action)).toEqual(Array(3).fill('productCredit.adjust'));
    expect(events[0]!.changedBy).toBe(agent.email);
  });

  it('keeps the Canadian balance apart', async () => {
    const account = await insertAccount(t.database.db, { userType: 2, countryId: 2 });
    expect((await adjust(account.uid, grant({ country: 'ca', amount: 40 }))).json().data).toMatchObject({
      country: 'ca',
      balance: 4000,
    });
    expect((await read(account.uid)).json().data.us.balance).toBe(0);
  });

  it.each([
    [1, 150],
    [2, 150],
    [4, 150],
    [3, 51],
    [5, 51],
  ])('account type %i may adjust up to $%i, not a cent more', async (userType, max) => {
    const account = await insertAccount(t.database.db, { userType });
    const over = await adjust(account.uid, grant({ amount: max + 0.01 }));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      error: `Value must be less than or equal to $${max}`,
      issues: [{ path: 'amount', message: `Value must be less than or equal to $${max}` }],
    });
    expect(await ledgerRows(account.uid)).toHaveLength(0);
    expect((await adjust(account.uid, grant({ amount: max }))).statusCode).toBe(200);
    // The maximum bounds a deduction too.
    expect((await adjust(account.uid, grant({ amount: -(max + 1), expirationDate: '' }))).statusCode).toBe(
      400,
    );
  });

  it('refuses any adjustment for a Guest, who holds no credit', async () => {
    const account = await insertAccount(t.database.db, { userType: 7 });
    const res = await adjust(account.uid, grant({ amount: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This account type holds no product credit.');
    expect(await balanceRows(account.uid)).toHaveLength(0);
  });

  const refusals: [string, Record<string, unknown>, '0' | '1', string][] = [
    [
      'a reason with expir',
      { reason: 'Replaces expired credit' },
      '0',
      "The Reason field shouldn't contain the 'expire' word",
    ],
    [
      'a reason with EXPIRATION',
      { reason: 'EXPIRATION fix' },
      '1',
      "The Reason field shouldn't contain the 'expire' word",
    ],
    ['an empty reason', { reason: '' }, '0', 'Reason is required'],
    ['no expiration date', { expirationDate: '' }, '0', 'Expiration date should not be empty'],
    ['a past expiration date', { expirationDate: '2020-01-01' }, '0', 'Must provide valid date'],
    ['a made-up date', { expirationDate: '2030-02-30' }, '0', 'Must provide valid date'],
    ['an amount of 0', { amount: 0 }, '0', 'Please enter a valid number'],
    ['an amount of text', { amount: 'ten' }, '0', 'Please enter a valid number'],
    ['a fraction of a cent', { amount: 25.001 }, '0', 'Amount can have at most 2 decimal places'],
    ['an unknown reason id', { reasonId: 99 }, '0', 'Reason is required'],
    [
      'a fixed-amount reason with another amount',
      { reasonId: 2, amount: 12 },
      '0',
      'The amount for Defective / Damaged Item is $10.00',
    ],
    ['a country that is not us or ca', { country: 'mx' }, '0', 'Country must be us or ca'],
  ];
  for (const [what, change, neverExpire, message] of refusals) {
    it(`refuses ${what} with 400 and writes nothing`, async () => {
      const account = await insertAccount(t.database.db, { userType: 1 });
      const res = await adjust(account.uid, grant(change), neverExpire);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { message: string }) => i.message)).toContain(message);
      expect(await ledgerRows(account.uid)).toHaveLength(0);
      expect(await balanceRows(account.uid)).toHaveLength(0);
      expect(await eventsOf(account.uid)).toHaveLength(0);
    });
  }

  it('takes the fixed amounts of the reason list (spec 3 §9)', async () => {
    const account = await insertAccount(t.database.db, { userType: 3 });
    expect((await adjust(account.uid, grant({ reasonId: 3, amount: 5.95 }))).json().data.balance).toBe(595);
    expect((await adjust(account.uid, grant({ reasonId: 11, amount: 10 }))).json().data.balance).toBe(1595);
  });

  it('takes credit away, but never below 0', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    await adjust(account.uid, grant({ amount: 20 }));
    const tooMuch = await adjust(account.uid, grant({ amount: -20.01, expirationDate: null }));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe('The adjustment would take the balance below $0.00.');
    const exact = await adjust(account.uid, grant({ amount: -20, expirationDate: null }));
    expect(exact.json().data.balance).toBe(0);
    expect((await ledgerRows(account.uid)).map((r) => r.amountCents).sort()).toEqual([-2000, 2000]);
  });

  it('refuses a bad neverExpire flag and a malformed account id', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    const flag = await t.app.inject({
      method: 'POST',
      url: `/api/cs/updateBalance/${account.uid}?neverExpire=yes`,
      payload: grant(),
      headers: agent.headers,
    });
    expect(flag.statusCode).toBe(400);
    expect((await adjust('bad id!', grant())).statusCode).toBe(400);
    expect((await adjust('NOSUCHACCOUNT000000000000000', grant())).statusCode).toBe(404);
  });

  it('loses no update when 20 adjustments arrive at once', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    const other = await t.anotherApp();
    const amounts = Array.from({ length: 20 }, (_, i) => (i % 4 === 3 ? -1 : 7.5));
    // Half through a second app process (its own connection pool on PostgreSQL).
    const results = await Promise.all(
      amounts.map((amount, i) =>
        (i % 2 ? other : t.app).inject({
          method: 'POST',
          url: `/api/cs/updateBalance/${account.uid}?neverExpire=1`,
          payload: grant({ amount, expirationDate: null, idempotencyKey: newKey() }),
          headers: agent.headers,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const expected = amounts.reduce((s, a) => s + Math.round(a * 100), 0);
    const [row] = await balanceRows(account.uid);
    expect(row!.balanceCents).toBe(expected);
    expect(await ledgerSum(t.database.db, account.uid, 'us')).toBe(expected);
    expect(await ledgerRows(account.uid)).toHaveLength(20);
  });
});

describe('product credit: one adjustment per idempotency key (ADR 021)', () => {
  it('the same adjustment sent 3 times makes one entry and answers the first answer each time', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    const body = grant({ amount: 12.5, idempotencyKey: newKey() });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await adjust(account.uid, body));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    expect(answers[2]!.json()).toEqual(answers[0]!.json());
    expect(await ledgerRows(account.uid)).toHaveLength(1);
    expect((await balanceRows(account.uid))[0]!.balanceCents).toBe(1250);
    // "12.50" is the same amount as 12.5: the same request.
    expect((await adjust(account.uid, { ...body, amount: '12.50' })).statusCode).toBe(200);
    expect(await ledgerRows(account.uid)).toHaveLength(1);
  });

  it('the same key with another adjustment is 422 and writes nothing', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    const idempotencyKey = newKey();
    expect((await adjust(account.uid, grant({ amount: 10, idempotencyKey }))).statusCode).toBe(200);
    const other = await adjust(account.uid, grant({ amount: 11, idempotencyKey }));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      success: false,
      error: 'This idempotency key was already used for a different request.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await ledgerRows(account.uid)).toHaveLength(1);
  });

  it('takes the key from the Idempotency-Key header too; without one, a clear 400 and nothing written', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    const url = `/api/cs/updateBalance/${account.uid}?neverExpire=0`;
    const headerKey = newKey();
    const viaHeader = () =>
      t.app.inject({
        method: 'POST',
        url,
        payload: grant(),
        headers: { ...agent.headers, 'idempotency-key': headerKey },
      });
    expect((await viaHeader()).statusCode).toBe(200);
    expect((await viaHeader()).statusCode).toBe(200);
    expect(await ledgerRows(account.uid)).toHaveLength(1);
    const none = await t.app.inject({ method: 'POST', url, payload: grant(), headers: agent.headers });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(
      'An idempotency key is required: send idempotencyKey in the body or an Idempotency-Key header, and the same one when you send this request again.',
    );
    const differ = await t.app.inject({
      method: 'POST',
      url,
      payload: grant({ idempotencyKey: newKey() }),
      headers: { ...agent.headers, 'idempotency-key': newKey() },
    });
    expect(differ.statusCode).toBe(400);
    expect((await adjust(account.uid, grant({ idempotencyKey: 'bad key!' }))).statusCode).toBe(400);
    expect(await ledgerRows(account.uid)).toHaveLength(1);
  });

  it('a refused adjustment gives its key back: corrected, it goes through under the same key', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    const idempotencyKey = newKey();
    expect(
      (await adjust(account.uid, grant({ amount: -5, expirationDate: '', idempotencyKey }))).statusCode,
    ).toBe(400);
    expect((await adjust(account.uid, grant({ amount: 5, idempotencyKey }))).statusCode).toBe(200);
    expect(await ledgerRows(account.uid)).toHaveLength(1);
  });

  it('20 concurrent sends of one adjustment on two app processes make one entry', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    const other = await t.anotherApp();
    const body = grant({ amount: 7.25, idempotencyKey: newKey() });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? other : t.app).inject({
          method: 'POST',
          url: `/api/cs/updateBalance/${account.uid}?neverExpire=0`,
          payload: body,
          headers: agent.headers,
        }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    expect(await ledgerRows(account.uid)).toHaveLength(1);
    expect((await balanceRows(account.uid))[0]!.balanceCents).toBe(725);
  });
});

describe('product credit: permissions', () => {
  it('declares records.read for reading and credit.adjust for adjusting', () => {
    const actions = t.app.routeActions
      .filter((r) => r.url.includes('productCredit') || r.url.includes('updateBalance'))
      .map((r) => `${r.method} ${r.url} ${r.action}`);
    expect(actions.sort()).toEqual([
      'GET /api/cs/customer/:uid/productCredit records.read',
      'POST /api/cs/updateBalance/:uid credit.adjust',
    ]);
  });
  it('refuses callers without a session, and writes nothing', async () => {
    const account = await insertAccount(t.database.db, { userType: 1 });
    expect((await adjust(account.uid, grant(), '0', {})).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/cs/customer/${account.uid}/productCredit` }))
        .statusCode,
    ).toBe(401);
    expect(await ledgerRows(account.uid)).toHaveLength(0);
  });
});
