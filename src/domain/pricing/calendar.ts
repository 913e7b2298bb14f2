// Pacific-time calendar arithmetic for membership windows and anniversaries (DESIGN §5: expiry is
// the end of the day, Pacific time). US daylight time since 2007: from the second Sunday of March,
// 2:00 local (10:00 UTC), to the first Sunday of November, 2:00 local (09:00 UTC). Pure: no clock.

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const HOUR = 3600;

/** Epoch seconds of the nth Sunday of a month at the given UTC hour. */
function nthSunday(year: number, month: number, n: number, utcHour: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const day = 1 + ((7 - first) % 7) + (n - 1) * 7;
  return Date.UTC(year, month - 1, day, utcHour) / 1000;
}

export function isPacificDaylightTime(epochSeconds: number): boolean {
  const year = new Date(epochSeconds * 1000).getUTCFullYear();
  return epochSeconds >= nthSunday(year, 3, 2, 10) && epochSeconds < nthSunday(year, 11, 1, 9);
}

export function pacificDate(epochSeconds: number): CalendarDate {
  const offset = isPacificDaylightTime(epochSeconds) ? -7 * HOUR : -8 * HOUR;
  const local = new Date((epochSeconds + offset) * 1000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/** Epoch seconds of 23:59:59 Pacific on the given date. */
export function endOfPacificDay(date: CalendarDate): number {
  const asStandard = Date.UTC(date.year, date.month - 1, date.day, 23, 59, 59) / 1000 + 8 * HOUR;
  return isPacificDaylightTime(asStandard) ? asStandard - HOUR : asStandard;
}

/** Calendar months later (negative: earlier), the day clamped to the month's length. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, lastDay) };
}
