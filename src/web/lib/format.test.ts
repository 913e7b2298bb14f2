import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatRelativeTime,
  relativeTime,
} from './format';

describe('format', () => {
  it('shows a calendar day without shifting it across time zones', () => {
    expect(formatDay('2026-03-04')).toBe('Mar 4');
  });

  it('writes any calendar day as Intl writes it in en-US ("Mar 4"), and leaves what is no day as it is', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (date) => {
          const day = date.toISOString().slice(0, 10);
          expect(formatDay(day)).toBe(intl.format(date));
        },
      ),
      { numRuns: 500 },
    );
    for (const text of ['', 'soon', '2026-13-01', '2026-00-10', '2026-03'])
      expect(formatDay(text)).toBe(text);
  });
});

describe('formats written by hand (ADR 042)', () => {
  it('writes relative times as Intl.RelativeTimeFormat("en-US", { numeric: "auto" }) does', () => {
    const intl = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
    const units = fc.constantFrom('year', 'month', 'week', 'day', 'hour', 'minute' as const);
    const values = fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.integer({ min: -100_000, max: 100_000 }),
      fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
    );
    fc.assert(
      fc.property(values, units, (value, unit) => {
        expect(relativeTime(value, unit)).toBe(intl.format(value, unit));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes dates, times and counts as Intl does in en-US', () => {
    const at = '2026-03-04T15:05:00';
    expect(formatDateTime(at)).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
    );
    expect(formatDate(at)).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(at)),
    );
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatRelativeTime('2026-03-04T12:00:00Z', Date.parse('2026-03-05T12:00:00Z'))).toBe('yesterday');
    expect(formatRelativeTime('2026-03-05T11:59:30Z', Date.parse('2026-03-05T12:00:00Z'))).toBe('just now');
  });
});
