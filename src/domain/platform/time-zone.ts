import { PACIFIC_TIME_ZONE } from '../reference/constants';

// Wall-clock time in a time zone, for the browser and the server alike: the zone's rules come from
// Intl (the tz database the runtime carries), none are written here. Pacific time is the default:
// it is the business's time wherever the spec names one (spec 2 §9 business day, spec 3 §4 promo
// durations, DESIGN §5 membership expiry at the end of the day).
//
// Intl is the whole dependency: date-fns-tz reads its zones through the same Intl API, and costs
// ~2.5 kB gzip more in a screen's bundle for what these few functions do.

export interface ZonedParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** One formatter per zone: building one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The offset as Intl reads it at one instant (whole seconds; the instant's milliseconds dropped). */
function intlOffsetMs(instantMs: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(instantMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * A zone's offsets of one UTC year: where each offset starts, in order. Found once per zone and
 * year with a few dozen Intl reads (month by month, then a binary search to the second where the
 * offset changes), then read without Intl: the pricing engine reads the Pacific date of `now` and
 * of each customer's membership dates on every price, dates spread over many years.
 */
const yearOffsets = new Map<string, { starts: number[]; offsets: number[] }>();

function offsetsOfYear(year: number, timeZone: string): { starts: number[]; offsets: number[] } {
  const key = `${timeZone} ${year}`;
  let found = yearOffsets.get(key);
  if (found) return found;
  const starts = [Date.UTC(year, 0, 1)];
  const offsets = [intlOffsetMs(starts[0]!, timeZone)];
  for (let month = 1; month <= 12; month++) {
    const monthStart = Date.UTC(year, month, 1);
    const offset = intlOffsetMs(monthStart, timeZone);
    if (offset === offsets[offsets.length - 1]) continue;
    // The change lies within the month before: the first second with the new offset.
    let lo = Date.UTC(year, month - 1, 1) / 1000;
    let hi = monthStart / 1000;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (intlOffsetMs(mid * 1000, timeZone) === offset) hi = mid;
      else lo = mid;
    }
    starts.push(hi * 1000);
    offsets.push(offset);
  }
  found = { starts, offsets };
  yearOffsets.set(key, found);
  return found;
}

/** Offset of the zone from UTC at an instant, in ms (Pacific: −7 h in daylight time, −8 h in standard time). */
export function zoneOffsetMs(instantMs: number, timeZone: string = PACIFIC_TIME_ZONE): number {
  const { starts, offsets } = offsetsOfYear(new Date(instantMs).getUTCFullYear(), timeZone);
  let i = starts.length - 1;
  while (i > 0 && instantMs < starts[i]!) i--;
  return offsets[i]!;
}

/** Wall-clock parts of an instant in the zone. */
export function zonedParts(instantMs: number, timeZone: string = PACIFIC_TIME_ZONE): ZonedParts {
  const local = new Date(instantMs + zoneOffsetMs(instantMs, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Calendar date (YYYY-MM-DD) of an instant in the zone. */
export function zoneDate(instant: Date, timeZone: string = PACIFIC_TIME_ZONE): string {
  const p = zonedParts(instant.getTime(), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/**
 * Epoch seconds of a wall-clock time (a date, YYYY-MM-DD or its parts, and h:m:s) in the zone. On the days the clocks
 * change, a time they skip (2:30 when they go forward) and a time that happens twice (1:30 when they
 * go back) both read as daylight time.
 */
export function zoneTimeSeconds(
  date: string | Pick<ZonedParts, 'year' | 'month' | 'day'>,
  time: readonly [number, number, number],
  timeZone: string = PACIFIC_TIME_ZONE,
): number {
  const [y, m, d] =
    typeof date === 'string'
      ? (date.split('-').map(Number) as [number, number, number])
      : [date.year, date.month, date.day];
  const guess = Date.UTC(y, m - 1, d, time[0], time[1], time[2]);
  const first = guess - zoneOffsetMs(guess, timeZone);
  // Second pass settles the offset on days the clocks change.
  return Math.floor((guess - zoneOffsetMs(first, timeZone)) / 1000);
}
