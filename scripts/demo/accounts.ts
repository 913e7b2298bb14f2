import { USER_TYPE } from '@domain/reference';
import type { accounts, OrderAddress } from '@server/db/schema';
import { addressAt, type Place, phoneNumber, pickPlace } from './addresses';
import type { GenContext } from './context';
import { COMPANY, type Placement } from './genealogy';
import {
  COMPANY_PHOENIX_ID,
  countryOf,
  drawPerson,
  enrolledAtOf,
  type Person,
  phoenixIdOf,
  userTypeOf,
} from './identity';
import { type MembershipPlan, planMembership } from './membership';
import { STREAM } from './rng';
import { addMonths, DAY, isoDate } from './time';
import { slug } from './unique';

// One customer account: identity, contact details, place in the genealogy, membership dates,
// titles, tax number and personal website (spec 1 §3 Customer).

export type AccountRow = typeof accounts.$inferInsert;

export interface AccountDraft {
  idx: number;
  uid: string;
  phoenixId: number;
  userType: number;
  countryId: 1 | 2;
  person: Person;
  home: Place;
  enrolledAt: Date;
  placement: Placement;
  sponsorPhoenixId: number;
  enrollerPhoenixId: number;
  addresses: { address: OrderAddress; isDefault: boolean }[];
  membership: MembershipPlan | null;
  terminated: boolean;
  /** The digits of the tax number, sealed only as the row is written (so generation stays deterministic). */
  taxNumber: string | null;
  /** Filled in further by the steps that follow (milestones, preferences). */
  row: AccountRow;
}

const ADULT_TYPES: readonly number[] = [USER_TYPE.consultant, USER_TYPE.member, USER_TYPE.employee];
const DOMAINS = [
  ['example.com', 5],
  ['example.net', 3],
  ['example.org', 2],
] as const;

export function buildAccount(ctx: GenContext, idx: number): AccountDraft {
  const rng = ctx.rng.reseed(STREAM.account, idx);
  const person = drawPerson(rng);
  const userType = userTypeOf(ctx.seed, idx);
  const countryId = countryOf(ctx.seed, idx);
  const enrolledAt = enrolledAtOf(ctx.seed, idx, ctx.total, ctx.clock);
  const phoenixId = phoenixIdOf(idx);
  const isConsultant = userType === USER_TYPE.consultant;
  const placement = isConsultant
    ? ctx.genealogy.placeConsultant(idx, rng)
    : ctx.genealogy.placeCustomer(
        idx,
        rng,
        userType === USER_TYPE.employee ? 1 : userType === USER_TYPE.guest ? 0.3 : 0.06,
      );
  const phoenixOf = (i: number) => (i === COMPANY ? COMPANY_PHOENIX_ID : phoenixIdOf(i));
  const home = pickPlace(rng, countryId);
  const telephone = rng.chance(0.85) ? phoneNumber(rng, home) : null;
  const membership = userType === USER_TYPE.member ? planMembership(rng, enrolledAt, ctx.clock) : null;
  const terminated = rng.chance(isConsultant ? 0.04 : 0.01);

  const row: AccountRow = {
    uid: ctx.directory.uidOf(idx),
    phoenixId,
    firstName: person.firstName,
    lastName: person.lastName,
    email: emailFor(ctx, person, userType, phoenixId),
    userType,
    telephone,
    genderId: person.genderId,
    defaultLanguageId: languageOf(ctx, home),
    dateOfBirth: dateOfBirthFor(ctx, userType),
    countryId,
    sponsorId: phoenixOf(placement.sponsorIdx),
    enrollerId: phoenixOf(placement.enrollerIdx),
    enrollmentDateUtc: enrolledAt,
    nextRenewalDateUtc: null,
    memberExpirationDateUtc: membership?.expiration ?? null,
    accountStatus: terminated ? 2 : 1,
    tAndCAccepted: isConsultant || membership?.purchases.some((p) => p.terms === 'signed') === true,
    squareId: countryId === 1 && userType !== USER_TYPE.prospect ? `CUST_${rng.upperAlphanumeric(22)}` : null,
    squareIdCa:
      countryId === 2 && userType !== USER_TYPE.prospect ? `CUST_${rng.upperAlphanumeric(22)}` : null,
    createdAt: enrolledAt,
    updatedAt: new Date(enrolledAt.getTime() + rng.int(0, 30) * DAY),
  };
  if (row.updatedAt && row.updatedAt > ctx.clock.now) row.updatedAt = ctx.clock.now;
  if (membership?.expiration) row.nextRenewalDateUtc = membership.expiration;
  const taxNumber = isConsultant ? addConsultantFields(ctx, row, person, enrolledAt) : null;

  const addresses = addressesFor(ctx, person, home, telephone, userType);
  return {
    idx,
    uid: row.uid,
    phoenixId,
    userType,
    countryId,
    person,
    home,
    enrolledAt,
    placement,
    sponsorPhoenixId: row.sponsorId ?? COMPANY_PHOENIX_ID,
    enrollerPhoenixId: row.enrollerId ?? COMPANY_PHOENIX_ID,
    addresses,
    membership,
    terminated,
    taxNumber,
    row,
  };
}

function emailFor(ctx: GenContext, person: Person, userType: number, phoenixId: number): string | null {
  const rng = ctx.rng;
  const present = userType === USER_TYPE.prospect ? 0.9 : userType === USER_TYPE.guest ? 1 : 0.98;
  if (!rng.chance(present)) return null;
  const first = slug(person.firstName) || 'customer';
  const last = slug(person.lastName) || 'account';
  const local = rng.weighted([
    [`${first}.${last}`, 5],
    [`${first}${last}`, 2],
    [`${first[0]}${last}`, 2],
    [`${first}_${last}`, 1],
  ]);
  const domain = userType === USER_TYPE.employee ? 'example.com' : rng.weighted(DOMAINS);
  return `${ctx.emails.claim(local, phoenixId)}@${domain}`;
}

function languageOf(ctx: GenContext, home: Place): number {
  if (home.region === 'QC') return ctx.rng.chance(0.8) ? 2 : 1;
  if (home.countryId === 2) return ctx.rng.chance(0.04) ? 2 : 1;
  return ctx.rng.chance(0.04) ? 3 : 1;
}

/** Adults only for consultants, members and employees (DESIGN §5: at least 18); optional for others. */
function dateOfBirthFor(ctx: GenContext, userType: number): string | null {
  const rng = ctx.rng;
  const present = ADULT_TYPES.includes(userType)
    ? 1
    : userType === USER_TYPE.client
      ? 0.5
      : userType === USER_TYPE.prospect
        ? 0.2
        : 0;
  if (!rng.chance(present)) return null;
  const ageDays = rng.int(18 * 365 + 5, rng.chance(0.8) ? 55 * 365 : 78 * 365);
  return isoDate(new Date(ctx.clock.now.getTime() - ageDays * DAY));
}

/** Title, renewal, PWS and entity fields of a consultant; answers the tax number's digits, if any. */
function addConsultantFields(
  ctx: GenContext,
  row: AccountRow,
  person: Person,
  enrolledAt: Date,
): string | null {
  const rng = ctx.rng;
  const first = slug(person.firstName) || 'consultant';
  const last = slug(person.lastName) || 'beauty';
  const plain = rng.weighted([
    [`${first}${last}`, 6],
    [`${first}beauty`, 1],
    [`cleanwith${first}`, 1],
    [`${first}${last[0]}glow`, 1],
  ]);
  row.pwsKey = ctx.pwsKeys.claim(plain, row.phoenixId);
  const paidAs = rng.weighted([
    [1, 35],
    [2, 25],
    [3, 15],
    [4, 10],
    [5, 7],
    [6, 4],
    [7, 3],
    [8, 1],
  ]);
  row.paidAsTitleId = paidAs;
  row.recognitionTitleId = Math.min(
    8,
    paidAs +
      rng.weighted([
        [0, 6],
        [1, 3],
        [2, 1],
      ] as const),
  );
  // Consultants renew their business every year on their enrollment anniversary.
  let renewal = addMonths(enrolledAt, 12);
  while (renewal <= ctx.clock.now) renewal = addMonths(renewal, 12);
  row.nextRenewalDateUtc = renewal;
  if (!rng.chance(0.75)) return null;
  const leading = row.countryId === 2 ? rng.int(1, 7) : rng.int(1, 8);
  const taxNumber = `${leading}${rng.digits(8)}`;
  if (rng.chance(0.08)) {
    row.isEntity = true;
    row.entityName = `${person.lastName} ${rng.pick(['Beauty', 'Wellness', 'Skin Studio', 'Ventures'])} ${rng.pick(row.countryId === 2 ? ['Inc.', 'Ltd.'] : ['LLC', 'Inc.'])}`;
  }
  return taxNumber;
}

function addressesFor(
  ctx: GenContext,
  person: Person,
  home: Place,
  telephone: string | null,
  userType: number,
): AccountDraft['addresses'] {
  const rng = ctx.rng;
  const count =
    userType === USER_TYPE.guest
      ? 1
      : userType === USER_TYPE.prospect
        ? rng.int(0, 1)
        : rng.weighted([
            [1, 55],
            [2, 30],
            [3, 15],
          ]);
  const out: AccountDraft['addresses'] = [];
  for (let i = 0; i < count; i++) {
    const place = i === 0 ? home : pickPlace(rng, home.countryId, rng.chance(0.6) ? home.region : undefined);
    // Extra addresses are often for gifts to family and friends.
    const recipient =
      i > 0 && rng.chance(0.35)
        ? {
            firstName: rng.faker.person.firstName(),
            lastName: rng.chance(0.5) ? person.lastName : rng.faker.person.lastName(),
          }
        : person;
    out.push({ address: addressAt(rng, recipient, place, i === 0 ? telephone : null), isDefault: false });
  }
  const byDefault = out[rng.chance(0.85) ? 0 : out.length - 1];
  if (byDefault) byDefault.isDefault = true;
  return out;
}
