import { describe, expect, it } from 'vitest';
import { creditCardNumber, creditCardVerification, optional } from './fields';
import { maskTaxNumber } from './masks';
import { FIELD_TYPES, ruleFor } from './rules';

const messageOf = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  return r.success ? null : (r.error?.issues[0]?.message ?? null);
};

describe('field types by name (spec 3 §5 Form field type)', () => {
  it('has a rule for every type the spec lists', () => {
    for (const type of FIELD_TYPES) expect(ruleFor(type, 'Field')).toBeDefined();
  });
  it('picks the rule and its message', () => {
    expect(messageOf(ruleFor('zip', 'Zip Code', { countryId: 2 }), '90210')).toBe(
      'Must be a valid CA zip code',
    );
    expect(messageOf(ruleFor('zip', 'Zip Code'), '90210')).toBeNull();
    expect(messageOf(ruleFor('required', 'City*'), '')).toBe('City is required');
    expect(messageOf(ruleFor('lengthExceeded', 'Note', { limit: 3 }), 'abcd')).toBe(
      'Note can not exceed 3 characters',
    );
    expect(messageOf(ruleFor('phone', 'Phone'), '123')).toBe('Must be a valid telephone number');
    expect(messageOf(ruleFor('float', 'Price'), 'x')).toBe('Please enter a valid number');
    expect(
      messageOf(
        ruleFor('dateOfBirthDistributor', 'Date of birth', { today: () => '2026-01-01' }),
        '01/02/2008',
      ),
    ).toBe('Must provide valid date: Must be over 18');
  });
});

describe('card fields and optional', () => {
  it('card number: 13–19 digits passing Luhn', () => {
    expect(messageOf(creditCardNumber(), '4111 1111 1111 1111')).toBeNull();
    expect(messageOf(creditCardNumber(), '4111 1111 1111 1112')).toBe('Must be a valid card number');
    expect(messageOf(creditCardNumber(), '4111')).toBe('Must be a valid card number');
  });
  it('security code: 3 or 4 digits', () => {
    expect(messageOf(creditCardVerification(), '123')).toBeNull();
    expect(messageOf(creditCardVerification(), '12')).toBe('Must be a valid security code');
  });
  it('optional takes anything, empty as null', () => {
    expect(optional().parse('  ')).toBeNull();
    expect(optional().parse(' x ')).toBe('x');
  });
});

describe('masked tax numbers by kind', () => {
  it('shows only the last digits', () => {
    expect(maskTaxNumber('123456789', 'ssn')).toBe('***-**-6789');
    expect(maskTaxNumber('046454286', 'sin')).toBe('***-***-286');
    expect(maskTaxNumber('123456789', 'taxId')).toBe('**-***6789');
    expect(maskTaxNumber('123456789RT0001', 'businessNumber')).toBe('***********0001');
  });
});
