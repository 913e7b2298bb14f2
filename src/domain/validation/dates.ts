import { MINIMUM_AGE } from '../reference/constants';

// Calendar dates as forms type them (MM/DD/YYYY, spec 3 §5 input formatting) or as the API
// carries them (YYYY-MM-DD). Pure: "today" is always passed in, so rules are testable.

/**
 * The years a date typed into this product may fall in. Birth dates, expirations, search
 * ranges and periods all sit well inside them; anything outside is a typing slip (0001, 10000).
 */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2199;

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date as 'YYYY-MM-DD', or null when the text is not a real date (31/02, 13/01 …)
 * or its year is outside EARLIEST_YEAR–LATEST_YEAR. Never rolls over: 2028-02-30 is refused,
 * not read as 1 March.
 */
export function parseDate(text: string): string | null {
  const value = text.trim();
  let y: number;
  let m: number;
  let d: number;
  const us = US_DATE.exec(value);
  const iso = ISO_DATE.exec(value);
  if (us) [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  if (y < EARLIEST_YEAR || y > LATEST_YEAR || m < 1 || m > 12 || d < 1) return null;
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The UTC calendar day of a date ('YYYY-MM-DD' or MM/DD/YYYY) or of an ISO instant
 * ('2026-03-01T08:00:00Z'), or null when either is not a real date in range.
 */
export function parseDay(text: string): string | null {
  const value = text.trim();
  const instant = ISO_INSTANT.exec(value);
  if (!instant) return parseDate(value);
  if (parseDate(instant[1]!) === null) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : parseDate(at.toISOString().slice(0, 10));
}

/** Today's calendar date (UTC) as 'YYYY-MM-DD'. */
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** The latest birth date of someone who is `years` old on `today` (29 Feb births turn on 1 Mar). */
export function adultCutoff(today: string, years: number = MINIMUM_AGE): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const cutoff = new Date(Date.UTC(y - years, m - 1, d));
  // 29 Feb minus N years lands on 1 Mar in a common year; the person is not of age until then,
  // so the latest qualifying birth date is 28 Feb.
  if (cutoff.getUTCMonth() !== m - 1) cutoff.setUTCDate(0);
  return cutoff.toISOString().slice(0, 10);
}

/** Whether someone born on `birthDate` has reached `years` on `today` (dates 'YYYY-MM-DD'). */
export const isAdult = (birthDate: string, today: string, years: number = MINIMUM_AGE) =>
  birthDate <= adultCutoff(today, years);
