import type { MembershipStatus } from '../reference/lists';
import { USER_TYPE, userTypeName } from '../reference/lists';

// Member status is derived, never set directly (spec 1 §4 Member status).

/** A membership terms record (bobTCs, spec 1 §3); dates as ISO strings or Dates. */
export interface TermsRecord {
  orderDate: string | Date;
  orderExpiration?: string | Date | null;
  orderId?: string | null;
  signed: boolean;
  declined: boolean;
}

const time = (d: string | Date | null | undefined): number | null =>
  d == null ? null : new Date(d).getTime();

/** The latest terms record by order date, or undefined. */
export function latestTerms<T extends TermsRecord>(records: readonly T[]): T | undefined {
  let latest: T | undefined;
  for (const r of records)
    if (!latest || (time(r.orderDate) ?? 0) > (time(latest.orderDate) ?? 0)) latest = r;
  return latest;
}

/**
 * 1 pending terms: the latest record is unsigned, not expired and not declined;
 * 2 member: the latest record is signed, or a member expiration date exists;
 * 3 expired (the latest record's terms window passed unsigned); 4 declined; 5 otherwise N/A.
 */
export function memberStatus(
  records: readonly TermsRecord[],
  memberExpirationDate: string | Date | null | undefined,
  now: Date = new Date(),
): MembershipStatus {
  const latest = latestTerms(records);
  const termsExpiry = time(latest?.orderExpiration);
  const termsExpired = termsExpiry != null && termsExpiry <= now.getTime();
  if (latest && !latest.signed && !latest.declined && !termsExpired) return 'Pending Terms';
  if (latest?.signed || memberExpirationDate != null) return 'Member';
  if (latest && !latest.signed && !latest.declined && termsExpired) return 'Expired';
  if (latest?.declined) return 'Declined';
  return 'N/A';
}

/** An active member: status member and an expiration date in the future (spec 1 §4). */
export function isActiveMember(
  records: readonly TermsRecord[],
  memberExpirationDate: string | Date | null | undefined,
  now: Date = new Date(),
): boolean {
  const expiry = time(memberExpirationDate);
  return (
    memberStatus(records, memberExpirationDate, now) === 'Member' && expiry != null && expiry > now.getTime()
  );
}

export type ManualMembershipChange = 'manual upgrade' | 'manual downgrade';

/**
 * The manual membership change table (spec 1 §4): only changes that cross member and non-member.
 * Consultant (or the other non-member type, Client) → Member is an upgrade; Member → Consultant a
 * downgrade; a third type (Employee, Prospect, Guest) → Member is recorded as a downgrade;
 * anything else is invalid (null).
 */
export function manualMembershipChange(fromType: number, toType: number): ManualMembershipChange | null {
  const { consultant, member, client } = USER_TYPE;
  if (toType === member) {
    if (fromType === consultant || fromType === client) return 'manual upgrade';
    if (fromType === member) return null;
    return 'manual downgrade';
  }
  if (fromType === member && toType === consultant) return 'manual downgrade';
  return null;
}

/** Restore a member to consultant: offered only when the phoenix account type is 1 and the customer is a member. */
export const canRestoreMemberToConsultant = (phoenixAccountType: number, userType: number): boolean =>
  phoenixAccountType === USER_TYPE.consultant && userType === USER_TYPE.member;

/** The retail types: no membership, no downline, no employee record (Client, Prospect, Guest). */
export const RETAIL_USER_TYPES: readonly number[] = [USER_TYPE.client, USER_TYPE.prospect, USER_TYPE.guest];

/**
 * What a change of account type is, wherever it is sent from (ADR 018):
 * - `membership`: it crosses member and non-member, so it is the manual membership change of the
 *   table above (flag membershipManualUpgrade, a reason, membership.manage);
 * - `retail`: between Client, Prospect and Guest, an ordinary profile edit;
 * - `refused`: anything else. Becoming or ceasing to be a consultant is an enrollment or the
 *   membership change, employees follow the employee directory, and a member leaves membership by
 *   lapsing, never by a type change.
 * Null when the type does not change.
 */
export type AccountTypeChange =
  | { kind: 'membership'; recordedAs: ManualMembershipChange }
  | { kind: 'retail' }
  | { kind: 'refused'; message: string };

export function accountTypeChange(fromType: number, toType: number): AccountTypeChange | null {
  if (fromType === toType) return null;
  const recordedAs = manualMembershipChange(fromType, toType);
  if (recordedAs) return { kind: 'membership', recordedAs };
  if (RETAIL_USER_TYPES.includes(fromType) && RETAIL_USER_TYPES.includes(toType)) return { kind: 'retail' };
  return { kind: 'refused', message: refusedTypeChange(fromType, toType) };
}

function refusedTypeChange(fromType: number, toType: number): string {
  const change = `${userTypeName(fromType) ?? fromType} to ${userTypeName(toType) ?? toType}`;
  const { consultant, member, employee } = USER_TYPE;
  if (fromType === member) return `${change} is not in the membership table: lapse the membership instead.`;
  if (toType === consultant) return `${change} is an enrollment, not an account-type change.`;
  if (fromType === consultant)
    return `${change}: a consultant changes type only by the membership change to Member.`;
  if (fromType === employee || toType === employee)
    return `${change}: employee accounts follow the employee directory.`;
  return `${change} is not an account-type change the back office makes.`;
}
