// Subtotal, threshold and tier types with hand-computed carts (DESIGN §6: 3, 4, 5, 6, 25).
import { describe, expect, it } from 'vitest';
import { cart, line, rule } from './fixtures/builders';
import { priceCart } from './index';

const both = (v: number) => ({ '1': v, '2': v });
const totalsOf = (lines: { totalPrice: number }[]) => lines.map((l) => l.totalPrice);

describe('type 3: percent off the order subtotal', () => {
  it('takes 10% off every line except the exclusion items, rounding per line', () => {
    const out = priceCart(cart([line('A', 1, 3200), line('B', 1, 1999), line('X', 1, 5000)]), [
      rule({ id: 3, name: 'Friends & Family 10% Off', discountValue: both(0.1), exclusionItems: ['X'] }),
    ]);
    expect(totalsOf(out.lines)).toEqual([2880, 1799, 5000]);
    expect(out.totals).toMatchObject({ prePromoSubtotal: 10199, discountTotal: 520, subtotal: 9679 });
  });
});

describe('type 4: amount off the order subtotal', () => {
  it('spreads $10 over the lines in proportion', () => {
    const out = priceCart(cart([line('A', 1, 3000), line('B', 1, 1000)]), [
      rule({ id: 4, name: 'Welcome $10 Off', discountValue: both(1000) }),
    ]);
    expect(totalsOf(out.lines)).toEqual([2250, 750]);
  });

  it('never takes the subtotal below zero', () => {
    const out = priceCart(cart([line('A', 1, 3000), line('B', 1, 1000)]), [
      rule({ id: 4, name: '$100 Off', discountValue: both(10000) }),
    ]);
    expect(totalsOf(out.lines)).toEqual([0, 0]);
    expect(out.totals).toMatchObject({ subtotal: 0, discountTotal: 4000, totalBeforeTax: 0 });
  });
});

describe('type 5: spend threshold, then percent off', () => {
  const r = rule({
    id: 5,
    name: 'Spend $100 Save 10%',
    spendThreshold: { '1': 10000, '2': 13000 },
    discountValue: both(0.1),
    cartCounter: true,
  });

  it('shows the counter and does not apply one cent below the threshold', () => {
    const out = priceCart(cart([line('A', 1, 9999)]), [r]);
    expect(out.explanations[0]).toMatchObject({ applied: false, code: 'threshold_not_met' });
    expect(out.cartCounters).toEqual([
      { promo: r.name, basis: 'spend', current: 9999, threshold: 10000, remaining: 1, reached: false },
    ]);
  });

  it('applies at the threshold', () => {
    const out = priceCart(cart([line('A', 1, 10000)]), [r]);
    expect(out.lines[0]?.totalPrice).toBe(9000);
    expect(out.cartCounters[0]).toMatchObject({ remaining: 0, reached: true });
  });

  it('uses the threshold of the cart region', () => {
    const out = priceCart(cart([line('A', 1, 12000)], { regionId: 2 }), [r]);
    expect(out.explanations[0]).toMatchObject({ applied: false, code: 'threshold_not_met' });
  });
});

describe('type 6: spend threshold, then amount off', () => {
  it('takes $5 per $50 spent, up to the action maximum', () => {
    const r = rule({
      id: 6,
      name: '$5 Off Every $50',
      spendThreshold: both(5000),
      discountValue: both(500),
      actionQuantity: { max: 3 },
    });
    const out = priceCart(cart([line('A', 1, 16000)]), [r]);
    expect(out.lines[0]?.totalPrice).toBe(16000 - 1500);
    expect(out.explanations[0]).toMatchObject({ applied: true, times: 3, amount: 1500 });
    const two = priceCart(cart([line('A', 1, 10000)]), [r]);
    expect(two.lines[0]?.totalPrice).toBe(9000);
  });
});

describe('type 25: tiered percent off', () => {
  const tiers = [
    { min: 3, discountValue: both(0.05) },
    { min: 5, discountValue: both(0.1) },
  ];

  it('takes the highest tier reached by quantity and counts toward the next', () => {
    const r = rule({
      id: 25,
      name: 'Stock Up Tiered Savings',
      conditionItems: ['A', 'B'],
      tiers,
      cartCounter: true,
    });
    const out = priceCart(cart([line('A', 2, 1000), line('B', 2, 1000), line('C', 1, 1000)]), [r]);
    expect(totalsOf(out.lines)).toEqual([1900, 1900, 1000]);
    expect(out.cartCounters).toEqual([
      { promo: r.name, basis: 'quantity', current: 4, threshold: 5, remaining: 1, reached: false },
    ]);
    const five = priceCart(cart([line('A', 3, 1000), line('B', 2, 1000)]), [r]);
    expect(totalsOf(five.lines)).toEqual([2700, 1800]);
    expect(five.cartCounters[0]).toMatchObject({ threshold: 5, reached: true });
  });

  it('measures spend in cents when the basis is spend', () => {
    const r = rule({
      id: 25,
      name: 'Spend Tiers',
      tierBasis: 'spend',
      tiers: [
        { min: 5000, discountValue: both(0.05) },
        { min: 10000, discountValue: both(0.15) },
      ],
    });
    expect(totalsOf(priceCart(cart([line('A', 1, 4999)]), [r]).lines)).toEqual([4999]);
    expect(totalsOf(priceCart(cart([line('A', 1, 6000)]), [r]).lines)).toEqual([5700]);
    expect(totalsOf(priceCart(cart([line('A', 2, 6000)]), [r]).lines)).toEqual([10200]);
  });
});
