// Buy X get Y never gives away the unit that was bought (ADR 023): when condition and action SKUs
// overlap, a unit counted toward the condition is not also a free (or discounted) action unit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PromoRuleInput } from '../promos/rule';
import { cart, line, rule } from './fixtures/builders';
import { priceCart } from './index';
import type { PricedCart } from './types';

const both = (v: number) => ({ '1': v, '2': v });
/** What the promo tool's business form writes for "buy 1147, get 1147" with its defaults. */
const formRule = (extra: Partial<PromoRuleInput> = {}) =>
  rule({ id: 7, name: 'Buy One Get One', conditionItems: ['1147'], actionItems: ['1147'], ...extra });

const freeUnits = (out: PricedCart, skus: readonly string[]) =>
  out.lines.filter((l) => skus.includes(l.sku) && l.isPromo).reduce((a, l) => a + l.quantity, 0);
const allUnits = (out: PricedCart, skus: readonly string[]) =>
  out.lines.filter((l) => skus.includes(l.sku)).reduce((a, l) => a + l.quantity, 0);

describe('buy X get Y on the same SKU', () => {
  it('one unit is bought, not given away; two units give one free', () => {
    const one = priceCart(cart([line('1147', 1, 2600)]), [formRule()]);
    expect(one.lines.map((l) => [l.sku, l.quantity, l.totalPrice])).toEqual([['1147', 1, 2600]]);
    expect(one.explanations[0]).toMatchObject({
      applied: false,
      code: 'condition_not_met',
      message: 'The cart needs 2 of 1147: 1 bought and 1 free.',
    });
    const two = priceCart(cart([line('1147', 2, 2600)]), [formRule()]);
    expect(two.lines.map((l) => [l.quantity, l.totalPrice])).toEqual([
      [1, 2600],
      [1, 0],
    ]);
    expect(two.totals.subtotal).toBe(2600);
  });

  it('buy 2 get 1, up to three times: 7 units give 2 free, 9 give 3', () => {
    const r = formRule({ conditionQuantity: { min: 2 }, actionQuantity: { max: 3 } });
    expect(freeUnits(priceCart(cart([line('1147', 7, 2600)]), [r]), ['1147'])).toBe(2);
    expect(freeUnits(priceCart(cart([line('1147', 9, 2600)]), [r]), ['1147'])).toBe(3);
  });

  it('an application needs all its free units: buy 1 get 2 with 2 units gives none', () => {
    const r = formRule({ actionQuantity: { max: 1, perConditionItem: 2 } });
    expect(freeUnits(priceCart(cart([line('1147', 2, 2600)]), [r]), ['1147'])).toBe(0);
    expect(freeUnits(priceCart(cart([line('1147', 3, 2600)]), [r]), ['1147'])).toBe(2);
  });

  it('with autoAdd, the free unit is added beside the one bought', () => {
    const out = priceCart(cart([line('1147', 1, 2600)], { products: { '1147': { price: 2600 } } }), [
      formRule({ autoAdd: true }),
    ]);
    expect(out.lines.map((l) => [l.quantity, l.totalPrice, l.isPromo])).toEqual([
      [1, 2600, false],
      [1, 0, true],
    ]);
  });

  it('type 8 discounts a unit other than the one bought', () => {
    const r = rule({
      id: 8,
      name: 'Second Half Off',
      conditionItems: ['1147'],
      actionItems: ['1147'],
      discountValue: both(0.5),
    });
    expect(priceCart(cart([line('1147', 1, 2600)]), [r]).totals.subtotal).toBe(2600);
    expect(priceCart(cart([line('1147', 2, 2600)]), [r]).totals.subtotal).toBe(2600 + 1300);
  });

  it('type 11 adds its gift as a line of its own: the unit bought stays paid', () => {
    const out = priceCart(cart([line('1147', 1, 2600)], { products: { '1147': { price: 2600 } } }), [
      rule({ id: 11, name: 'Gift', conditionItems: ['1147'], actionItems: ['1147'], autoAdd: true }),
    ]);
    expect(out.lines.map((l) => [l.quantity, l.totalPrice, l.isPromo])).toEqual([
      [1, 2600, false],
      [1, 0, true],
    ]);
  });
});

const SKUS = ['A', 'B', 'C'] as const;
const overlapping = fc
  .record({
    condition: fc.uniqueArray(fc.constantFrom(...SKUS), { minLength: 1, maxLength: 3 }),
    extra: fc.uniqueArray(fc.constantFrom(...SKUS), { maxLength: 2 }),
  })
  .chain(({ condition, extra }) =>
    fc
      .subarray(condition, { minLength: 1 })
      .map((shared) => ({ condition, action: [...new Set([...shared, ...extra])] })),
  );

const buyGetArb = fc.record({
  skus: overlapping,
  x: fc.integer({ min: 1, max: 3 }),
  y: fc.integer({ min: 1, max: 3 }),
  max: fc.integer({ min: 1, max: 5 }),
  percent: fc.integer({ min: 1, max: 100 }),
  autoAdd: fc.boolean(),
  oneForOne: fc.boolean(),
  skip: fc.boolean(),
  combine: fc.boolean(),
});

const linesArb = fc.array(
  fc.record({
    sku: fc.constantFrom(...SKUS),
    quantity: fc.integer({ min: 1, max: 7 }),
    price: fc.integer({ min: 1, max: 5000 }),
  }),
  { minLength: 1, maxLength: 5 },
);

describe('buy X get Y with overlapping condition and action SKUs (property)', () => {
  it('type 7: free units ≤ floor(units / (X + Y)) × Y, and never all units', () => {
    fc.assert(
      fc.property(buyGetArb, linesArb, (r, picks) => {
        const promo = rule({
          id: 7,
          name: 'BXGY',
          conditionItems: r.skus.condition,
          actionItems: r.skus.action,
          conditionQuantity: { min: r.x, skip: r.skip, combineConditionItems: r.combine },
          actionQuantity: { max: r.max, perConditionItem: r.y },
          autoAdd: r.autoAdd,
          oneForOne: r.oneForOne,
        });
        const products = Object.fromEntries(SKUS.map((s) => [s, { price: 1000 }]));
        const out = priceCart(
          cart(
            picks.map((p) => line(p.sku, p.quantity, p.price)),
            { products },
          ),
          [promo],
        );
        const [x, y] = r.oneForOne ? [1, 1] : [r.x, r.y];
        const pool: string[] = [...new Set([...r.skus.condition, ...r.skus.action])];
        const units = allUnits(out, pool);
        expect(freeUnits(out, pool)).toBeLessThanOrEqual(Math.floor(units / (x + y)) * y);
        // Never all units: at least the condition units of every application stay paid.
        const paid = out.lines
          .filter((l) => pool.includes(l.sku) && !l.isPromo)
          .reduce((a, l) => a + l.quantity, 0);
        if (units > 0) expect(paid).toBeGreaterThan(0);
        const times = out.explanations[0]?.applied ? out.explanations[0].times : 0;
        expect(paid).toBeGreaterThanOrEqual(times * x);
      }),
      { numRuns: 500 },
    );
  });

  it('type 8 never discounts more than Y units per X + Y bought', () => {
    fc.assert(
      fc.property(buyGetArb, linesArb, (r, picks) => {
        const promo = rule({
          id: 8,
          name: 'BXGY',
          conditionItems: r.skus.condition,
          actionItems: r.skus.action,
          conditionQuantity: { min: r.x, skip: r.skip, combineConditionItems: r.combine },
          actionQuantity: { max: r.max, perConditionItem: r.y },
          discountValue: both(r.percent / 100),
          oneForOne: r.oneForOne,
        });
        const out = priceCart(cart(picks.map((p) => line(p.sku, p.quantity, p.price))), [promo]);
        const [x, y] = r.oneForOne ? [1, 1] : [r.x, r.y];
        const pool: string[] = [...new Set([...r.skus.condition, ...r.skus.action])];
        const units = out.lines.filter((l) => pool.includes(l.sku)).reduce((a, l) => a + l.quantity, 0);
        const dearest = Math.max(...picks.map((p) => p.price));
        const lines = out.lines.length;
        // Each discounted unit takes at most percent of the dearest unit, rounded once per line.
        const bound = Math.floor(units / (x + y)) * y * Math.ceil((dearest * r.percent) / 100) + lines;
        expect(out.totals.discountTotal).toBeLessThanOrEqual(bound);
        if (units > 0) expect(out.totals.subtotal).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
