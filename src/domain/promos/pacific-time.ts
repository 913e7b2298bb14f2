import { zoneDate, zonedParts, zoneTimeSeconds } from '../platform/time-zone';
import { PACIFIC_TIME_ZONE } from '../reference/constants';

// The promo tool's Start, End and "Publish at" are stored as epoch seconds and picked as a Pacific
// wall-clock time (America/Los_Angeles, spec 3 §4). The pickers are the browser's date-time and date
// inputs: `YYYY-MM-DDTHH:mm:ss` and `YYYY-MM-DD`, read and written here so that a value shown and
// saved unchanged is the same second, on the days the clocks change too.

/** Whole days of a business promo: 12:00a to 11:59p Pacific (spec 3 §4). */
export const DAY_START: [number, number, number] = [0, 0, 0];
export const DAY_END: [number, number, number] = [23, 59, 0];

const pad = (n: number) => String(n).padStart(2, '0');

/** Wall-clock parts of an instant in Pacific time. */
function pacificParts(seconds: number) {
  const p = zonedParts(seconds * 1000);
  return {
    date: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    time: [p.hour, p.minute, p.second] as [number, number, number],
  };
}

/** The date-time input's value (`YYYY-MM-DDTHH:mm:ss`, Pacific) of stored seconds. */
export function pacificDateTimeValue(seconds: number): string {
  const { date, time } = pacificParts(seconds);
  return `${date}T${time.map(pad).join(':')}`;
}

/** The date input's value (`YYYY-MM-DD`, Pacific) of stored seconds. */
export const pacificDateValue = (seconds: number): string => zoneDate(new Date(seconds * 1000));

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

function validDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

/**
 * Seconds of a date-time input's value read as Pacific time; null when it is not a date and time.
 * In the hour that happens twice when the clocks go back, `previous` (the seconds stored before) is
 * kept when it shows as the same value, so a value saved unchanged stays the same second.
 */
export function secondsFromPacificDateTime(value: string, previous?: number | null): number | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m || !validDate(m[1]!)) return null;
  const time: [number, number, number] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (time[0] > 23 || time[1] > 59 || time[2] > 59) return null;
  if (previous != null && pacificDateTimeValue(previous) === `${m[1]}T${time.map(pad).join(':')}`)
    return previous;
  return zoneTimeSeconds(m[1]!, time);
}

/** Seconds of a date input's value at 12:00a (start) or 11:59p (end) Pacific; null when not a date. */
export function secondsFromPacificDate(value: string, edge: 'start' | 'end'): number | null {
  const v = value.trim();
  if (!validDate(v)) return null;
  return zoneTimeSeconds(v, edge === 'start' ? DAY_START : DAY_END);
}

/** Whether stored seconds fall on a business promo's day edge (12:00a for a start, 11:59p for an end). */
export function isDayEdge(seconds: number, edge: 'start' | 'end'): boolean {
  const { time } = pacificParts(seconds);
  const want = edge === 'start' ? DAY_START : DAY_END;
  return time.every((t, i) => t === want[i]);
}

/** Stored seconds in words, Pacific: "Sun, Mar 8, 2026, 3:00:00 AM PDT". */
export function pacificLabel(seconds: number): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: PACIFIC_TIME_ZONE,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds % 60 !== 0 ? { second: '2-digit' } : {}),
    timeZoneName: 'short',
  }).format(new Date(seconds * 1000));
}
