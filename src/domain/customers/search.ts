import { z } from 'zod';
import { decimalInt } from '../platform/ids';
import { COMPANY_SPONSOR_ID } from '../reference/constants';
import { MEMBERSHIP_STATUSES } from '../reference/lists';
import { ACCOUNT_TYPE_FILTERS } from './account-types';
import { COMPANY_NAME, CUSTOMER_SEARCH_PAGE_SIZE, NO_MATCHES_MESSAGE } from './constants';

export { COMPANY_NAME, CUSTOMER_SEARCH_PAGE_SIZE, NO_MATCHES_MESSAGE };

// Customer search (spec 1 §2, §5): digits only, or M followed by digits, is an account number
// (phoenixId); anything else is a name (first, last, "first last", or an email prefix).

export type CustomerQuery =
  | { kind: 'account'; phoenixId: number }
  | { kind: 'name'; text: string }
  | { kind: 'empty' };

const ACCOUNT_NUMBER = /^[Mm]?(\d{1,15})$/;

export function classifyCustomerQuery(raw: string): CustomerQuery {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (!text) return { kind: 'empty' };
  const number = ACCOUNT_NUMBER.exec(text);
  if (number) return { kind: 'account', phoenixId: Number(number[1]) };
  return { kind: 'name', text };
}

/** The nine types of spec 1 §1 as the search's filter (account-types.ts). */
const AccountTypeFilter = z.enum(
  ACCOUNT_TYPE_FILTERS.map((t) => t.key) as [string, ...string[]],
  'Not an account type',
);

export const CustomerSearchQuery = z.object({
  q: z.string().trim().min(1, 'Enter a name, email or account number').max(100),
  /** Only people of this type (spec 1 §1): a user type id, or enrollingConsultant, enrollingMember, host. */
  accountType: AccountTypeFilter.optional(),
  page: decimalInt(1, 10_000).default(1),
  limit: decimalInt(1, 100).default(CUSTOMER_SEARCH_PAGE_SIZE),
});
export type CustomerSearchQuery = z.infer<typeof CustomerSearchQuery>;

/** A person referred to from another record (sponsor, enroller): account number and name. */
export const AccountRef = z.object({
  uid: z.string().nullable(),
  phoenixId: z.number().int(),
  fullName: z.string(),
});
export type AccountRef = z.infer<typeof AccountRef>;

/** The name shown for a referred-to account that is not on file: the company for id 1. */
export const missingAccountName = (phoenixId: number): string =>
  phoenixId === COMPANY_SPONSOR_ID ? COMPANY_NAME : `Account ${phoenixId}`;

export const MembershipStatusValue = z.enum([...MEMBERSHIP_STATUSES, 'N/A']);

export const CustomerSearchRow = z.object({
  uid: z.string(),
  phoenixId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  userType: z.number().int(),
  /** The person's account types (spec 1 §1), the stored type first. */
  accountTypes: z.array(z.string()),
  countryId: z.number().int(),
  accountStatus: z.number().int(),
  membershipStatus: MembershipStatusValue,
  sponsor: AccountRef,
});
export type CustomerSearchRow = z.infer<typeof CustomerSearchRow>;

/** A page of results; `hasMore` when the page came back full (no exact total is counted). */
export const CustomerSearchAnswer = z.object({
  success: z.literal(true),
  data: z.array(CustomerSearchRow),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type CustomerSearchAnswer = z.infer<typeof CustomerSearchAnswer>;
