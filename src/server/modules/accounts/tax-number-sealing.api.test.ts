import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAccount } from '../../../../scripts/demo/account-pipeline';
import { demoTaxNumberSealer } from '../../../../scripts/demo/index';
import { prepareRun } from '../../../../scripts/demo/setup';
import { TABLE_ORDER } from '../../../../scripts/demo/tables';
import { makeClock } from '../../../../scripts/demo/time';
import { BatchWriter } from '../../../../scripts/demo/writer';
import { changeEvents } from '../../db/schema';
import { DataKeyError, DataKeyring, parseDataKeys } from '../../platform/data-keys';
import { type DbOrTx, rows } from '../../platform/db';
import { caller } from '../../testing/account-kit';
import { insertAccount, testKeyring } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATA_KEY } from '../../testing/test-secrets';
import { sealTaxNumbers } from './tax-number-sealing';
import { openTaxNumber } from './tax-number-vault';

// Tax numbers at rest (ADR 022): what PostgreSQL holds, the start-up pass that seals digits stored
// before encryption, rotation to a new key, and a wrong key refused at start.

const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');
const ROTATED = `next:${key(0x21)},${TEST_DATA_KEY}`;
const ring = (text: string) => new DataKeyring(parseDataKeys(text));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The column as PostgreSQL holds it (what pg_dump would show). */
const stored = async (db: DbOrTx, uids: string[]) =>
  rows<{ uid: string; tax_number: string | null }>(
    db,
    sql`select uid, tax_number from accounts where uid in ${sql`(${sql.join(
      uids.map((u) => sql`${u}`),
      sql`, `,
    )})`} order by uid`,
  );

/** Writes digits the way a version before encryption did. */
const storePlain = (db: DbOrTx, uid: string, digits: string) =>
  db.execute(sql`update accounts set tax_number = ${digits} where uid = ${uid}`);

describe('tax numbers at rest', () => {
  it('are never in the column as digits: set through the API, read masked, opened with the key', async () => {
    const c = caller(t);
    const person = await insertAccount(t.database.db, { userType: 1 });
    const res = await c.call('agent', {
      method: 'POST',
      url: '/api/cs/taxNumber',
      payload: { uid: person.uid, ssn: '314-15-9265', isEntity: false },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await stored(t.database.db, [person.uid]);
    expect(row!.tax_number).toMatch(/^enc:v1:test1:[A-Za-z0-9_-]+$/);
    expect(row!.tax_number).not.toMatch(/314-?15-?9265/);
    expect(openTaxNumber(testKeyring(), { uid: person.uid, sealedTaxNumber: row!.tax_number })).toBe(
      '314159265',
    );
    const record = await c.call('agent', { method: 'GET', url: `/api/cs/customer/${person.uid}` });
    expect(record.json().data.taxNumber.masked).toBe('***-**-9265');
    expect(record.body).not.toContain('314159265');
    // The change log holds the masked number only.
    const events = await t.database.db.select().from(changeEvents);
    expect(JSON.stringify(events)).not.toMatch(/314-?15-?9265/);
  });

  it('seals digits stored before encryption at start, once, and keeps reading them meanwhile', async () => {
    const a = await insertAccount(t.database.db, { userType: 1 });
    const b = await insertAccount(t.database.db, { userType: 1, countryId: 2 });
    await storePlain(t.database.db, a.uid, '271828182');
    await storePlain(t.database.db, b.uid, '135792468');
    // Read before the pass: masked from the digits as they are.
    const c = caller(t);
    const before = await c.call('agent', { method: 'GET', url: `/api/cs/customer/${b.uid}` });
    expect(before.json().data.taxNumber.masked).toBe('***-***-468');

    // A new process starts: the pass seals both.
    await t.anotherApp();
    const after = await stored(t.database.db, [a.uid, b.uid]);
    for (const r of after) expect(r.tax_number).toMatch(/^enc:v1:test1:/);
    const keys = testKeyring();
    expect(after.map((r) => openTaxNumber(keys, { uid: r.uid, sealedTaxNumber: r.tax_number }))).toEqual(
      [a.uid, b.uid].sort().map((uid) => (uid === a.uid ? '271828182' : '135792468')),
    );
    // Again: nothing left to do, nothing changes.
    expect(await sealTaxNumbers(t.database.db, keys)).toEqual({ sealed: 0, resealed: 0 });
    expect(await stored(t.database.db, [a.uid, b.uid])).toEqual(after);
  });

  it('loses nothing when the pass stops half way, and finishes on the next start', async () => {
    const people = await Promise.all(
      Array.from({ length: 7 }, () => insertAccount(t.database.db, { userType: 1 })),
    );
    for (const p of people) await storePlain(t.database.db, p.uid, '246813579');
    // A process that dies while sealing its second batch of three.
    const dying = testKeyring();
    let sealedSoFar = 0;
    const seal = dying.seal.bind(dying);
    dying.seal = (plain, context) => {
      if (++sealedSoFar > 4) throw new Error('process killed');
      return seal(plain, context);
    };
    await expect(sealTaxNumbers(t.database.db, dying, { batch: 3 })).rejects.toThrow('process killed');
    const half = await stored(
      t.database.db,
      people.map((p) => p.uid),
    );
    // The first batch committed whole, the second rolled back whole.
    expect(half.filter((r) => r.tax_number!.startsWith('enc:')).length).toBe(3);
    expect(half.filter((r) => r.tax_number === '246813579').length).toBe(4);
    expect(await sealTaxNumbers(t.database.db, testKeyring(), { batch: 3 })).toEqual({
      sealed: 4,
      resealed: 0,
    });
    const done = await stored(
      t.database.db,
      people.map((p) => p.uid),
    );
    for (const r of done)
      expect(openTaxNumber(testKeyring(), { uid: r.uid, sealedTaxNumber: r.tax_number })).toBe('246813579');
  });

  it('shares the work between processes starting at once: each value sealed exactly once', async () => {
    const people = await Promise.all(
      Array.from({ length: 40 }, () => insertAccount(t.database.db, { userType: 1 })),
    );
    const other = await t.anotherApp();
    for (const p of people) await storePlain(t.database.db, p.uid, '123451234');
    const results = await Promise.all([
      sealTaxNumbers(t.database.db, testKeyring(), { batch: 5 }),
      sealTaxNumbers(other.ctx.db, testKeyring(), { batch: 5 }),
    ]);
    expect(results[0]!.sealed + results[1]!.sealed).toBe(40);
    const done = await stored(
      t.database.db,
      people.map((p) => p.uid),
    );
    for (const r of done)
      expect(openTaxNumber(testKeyring(), { uid: r.uid, sealedTaxNumber: r.tax_number })).toBe('123451234');
  });

  it('re-encrypts under a new key put first in the ring; the old key can then be retired', async () => {
    const person = await insertAccount(t.database.db, { userType: 1, taxNumber: '987654329' });
    const [old] = await stored(t.database.db, [person.uid]);
    expect(old!.tax_number).toMatch(/^enc:v1:test1:/);

    // Start with the new key first and the old one behind it.
    await t.anotherApp({ dataEncryptionKey: ROTATED });
    const [rotated] = await stored(t.database.db, [person.uid]);
    expect(rotated!.tax_number).toMatch(/^enc:v1:next:/);
    const newOnly = ring(`next:${key(0x21)}`);
    expect(openTaxNumber(newOnly, { uid: person.uid, sealedTaxNumber: rotated!.tax_number })).toBe(
      '987654329',
    );
    const [row] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from accounts where tax_number is not null and tax_number not like 'enc:v1:next:%'`,
    );
    expect(row!.n).toBe(0);
    // The old key alone no longer opens anything; the new one alone starts.
    expect(() =>
      openTaxNumber(testKeyring(), { uid: person.uid, sealedTaxNumber: rotated!.tax_number }),
    ).toThrow(/which TEST_DATA_KEY does not hold/);
    await expect(sealTaxNumbers(t.database.db, newOnly)).resolves.toEqual({ sealed: 0, resealed: 0 });
  });

  // The data is under key "next" since the rotation above.
  it('refuses to start without the key in use, or with another key under its id, in one line', async () => {
    const missing = t.anotherApp({ dataEncryptionKey: `other:${key(0x33)}` });
    await expect(missing).rejects.toThrow(DataKeyError);
    await expect(missing).rejects.toThrow(
      'Tax numbers are sealed with data key "next", which DATA_ENCRYPTION_KEY does not hold: add that key back to the ring (README, Key rotation).',
    );
    const wrong = t.anotherApp({ dataEncryptionKey: `next:${key(0x44)}` });
    await expect(wrong).rejects.toThrow(
      /Data key "next" of DATA_ENCRYPTION_KEY does not open a value sealed/,
    );
  });

  it('are written sealed by the demo generator (npm start, npm run db:seed)', async () => {
    // The accounts part of seedDemo, with the sealer it uses (its order scenarios take a minute).
    const writer = new BatchWriter(t.database.db, TABLE_ORDER, 1);
    await writer.start();
    const run = prepareRun(writer, 42, makeClock(new Date()), 30, demoTaxNumberSealer(testKeyring()));
    for (let idx = 0; idx < 30; idx++) generateAccount(run, idx);
    await writer.write();
    await writer.flush();
    const all = await rows<{ uid: string; tax_number: string }>(
      t.database.db,
      sql`select uid, tax_number from accounts where tax_number is not null and uid not like 'TESTUID%'`,
    );
    expect(all.length).toBeGreaterThan(3);
    for (const r of all) {
      expect(r.tax_number).toMatch(/^enc:v1:test1:/);
      expect(openTaxNumber(testKeyring(), { uid: r.uid, sealedTaxNumber: r.tax_number })).toMatch(/^\d{9}$/);
    }
  });
});

describe('tax numbers in the server log', () => {
  it('never appear, not even at trace level, nor when a change fails', async () => {
    const lines: string[] = [];
    const traced = await createTestApp({
      log: { level: 'trace', stream: { write: (l: string) => lines.push(l) } },
    });
    try {
      const c = caller(traced);
      const person = await insertAccount(traced.database.db, { userType: 1, taxNumber: '123451234' });
      const set = (payload: Record<string, unknown>) =>
        c.call('agent', {
          method: 'POST',
          url: '/api/cs/taxNumber',
          payload: { uid: person.uid, ...payload },
        });
      expect((await set({ ssn: '271-82-8182', isEntity: false })).statusCode).toBe(200);
      expect((await set({ ssn: '27182818', isEntity: false })).statusCode).toBe(400);
      expect((await set({ sin: '271828182', isEntity: false })).statusCode).toBe(400);
      // A failure inside the change's transaction (the account row refuses the update).
      await traced.database.db.execute(
        sql.raw(
          `alter table accounts add constraint accounts_no_change check (tax_number is null or tax_number = 'x') not valid`,
        ),
      );
      expect((await set({ ssn: '271-82-8182', isEntity: false })).statusCode).toBe(500);
      await traced.database.db.execute(sql.raw('alter table accounts drop constraint accounts_no_change'));
      await c.call('agent', { method: 'GET', url: `/api/cs/customer/${person.uid}` });
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.join('')).not.toMatch(/27182818|271-82-8182|12345123|enc:v1:/);
    } finally {
      await traced.close();
    }
  });
});
