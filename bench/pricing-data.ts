// Seeded data of the pricing benchmark (ADR 002): rule sets and carts over a 5,000-SKU
// catalogue, and the scenarios with their targets. Plain data, so any engine can price it.
import type { PricingInput } from '../src/domain/pricing';
import { defineRule, type PromoRule, type PromoRuleInput } from '../src/domain/promos/rule';

/** Deterministic PRNG (mulberry32) so every run prices the same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)] as T;
  return { next, int, pick };
}

const CATALOG_SIZE = 5000;
const sku = (i: number) => `S${String(i).padStart(5, '0')}`;
export const NOW = 1_750_000_000;
const both = (us: number, ca: number) => ({ '1': us, '2': ca });

/**
 * A realistic active rule set: mostly SKU-targeted item promos, some gifts and bundles, a few
 * cart-wide threshold and shipping promos. `inapplicable` (0–1) is the share of rules that cannot
 * apply to the benchmark shopper: other region or user type, outside their window, or behind a code.
 */
export function generateRules(count: number, inapplicable: number, seed: number): PromoRule[] {
  const r = prng(seed);
  const skus = (n: number) => Array.from({ length: n }, () => sku(r.int(0, CATALOG_SIZE - 1)));
  const rules: PromoRule[] = [];
  for (let i = 0; i < count; i++) {
    const roll = r.next();
    const base: PromoRuleInput = { id: 0, name: `Rule ${i}`, active: true, priority: r.int(0, 100) };
    let rule: PromoRuleInput;
    if (roll < 0.4)
      rule = { ...base, id: r.pick([0, 1, 2]), actionItems: skus(r.int(1, 6)), actionQuantity: { max: 10 } };
    else if (roll < 0.5) rule = { ...base, id: 8, conditionItems: skus(3), actionItems: skus(2) };
    else if (roll < 0.6)
      rule = { ...base, id: 7, conditionItems: skus(4), actionItems: skus(2), conditionQuantity: { min: 2 } };
    else if (roll < 0.67) rule = { ...base, id: 9, conditionItems: skus(8), conditionQuantity: { min: 3 } };
    else if (roll < 0.75)
      rule = { ...base, id: 11, conditionItems: skus(5), actionItems: skus(1), autoAdd: true };
    else if (roll < 0.82) rule = { ...base, id: 12, conditionItems: skus(5), actionItems: skus(3) };
    else if (roll < 0.9)
      rule = {
        ...base,
        id: 25,
        conditionItems: skus(10),
        tiers: [{ min: 2, discountValue: both(0.05, 0.05) }],
      };
    else if (roll < 0.94)
      rule = { ...base, id: 20, actionItems: skus(3), volumeAdjustment: { mode: 'scale', PV: 2 } };
    else if (roll < 0.97)
      rule = { ...base, id: r.pick([5, 6]), spendThreshold: both(r.int(50, 300) * 100, 40000) };
    else rule = { ...base, id: r.pick([16, 17, 18]), spendThreshold: both(r.int(50, 150) * 100, 20000) };
    rule.discountValue = [1, 2, 4, 6, 9, 17].includes(rule.id)
      ? both(r.int(1, 20) * 100, 2000)
      : both(0.1, 0.1);
    if (r.next() < inapplicable) {
      const why = r.int(0, 3);
      if (why === 0) rule.regionId = [2];
      else if (why === 1) rule.userTypes = [1, 4];
      else if (why === 2) rule.timestamps = { start: NOW - 90 * 86400, end: NOW - 30 * 86400 };
      else rule.code = [`CODE${i}`];
    }
    rules.push(defineRule(rule));
  }
  return rules;
}

export function generateCart(lines: number, seed: number): PricingInput {
  const r = prng(seed);
  return {
    now: NOW,
    regionId: 1,
    userType: 3,
    channel: 'WEB',
    lines: Array.from({ length: lines }, (_, i) => {
      const price = r.int(12, 90) * 100;
      const d = price / 100;
      return {
        sku: sku((i * 97 + r.int(0, 96)) % CATALOG_SIZE),
        quantity: r.int(1, 3),
        price,
        memberPrice: Math.round(price * 0.9),
        volumes: { CV: d * 0.8, PV: d, QV: d, NV: d * 0.9, SV: d },
      };
    }),
    promoTags: [{ code: 'WELCOME', fromCheckout: true }],
    shipping: {
      method: 3,
      rates: [
        { method: 3, amount: 895 },
        { method: 5, amount: 1495 },
        { method: 6, amount: 2495 },
      ],
    },
    productCredit: { requested: 1000, balance: 2500 },
    volumeTables: { fullVolumeSku: sku(1), listA: [], listB: [] },
  };
}
