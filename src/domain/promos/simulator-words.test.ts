import { describe, expect, it } from 'vitest';
import type { RuleExplanation } from '../pricing';
import { explanationWords, type ProductName, skusNamed } from './simulator-words';

const names = new Map<string, ProductName>(
  [
    { sku: 'P200', title: 'Renewal Serum', category: 'Skincare' },
    { sku: 'P300', title: 'Hydrating Mask', category: 'Skincare' },
    { sku: '1276', title: 'New Serum Sampler', category: 'Samples' },
    ...Array.from({ length: 58 }, (_, i) => ({ sku: `SK${i}`, title: `Skin ${i}`, category: 'Skincare' })),
  ].map((p) => [p.sku, p]),
);
const lines = [
  { key: '0', sku: 'P200' },
  { key: '0.1', sku: 'P200' },
  { key: '1', sku: 'P300' },
];
const money = (c: number) => `$${(c / 100).toFixed(2)}`;
const base = { promo: 'Rule', ruleType: 0, priority: 0 };
const applied = (ls: string[]): RuleExplanation => ({
  ...base,
  applied: true,
  times: 1,
  lines: ls,
  amount: 750,
});
const refused = (message: string): RuleExplanation => ({
  ...base,
  applied: false,
  code: 'condition_not_met',
  message,
});

describe('simulator reasons in words', () => {
  it('names the product instead of "line 0", and the free gift instead of its key', () => {
    expect(explanationWords(applied(['0']), lines, names, money)).toEqual({
      text: 'Applied once on Renewal Serum (P200), $7.50',
    });
    // A split line is the same product; a gift line is the gift.
    expect(
      explanationWords(applied(['0', '0.1', 'gift:New Serum Sampler:1276']), lines, names, money).text,
    ).toBe('Applied once on Renewal Serum (P200) and free New Serum Sampler (1276), $7.50');
    expect(explanationWords(applied([]), lines, names, money).text).toBe('Applied once, $7.50');
  });

  it('summarizes a long SKU list by count and shared category, every product behind "show all"', () => {
    const skus = Array.from({ length: 58 }, (_, i) => `SK${i}`);
    const said = explanationWords(refused(`The cart needs 4 of ${skus.join(', ')}.`), lines, names, money);
    expect(said.text).toBe('Not applied: the cart needs 4 of 58 skincare SKUs');
    expect(said.list?.items).toHaveLength(58);
    expect(said.list?.items[0]).toBe('Skin 0 (SK0)');
    // Mixed categories: no category named.
    const mixed = explanationWords(
      refused('The cart needs 1 of P200, 1276, SK1, SK2 (of one SKU).'),
      lines,
      names,
      money,
    );
    expect(mixed.text).toBe('Not applied: the cart needs 1 of 4 SKUs (all of one SKU)');
  });

  it('short lists name every product; unknown SKUs stay SKUs; other reasons are unchanged', () => {
    expect(explanationWords(refused('The cart needs 2 of P200, NOPE.'), lines, names, money)).toEqual({
      text: 'Not applied: the cart needs 2 of Renewal Serum (P200) and NOPE',
    });
    expect(
      explanationWords(
        {
          ...base,
          applied: false,
          code: 'disqualified_sku',
          message: 'The cart holds disqualifying SKU P300.',
        },
        lines,
        names,
        money,
      ).text,
    ).toBe('Not applied: the cart holds Hydrating Mask (P300), which disqualifies it');
    expect(explanationWords(refused('The rule is not active.'), lines, names, money)).toEqual({
      text: 'Not applied: The rule is not active.',
    });
  });

  it('collects every SKU the reasons name, for one look-up', () => {
    const skus = skusNamed(
      [applied(['gift:New Serum Sampler:1276']), refused('The cart needs 2 of SK1, SK2.')],
      lines,
    );
    expect(skus.sort()).toEqual(['1276', 'P200', 'P300', 'SK1', 'SK2']);
  });
});
