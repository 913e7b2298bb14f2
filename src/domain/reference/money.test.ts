import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyOff } from './money';

/** ADR 024: CAD always marked; USD bare only in en-US. */
const MARKS: Record<string, string> = {
  'CAD en-US': 'CA$',
  'CAD en-CA': 'CA$',
  'CAD fr-CA': '$ CA',
  'USD en-US': '$',
  'USD en-CA': 'US$',
  'USD fr-CA': '$ US',
};

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

  it('formats cents per currency, Canadian dollars always marked, in the back office locale by default', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(4599, 'CAD')).toBe('CA$45.99');
    expect(formatMoney(4599, 'CAD', 'en-CA')).toBe('CA$45.99');
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

  it("writes the amount alone with symbol: 'none' (the pricing engine's messages)", () => {
    expect(formatMoney(1250, 'USD', 'en-US', { symbol: 'none' })).toBe('12.50');
    expect(formatMoney(-7, 'CAD', 'fr-CA', { symbol: 'none' })).toBe('-0.07');
    expect(formatMoney(123_456_789, 'CAD', 'en-CA', { symbol: 'none' })).toBe('1234567.89');
    expect(formatMoney(0, 'USD', 'en-US', { symbol: 'none' })).toBe('0.00');
  });

  it('writes what Intl writes for the currency, with the currency marked only where ADR 024 says', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }),
        fc.constantFrom('USD', 'CAD'),
        fc.constantFrom('en-US', 'en-CA', 'fr-CA'),
        (cents, currency, locale) => {
          const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
          const intl = format.format(cents / 100);
          // Intl's text with only its currency symbol replaced by ADR 024's mark.
          const mark = MARKS[`${currency} ${locale}`];
          const marked = format
            .formatToParts(cents / 100)
            .map((p) => (p.type === 'currency' ? mark : p.value))
            .join('');
          expect(formatMoney(cents, currency, locale)).toBe(marked);
          if (currency === 'USD' && locale === 'en-US')
            expect(formatMoney(cents, currency, locale)).toBe(intl);
          expect(formatMoney(cents, currency, locale, { symbol: 'none' })).toBe((cents / 100).toFixed(2));
        },
      ),
    );
  });
});

describe('formatMoney by hand (ADR 042)', () => {
  /** What formatMoney wrote with Intl for every amount: Intl's parts, its currency replaced by the mark. */
  const intl = (cents: number, currency: string, locale: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency })
      .formatToParts(cents / 100)
      .map((p) => (p.type === 'currency' ? (MARKS[`${currency} ${locale}`] ?? p.value) : p.value))
      .join('');
  const currencies = fc.constantFrom('USD', 'CAD');
  const locales = fc.constantFrom('en-US', 'en-CA', 'fr-CA');

  it('writes every whole amount of cents exactly as Intl does, in every locale and both currencies', () => {
    const amounts = fc.oneof(
      fc.integer({ min: -100_000, max: 100_000 }),
      fc.integer({ min: -126_000_000, max: 126_000_000 }),
      fc.integer({ min: -1e15, max: 1e15 }),
      fc.constantFrom(0, -0, 1, -1, 99, 100, 101, 99_999, 100_000, 999_999_999, 1e15, -1e15),
    );
    fc.assert(
      fc.property(amounts, currencies, locales, (cents, currency, locale) => {
        expect(formatMoney(cents, currency, locale)).toBe(intl(cents, currency, locale));
      }),
      { numRuns: 3000 },
    );
  });

  it('hands fractions of a cent, huge amounts and other currencies to Intl', () => {
    for (const cents of [0.5, -12.345, 1e15 + 2, 2 ** 60, -(2 ** 60)])
      expect(formatMoney(cents, 'USD', 'en-US')).toBe(intl(cents, 'USD', 'en-US'));
    expect(formatMoney(1234, 'EUR', 'fr-CA')).toBe(intl(1234, 'EUR', 'fr-CA'));
    expect(formatMoney(Number.NaN, 'CAD', 'en-CA')).toBe(intl(Number.NaN, 'CAD', 'en-CA'));
  });
});
