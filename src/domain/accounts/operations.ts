import { z } from 'zod';
import { userUid } from '../platform/ids';
import { ACCOUNT_STATUSES, USER_TYPES } from '../reference/lists';
import { date } from '../validation/fields';
import { PWS_KEY } from './constants';
import { ACCOUNT_MESSAGES } from './messages';

// Request and answer shapes of the account operations (spec 1 §7 Customer and account updates).
// Paths the spec leaves open are chosen in the same style and listed in docs/api.md.

const phoenixNumber = (message: string) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,15}$/, message)
        .transform(Number),
    ])
    .pipe(z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message));

/** `POST /api/cs/enrollerId/?accountId={uid}` with {enrollerId}. */
export const EnrollerQuery = z.object({ accountId: userUid(ACCOUNT_MESSAGES.missingIds) });
export const UpdateEnrollerRequest = z.object({ enrollerId: phoenixNumber(ACCOUNT_MESSAGES.missingIds) });
/** `POST /api/cs/sponsorId/?accountId={uid}` with {sponsorId} (path chosen in the same style). */
export const UpdateSponsorRequest = z.object({ sponsorId: phoenixNumber(ACCOUNT_MESSAGES.missingIds) });

export const UpdateCountryRequest = z.object({
  countryId: z
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, 'Choose a country'),
});

/** `POST /api/cs/membership/status/{uid}`: the new account type and why (spec 1 §4). */
export const MembershipStatusRequest = z.object({
  userType: z
    .number({ error: 'Choose the new account type' })
    .int()
    .refine((v) => USER_TYPES.some((t) => t.id === v), 'Choose an account type'),
  reason: z.string().trim().min(1, 'Reason is required').max(500, 'Reason can not exceed 500 characters'),
});

/**
 * `POST /api/cs/membership/expiration/{uid}` with {expirationDate}: a real calendar date
 * (YYYY-MM-DD or MM/DD/YYYY, years 1900–2199), never rolled over or guessed (ADR 027).
 */
export const ExpirationRequest = z.object({
  expirationDate: z
    .string({ error: ACCOUNT_MESSAGES.emptyExpiration })
    .trim()
    .min(1, ACCOUNT_MESSAGES.emptyExpiration)
    .pipe(date()),
});

export const ResendTermsRequest = z.object({
  email: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, 'Must be a valid email address')
    .optional(),
});

export const UpdateStatusRequest = z.object({
  status: z
    .number()
    .int()
    .refine((v) => ACCOUNT_STATUSES.some((s) => s.id === v), 'Status must be 1 (Active) or 2 (Terminated)'),
});

/** `POST /api/cs/account/{uid}/{action}`: the account actions offered besides the named calls. */
export const ACCOUNT_ACTIONS = ['reset-password'] as const;

export const AccountIdBody = z.object({ accountId: userUid('Not an account id') });
export const ChangeCountryRequest = AccountIdBody.extend({
  countryId: z
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, 'Choose a country'),
});

/** PWS create/update (spec 1 §7 accounts/phoenix/pws). */
export { PWS_KEY };
export const pwsKeyValue = z
  .string()
  .trim()
  .toLowerCase()
  .regex(PWS_KEY, 'Use 3 to 50 letters, digits or hyphens (not at the start or end)');
export const PwsRequest = z.object({
  phoenixId: phoenixNumber(ACCOUNT_MESSAGES.missingIds),
  firstName: z.string().trim().max(35).optional(),
  lastName: z.string().trim().max(35).optional(),
  email: z.string().trim().max(254).optional(),
  title: z.string().trim().max(100).optional(),
  pwsKey: pwsKeyValue,
});
export const PwsAvailability = z.object({
  success: z.literal(true),
  data: z.object({ pwsKey: z.string(), available: z.boolean(), phoenixId: z.number().int().nullable() }),
});

export const RestoreCheckAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    available: z.boolean(),
    accounts: z.array(
      z.object({
        uid: z.string(),
        phoenixId: z.number().int(),
        fullName: z.string(),
        userType: z.number().int(),
      }),
    ),
  }),
});

export const SignInAsAnswer = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), expiresAt: z.string() }),
});

export const CompressAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ moved: z.number().int(), compressed: z.number().int() }),
});

export const EmployeeServiceRecord = z.object({
  service: z.string(),
  country: z.string(),
  documentId: z.string(),
  authDisabled: z.boolean(),
  data: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
});
export const EmployeeLookupAnswer = z.object({
  success: z.literal(true),
  data: z.array(EmployeeServiceRecord),
  /** Per service, the spec's message when that service has no record or is not supported. */
  problems: z.array(z.string()),
});
export const OffboardRequest = z.object({ uid: userUid('Not an account id') });
