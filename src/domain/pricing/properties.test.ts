// Property tests (ADR 002): random rules of every type against random carts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PromoRule } from '../promos/rule';
import { rulesArb, SKUS } from './fixtures/arbitraries';
import { cart, line } from './fixtures/builders';
import { compileRules, priceCart } from './index';
import type { PricingInput } from './types';

const cartArb: fc.Arbitrary<PricingInput> = fc
  .record({
    lines: fc.array(
      fc.record({
        sku: fc.constantFrom(...SKUS),
        quantity: fc.integer({ min: 1, max: 5 }),
        price: fc.integer({ min: 0, max: 20_000 }),
        host: fc.boolean(),
        subscription: fc.boolean(),
      }),
      { maxLength: 6 },
    ),
    userType: fc.constantFrom(1, 2, 3, 7),
    regionId: fc.constantFrom(1, 2),
    code: fc.boolean(),
    method: fc.constantFrom(3, 5, 6),
    credit: fc.integer({ min: 0, max: 50_000 }),
    balance: fc.integer({ min: 0, max: 50_000 }),
  })
  .map((c) =>
    cart(
      c.lines.map((l) =>
        line(l.sku, l.quantity, l.price, { isHostReward: l.host, subscription: l.subscription }),
      ),
      {
        userType: c.userType,
        regionId: c.regionId,
        promoTags: c.code ? [{ code: 'code1' }] : [],
        hostRewardItems: [{ sku: 'B', isFree: true }],
        products: { G1: { price: 1500 } },
        shipping: {
          method: c.method,
          rates: [
            { method: 3, amount: 895 },
            { method: 5, amount: 1495 },
          ],
        },
        productCredit: { requested: c.credit, balance: c.balance },
      },
    ),
  );

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const RUNS = { numRuns: 300 };

describe('pricing properties', () => {
  it('totals are never negative and credit never exceeds the balance', () => {
    fc.assert(
      fc.property(cartArb, rulesArb, (input, rules) => {
        const { totals, lines, shipping } = priceCart(input, rules);
        expect(lines.every((l) => l.totalPrice >= 0)).toBe(true);
        expect(shipping.rates.every((r) => r.amount >= 0)).toBe(true);
        for (const v of [totals.subtotal, totals.discountTotal, totals.shipping, totals.totalBeforeTax]) {
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(totals.creditApplied).toBeLessThanOrEqual(input.productCredit?.balance ?? 0);
        expect(Object.values(totals.volumes).every((v) => v >= 0)).toBe(true);
      }),
      RUNS,
    );
  });

  it('a discount never exceeds its line, and lines add up to the subtotal', () => {
    fc.assert(
      fc.property(cartArb, rulesArb, (input, rules) => {
        const out = priceCart(input, rules);
        for (const l of out.lines) {
          const taken = l.discounts.reduce((a, d) => a + d.amount, 0);
          expect(l.discounts.every((d) => d.amount > 0 && Number.isInteger(d.amount))).toBe(true);
          expect(taken).toBeLessThanOrEqual(l.price * l.quantity);
          expect(l.totalPrice).toBe(l.price * l.quantity - taken);
        }
        expect(out.lines.reduce((a, l) => a + l.totalPrice, 0)).toBe(out.totals.subtotal);
        expect(out.totals.subtotal).toBe(out.totals.prePromoSubtotal - out.totals.discountTotal);
      }),
      RUNS,
    );
  });

  it('the same input twice gives the same output, and the input is not mutated', () => {
    fc.assert(
      fc.property(cartArb, rulesArb, (input, rules) => {
        const compiled = compileRules(deepFreeze(rules));
        const frozen = deepFreeze(input);
        expect(priceCart(frozen, compiled)).toEqual(priceCart(frozen, compiled));
        expect(priceCart(structuredClone(input), rules)).toEqual(priceCart(frozen, compiled));
      }),
      RUNS,
    );
  });

  it('the order of rules with equal priority is stable', () => {
    const interleaving = rulesArb.chain((rules) =>
      fc
        .array(fc.double({ noNaN: true }), { minLength: rules.length, maxLength: rules.length })
        .map((keys) => {
          // A random merge of the priority groups that keeps each group's own order.
          const slots = rules
            .map((r, i) => ({ priority: r.priority, key: keys[i] ?? 0 }))
            .sort((a, b) => a.key - b.key);
          const queues = new Map<number, PromoRule[]>();
          for (const r of rules) queues.set(r.priority, [...(queues.get(r.priority) ?? []), r]);
          return { rules, merged: slots.map((s) => queues.get(s.priority)?.shift() as PromoRule) };
        }),
    );
    fc.assert(
      fc.property(cartArb, interleaving, (input, { rules, merged }) => {
        const out = priceCart(input, rules);
        expect(priceCart(input, merged)).toEqual(out);
        const position = new Map(rules.map((r, i) => [r.name, i]));
        out.explanations.forEach((e, i) => {
          const next = out.explanations[i + 1];
          if (next && next.priority === e.priority) {
            expect(position.get(next.promo)).toBeGreaterThan(position.get(e.promo) ?? -1);
          }
        });
      }),
      RUNS,
    );
  });

  it('removing a rule never changes how a rule with stop above it applies', () => {
    let checked = 0;
    fc.assert(
      fc.property(cartArb, rulesArb, fc.nat(), (input, rules, pick) => {
        const out = priceCart(input, rules);
        for (const stop of out.explanations.filter(
          (e) => e.applied && rules.find((r) => r.name === e.promo)?.stop,
        )) {
          const below = rules.filter((r) => r.priority < stop.priority);
          const removed = below[pick % Math.max(1, below.length)];
          if (!removed) continue;
          checked++;
          const again = priceCart(
            input,
            rules.filter((r) => r !== removed),
          );
          expect(again.explanations.find((e) => e.promo === stop.promo)).toEqual(stop);
        }
      }),
      { numRuns: 600 },
    );
    expect(checked).toBeGreaterThan(20);
  });
});
