import { describe, expect, it } from 'vitest';
import { generateAccount } from './account-pipeline';
import { RecordingSink } from './recording-sink';
import { prepareRun } from './setup';
import { makeClock } from './time';

const NOW = new Date('2025-06-15T19:30:00Z');

function generate(seed: number, accounts: number, now = NOW) {
  const sink = new RecordingSink();
  const ctx = prepareRun(sink, seed, makeClock(now), accounts);
  for (let idx = 0; idx < accounts; idx++) generateAccount(ctx, idx);
  return sink;
}

const snapshot = (sink: RecordingSink) =>
  JSON.stringify([...sink.tables].sort(([a], [b]) => a.localeCompare(b)));

// Generating a few hundred accounts several times takes seconds on a loaded machine.
describe('demo generator', { timeout: 30_000 }, () => {
  const sink = generate(42, 400);

  it('gives the same rows, ids included, for the same seed and anchor', () => {
    expect(snapshot(generate(42, 400))).toBe(snapshot(sink));
  });

  it('gives other rows for another seed or another anchor', () => {
    expect(snapshot(generate(7, 400))).not.toBe(snapshot(sink));
    expect(snapshot(generate(42, 400, new Date('2025-06-16T19:30:00Z')))).not.toBe(snapshot(sink));
  });

  it('generates an account the same way whatever was generated before it', () => {
    const uidsOf = (s: RecordingSink) => s.rows('accounts').map((a) => a.uid);
    expect(uidsOf(generate(42, 400)).slice(0, 50)).toEqual(uidsOf(sink).slice(0, 50));
  });

  it('places nothing after the anchor, even for accounts enrolled minutes before it', () => {
    // Enough accounts that some enrolled within the last hour before NOW.
    const large = generate(42, 3000);
    const stamps: [string, string][] = [
      ['orders', 'dateCreatedUtc'],
      ['terms_records', 'orderDate'],
      ['order_shipments', 'shippedAt'],
      ['order_comments', 'date'],
      ['refunds', 'timestamp'],
      ['returns', 'dateCreatedUtc'],
      ['change_events', 'dateChangedUtc'],
      ['accounts', 'enrollmentDateUtc'],
    ];
    for (const [table, column] of stamps) {
      const late = large.rows(table).filter((r) => r[column] instanceof Date && (r[column] as Date) > NOW);
      expect(late.length, `${table}.${column}`).toBe(0);
    }
  });

  it('keeps every product credit balance equal to the sum of its ledger, never below 0', () => {
    const sums = new Map<string, number>();
    for (const e of sink.rows('product_credit_ledger')) {
      const key = `${e.accountUid}/${e.country}`;
      sums.set(key, (sums.get(key) ?? 0) + Number(e.amountCents));
    }
    const balances = sink.rows('product_credit');
    expect(balances.length).toBeGreaterThan(20);
    for (const b of balances) {
      expect(Number(b.balanceCents)).toBe(sums.get(`${b.accountUid}/${b.country}`));
      expect(Number(b.balanceCents)).toBeGreaterThanOrEqual(0);
    }
  });

  it('keeps the grants’ remaining values adding up to the balance, none expired still usable (ADR 021)', () => {
    const left = new Map<string, number>();
    for (const e of sink.rows('product_credit_ledger')) {
      const key = `${e.accountUid}/${e.country}`;
      const remaining = Number(e.remainingValueCents);
      expect(remaining).toBeGreaterThanOrEqual(0);
      expect(remaining).toBeLessThanOrEqual(Math.max(0, Number(e.amountCents)));
      if (remaining > 0 && e.expirationDate instanceof Date) expect(e.expirationDate > NOW).toBe(true);
      left.set(key, (left.get(key) ?? 0) + remaining);
    }
    for (const b of sink.rows('product_credit'))
      expect(left.get(`${b.accountUid}/${b.country}`) ?? 0).toBe(Number(b.balanceCents));
  });

  it('writes orders whose totals add up and whose payments cover them', () => {
    const orders = sink.rows('orders');
    expect(orders.length).toBeGreaterThan(800);
    const paid = new Map<string, number>();
    for (const p of sink.rows('order_payments'))
      paid.set(String(p.orderId), (paid.get(String(p.orderId)) ?? 0) + Number(p.amountCents));
    for (const o of orders) {
      const n = (k: string) => Number(o[k]);
      expect(n('prePromoSubtotalCents') - n('discountCents')).toBe(n('subtotalCents'));
      expect(n('subtotalCents') + n('shippingCents') + n('taxCents') - n('appliedCreditCents')).toBe(
        n('grandTotalCents'),
      );
      expect(paid.get(String(o.id)) ?? 0).toBe(n('grandTotalCents') + n('appliedCreditCents'));
    }
  });

  it('puts ship-to-social orders only on open popups, each card authorized in the gateway ledger', () => {
    const popups = new Map(sink.rows('socials').map((s) => [Number(s.id), s]));
    const ledger = new Map(sink.rows('payment_transactions').map((t) => [t.id, t]));
    const waiting = sink.rows('orders').filter((o) => o.collection === 'ship-to-socials');
    expect(waiting.length).toBeGreaterThan(0);
    const payments = sink.rows('order_payments');
    for (const o of waiting) {
      const popup = popups.get(Number(o.socialId));
      expect(popup?.status).toBe('open');
      // Closed by the popup close after the anchor, which captures these authorizations.
      expect((popup!.closingDate as Date).getTime()).toBeGreaterThan(NOW.getTime());
      for (const p of payments.filter((x) => x.orderId === o.id && x.method === 'card')) {
        expect(p.state).toBe('authorized');
        expect(ledger.get(p.transactionId)).toMatchObject({ kind: 'authorize', status: 'succeeded' });
      }
    }
  });

  it('numbers orders uniquely: 7-digit order ids, 9-digit downstream ids only once exported', () => {
    const orders = sink.rows('orders');
    const ids = orders.map((o) => Number(o.orderId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(String(id)).toMatch(/^\d{7}$/);
    const phoenix = orders.filter((o) => o.phoenixOrderId !== null).map((o) => String(o.phoenixOrderId));
    expect(new Set(phoenix).size).toBe(phoenix.length);
    for (const id of phoenix) expect(id).toMatch(/^\d{9}$/);
    for (const o of orders) if (o.collection !== 'invoices') expect(o.phoenixOrderId).toBeNull();
  });

  it('leaves no refund pending: the refund flow settles each within its lease (ADR 014, ADR 025)', () => {
    const large = generate(42, 3000);
    expect(large.rows('refunds').length).toBeGreaterThan(100);
    expect(large.rows('refunds').filter((r) => r.status === 'pending')).toEqual([]);
    expect(large.rows('payment_transactions').filter((t) => t.status === 'pending')).toEqual([]);
  });

  it('never refunds more than was paid on a card', () => {
    for (const p of sink.rows('order_payments'))
      expect(Number(p.refundedCents)).toBeLessThanOrEqual(Number(p.amountCents));
    const byTx = new Map(sink.rows('order_payments').map((p) => [p.transactionId, Number(p.amountCents)]));
    const refunded = new Map<unknown, number>();
    for (const r of sink.rows('refunds')) {
      for (const card of r.cards as { transactionId: string; refundAmount: number }[]) {
        refunded.set(card.transactionId, (refunded.get(card.transactionId) ?? 0) + card.refundAmount);
      }
    }
    for (const [tx, cents] of refunded) expect(cents).toBeLessThanOrEqual(byTx.get(tx) ?? 0);
  });

  it('puts every date at or before the anchor, except upcoming popups and expiry dates', () => {
    const checks: [string, string][] = [
      ['orders', 'dateCreatedUtc'],
      ['refunds', 'timestamp'],
      ['returns', 'dateCreatedUtc'],
      ['change_events', 'dateChangedUtc'],
      ['order_shipments', 'shippedAt'],
      ['payment_transactions', 'createdAt'],
      ['accounts', 'enrollmentDateUtc'],
    ];
    for (const [table, column] of checks) {
      for (const row of sink.rows(table))
        expect((row[column] as Date).getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('gives adults the dates of birth of consultants, members and employees', () => {
    const cutoff = new Date(NOW);
    cutoff.setUTCFullYear(cutoff.getUTCFullYear() - 18);
    for (const a of sink.rows('accounts')) {
      if ([1, 2, 4].includes(Number(a.userType)) && a.phoenixId !== 1) {
        expect(a.dateOfBirth).toBeTruthy();
        expect(new Date(String(a.dateOfBirth)).getTime()).toBeLessThanOrEqual(cutoff.getTime());
      }
    }
  });
});
