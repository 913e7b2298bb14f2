import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyOff } from './money';

// ADR 024: one formatter; Canadian dollars are never written as a bare "$".
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('marks Canadian dollars in every locale and US dollars wherever "$" alone reads Canadian', () => {
    expect(formatMoney(9800, 'CAD', 'en-US')).toBe('CA$98.00');
    expect(formatMoney(9800, 'CAD', 'en-CA')).toBe('CA$98.00');
    expect(plain(formatMoney(9800, 'CAD', 'fr-CA'))).toBe('98,00 $ CA');
    expect(plain(formatMoney(123_456, 'CAD', 'fr-CA'))).toBe('1 234,56 $ CA');
    expect(formatMoney(9800, 'USD', 'en-US')).toBe('$98.00');
    expect(formatMoney(9800, 'USD', 'en-CA')).toBe('US$98.00');
    expect(plain(formatMoney(9800, 'USD', 'fr-CA'))).toBe('98,00 $ US');
  });

  it('reads an unknown locale as the back office and writes amounts taken away with a minus sign', () => {
    expect(formatMoney(2475, 'CAD', 'xx-YY')).toBe('CA$24.75');
    expect(formatMoney(2475, 'CAD')).toBe('CA$24.75');
    expect(formatMoneyOff(558, 'CAD', 'en-CA')).toBe('−CA$5.58');
    expect(plain(formatMoneyOff(558, 'CAD', 'fr-CA'))).toBe('−5,58 $ CA');
  });

  it('never writes a CAD amount without its marker, and keeps every cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }),
        fc.constantFrom('en-US', 'en-CA', 'fr-CA'),
        (cents, locale) => {
          const text = plain(formatMoney(cents, 'CAD', locale));
          const marked = locale === 'fr-CA' ? text.endsWith(' $ CA') : text.includes('CA$');
          const digits = text.replace(/[^0-9]/g, '');
          return marked && Number(digits) === Math.abs(cents);
        },
      ),
    );
  });
});
