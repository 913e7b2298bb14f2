// Formatting at the edge: counts, dates and relative times with Intl. Money has one formatter,
// shared with the server: formatMoney in src/domain/reference/money.ts (ADR 024).

/**
 * An Intl formatter made on first use and kept: making one costs far more than using it (the
 * first loads its locale data), and a screen's module should not pay for those it never shows.
 */
export function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const count = once(() => new Intl.NumberFormat('en-US'));
const dateTime = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
const dateOnly = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
/** en-US short month names, as Intl writes them ("Mar 4"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const relative = once(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

export function formatCount(value: number): string {
  return count().format(value);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime().format(date);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly().format(date);
}

/**
 * A calendar day (YYYY-MM-DD) as "Mar 4", read as a plain date so no time zone shifts it. Written
 * without Intl: a formatter with a time zone loads the zone data first, 70 ms of a phone's main
 * thread on the dashboard's first paint (ADR 039), for twelve fixed names.
 */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d || m > 12 || d > 31) return day;
  return `${MONTHS[m - 1]} ${d}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

export function formatRelativeTime(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (Number.isNaN(seconds)) return iso;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative().format(Math.round(seconds / size), unit);
  }
  return 'just now';
}
