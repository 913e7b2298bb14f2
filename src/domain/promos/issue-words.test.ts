import { describe, expect, it } from 'vitest';
import { fieldInWords } from './issue-words';
import { compileStored, engineIssues } from './tool';

const base = { name: 'Serum Sale', id: 0, regionId: [1], actionItems: ['P200'], discountValue: { '1': 0.2 } };
const said = (rule: Record<string, unknown>) => compileStored({ ...base, ...rule }).errors;

describe('rule errors in words', () => {
  it('names the field and says the rule, not the zod text', () => {
    expect(said({ id: 30 })).toEqual([{ path: 'id', message: 'Promotion type must be between 0 and 25' }]);
    expect(said({ id: -1 })).toEqual([{ path: 'id', message: 'Promotion type must be between 0 and 25' }]);
    expect(said({ name: '' })).toEqual([{ path: 'name', message: 'Name must not be empty' }]);
    expect(said({ priority: 'high' })).toEqual([{ path: 'priority', message: 'Priority must be a number' }]);
    expect(said({ actionItems: ['P200', 7] })).toEqual([
      { path: 'actionItems.1', message: 'Action SKUs, item 2 must be text' },
    ]);
    expect(said({ actionQuantity: { max: 0 } })).toEqual([
      { path: 'actionQuantity.max', message: 'Most applications per cart must be at least 1' },
    ]);
    expect(said({ discountValue: { '3': 0.1 } })).toEqual([
      {
        path: 'discountValue',
        message: 'Discount value is keyed by country: "1" (United States) or "2" (Canada), not "3"',
      },
    ]);
    expect(said({ tierBasis: 'weight' })).toEqual([
      { path: 'tierBasis', message: 'Tier basis must be "quantity" or "spend"' },
    ]);
    expect(said({ discountValue: { '1': 20 } })).toEqual([
      { path: 'discountValue', message: 'Discount value: Percent values are fractions (0.2 = 20%)' },
    ]);
  });

  it('no message is zod text', () => {
    const rules = [
      { id: 99, name: 3, code: 'X', conditionQuantity: { min: 'one' }, userTypes: [1.5], stop: 'yes' },
      { id: 25, tiers: [] },
      { id: 5, spendThreshold: { '1': -1 } },
    ];
    for (const rule of rules) {
      const errors = said(rule);
      expect(errors.length).toBeGreaterThan(0);
      for (const e of errors) {
        expect(e.message).not.toMatch(/Too big|Too small|Invalid input|expected (number|string|array)|<=|>=/);
        expect(e.message).toMatch(/^[A-Z]/);
      }
    }
    for (const e of engineIssues({ id: 26 })) expect(e.message).not.toMatch(/Too big|Invalid input/);
  });

  it('says where, in words, for nested and per-country paths', () => {
    expect(fieldInWords([])).toBe('The rule');
    expect(fieldInWords(['discountValue', '2'])).toBe('Discount value, Canada');
    expect(fieldInWords(['tiers', 0, 'discountValue', '1'])).toBe(
      'Tiers, item 1, discount value, United States',
    );
    expect(fieldInWords(['doNotStack'])).toBe('Do not stack');
    expect(fieldInWords(['final_sale'])).toBe('Final sale');
  });

  it('a valid rule has none', () => {
    expect(said({})).toEqual([]);
  });
});
