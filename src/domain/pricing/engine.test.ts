// Engine order, stacking flags, explanations and totals (spec 3 §4; DESIGN §6).
import { describe, expect, it } from 'vitest';
import { cart, line, rule } from './fixtures/builders';
import { compileRules, priceCart } from './index';

const both = (v: number) => ({ '1': v, '2': v });
const half = (name: string, priority: number, extra = {}) =>
  rule({ id: 0, name, priority, actionItems: ['A'], discountValue: both(0.5), ...extra });
const fiveOff = (name: string, priority: number, extra = {}) =>
  rule({ id: 1, name, priority, actionItems: ['A'], discountValue: both(500), ...extra });

describe('engine order', () => {
  it('applies higher priority first', () => {
    const a = priceCart(cart([line('A', 1, 1000)]), [half('Half', 10), fiveOff('Five', 20)]);
    expect(a.lines[0]?.totalPrice).toBe(250);
    const b = priceCart(cart([line('A', 1, 1000)]), [half('Half', 20), fiveOff('Five', 10)]);
    expect(b.lines[0]?.totalPrice).toBe(0);
    expect(b.explanations.map((e) => e.promo)).toEqual(['Half', 'Five']);
  });

  it('keeps input order among equal priorities', () => {
    const out = priceCart(cart([line('A', 1, 1000)]), [fiveOff('Five', 10), half('Half', 10)]);
    expect(out.lines[0]?.totalPrice).toBe(250);
    expect(out.lines[0]?.discounts.map((d) => d.promo)).toEqual(['Five', 'Half']);
  });

  it('halts lower priorities after a rule with stop applies, not equal ones', () => {
    const out = priceCart(cart([line('A', 1, 1000)]), [
      half('Employee 50%', 50, { stop: true }),
      fiveOff('Same Priority', 50),
      fiveOff('Lower', 10),
    ]);
    expect(out.explanations.map((e) => (e.applied ? 'applied' : e.code))).toEqual([
      'applied',
      'applied',
      'stopped',
    ]);
    expect(out.lines[0]?.totalPrice).toBe(0);
  });

  it('does not halt anything when the stop rule itself does not apply', () => {
    const out = priceCart(cart([line('A', 1, 1000)]), [
      half('Stop Needing B', 50, { stop: true, conditionItems: ['B'] }),
      fiveOff('Lower', 10),
    ]);
    expect(out.explanations[1]).toMatchObject({ applied: true });
  });
});

describe('stacking flags', () => {
  it('doNotStack lines take no further discount, from item or subtotal promos', () => {
    const out = priceCart(cart([line('A', 1, 1000), line('B', 1, 1000)]), [
      half('Locked Half', 20, { doNotStack: true }),
      fiveOff('Five Off A', 10),
      rule({ id: 3, name: 'Ten Percent', priority: 5, discountValue: both(0.1) }),
    ]);
    expect(out.lines.map((l) => l.totalPrice)).toEqual([500, 900]);
    expect(out.explanations[1]).toMatchObject({ applied: false, code: 'no_action_items' });
  });

  it('excludeFromSubtotal keeps touched lines out of later thresholds', () => {
    const threshold = rule({
      id: 6,
      name: 'Spend $30',
      priority: 1,
      spendThreshold: both(3000),
      discountValue: both(500),
    });
    const lines = [line('A', 1, 2000), line('B', 1, 1500)];
    const without = priceCart(cart(lines), [half('Half A', 20), threshold]);
    expect(without.explanations[1]).toMatchObject({ applied: false, code: 'threshold_not_met' });
    const plain = priceCart(cart(lines), [fiveOff('Five Off A', 20), threshold]);
    expect(plain.explanations[1]).toMatchObject({ applied: true });
    const excluded = priceCart(cart(lines), [
      fiveOff('Five Off A', 20, { excludeFromSubtotal: true }),
      threshold,
    ]);
    expect(excluded.explanations[1]).toMatchObject({ applied: false, code: 'threshold_not_met' });
  });

  it('copies final_sale and do_not_ship_alone onto the lines a rule touched, and the tag onto its discount', () => {
    const out = priceCart(cart([line('A', 1, 1000), line('B', 1, 1000)]), [
      half('Final Half', 1, { final_sale: true, do_not_ship_alone: true, tag: 'CLEARANCE' }),
    ]);
    expect(out.lines[0]).toMatchObject({ isFinalSaleConfig: true, doNotShipAlone: true });
    expect(out.lines[0]?.discounts).toEqual([
      { promo: 'Final Half', ruleType: 0, amount: 500, tag: 'CLEARANCE' },
    ]);
    expect(out.lines[1]).toMatchObject({ isFinalSaleConfig: false, doNotShipAlone: false });
  });
});

describe('explanations', () => {
  const rules = [
    half('On A', 1),
    rule({ id: 0, name: 'On Z', actionItems: ['Z'], discountValue: both(0.5) }),
  ];

  it("explains every rule with explain 'all', including those the index skipped", () => {
    const out = priceCart(cart([line('A', 1, 1000)]), rules);
    expect(out.explanations).toHaveLength(2);
    expect(out.explanations[1]).toMatchObject({ promo: 'On Z', applied: false, code: 'no_action_items' });
    expect(out.rulesNotConsidered).toBe(0);
  });

  it("explains only the rules considered with explain 'considered', counting the rest", () => {
    const out = priceCart(cart([line('A', 1, 1000)], { explain: 'considered' }), compileRules(rules));
    expect(out.explanations.map((e) => e.promo)).toEqual(['On A']);
    expect(out.rulesNotConsidered).toBe(1);
  });
});

describe('prices, volumes and totals', () => {
  const vols = (out: ReturnType<typeof priceCart>) => out.lines.map((l) => l.volumes);

  it('prices by user type: retail, member, wholesale', () => {
    const l = line('A', 1, 4000, { memberPrice: 3600, wholesalePrice: 3000 });
    expect(priceCart(cart([l]), []).lines[0]?.price).toBe(4000);
    expect(priceCart(cart([l], { userType: 2 }), []).lines[0]?.price).toBe(3600);
    expect(priceCart(cart([l], { userType: 1 }), []).lines[0]?.price).toBe(3000);
    expect(priceCart(cart([l], { userType: 1, customerUserType: 3 }), []).lines[0]?.price).toBe(4000);
  });

  it('scales volumes by the share still paid after discounts', () => {
    const out = priceCart(cart([line('A', 1, 5000)]), [
      rule({ id: 0, name: '20%', actionItems: ['A'], discountValue: both(0.2) }),
    ]);
    expect(vols(out)).toEqual([{ CV: 32, PV: 40, QV: 40, NV: 40, SV: 40 }]);
    expect(out.lines[0]?.originalVolumes).toEqual({ CV: 40, PV: 50, QV: 50, NV: 50, SV: 50 });
  });

  it('applies the 0.75 wholesale factor, except to list B and the full-volume SKU', () => {
    const tables = { fullVolumeSku: 'KIT', listA: [], listB: ['SET'] };
    const out = priceCart(
      cart([line('A', 1, 4000), line('SET', 1, 4000), line('KIT', 1, 4000)], {
        isWholesale: true,
        volumeTables: tables,
      }),
      [],
    );
    expect(vols(out).map((v) => v.PV)).toEqual([30, 40, 40]);
  });

  it('clears CV, PV and QV of list A, keeping NV and SV', () => {
    const out = priceCart(
      cart([line('TOOL', 2, 1000)], { volumeTables: { fullVolumeSku: null, listA: ['TOOL'], listB: [] } }),
      [],
    );
    expect(vols(out)).toEqual([{ CV: 0, PV: 0, QV: 0, NV: 20, SV: 20 }]);
  });

  it('applies product credit up to the balance and scales volumes down in proportion', () => {
    const out = priceCart(
      cart([line('A', 1, 10000)], { productCredit: { requested: 2500, balance: 2000 } }),
      [],
    );
    expect(out.totals).toMatchObject({ subtotal: 10000, creditApplied: 2000, totalBeforeTax: 8000 });
    expect(vols(out)[0]?.PV).toBe(80);
    const capped = priceCart(
      cart([line('A', 1, 1000)], { productCredit: { requested: 5000, balance: 5000 } }),
      [],
    );
    expect(capped.totals).toMatchObject({ creditApplied: 1000, totalBeforeTax: 0 });
  });

  it('keeps the full-volume SKU whole through discounts and credit', () => {
    const tables = { fullVolumeSku: 'KIT', listA: [], listB: [] };
    const out = priceCart(
      cart([line('KIT', 1, 10000)], {
        volumeTables: tables,
        productCredit: { requested: 5000, balance: 5000 },
      }),
      [rule({ id: 0, name: 'Kit Half', actionItems: ['KIT'], discountValue: both(0.5) })],
    );
    expect(vols(out)[0]).toEqual({ CV: 80, PV: 100, QV: 100, NV: 100, SV: 100 });
  });

  it('gives consultant replacement orders zero price and no CV, PV or QV', () => {
    const out = priceCart(cart([line('A', 2, 4000)], { userType: 1, orderType: 10 }), []);
    expect(out.lines[0]).toMatchObject({ price: 0, totalPrice: 0 });
    expect(vols(out)[0]).toMatchObject({ CV: 0, PV: 0, QV: 0 });
    expect(priceCart(cart([line('A', 2, 4000)], { userType: 3, orderType: 10 }), []).lines[0]?.price).toBe(
      4000,
    );
  });

  it('ignores lines with no positive quantity and clears a chosen method not offered', () => {
    const out = priceCart(
      cart([line('A', 0, 1000), line('B', 1, 1000)], {
        shipping: { method: 6, rates: [{ method: 3, amount: 895 }] },
      }),
      [],
    );
    expect(out.lines.map((l) => l.sku)).toEqual(['B']);
    expect(out.shipping.method).toBeNull();
  });

  it('names the currency from the locale or the region', () => {
    expect(priceCart(cart([], { regionId: 2, locale: 'fr-CA' }), []).currency).toEqual({
      name: 'CAD',
      format: '0 $',
    });
    expect(priceCart(cart([], { regionId: 2 }), []).currency).toEqual({ name: 'CAD', format: '$0' });
    expect(priceCart(cart([]), []).currency).toEqual({ name: 'USD', format: '$0' });
  });
});
