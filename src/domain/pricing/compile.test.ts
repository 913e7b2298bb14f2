import { describe, expect, it } from 'vitest';
import { candidatesFor, compileRules } from './compile';
import { rule } from './fixtures/builders';

const both = (v: number) => ({ '1': v, '2': v });

describe('compileRules', () => {
  const rules = [
    rule({ id: 0, name: 'Low', priority: 1, actionItems: ['A'], discountValue: both(0.1) }),
    rule({ id: 3, name: 'Cart Wide', priority: 5, discountValue: both(0.1) }),
    rule({
      id: 0,
      name: 'Coded',
      priority: 5,
      code: ['Spring'],
      actionItems: ['A'],
      discountValue: both(0.1),
    }),
    rule({ id: 0, name: 'Canada Members', priority: 9, regionId: [2], userTypes: [2], actionItems: ['B'] }),
    rule({ id: 7, name: 'Needs C', conditionItems: ['C'], actionItems: ['A'] }),
    rule({ id: 0, name: 'Off', active: false, actionItems: ['A'] }),
  ];
  const compiled = compileRules(rules);
  const names = (orders: number[]) => orders.map((o) => compiled.rules[o]?.rule.name);

  it('orders by priority, highest first, input order among equals', () => {
    expect(compiled.rules.map((c) => c.rule.name)).toEqual([
      'Canada Members',
      'Cart Wide',
      'Coded',
      'Low',
      'Needs C',
      'Off',
    ]);
  });

  it('retrieves only rules whose trigger SKU, code, region and user type fit the cart', () => {
    expect(names(candidatesFor(compiled, ['A'], [], 1, 3))).toEqual(['Cart Wide', 'Low']);
    expect(names(candidatesFor(compiled, ['A', 'C'], ['spring'], 1, 3))).toEqual([
      'Cart Wide',
      'Coded',
      'Low',
      'Needs C',
    ]);
    expect(names(candidatesFor(compiled, ['B'], [], 2, 2))).toEqual(['Canada Members', 'Cart Wide']);
    expect(names(candidatesFor(compiled, ['B'], [], 1, 2))).toEqual(['Cart Wide']);
  });

  it('keeps inactive rules out of the index', () => {
    expect(compiled.inactive.map((o) => compiled.rules[o]?.rule.name)).toEqual(['Off']);
  });

  it("posts a rule once under a SKU or code it lists twice, and keeps each key's rules in engine order", () => {
    const twice = compileRules([
      rule({ id: 0, name: 'Twice', priority: 3, actionItems: ['A', 'B', 'A'], discountValue: both(0.1) }),
      rule({ id: 0, name: 'Both cases', priority: 2, code: ['VIP', 'vip'], actionItems: ['A'] }),
      rule({ id: 0, name: 'Later', priority: 4, actionItems: ['A'], discountValue: both(0.1) }),
    ]);
    const found = (skus: string[], codes: string[]) =>
      candidatesFor(twice, skus, codes, 1, 3).map((o) => twice.rules[o]?.rule.name);
    expect(found(['A'], [])).toEqual(['Later', 'Twice']);
    expect(found(['A', 'B'], ['vip'])).toEqual(['Later', 'Twice', 'Both cases']);
    const key = twice.bySku.get('A') as number;
    expect((twice.keyStart[key + 1] as number) - (twice.keyStart[key] as number)).toBe(2);
  });

  it('orders priorities outside the integer schema by the same rule (highest first, input order among equals)', () => {
    const odd = compileRules([
      { ...rule({ id: 3, name: 'Half', discountValue: both(0.1) }), priority: 1.5 },
      rule({ id: 3, name: 'Two', priority: 2, discountValue: both(0.1) }),
      { ...rule({ id: 3, name: 'Also half', discountValue: both(0.1) }), priority: 1.5 },
      rule({ id: 3, name: 'Huge', priority: Number.MAX_SAFE_INTEGER, discountValue: both(0.1) }),
      rule({ id: 3, name: 'Negative', priority: -Number.MAX_SAFE_INTEGER, discountValue: both(0.1) }),
    ]);
    expect(odd.rules.map((c) => c.name)).toEqual(['Huge', 'Two', 'Half', 'Also half', 'Negative']);
  });
});
