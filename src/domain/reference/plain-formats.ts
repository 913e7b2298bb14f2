// The en-US numbers and dates every screen shows, written without Intl (ADR 042). Making the first
// Intl formatter of a page loads its locale data: 100–190 ms of a phone's main thread in one
// uninterrupted task, on every screen's first render. Each function writes exactly what the Intl
// formatter named beside it writes (the property tests in plain-formats.test.ts compare them over
// their whole range) and hands anything outside that range to Intl itself.

/** en-US short month names, as Intl writes them ("Mar 4"). */
export const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Digits with `separator` between each group of three from the right: ("1234567", ",") → "1,234,567". */
export function groupThousands(digits: string, separator: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    out = out ? `${part}${separator}${out}` : part;
  }
  return out;
}

let wholeIntl: Intl.NumberFormat | undefined;

/** A count as `new Intl.NumberFormat('en-US').format(n)` writes it: "1,234", "-0", "1,234.5". */
export function formatWholeNumber(n: number): string {
  if (!Number.isSafeInteger(n)) {
    wholeIntl ??= new Intl.NumberFormat('en-US');
    return wholeIntl.format(n);
  }
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${groupThousands(String(Math.abs(n)), ',')}`;
}

/** Years Intl writes with four digits and no era; other dates go through Intl. */
const plainYear = (year: number) => year >= 1000 && year <= 9999;

interface Parts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

const localParts = (d: Date): Parts => ({
  year: d.getFullYear(),
  month: d.getMonth(),
  day: d.getDate(),
  hours: d.getHours(),
  minutes: d.getMinutes(),
});

const utcParts = (d: Date): Parts => ({
  year: d.getUTCFullYear(),
  month: d.getUTCMonth(),
  day: d.getUTCDate(),
  hours: d.getUTCHours(),
  minutes: d.getUTCMinutes(),
});

const mediumDate = (p: Parts) => `${SHORT_MONTHS[p.month]} ${p.day}, ${p.year}`;
const shortTime = (p: Parts) =>
  `${p.hours % 12 || 12}:${String(p.minutes).padStart(2, '0')} ${p.hours < 12 ? 'AM' : 'PM'}`;

const intlCache = new Map<string, Intl.DateTimeFormat>();
function intl(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = intlCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', options);
    intlCache.set(key, f);
  }
  return f;
}

/** Whether the date is read in the browser's time zone (the default) or in UTC. */
interface Zone {
  utc?: boolean;
}

/** The date's parts written by `write`, or by Intl with `options` for a year outside 1000–9999. */
function written(
  date: Date,
  { utc = false }: Zone,
  options: Intl.DateTimeFormatOptions,
  write: (p: Parts) => string,
): string {
  const p = utc ? utcParts(date) : localParts(date);
  return plainYear(p.year) ? write(p) : intl(utc ? { ...options, timeZone: 'UTC' } : options).format(date);
}

/** "Mar 4, 2026": `dateStyle: 'medium'`. */
export const formatMediumDate = (date: Date, zone: Zone = {}): string =>
  written(date, zone, { dateStyle: 'medium' }, mediumDate);

/** "Mar 4, 2026, 3:05 PM": `dateStyle: 'medium', timeStyle: 'short'`. */
export const formatMediumDateTime = (date: Date, zone: Zone = {}): string =>
  written(
    date,
    zone,
    { dateStyle: 'medium', timeStyle: 'short' },
    (p) => `${mediumDate(p)}, ${shortTime(p)}`,
  );

/** "3:05 PM": `timeStyle: 'short'`. */
export const formatShortTime = (date: Date, zone: Zone = {}): string =>
  written(date, zone, { timeStyle: 'short' }, shortTime);

/** "March 2026": `month: 'long', year: 'numeric'` in UTC (a period that starts on the 1st). */
export const formatMonthYearUtc = (date: Date): string =>
  written(
    date,
    { utc: true },
    { month: 'long', year: 'numeric' },
    (p) => `${LONG_MONTHS[p.month]} ${p.year}`,
  );
