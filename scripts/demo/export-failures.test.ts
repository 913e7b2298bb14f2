import { type ExportCandidate, exportIssues, failureReason } from '@domain/downstream/downstream';
import { describe, expect, it } from 'vitest';
import { generateAccount } from './account-pipeline';
import { RecordingSink } from './recording-sink';
import { prepareRun } from './setup';
import { makeClock } from './time';

// The demo's downstream exports agree with the export's own rules: exported orders pass them, and
// every open failed order fails them with exactly the reason it shows.

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

function generate(accounts: number) {
  const sink = new RecordingSink();
  const ctx = prepareRun(sink, 42, makeClock(new Date('2025-06-15T19:30:00Z')), accounts);
  for (let idx = 0; idx < accounts; idx++) generateAccount(ctx, idx);
  return sink;
}

function groupBy(rows: Row[]) {
  const out = new Map<string, Row[]>();
  for (const r of rows) {
    const key = String(r.orderId);
    const list = out.get(key);
    if (list) list.push(r);
    else out.set(key, [r]);
  }
  return out;
}

describe('demo downstream exports', () => {
  const sink = generate(600);
  const lines = groupBy(sink.rows('order_lines'));
  const payments = groupBy(sink.rows('order_payments'));
  const candidate = (o: Row): ExportCandidate => ({
    countryId: num(o.countryId),
    shippingMethodId: o.shippingMethodId == null ? null : num(o.shippingMethodId),
    shippingAddress: (o.shippingAddress as ExportCandidate['shippingAddress']) ?? null,
    customerPhoenixId: o.customerPhoenixId == null ? null : num(o.customerPhoenixId),
    paymentState: String(o.paymentState),
    prePromoSubtotalCents: num(o.prePromoSubtotalCents),
    discountCents: num(o.discountCents),
    subtotalCents: num(o.subtotalCents),
    shippingCents: num(o.shippingCents),
    taxCents: num(o.taxCents),
    appliedCreditCents: num(o.appliedCreditCents),
    grandTotalCents: num(o.grandTotalCents),
    cv: num(o.cv),
    pv: num(o.pv),
    qv: num(o.qv),
    lines: (lines.get(String(o.id)) ?? []).map((l) => ({
      sku: String(l.sku),
      quantity: num(l.quantity),
      priceCents: num(l.priceCents),
      discountCents: num(l.discountCents),
      totalCents: num(l.totalCents),
      cv: num(l.cv),
      pv: num(l.pv),
      qv: num(l.qv),
    })),
    payments: (payments.get(String(o.id)) ?? []).map((p) => ({
      method: p.method as 'card' | 'productCredit' | 'alternative',
      amountCents: num(p.amountCents),
      state: String(p.state ?? 'captured'),
    })),
  });
  const orders = new Map(sink.rows('orders').map((o) => [String(o.id), o]));

  it('every exported order passes the export rules', () => {
    const exported = [...orders.values()].filter((o) => o.phoenixOrderId !== null);
    expect(exported.length).toBeGreaterThan(500);
    for (const o of exported) expect(exportIssues(candidate(o)), String(o.id)).toEqual([]);
  });

  it('every open failed order fails them with the reason it shows, and is not downstream', () => {
    const open = sink.rows('failed_orders').filter((f) => !f.resolvedAt);
    expect(open.length).toBeGreaterThan(5);
    expect(new Set(open.map((f) => f.errorCode))).toEqual(
      new Set(['ADDRESS_INVALID', 'ADDRESS_INCOMPLETE', 'ACCOUNT_NOT_FOUND']),
    );
    const exports = new Map(sink.rows('downstream_exports').map((e) => [String(e.orderId), e]));
    for (const f of open) {
      const order = orders.get(String(f.orderId))!;
      expect(order.phoenixOrderId).toBeNull();
      const reason = failureReason(exportIssues(candidate(order)));
      expect({ code: f.errorCode, message: f.errorMessage }).toEqual(reason);
      expect(exports.get(String(f.orderId))).toMatchObject({ status: 'failed', lastError: reason.message });
      expect((f.context as Row).orderId).toBe(String(order.orderId));
    }
  });
});
