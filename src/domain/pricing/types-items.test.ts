// Item rule types with hand-computed carts (DESIGN §6: 0, 1, 2, 7, 8, 9, 22, 23).
import { describe, expect, it } from 'vitest';
import { cart, line, rule } from './fixtures/builders';
import { priceCart } from './index';
import type { PricedCart } from './types';

const both = (v: number) => ({ '1': v, '2': v });
const totals = (out: PricedCart) => out.lines.map((l) => [l.key, l.sku, l.quantity, l.totalPrice]);

describe('type 0: percent off each action item', () => {
  it('takes 20% off the action lines only', () => {
    const out = priceCart(cart([line('A', 2, 1250), line('B', 1, 1999)]), [
      rule({
        id: 0,
        name: 'Holiday 20% Off Skincare',
        actionItems: ['A'],
        discountValue: both(0.2),
        actionQuantity: { max: 99 },
      }),
    ]);
    expect(totals(out)).toEqual([
      ['0', 'A', 2, 2000],
      ['1', 'B', 1, 1999],
    ]);
    expect(out.totals).toMatchObject({ prePromoSubtotal: 4499, discountTotal: 500, subtotal: 3999 });
    expect(out.explanations[0]).toMatchObject({ applied: true, times: 2, lines: ['0'], amount: 500 });
  });

  it('stops at actionQuantity.max units, cheapest first', () => {
    const out = priceCart(cart([line('A', 2, 1250), line('C', 1, 800)]), [
      rule({
        id: 0,
        name: 'One Unit 20%',
        actionItems: ['A', 'C'],
        discountValue: both(0.2),
        actionQuantity: { max: 1 },
      }),
    ]);
    expect(totals(out)).toEqual([
      ['0', 'A', 2, 2500],
      ['1', 'C', 1, 640],
    ]);
  });

  it('rounds once per line (3 × 10.04 at 12.5% is 3.77 off)', () => {
    const out = priceCart(cart([line('A', 3, 1004)]), [
      rule({
        id: 0,
        name: 'Eighth Off',
        actionItems: ['A'],
        discountValue: both(0.125),
        actionQuantity: { max: 9 },
      }),
    ]);
    expect(out.lines[0]?.totalPrice).toBe(3012 - 377);
  });

  it('uses the discount value of the cart region', () => {
    const r = rule({ id: 0, name: 'US Only Value', actionItems: ['A'], discountValue: { '1': 0.5 } });
    expect(priceCart(cart([line('A', 1, 1000)]), [r]).lines[0]?.totalPrice).toBe(500);
    const ca = priceCart(cart([line('A', 1, 1000)], { regionId: 2 }), [r]);
    expect(ca.explanations[0]).toMatchObject({ applied: false, code: 'no_discount_value' });
  });
});

describe('type 1: amount off each action item', () => {
  it('takes $5 off up to two units', () => {
    const out = priceCart(cart([line('A', 3, 1250)]), [
      rule({
        id: 1,
        name: '$5 Off Lip Colour',
        actionItems: ['A'],
        discountValue: both(500),
        actionQuantity: { max: 2 },
      }),
    ]);
    expect(out.lines[0]?.totalPrice).toBe(3750 - 1000);
  });

  it('never takes more than the line', () => {
    const out = priceCart(cart([line('A', 1, 300)]), [
      rule({ id: 1, name: '$5 Off', actionItems: ['A'], discountValue: both(500) }),
    ]);
    expect(out.lines[0]).toMatchObject({ totalPrice: 0, discounts: [{ promo: '$5 Off', amount: 300 }] });
  });
});

describe('type 2: action items at a fixed price', () => {
  it('prices two cleansers at $19 each, CA at $24', () => {
    const r = rule({
      id: 2,
      name: 'Cleanser Spotlight $19',
      actionItems: ['A'],
      discountValue: { '1': 1900, '2': 2400 },
      actionQuantity: { max: 2 },
    });
    expect(priceCart(cart([line('A', 2, 3200)]), [r]).lines[0]?.totalPrice).toBe(3800);
    expect(priceCart(cart([line('A', 2, 3200)], { regionId: 2 }), [r]).lines[0]?.totalPrice).toBe(4800);
  });

  it('does nothing when the item is already cheaper', () => {
    const out = priceCart(cart([line('A', 1, 1500)]), [
      rule({ id: 2, name: 'Fixed 19', actionItems: ['A'], discountValue: both(1900) }),
    ]);
    expect(out.explanations[0]).toMatchObject({ applied: false, code: 'no_discount' });
  });
});

describe('type 7: buy X get Y free', () => {
  const buy2get1 = rule({
    id: 7,
    name: 'Buy 2 Lipsticks Get 1 Free',
    conditionItems: ['L'],
    actionItems: ['L'],
    conditionQuantity: { min: 2, skip: true },
    actionQuantity: { max: 3 },
  });

  it('splits the free unit into its own line at total 0', () => {
    const out = priceCart(cart([line('L', 3, 2800)]), [buy2get1]);
    expect(totals(out)).toEqual([
      ['0', 'L', 2, 5600],
      ['0.1', 'L', 1, 0],
    ]);
    expect(out.lines[1]).toMatchObject({
      isPromo: true,
      discounts: [{ promo: 'Buy 2 Lipsticks Get 1 Free', amount: 2800 }],
    });
    expect(out.lines[1]?.volumes.PV).toBe(0);
  });

  it('skips condition units as action units: 7 lipsticks give 2 free, 6 give 2, 2 give none', () => {
    const free = (n: number) => priceCart(cart([line('L', n, 2800)]), [buy2get1]).totals.discountTotal / 2800;
    expect(free(7)).toBe(2);
    expect(free(6)).toBe(2);
    expect(free(2)).toBe(0);
  });

  it('gives the cheapest action item free', () => {
    const out = priceCart(cart([line('C', 1, 5000), line('A', 1, 1000), line('B', 1, 500)]), [
      rule({ id: 7, name: 'Buy C Get One Free', conditionItems: ['C'], actionItems: ['A', 'B'] }),
    ]);
    expect(totals(out)).toEqual([
      ['0', 'C', 1, 5000],
      ['1', 'A', 1, 1000],
      ['2', 'B', 1, 0],
    ]);
  });

  it('oneForOne with autoAdd adds a free gift per condition item, outside the subtotal', () => {
    const r = rule({
      id: 7,
      name: 'Serum + Free Mini Cleanser',
      conditionItems: ['S'],
      actionItems: ['G'],
      oneForOne: true,
      autoAdd: true,
      actionQuantity: { max: 5 },
    });
    const input = cart([line('S', 2, 6800)], { products: { G: { price: 1200 } } });
    const out = priceCart(input, [r]);
    expect(totals(out)).toEqual([
      ['0', 'S', 2, 13600],
      ['gift:Serum + Free Mini Cleanser:G', 'G', 2, 0],
    ]);
    expect(out.promoItems).toEqual([
      { sku: 'G', quantity: 2, promo: r.name, ruleType: 7, isSample: false, value: 2400 },
    ]);
    expect(out.totals).toMatchObject({ subtotal: 13600, discountTotal: 0, giftValue: 2400 });
    const removed = priceCart({ ...input, removedPromoItems: ['G'] }, [r]);
    expect(removed.explanations[0]).toMatchObject({ applied: false, code: 'gift_removed' });
    expect(removed.lines).toHaveLength(1);
  });
});

describe('type 8: buy X get Y at a percent off', () => {
  it('takes half off one mask per serum', () => {
    const out = priceCart(cart([line('S', 1, 6800), line('M', 2, 4400)]), [
      rule({
        id: 8,
        name: 'Buy a Serum, Get a Mask 50% Off',
        conditionItems: ['S'],
        actionItems: ['M'],
        discountValue: both(0.5),
      }),
    ]);
    expect(totals(out)).toEqual([
      ['0', 'S', 1, 6800],
      ['1', 'M', 2, 8800 - 2200],
    ]);
  });

  it('needs the condition item', () => {
    const out = priceCart(cart([line('M', 1, 4400)]), [
      rule({
        id: 8,
        name: 'Needs Serum',
        conditionItems: ['S'],
        actionItems: ['M'],
        discountValue: both(0.5),
      }),
    ]);
    expect(out.explanations[0]).toMatchObject({ applied: false, code: 'condition_not_met' });
  });

  it('counts condition SKUs separately unless combineConditionItems', () => {
    const lines = [line('S1', 1, 1000), line('S2', 1, 1000), line('M', 1, 1000)];
    const make = (combine: boolean) =>
      rule({
        id: 8,
        name: 'Two Serums',
        conditionItems: ['S1', 'S2'],
        conditionQuantity: { min: 2, combineConditionItems: combine },
        actionItems: ['M'],
        discountValue: both(0.5),
      });
    expect(priceCart(cart(lines), [make(true)]).explanations[0]?.applied).toBe(true);
    expect(priceCart(cart(lines), [make(false)]).explanations[0]).toMatchObject({
      code: 'condition_not_met',
    });
  });
});

describe('type 9: X condition items for a fixed price', () => {
  it('prices the three dearest together at $99 and spreads the saving', () => {
    const out = priceCart(
      cart([line('A', 1, 3200), line('B', 1, 6800), line('C', 1, 4400), line('D', 1, 5200)]),
      [
        rule({
          id: 9,
          name: 'Any 3 Skincare for $99',
          conditionItems: ['A', 'B', 'C', 'D'],
          conditionQuantity: { min: 3 },
          discountValue: both(9900),
        }),
      ],
    );
    expect(totals(out)).toEqual([
      ['0', 'A', 1, 3200],
      ['1', 'B', 1, 6800 - 2695],
      ['2', 'C', 1, 4400 - 1744],
      ['3', 'D', 1, 5200 - 2061],
    ]);
    expect(out.lines.map((l) => l.bundled)).toEqual([false, true, true, true]);
    expect(out.explanations[0]).toMatchObject({ applied: true, times: 1, amount: 6500 });
  });
});

describe('type 22: member price for eligible user types', () => {
  const r = rule({ id: 22, name: 'Member Pricing Weekend', userTypes: [3, 7], actionQuantity: { max: 99 } });
  it('gives a client the member price on lines that have one', () => {
    const out = priceCart(cart([line('A', 2, 3200, { memberPrice: 2880 }), line('B', 1, 1000)]), [r]);
    expect(totals(out)).toEqual([
      ['0', 'A', 2, 5760],
      ['1', 'B', 1, 1000],
    ]);
  });

  it('is already the price a member pays', () => {
    const member = rule({ id: 22, name: 'Member Pricing', userTypes: [2] });
    const out = priceCart(cart([line('A', 1, 3200, { memberPrice: 2880 })], { userType: 2 }), [member]);
    expect(out.lines[0]).toMatchObject({ price: 2880, originalPrice: 3200, totalPrice: 2880 });
    expect(out.explanations[0]).toMatchObject({ applied: false, code: 'no_discount' });
  });
});

describe('type 23: subscription percent off', () => {
  it('takes 10% off subscription lines only', () => {
    const out = priceCart(cart([line('A', 1, 5000, { subscription: true }), line('B', 1, 1000)]), [
      rule({
        id: 23,
        name: 'Auto-Replenish 10% Off',
        subscriptionBased: true,
        discountValue: both(0.1),
        actionQuantity: { max: 9 },
      }),
    ]);
    expect(totals(out)).toEqual([
      ['0', 'A', 1, 4500],
      ['1', 'B', 1, 1000],
    ]);
  });
});
