// Formatting at the edge: counts, dates and relative times, in en-US. They are written by hand,
// exactly as Intl writes them (src/domain/reference/plain-formats.ts, ADR 042): a page's first Intl
// formatter costs a phone 100–190 ms of its main thread. Money has one formatter, shared with the
// server: formatMoney in src/domain/reference/money.ts (ADR 024).
import {
  formatMediumDate,
  formatMediumDateTime,
  formatWholeNumber,
  SHORT_MONTHS,
} from '@domain/reference/plain-formats';

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

/** "1,234", as `Intl.NumberFormat('en-US')` writes it. */
export const formatCount = formatWholeNumber;

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatMediumDateTime(date);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatMediumDate(date);
}

/**
 * A calendar day (YYYY-MM-DD) as "Mar 4", read as a plain date so no time zone shifts it. Written
 * without Intl: a formatter with a time zone loads the zone data first, 70 ms of a phone's main
 * thread on the dashboard's first paint (ADR 039), for twelve fixed names.
 */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d || m > 12 || d > 31) return day;
  return `${SHORT_MONTHS[m - 1]} ${d}`;
}

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';
const UNITS: [Unit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** The words `Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })` uses for -1, 0 and 1. */
const NEAR: Record<Unit, [string | null, string, string | null]> = {
  year: ['last year', 'this year', 'next year'],
  month: ['last month', 'this month', 'next month'],
  week: ['last week', 'this week', 'next week'],
  day: ['yesterday', 'today', 'tomorrow'],
  hour: [null, 'this hour', null],
  minute: [null, 'this minute', null],
};

/** `value` whole units from now, as `Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })` writes it. */
export function relativeTime(value: number, unit: Unit): string {
  const near =
    value === 0 ? NEAR[unit][1] : value === -1 ? NEAR[unit][0] : value === 1 ? NEAR[unit][2] : null;
  if (near) return near;
  const size = Math.abs(value);
  const amount = `${formatWholeNumber(size)} ${unit}${size === 1 ? '' : 's'}`;
  return value < 0 ? `${amount} ago` : `in ${amount}`;
}

export function formatRelativeTime(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (Number.isNaN(seconds)) return iso;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeTime(Math.round(seconds / size), unit);
  }
  return 'just now';
}
