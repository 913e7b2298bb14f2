import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endOfPacificDay, isPacificDaylightTime, pacificDate } from '../pricing/calendar';
import { pacificDateTimeValue } from '../promos/pacific-time';
import { zoneDate as oldZoneDate, zoneTimeSeconds as oldZoneTimeSeconds } from '../promos/tool';
import { nightlySlot as oldNightlySlot } from '../reconciliation/reconciliation';
import { zoneDate, zonedParts, zoneOffsetMs, zoneTimeSeconds } from './time-zone';

// The one time-zone helper against the implementations it replaces, over 2000–2040, with instants
// drawn around every clock change as well as anywhere in the year.

const HOUR = 3600;
const pad = (n: number) => String(n).padStart(2, '0');
const utc = (y: number, mo: number, d: number, h = 0) => Date.UTC(y, mo - 1, d, h) / 1000;

/** nth Sunday of a month (the 2007 US rule) at a UTC hour, in epoch seconds. */
function nthSunday(year: number, month: number, n: number, utcHour: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return utc(year, month, 1 + ((7 - first) % 7) + (n - 1) * 7, utcHour);
}

/** Seconds in 2000–2040: anywhere, or within 3 hours of a clock change (2007 rule). */
const instant = (from: number, to: number) =>
  fc.oneof(
    fc.integer({ min: utc(from, 1, 1), max: utc(to, 12, 31, 23) }),
    fc
      .tuple(fc.integer({ min: from, max: to }), fc.boolean(), fc.integer({ min: -3 * HOUR, max: 3 * HOUR }))
      .map(([y, spring, delta]) => (spring ? nthSunday(y, 3, 2, 10) : nthSunday(y, 11, 1, 9)) + delta),
  );

/** The old demo clock (scripts/demo/time.ts): start of the Pacific day containing `at`. */
function oldDemoDayStart(at: Date, offset: (d: Date) => number): Date {
  const o = offset(at);
  const local = new Date(at.getTime() + o);
  const localMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(localMidnight - offset(new Date(localMidnight - o)));
}
const oldDemoOffset = (d: Date) => {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return asUtc - Math.floor(d.getTime() / 1000) * 1000;
};

describe('time-zone helper = the implementations it replaces', () => {
  it('the hand-written 2007 US rules (pricing/calendar), 2007–2040', () => {
    fc.assert(
      fc.property(instant(2007, 2040), (s) => {
        expect(zoneOffsetMs(s * 1000)).toBe((isPacificDaylightTime(s) ? -7 : -8) * HOUR * 1000);
        const p = zonedParts(s * 1000);
        expect({ year: p.year, month: p.month, day: p.day }).toEqual(pacificDate(s));
        const day = pacificDate(s);
        expect(zoneTimeSeconds(`${day.year}-${pad(day.month)}-${pad(day.day)}`, [23, 59, 59])).toBe(
          endOfPacificDay(day),
        );
      }),
      { numRuns: 20_000 },
    );
  }, 120_000);

  it('the Intl offsets of the promo tool, the promo pickers, the demo clock and the nightly run, 2000–2040', () => {
    fc.assert(
      fc.property(instant(2000, 2040), fc.integer({ min: 0, max: 999 }), (s, ms) => {
        const at = s * 1000 + ms;
        expect(zoneDate(new Date(at))).toBe(oldZoneDate(new Date(at)));
        const p = zonedParts(at);
        expect(
          `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`,
        ).toBe(pacificDateTimeValue(at / 1000));
        expect(zoneOffsetMs(at)).toBe(oldDemoOffset(new Date(at)));
        const start = oldDemoDayStart(new Date(at), oldDemoOffset).getTime();
        expect(oldDemoDayStart(new Date(at), (d) => zoneOffsetMs(d.getTime()))).toEqual(new Date(start));
        for (const hour of [0, 1, 2, 3, 23]) {
          const local = new Date(at + zoneOffsetMs(at));
          const slot = local.getUTCHours() === hour ? local.toISOString().slice(0, 10) : null;
          if (s >= utc(2007, 1, 1)) expect(slot).toBe(oldNightlySlot(at, hour));
        }
      }),
      { numRuns: 5_000 },
    );
  }, 120_000);

  it('reads every wall-clock time of 2000–2040 as the promo tool did, the skipped and doubled hours too', () => {
    fc.assert(
      fc.property(
        instant(2000, 2040),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 59 }),
        (s, h, m, sec) => {
          const date = oldZoneDate(new Date(s * 1000));
          expect(zoneTimeSeconds(date, [h, m, sec])).toBe(oldZoneTimeSeconds(date, [h, m, sec]));
        },
      ),
      { numRuns: 20_000 },
    );
  }, 120_000);

  it('before 2007 the hand-written rules were not the Pacific time of the day: tz data has the old US rules', () => {
    const diffs: number[] = [];
    fc.assert(
      fc.property(instant(2000, 2006), (s) => {
        if (zoneOffsetMs(s * 1000) !== (isPacificDaylightTime(s) ? -7 : -8) * HOUR * 1000) diffs.push(s);
      }),
      { numRuns: 20_000 },
    );
    // 2006: daylight time from the first Sunday of April (2 April) to the last Sunday of October (29th).
    expect(zoneOffsetMs(utc(2006, 3, 20) * 1000)).toBe(-8 * HOUR * 1000);
    expect(isPacificDaylightTime(utc(2006, 3, 20))).toBe(true);
    expect(zoneOffsetMs(utc(2006, 4, 2, 10) * 1000)).toBe(-7 * HOUR * 1000);
    expect(zoneOffsetMs(utc(2006, 10, 29, 9) * 1000)).toBe(-8 * HOUR * 1000);
    console.log(`2000–2006: ${diffs.length} of 20000 drawn instants differ`);
  });
});
