import { z } from 'zod';
import { AccountRef, MembershipStatusValue } from '../customers/search';
import { TaxNumberView } from './tax-number';

// The account record of the account tool (spec 1 §3): the customer profile merged with account
// info, titles, sponsor, enroller, tax identifiers (masked), PWS, comments, terms records and
// dates. `GET /api/cs/customer/{uid}`.

/** Another account referred to by this one (sponsor, enroller); phoenixId 1 is the company. */
export { AccountRef };

export const TermsRecordView = z.object({
  orderId: z.string().nullable(),
  orderDate: z.string(),
  orderExpiration: z.string().nullable(),
  signed: z.boolean(),
  declined: z.boolean(),
});

export const ConsultantPreferenceView = z.object({
  creditAccess: z.boolean(),
  paymentAccess: z.boolean(),
});

export const AccountRecord = z.object({
  uid: z.string(),
  phoenixId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  userType: z.number().int(),
  /** The person's account types (spec 1 §1): the stored type, then Enrolling Consultant, Enrolling Member, Host as they apply. */
  accountTypes: z.array(z.string()),
  telephone: z.string().nullable(),
  genderId: z.number().int().nullable(),
  defaultLanguageId: z.number().int(),
  dateOfBirth: z.string().nullable(),
  countryId: z.number().int(),
  sponsor: AccountRef,
  enroller: AccountRef,
  pwsKey: z.string().nullable(),
  taxNumber: TaxNumberView,
  isEntity: z.boolean(),
  entityName: z.string().nullable(),
  accountStatus: z.number().int(),
  paidAsTitleId: z.number().int().nullable(),
  recognitionTitleId: z.number().int().nullable(),
  enrollmentDateUTC: z.string().nullable(),
  nextRenewalDateUTC: z.string().nullable(),
  memberExpirationDateUTC: z.string().nullable(),
  bobTCs: z.array(TermsRecordView),
  membershipStatus: MembershipStatusValue,
  activeMember: z.boolean(),
  consultantPreferences: z.record(z.string(), ConsultantPreferenceView),
  /** Whether an account type history exists for this account (spec 1 §7 accountTypeHistory). */
  hasAccountTypeHistory: z.boolean(),
  /** People this account sponsors directly (what a compression would move). */
  directDownlineCount: z.number().int(),
  /** Restore member to consultant is offered (spec 1 §4 Account operations). */
  canRestoreMemberToConsultant: z.boolean(),
  /** The manual membership change flag (spec 1 §4), so the screen can offer or explain it. */
  membershipManualUpgrade: z.boolean(),
});
export type AccountRecord = z.infer<typeof AccountRecord>;

export const AccountRecordAnswer = z.object({ success: z.literal(true), data: AccountRecord });
/** `PUT /api/cs/customer/{uid}`: the record as saved, with the alert's message. */
export const ProfileUpdateAnswer = AccountRecordAnswer.extend({ message: z.string() });

export const AccountComment = z.object({
  id: z.number().int(),
  description: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  system: z.boolean(),
  date: z.string(),
});
export type AccountComment = z.infer<typeof AccountComment>;
/** `GET /api/cs/customer/{uid}/comments`: newest first. */
export const CommentsAnswer = z.object({ success: z.literal(true), data: z.array(AccountComment) });

export const AddCommentRequest = z.object({
  description: z
    .string()
    .trim()
    .min(1, 'Comment is required')
    .max(2000, 'Comment can not exceed 2000 characters'),
  status: z.enum(['Open', 'Resolved']).nullish(),
});
export type AddCommentRequest = z.infer<typeof AddCommentRequest>;

export const AccountTypeHistoryEntry = z.object({
  id: z.number().int(),
  fromType: z.number().int().nullable(),
  toType: z.number().int(),
  reason: z.string().nullable(),
  recordedAs: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type AccountTypeHistoryEntry = z.infer<typeof AccountTypeHistoryEntry>;
/** `GET /api/cs/account/accountTypeHistory/{uid}`. */
export const AccountTypeHistoryAnswer = z.object({
  success: z.literal(true),
  data: z.array(AccountTypeHistoryEntry),
});
