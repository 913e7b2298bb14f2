import { zoneOffsetMs } from '@domain/platform/time-zone';

// Every date of the demo is placed relative to one anchor (`now`), so the dashboard always has a
// "today" — the Pacific business day (spec 2 §9: Pacific time for the business day).

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Offset of Pacific time from UTC at an instant, in ms (negative: -7 h or -8 h). */
const pacificOffset = (at: Date): number => zoneOffsetMs(at.getTime());

/** Start of the Pacific business day that contains `at`. */
export function pacificDayStart(at: Date): Date {
  const offset = pacificOffset(at);
  const local = new Date(at.getTime() + offset);
  const localMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // The offset at midnight can differ from the one now on a daylight-saving day.
  const guess = localMidnight - offset;
  return new Date(localMidnight - pacificOffset(new Date(guess)));
}

/** YYYY-MM-DD of a date in UTC (for `date` columns). */
export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** First instant of the UTC month `monthsBack` months before the month of `at`. */
export function monthStart(at: Date, monthsBack: number): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - monthsBack, 1));
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY);
}

export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** Anchors every relative date of one run. */
export interface Clock {
  now: Date;
  /** Start of today's Pacific business day. */
  today: Date;
}

export function makeClock(now: Date): Clock {
  return { now, today: pacificDayStart(now) };
}

/** Seconds since the epoch (promo timestamps use `{ _seconds }`). */
export const seconds = (at: Date): number => Math.floor(at.getTime() / 1000);
