import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BusinessPromoInput } from './business-form';
import { type BusinessPromoForm, businessFormComplete } from './business-form-rules';

// The screen tells whether the business form may be published without zod (its rules load on first
// use, ADR 044): the answer must be the rules' own.

// Mostly what the form holds, with the odd value now and then: each check is met and missed.
const int = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 25 }), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      -1,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 53,
      Number.MAX_SAFE_INTEGER,
    ),
    weight: 1,
  },
);
const units = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 99 }).map(String), weight: 6 },
  { arbitrary: fc.constantFrom('', ' ', '0', '01', ' 9 ', '100', 'x', '1.5', '-1', '１'), weight: 2 },
  { arbitrary: fc.string({ maxLength: 3 }), weight: 1 },
);
const form: fc.Arbitrary<BusinessPromoForm> = fc.record({
  name: fc.constantFrom('', '  ', 'Mask Week', 'Mask Week', ' A '),
  id: fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: int, weight: 8 }),
  countries: fc.array(int, { maxLength: 2 }),
  userTypes: fc.array(int, { maxLength: 2 }),
  conditionItems: fc.array(fc.constantFrom('1001', '1147'), { maxLength: 2 }),
  actionItems: fc.array(fc.constantFrom('1001', '1147'), { maxLength: 2 }),
  discount: fc.constantFrom('', '15', 'x'),
  buy: units,
  get: units,
  duration: fc.constantFrom(null, { start: '2026-01-15', end: '2026-01-22' }),
});

describe('business promo form, without zod', () => {
  it('is complete exactly when BusinessPromoInput takes it', () => {
    fc.assert(
      fc.property(form, (f) => {
        expect(businessFormComplete(f)).toBe(BusinessPromoInput.safeParse(f).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what is not the form’s shape, as the rules do', () => {
    const base: BusinessPromoForm = {
      name: 'Mask Week',
      id: 7,
      countries: [1],
      userTypes: [3],
      conditionItems: ['1147'],
      actionItems: ['1147'],
      discount: '',
      buy: '2',
      get: '1',
      duration: null,
    };
    const odd: unknown[] = [
      base,
      { ...base, id: 0, buy: '', get: '' },
      { ...base, name: 3 },
      { ...base, id: '7' },
      { ...base, countries: ['1'] },
      { ...base, userTypes: null },
      { ...base, conditionItems: [1] },
      { ...base, discount: 15 },
      { ...base, duration: { start: '2026-01-15' } },
      { ...base, duration: [] },
      { ...base, extra: true },
    ];
    for (const f of odd)
      expect(businessFormComplete(f as BusinessPromoForm), JSON.stringify(f)).toBe(
        BusinessPromoInput.safeParse(f).success,
      );
  });
});
