import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDay } from './format';

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
