import { describe, expect, it } from 'vitest';
import { compileRules, priceCart } from '../pricing';
import { equivalenceSets } from '../pricing/fixtures/equivalence';
import { browserHandover } from './simulator-handover';
import { rulesFromHandover } from './tool';

// What the browser is handed (flag promoToolCartApi off, ADR 012) prices to the same answer as the
// whole rule set, every rule explained: on the engine's equivalence cases (demo and generated rule
// sets, about 3,000 carts). The API test shows the same at 20,000 rules, with the bytes.

describe('browser handover', () => {
  const sets = equivalenceSets();

  it('prices every cart of the engine equivalence cases to the same answer, every rule explained', () => {
    let carts = 0;
    let stubs = 0;
    for (const { rules, carts: inputs } of sets) {
      const compiled = compileRules(rules);
      for (const cart of inputs) {
        const input = { ...cart, explain: 'all' as const };
        const handed = JSON.parse(JSON.stringify(browserHandover(input, compiled)));
        const inBrowser = priceCart(handed.input, rulesFromHandover(handed.rules));
        expect(inBrowser).toEqual(priceCart(input, compiled));
        expect(inBrowser.explanations).toHaveLength(rules.length);
        stubs += rules.length - handed.whole;
        carts++;
      }
    }
    expect(carts).toBeGreaterThan(2500);
    expect(stubs).toBeGreaterThan(10_000);
  }, 60_000);

  it('a rule that can change the cart goes whole; one refused goes as a stub of what refused it', () => {
    const { rules, carts } = sets.find((x) => x.rules.length === 300)!;
    const input = { ...carts[0]!, explain: 'all' as const };
    const compiled = compileRules(rules);
    const { rules: handed } = browserHandover(input, compiled);
    const explained = priceCart(input, compiled).explanations;
    explained.forEach((e, i) => {
      const rule = handed[i] as Record<string, unknown>;
      expect(rule.name).toBe(e.promo);
      if (e.applied) expect(rulesFromHandover([rule])[0]).toEqual(compiled.rules[i]!.rule);
      if (!e.applied && e.code === 'region') {
        const allowed = [
          'name',
          'id',
          'priority',
          'active',
          'userTypes',
          'regionId',
          'spendThreshold',
          'tiers',
          'volumeAdjustment',
          'shippingMethods',
        ];
        expect(Object.keys(rule).filter((k) => !allowed.includes(k))).toEqual([]);
        expect(rule.regionId).toEqual(compiled.rules[i]!.rule.regionId);
      }
    });
  });
});
