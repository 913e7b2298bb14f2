import { zonedParts, zoneTimeSeconds } from '../platform/time-zone';

// Pacific-time calendar arithmetic for membership windows and anniversaries (DESIGN §5: expiry is
// the end of the day, Pacific time). The zone's rules are the tz data's (platform/time-zone).
// Pure: no clock.

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/** The Pacific calendar date of an instant. */
export function pacificDate(epochSeconds: number): CalendarDate {
  const { year, month, day } = zonedParts(epochSeconds * 1000);
  return { year, month, day };
}

/** Epoch seconds of 23:59:59 Pacific on the given date. */
export const endOfPacificDay = (date: CalendarDate): number => zoneTimeSeconds(date, [23, 59, 59]);

/** Calendar months later (negative: earlier), the day clamped to the month's length. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, lastDay) };
}
