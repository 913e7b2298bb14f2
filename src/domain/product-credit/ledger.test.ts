import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byConsumption, CreditLedger, consume, type Grant, lapsing, settle } from './ledger';

const DAY = 86_400_000;

// Credits (expiring or not), debits and the passing of time, in any order.
const op = fc.oneof(
  fc.record({
    kind: fc.constant('credit' as const),
    cents: fc.integer({ min: 1, max: 15_000 }),
    days: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant('debit' as const), cents: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ kind: fc.constant('expire' as const) }),
);

const invariants = (ledger: CreditLedger) => {
  const grants = ledger.entries.filter((e) => e.amountCents > 0);
  const debits = ledger.entries.filter((e) => e.amountCents < 0);
  expect(ledger.entries.reduce((s, e) => s + e.remainingCents, 0)).toBe(ledger.balance);
  expect(ledger.balance).toBeGreaterThanOrEqual(0);
  for (const g of grants) {
    expect(g.remainingCents).toBeGreaterThanOrEqual(0);
    expect(g.remainingCents).toBeLessThanOrEqual(g.amountCents);
  }
  for (const d of debits) expect(d.remainingCents).toBe(0);
};

describe('product credit ledger (ADR 021)', () => {
  it('Σ remainingValue = balance, never negative, under any credits, debits and expiries (property)', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const ledger = new CreditLedger();
        let now = Date.UTC(2025, 0, 1);
        for (const o of ops) {
          if (o.kind === 'credit') ledger.credit(o.cents, o.days === null ? null : now + o.days * DAY, now);
          else if (o.kind === 'debit') {
            // Credit past its expiry lapses first; then the debit is refused above the balance, or
            // the balance drops by exactly it.
            const usable =
              ledger.balance - lapsing(ledger.entries, now).reduce((s, g) => s + g.remainingCents, 0);
            const done = ledger.debit(o.cents, now);
            expect(done).toBe(o.cents <= usable);
            expect(ledger.balance).toBe(done ? usable - o.cents : usable);
          } else if (o.kind === 'wait') now += o.days * DAY;
          else ledger.lapse(now);
          invariants(ledger);
          // Nothing expired stays usable once time was looked at.
          if (o.kind === 'expire')
            for (const g of ledger.entries)
              if (g.expiresAt !== null && g.expiresAt <= now) expect(g.remainingCents).toBe(0);
        }
        // Recomputing from the entries alone keeps the same total (the migration's rule).
        const settled = settle(ledger.entries);
        expect([...settled.values()].reduce((s, c) => s + c, 0)).toBe(ledger.balance);
      }),
      { numRuns: 500, seed: 20261126 },
    );
  });

  it('a debit takes the soonest expiry first and never-expiring credit last; whole grants before the next', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            remaining: fc.integer({ min: 0, max: 5000 }),
            expires: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
            created: fc.integer({ min: 0, max: 10 }),
          }),
          { maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 30_000 }),
        (rows, cents) => {
          const grants: Grant[] = rows.map((r, i) => ({
            id: i + 1,
            amountCents: r.remaining,
            remainingCents: r.remaining,
            expiresAt: r.expires,
            createdAt: r.created,
          }));
          const takes = consume(grants, cents);
          const held = grants.reduce((s, g) => s + g.remainingCents, 0);
          expect(takes.reduce((s, t) => s + t.cents, 0)).toBe(Math.min(cents, held));
          const order = grants.filter((g) => g.remainingCents > 0).sort(byConsumption);
          // The grants taken are the first ones of the order, every one but the last taken whole.
          takes.forEach((t, i) => {
            expect(t.id).toBe(order[i]!.id);
            if (i < takes.length - 1) expect(t.cents).toBe(order[i]!.remainingCents);
          });
        },
      ),
      { numRuns: 500, seed: 20261127 },
    );
  });

  it('after +150.00 then −10.00 on a balance of 1.01, the grants hold 141.01 (the review’s case)', () => {
    const ledger = new CreditLedger();
    const now = Date.UTC(2025, 5, 1);
    ledger.credit(101, now + 30 * DAY, now - DAY);
    ledger.credit(15_000, null, now);
    expect(ledger.debit(1000, now)).toBe(true);
    expect(ledger.balance).toBe(14_101);
    // The expiring 1.01 went first, then 8.99 of the never-expiring 150.00.
    expect(ledger.entries.map((e) => e.remainingCents)).toEqual([0, 14_101, 0]);
  });
});
