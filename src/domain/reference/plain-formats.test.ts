import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMediumDate,
  formatMediumDateTime,
  formatMonthYearUtc,
  formatShortTime,
  formatWholeNumber,
  groupThousands,
} from './plain-formats';

// Each hand-written format against the Intl formatter it stands for (ADR 042).
const numbers = new Intl.NumberFormat('en-US');
const dates = fc.date({
  min: new Date('0001-01-01T00:00:00Z'),
  max: new Date('9999-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('plain formats', () => {
  it('groups digits by threes from the right', () => {
    expect(groupThousands('1234567', ',')).toBe('1,234,567');
    expect(groupThousands('123', ',')).toBe('123');
    expect(groupThousands('1000', '\u00a0')).toBe('1\u00a0000');
    expect(groupThousands('', ',')).toBe('');
  });

  it('writes every number as Intl.NumberFormat("en-US") does', () => {
    const values = fc.oneof(
      fc.integer({ min: -10_000, max: 10_000 }),
      fc.maxSafeInteger(),
      fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
      fc.double(),
      fc.constantFrom(0, -0, 999, 1000, 2 ** 31, -(2 ** 31), 1e15, 2 ** 53, 1e21, Number.NaN, Infinity),
    );
    fc.assert(
      fc.property(values, (n) => {
        expect(formatWholeNumber(n)).toBe(numbers.format(n));
      }),
      { numRuns: 3000 },
    );
  });

  it('writes dates and times as Intl does in UTC, over years 1 to 9999', () => {
    const utc = { timeZone: 'UTC' } as const;
    const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', ...utc });
    const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', ...utc });
    const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', ...utc });
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', ...utc });
    fc.assert(
      fc.property(dates, (date) => {
        expect(formatMediumDateTime(date, { utc: true })).toBe(dateTime.format(date));
        expect(formatMediumDate(date, { utc: true })).toBe(dateOnly.format(date));
        expect(formatShortTime(date, { utc: true })).toBe(time.format(date));
        expect(formatMonthYearUtc(date)).toBe(month.format(date));
      }),
      { numRuns: 3000 },
    );
  });
});
