import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isDayEdge,
  pacificDateTimeValue,
  pacificDateValue,
  pacificLabel,
  secondsFromPacificDate,
  secondsFromPacificDateTime,
} from './pacific-time';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('Pacific date-time pickers ↔ stored seconds', () => {
  it('a whole day picked on the day the clocks go forward runs 12:00a PST to 11:59p PDT', () => {
    // 2026-03-08: 2:00 PST becomes 3:00 PDT; the day is 23 hours long.
    expect(secondsFromPacificDate('2026-03-08', 'start')).toBe(utc('2026-03-08T08:00:00Z'));
    expect(secondsFromPacificDate('2026-03-08', 'end')).toBe(utc('2026-03-09T06:59:00Z'));
    expect(pacificDateValue(utc('2026-03-08T08:00:00Z'))).toBe('2026-03-08');
    expect(pacificDateValue(utc('2026-03-09T06:59:00Z'))).toBe('2026-03-08');
  });

  it('a whole day picked on the day the clocks go back runs 12:00a PDT to 11:59p PST', () => {
    // 2026-11-01: 2:00 PDT becomes 1:00 PST; the day is 25 hours long.
    expect(secondsFromPacificDate('2026-11-01', 'start')).toBe(utc('2026-11-01T07:00:00Z'));
    expect(secondsFromPacificDate('2026-11-01', 'end')).toBe(utc('2026-11-02T07:59:00Z'));
    expect(isDayEdge(utc('2026-11-01T07:00:00Z'), 'start')).toBe(true);
    expect(isDayEdge(utc('2026-11-02T07:59:00Z'), 'end')).toBe(true);
    expect(isDayEdge(utc('2026-11-01T08:00:00Z'), 'start')).toBe(false);
  });

  it('a time picked on the DST days stores the seconds of that Pacific time', () => {
    expect(secondsFromPacificDateTime('2026-03-08T01:59:00')).toBe(utc('2026-03-08T09:59:00Z'));
    expect(secondsFromPacificDateTime('2026-03-08T03:00')).toBe(utc('2026-03-08T10:00:00Z'));
    expect(secondsFromPacificDateTime('2026-11-01T00:30:00')).toBe(utc('2026-11-01T07:30:00Z'));
    expect(secondsFromPacificDateTime('2026-11-01T03:00:00')).toBe(utc('2026-11-01T11:00:00Z'));
    expect(pacificDateTimeValue(utc('2026-03-08T10:00:00Z'))).toBe('2026-03-08T03:00:00');
  });

  it('1:30 a.m. happens twice when the clocks go back: the stored one is kept when shown unchanged', () => {
    const pdt = utc('2026-11-01T08:30:00Z');
    const pst = utc('2026-11-01T09:30:00Z');
    expect(pacificDateTimeValue(pdt)).toBe('2026-11-01T01:30:00');
    expect(pacificDateTimeValue(pst)).toBe('2026-11-01T01:30:00');
    expect(secondsFromPacificDateTime('2026-11-01T01:30:00', pst)).toBe(pst);
    expect(secondsFromPacificDateTime('2026-11-01T01:30:00', pdt)).toBe(pdt);
    expect([pdt, pst]).toContain(secondsFromPacificDateTime('2026-11-01T01:30:00'));
    expect(pacificLabel(pdt)).toBe('Sun, Nov 1, 2026, 1:30 AM PDT');
    expect(pacificLabel(pst)).toBe('Sun, Nov 1, 2026, 1:30 AM PST');
  });

  it('any stored second round-trips through the picker exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: utc('2000-01-01T00:00:00Z'), max: utc('2099-12-31T00:00:00Z') }), (s) => {
        const shown = pacificDateTimeValue(s);
        expect(secondsFromPacificDateTime(shown, s)).toBe(s);
        // Without the stored value, the picked time still shows as what was picked.
        expect(pacificDateTimeValue(secondsFromPacificDateTime(shown)!)).toBe(shown);
      }),
      { numRuns: 2000 },
    );
  });

  it('any day picked as a whole day starts at 12:00a and ends at 11:59p Pacific on that day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-30'), noInvalidDate: true }),
        (d) => {
          const day = d.toISOString().slice(0, 10);
          const start = secondsFromPacificDate(day, 'start')!;
          const end = secondsFromPacificDate(day, 'end')!;
          expect(pacificDateTimeValue(start)).toBe(`${day}T00:00:00`);
          expect(pacificDateTimeValue(end)).toBe(`${day}T23:59:00`);
          expect(end - start).toBeGreaterThanOrEqual(22 * 3600 + 59 * 60);
          expect(end - start).toBeLessThanOrEqual(24 * 3600 + 59 * 60);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses what is not a date or a time, rather than guessing', () => {
    for (const bad of [
      '',
      '2026-02-30T10:00',
      '2026-13-01T00:00',
      '2026-01-01T24:00',
      'tomorrow',
      '1767225600',
    ])
      expect(secondsFromPacificDateTime(bad)).toBeNull();
    expect(secondsFromPacificDate('2026-02-29', 'start')).toBeNull();
    expect(secondsFromPacificDate('2028-02-29', 'start')).toBe(utc('2028-02-29T08:00:00Z'));
  });
});
