import { describe, expect, it } from 'vitest';
import { zoneDate, zonedParts, zoneOffsetMs, zoneTimeSeconds } from './time-zone';

const at = (iso: string) => Date.parse(iso);
const HOUR_MS = 3_600_000;

describe('Pacific time at known instants', () => {
  it('changes to daylight time at 2:00 local (10:00 UTC) on the second Sunday of March', () => {
    expect(zoneOffsetMs(at('2026-03-08T09:59:00Z'))).toBe(-8 * HOUR_MS);
    expect(zoneOffsetMs(at('2026-03-08T09:59:59.999Z'))).toBe(-8 * HOUR_MS);
    expect(zoneOffsetMs(at('2026-03-08T10:00:00Z'))).toBe(-7 * HOUR_MS);
    expect(zonedParts(at('2026-03-08T09:59:00Z'))).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 1,
      minute: 59,
      second: 0,
    });
    expect(zonedParts(at('2026-03-08T10:00:00Z'))).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 3,
      minute: 0,
      second: 0,
    });
    expect(zoneOffsetMs(at('2025-03-09T09:59:00Z'))).toBe(-8 * HOUR_MS);
    expect(zoneOffsetMs(at('2025-03-09T10:00:00Z'))).toBe(-7 * HOUR_MS);
  });

  it('changes back to standard time at 2:00 local (09:00 UTC) on the first Sunday of November', () => {
    expect(zoneOffsetMs(at('2026-11-01T08:59:00Z'))).toBe(-7 * HOUR_MS);
    expect(zoneOffsetMs(at('2026-11-01T09:00:00Z'))).toBe(-8 * HOUR_MS);
    expect(zonedParts(at('2026-11-01T08:59:00Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 1,
      hour: 1,
      minute: 59,
      second: 0,
    });
    expect(zonedParts(at('2026-11-01T09:00:00Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 1,
      hour: 1,
      minute: 0,
      second: 0,
    });
    expect(zoneOffsetMs(at('2025-11-02T08:59:00Z'))).toBe(-7 * HOUR_MS);
    expect(zoneOffsetMs(at('2025-11-02T09:00:00Z'))).toBe(-8 * HOUR_MS);
  });

  it('follows the tz data before 2007 too: daylight time from the first Sunday of April to the last of October', () => {
    expect(zoneOffsetMs(at('2006-03-20T12:00:00Z'))).toBe(-8 * HOUR_MS);
    expect(zoneOffsetMs(at('2006-04-02T09:59:00Z'))).toBe(-8 * HOUR_MS);
    expect(zoneOffsetMs(at('2006-04-02T10:00:00Z'))).toBe(-7 * HOUR_MS);
    expect(zoneOffsetMs(at('2006-10-29T08:59:00Z'))).toBe(-7 * HOUR_MS);
    expect(zoneOffsetMs(at('2006-10-29T09:00:00Z'))).toBe(-8 * HOUR_MS);
  });

  it('reads the calendar date of an instant', () => {
    expect(zoneDate(new Date('2026-03-10T05:00:00Z'))).toBe('2026-03-09');
    expect(zoneDate(new Date('2025-01-01T07:59:00Z'))).toBe('2024-12-31');
    expect(zoneDate(new Date('2025-01-01T08:00:00Z'))).toBe('2025-01-01');
    expect(zoneDate(new Date('2026-01-15T20:00:00Z'), 'UTC')).toBe('2026-01-15');
  });

  it('reads a wall-clock time across a clock change, the skipped and doubled hours as daylight time', () => {
    const seconds = (iso: string) => at(iso) / 1000;
    expect(zoneTimeSeconds('2026-11-01', [12, 0, 0])).toBe(seconds('2026-11-01T20:00:00Z'));
    expect(zoneTimeSeconds('2026-03-08', [0, 0, 0])).toBe(seconds('2026-03-08T08:00:00Z'));
    expect(zoneTimeSeconds('2026-03-08', [23, 59, 59])).toBe(seconds('2026-03-09T06:59:59Z'));
    expect(zoneTimeSeconds('2026-03-08', [1, 59, 0])).toBe(seconds('2026-03-08T09:59:00Z'));
    expect(zoneTimeSeconds('2026-03-08', [2, 30, 0])).toBe(seconds('2026-03-08T09:30:00Z'));
    expect(zoneTimeSeconds('2026-03-08', [3, 0, 0])).toBe(seconds('2026-03-08T10:00:00Z'));
    expect(zoneTimeSeconds('2026-11-01', [1, 30, 0])).toBe(seconds('2026-11-01T08:30:00Z'));
    expect(zoneTimeSeconds('2026-11-01', [2, 0, 0])).toBe(seconds('2026-11-01T10:00:00Z'));
    expect(zoneTimeSeconds('2026-07-04', [9, 0, 0], 'America/New_York')).toBe(
      seconds('2026-07-04T13:00:00Z'),
    );
  });
});
