import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CreditLedger, settle } from '@domain/product-credit/ledger';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCredit, productCreditLedger } from '../../db/schema';
import { SYSTEM_ACTOR } from '../../platform/audit';
import { MIGRATIONS_DIR } from '../../platform/db';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import {
  appendCredit,
  applyAdjustment,
  LAPSE_REASON,
  lapseExpiredCredit,
  lockCredit,
} from './product-credit.service';

// Σ remainingValue = balance, always (ADR 021): debits and lapses consume the grants, soonest
// expiry first and never-expiring credit last; credit whose expiry passed lapses whole.

let t: TestApp;
let agent: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const endOfDay = (ms: number) => Date.parse(`${isoDay(ms)}T23:59:59.999Z`);
let k = 0;
const adjust = (uid: string, body: object, neverExpire: '0' | '1' = '0') =>
  t.app.inject({
    method: 'POST',
    url: `/api/cs/updateBalance/${uid}?neverExpire=${neverExpire}`,
    payload: {
      country: 'us',
      reasonId: 4,
      reason: 'Goodwill',
      idempotencyKey: `ledger-${++k}-${Date.now()}`,
      ...body,
    },
    headers: agent.headers,
  });
const entries = (uid: string) =>
  db()
    .select()
    .from(productCreditLedger)
    .where(eq(productCreditLedger.accountUid, uid))
    .orderBy(asc(productCreditLedger.id));
const balanceOf = async (uid: string) =>
  (await db().select().from(productCredit).where(eq(productCredit.accountUid, uid)))[0]?.balanceCents ?? 0;
const remainingSum = async (uid: string) =>
  (await entries(uid)).reduce((s, e) => s + e.remainingValueCents, 0);

describe('remaining values follow the balance', () => {
  it('after +1.01, +150.00 and −10.00 the grants hold 141.01: the expiring 1.01 went first', async () => {
    const account = await insertAccount(db(), { userType: 1 });
    const soon = isoDay(Date.now() + 30 * DAY);
    expect((await adjust(account.uid, { amount: 1.01, expirationDate: soon })).statusCode).toBe(200);
    expect((await adjust(account.uid, { amount: 150 }, '1')).statusCode).toBe(200);
    const res = await adjust(account.uid, { amount: -10, expirationDate: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.balance).toBe(14_101);
    expect((await entries(account.uid)).map((e) => [e.amountCents, e.remainingValueCents])).toEqual([
      [101, 0],
      [15_000, 14_101],
      [-1000, 0],
    ]);
    expect(await remainingSum(account.uid)).toBe(await balanceOf(account.uid));
    // The 1.01 is gone, so the balance no longer shows its expiry.
    expect(res.json().data.expirationDate).toBeNull();
  });

  it('credit past its expiry lapses (worker and next change alike), and is never spent', async () => {
    const account = await insertAccount(db(), { userType: 1 });
    const start = Date.now();
    const add = (cents: number, expiresAt: number | null, now: number) =>
      db().transaction((tx) =>
        appendCredit(tx, {
          uid: account.uid,
          country: 'us',
          cents,
          expiresAt: expiresAt === null ? null : new Date(expiresAt),
          doesNotExpire: expiresAt === null,
          reasonId: 4,
          reason: 'Goodwill',
          actor: SYSTEM_ACTOR,
          action: 'productCredit.adjust',
          now: new Date(now),
        }),
      );
    await add(2000, start + DAY, start);
    await add(500, null, start);
    // Two days later the worker lapses the 20.00: one entry of its own, the grant holds nothing.
    const later = start + 2 * DAY;
    expect(await lapseExpiredCredit(db(), new Date(later))).toBeGreaterThanOrEqual(1);
    const rows = await entries(account.uid);
    expect(rows.map((e) => [e.amountCents, e.remainingValueCents, e.reason])).toEqual([
      [2000, 0, 'Goodwill'],
      [500, 500, 'Goodwill'],
      [-2000, 0, LAPSE_REASON],
    ]);
    expect(await balanceOf(account.uid)).toBe(500);
    // Another grant expires; a deduction after its expiry cannot spend it (it lapses first).
    await add(3000, later + DAY, later);
    const after = new Date(later + 3 * DAY);
    const refused = db().transaction((tx) =>
      applyAdjustment(
        tx,
        SYSTEM_ACTOR,
        account.uid,
        { country: 'us', amount: -10, reasonId: 4, reason: 'Correction', expirationDate: null },
        false,
        after,
      ),
    );
    await expect(refused).rejects.toMatchObject({ statusCode: 400 });
    expect(await remainingSum(account.uid)).toBe(await balanceOf(account.uid));
  });
});

describe('any sequence of credits, debits, orders, refunds and expiries (property, PGlite and PostgreSQL)', () => {
  const op = fc.oneof(
    fc.record({
      kind: fc.constant('grant' as const),
      dollars: fc.integer({ min: 1, max: 15_000 }).map((c) => c / 100),
      days: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
    }),
    fc.record({
      kind: fc.constant('deduct' as const),
      dollars: fc.integer({ min: 1, max: 15_000 }).map((c) => c / 100),
    }),
    fc.record({ kind: fc.constant('order' as const), cents: fc.integer({ min: 1, max: 20_000 }) }),
    fc.record({ kind: fc.constant('refund' as const), cents: fc.integer({ min: 1, max: 10_000 }) }),
    fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 15 }) }),
    fc.record({ kind: fc.constant('expire' as const) }),
  );

  it('keeps Σ remainingValue = balance ≥ 0, entry by entry as the rule says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const account = await insertAccount(db(), { userType: 1 });
        const model = new CreditLedger();
        let now = Date.UTC(2031, 0, 1, 12);
        for (const o of ops) {
          const at = new Date(now);
          // Every change first lapses what expired (lockCredit); a refused change keeps that lapse.
          if (o.kind !== 'wait' && o.kind !== 'expire') {
            await db().transaction((tx) => lockCredit(tx, account.uid, 'us', at));
            model.lapse(now);
          }
          if (o.kind === 'grant' || o.kind === 'deduct') {
            const cents = Math.round(o.dollars * 100) * (o.kind === 'deduct' ? -1 : 1);
            const expires = o.kind === 'grant' && o.days !== null ? isoDay(now + o.days * DAY) : null;
            const done = await db()
              .transaction((tx) =>
                applyAdjustment(
                  tx,
                  SYSTEM_ACTOR,
                  account.uid,
                  {
                    country: 'us',
                    amount: cents / 100,
                    reasonId: 4,
                    reason: 'Goodwill',
                    expirationDate: expires,
                  },
                  o.kind === 'grant' && expires === null,
                  at,
                ),
              )
              .then(
                () => true,
                () => false,
              );
            let modelDone = true;
            if (cents > 0) model.credit(cents, expires ? endOfDay(Date.parse(expires)) : null, now);
            else modelDone = model.debit(-cents, now);
            expect(done).toBe(modelDone);
          } else if (o.kind === 'order') {
            // An order applies credit on the locked, lapsed balance, never above it (ADR 015).
            if (o.cents > model.balance) continue;
            await db().transaction((tx) =>
              appendCredit(tx, {
                uid: account.uid,
                country: 'us',
                cents: -o.cents,
                expiresAt: null,
                doesNotExpire: false,
                reasonId: null,
                reason: 'Applied to order',
                actor: SYSTEM_ACTOR,
                action: 'productCredit.order',
                now: at,
              }),
            );
            model.debit(o.cents, now);
          } else if (o.kind === 'refund') {
            await db().transaction((tx) =>
              appendCredit(tx, {
                uid: account.uid,
                country: 'us',
                cents: o.cents,
                expiresAt: null,
                doesNotExpire: true,
                reasonId: null,
                reason: 'Refund',
                actor: SYSTEM_ACTOR,
                action: 'productCredit.refund',
                now: at,
              }),
            );
            model.credit(o.cents, null, now);
          } else if (o.kind === 'wait') now += o.days * DAY;
          else {
            await lapseExpiredCredit(db(), at);
            model.lapse(now);
          }
          const rows = await entries(account.uid);
          expect(rows.reduce((s, e) => s + e.remainingValueCents, 0)).toBe(await balanceOf(account.uid));
          expect(await balanceOf(account.uid)).toBe(model.balance);
          expect(rows.map((e) => [e.amountCents, e.remainingValueCents])).toEqual(
            model.entries.map((e) => [e.amountCents, e.remainingCents]),
          );
        }
      }),
      { numRuns: 12, seed: 20261128 },
    );
  });
});

describe('the migration brings existing ledgers level (ADR 021)', () => {
  /** The statements of the migration that recompute remaining values and expiries. */
  const levelling = () => {
    const file = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(path.join(MIGRATIONS_DIR, f), 'utf8'))
      .find((text) => text.includes('ADR 021: each grant'))!;
    return file
      .split('--> statement-breakpoint')
      .filter((s) => s.includes('-- ADR 021'))
      .map((s) => s.trim());
  };

  it('recomputes each grant as the rule would have left it: Σ remainingValue = balance', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            cents: fc.integer({ min: -8000, max: 15_000 }).filter((c) => c !== 0),
            days: fc.option(fc.integer({ min: -30, max: 400 }), { nil: null }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (history) => {
          const account = await insertAccount(db(), { userType: 1 });
          const base = Date.UTC(2024, 0, 1);
          // Written as before ADR 021: every grant still holds its whole amount.
          const written = [];
          for (const [i, h] of history.entries()) {
            const [row] = await db()
              .insert(productCreditLedger)
              .values({
                accountUid: account.uid,
                country: 'us',
                amountCents: h.cents,
                remainingValueCents: Math.max(0, h.cents),
                expirationDate: h.cents > 0 && h.days !== null ? new Date(base + h.days * DAY) : null,
                doesNotExpire: h.cents > 0 && h.days === null,
                createdAt: new Date(base + i * 1000),
              })
              .returning();
            written.push(row!);
          }
          const net = history.reduce((s, h) => s + h.cents, 0);
          await db()
            .insert(productCredit)
            .values({ accountUid: account.uid, country: 'us', balanceCents: net });
          for (const statement of levelling()) await db().execute(sql.raw(statement));
          const expected = settle(
            written.map((r) => ({
              id: r.id,
              amountCents: r.amountCents,
              expiresAt: r.doesNotExpire || !r.expirationDate ? null : r.expirationDate.getTime(),
              createdAt: r.createdAt.getTime(),
            })),
            net,
          );
          const rows = await entries(account.uid);
          expect(rows.map((r) => r.remainingValueCents)).toEqual(rows.map((r) => expected.get(r.id)));
          if (net >= 0) expect(rows.reduce((s, r) => s + r.remainingValueCents, 0)).toBe(net);
          const open = rows.filter((r) => r.remainingValueCents > 0 && !r.doesNotExpire && r.expirationDate);
          const [balance] = await db()
            .select()
            .from(productCredit)
            .where(eq(productCredit.accountUid, account.uid));
          expect(balance!.expirationDate?.getTime() ?? null).toBe(
            open.length ? Math.min(...open.map((r) => r.expirationDate!.getTime())) : null,
          );
        },
      ),
      { numRuns: 15, seed: 20261129 },
    );
  });
});
