import { USER_TYPE } from '@domain/reference';
import { hashUnit, type Rng, STREAM } from './rng';
import { type Clock, DAY } from './time';

// Facts about an account that other accounts need (a client's consultant, a popup's host):
// each is a pure function of (seed, account index), so it can be recomputed on demand instead of
// being kept in memory.

export const COMPANY_PHOENIX_ID = 1;
/** Account numbers of generated accounts start here; 1 is the company. */
export const FIRST_PHOENIX_ID = 100_001;
/** How far back the oldest account enrolled. */
const HISTORY_DAYS = 8 * 365;

export const phoenixIdOf = (idx: number): number => FIRST_PHOENIX_ID + idx;

/** Believable proportions of a direct-selling customer base. */
const TYPE_SHARES: readonly (readonly [number, number])[] = [
  [USER_TYPE.consultant, 0.3],
  [USER_TYPE.member, 0.15],
  [USER_TYPE.client, 0.4],
  [USER_TYPE.employee, 0.02],
  [USER_TYPE.prospect, 0.08],
  [USER_TYPE.guest, 0.05],
];

export function userTypeOf(seed: number, idx: number): number {
  let u = hashUnit(seed, 77, idx);
  for (const [type, share] of TYPE_SHARES) {
    u -= share;
    if (u < 0) return type;
  }
  return USER_TYPE.client;
}

/**
 * Enrollment instants grow with the account index (a sponsor always joined before the people
 * below them) and crowd toward the present, like a company that is growing.
 */
export function enrolledAtOf(seed: number, idx: number, total: number, clock: Clock): Date {
  const x = (idx + hashUnit(seed, 78, idx)) / total;
  const ageDays = HISTORY_DAYS * (1 - x) ** 1.6;
  return new Date(clock.now.getTime() - Math.round(ageDays * DAY));
}

export function countryOf(seed: number, idx: number): 1 | 2 {
  return hashUnit(seed, 79, idx) < 0.2 ? 2 : 1;
}

export interface Person {
  firstName: string;
  lastName: string;
  genderId: number;
}

/** The first draws of an account's stream: anyone who needs the name redraws them the same way. */
export function drawPerson(rng: Rng): Person {
  const genderId = rng.weighted([
    [1, 86],
    [2, 12],
    [3, 2],
  ]);
  const sex = genderId === 2 ? 'male' : genderId === 1 ? 'female' : undefined;
  return { firstName: rng.faker.person.firstName(sex), lastName: rng.faker.person.lastName(), genderId };
}

/** Looks up other accounts' identity without disturbing the stream of the account being built. */
export class Directory {
  constructor(
    private readonly lookup: Rng,
    private readonly total: number,
    private readonly clock: Clock,
  ) {}

  uidOf(idx: number): string {
    return this.lookup.reseed(STREAM.accountUid, idx).alphanumeric(28);
  }

  personOf(idx: number): Person {
    return drawPerson(this.lookup.reseed(STREAM.account, idx));
  }

  enrolledAt(idx: number): Date {
    return enrolledAtOf(this.lookup.baseSeed, idx, this.total, this.clock);
  }
}
