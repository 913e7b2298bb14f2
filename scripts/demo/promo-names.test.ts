import { demoPromoRules } from '@domain/pricing/fixtures/rules';
import { describe, expect, it } from 'vitest';
import { bothDollars, namedInBothCurrencies } from './promo-names';

const SKUS = {
  skincare: ['1001', '1002', '1003', '1004', '1005'],
  makeup: ['2001', '2002'],
  bundles: ['3001', '3002'],
  samples: ['4001'],
  gifts: ['5001', '5002'],
};

describe('demo rule names', () => {
  it('name every amount in both currencies, from the rule values', () => {
    const rules = demoPromoRules(SKUS).map(namedInBothCurrencies);
    const travel = rules.find((r) => r.name.startsWith('Free Travel Bag'));
    expect(travel?.name).toBe('Free Travel Bag Over $125 / CA$160');
    for (const r of rules.filter((x) => x.name.includes('$'))) {
      expect(r.name, r.name).toContain('CA$');
      const amounts = [r.spendThreshold, r.discountValue].filter(
        (v) => v?.['2'] !== undefined && v['2'] >= 100 && r.name.includes(bothDollars(v)),
      );
      expect(amounts.length, r.name).toBeGreaterThan(0);
    }
  });

  it('writes whole dollars without cents and keeps cents otherwise', () => {
    expect(bothDollars({ '1': 500, '2': 650 })).toBe('$5 / CA$6.50');
    expect(bothDollars({ '2': 16000 })).toBe('CA$160');
  });
});
