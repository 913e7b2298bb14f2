import { z } from 'zod';
import { fieldRefusal, whoMay } from '../auth/field-actions';
import type { Principal } from '../auth/permissions';
import { accountTypeChange } from '../customers/membership';
import { GENDERS, LANGUAGES, USER_TYPES } from '../reference/lists';
import { dateOfBirthFor, emailOptional, MESSAGES, name, phone, requiredNumber } from '../validation';

// Customer detail form (spec 1 §5, DESIGN §5), built from the form-rules library
// (src/domain/validation, spec 3 §5): first name, last name and account type required; email
// valid; date of birth optional for Client, Prospect and Guest, required and at least 18 years
// for Consultant, Member and Employee; phone (stored without punctuation), gender, language and
// country optional.

const USER_TYPE_IDS = USER_TYPES.map((t) => t.id) as number[];
const GENDER_IDS = GENDERS.map((g) => g.id) as number[];
const LANGUAGE_IDS = LANGUAGES.map((l) => l.id) as number[];

const optionalId = (ids: number[], label: string) =>
  z
    .number()
    .int()
    .refine((v) => ids.includes(v), `Choose a ${label}`)
    .nullable();

const firstName = name('First name');
const lastName = name('Last name');
const profileEmail = emailOptional().transform((v) => v?.toLowerCase() ?? null);
const accountType = requiredNumber('Account type')
  .int()
  .refine((v) => USER_TYPE_IDS.includes(v), MESSAGES.required('Account type'));
/** Why the type changes: required when the change is a membership change (spec 1 §4, ADR 018). */
const userTypeReason = z.string().trim().max(500, 'Reason can not exceed 500 characters').nullish();
/** MM/DD/YYYY or YYYY-MM-DD; checked against the account type (profileDateOfBirth). */
const dateOfBirthText = z.string().nullish();
const countryId = z
  .number()
  .int()
  .refine((v) => v === 1 || v === 2, 'Choose a country')
  .nullish();

/**
 * The date of birth an account of `userType` would keep, or the rule's message: the one check of
 * the form and of the server, which also applies it when only the type or only the date changes.
 */
export function profileDateOfBirth(
  userType: number,
  text: string | null | undefined,
): { dateOfBirth: string | null } | { issue: string } {
  const result = dateOfBirthFor(userType).safeParse(text ?? '');
  return result.success
    ? { dateOfBirth: result.data ?? null }
    : { issue: result.error.issues[0]?.message ?? MESSAGES.date };
}

/** The profile form: every field of the customer detail, checked together. */
export const UpdateProfileRequest = z
  .object({
    firstName,
    lastName,
    email: profileEmail,
    userType: accountType,
    userTypeReason,
    dateOfBirth: dateOfBirthText,
    telephone: phone(),
    genderId: optionalId(GENDER_IDS, 'gender').optional().default(null),
    defaultLanguageId: optionalId(LANGUAGE_IDS, 'language').optional().default(null),
    countryId,
  })
  .superRefine((value, ctx) => {
    const dob = profileDateOfBirth(value.userType, value.dateOfBirth);
    if ('issue' in dob) ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: dob.issue });
  })
  .transform((value) => {
    const dob = profileDateOfBirth(value.userType, value.dateOfBirth);
    return { ...value, dateOfBirth: 'issue' in dob ? null : dob.dateOfBirth };
  });
export type UpdateProfileInput = z.input<typeof UpdateProfileRequest>;
export type UpdateProfileRequest = z.output<typeof UpdateProfileRequest>;

/**
 * `PUT /api/cs/customer/{uid}`: a partial update. A field left out keeps its value; a field sent
 * is checked by the form's rule, and null clears an optional one (first name, last name and the
 * account type cannot be cleared). The date of birth is checked against the account type the
 * account ends with, by the server, when either changes (ADR 027).
 */
export const UpdateProfilePatch = z.object({
  firstName: firstName.optional(),
  lastName: lastName.optional(),
  email: profileEmail.optional(),
  userType: accountType.optional(),
  userTypeReason,
  dateOfBirth: dateOfBirthText,
  telephone: phone().optional(),
  genderId: optionalId(GENDER_IDS, 'gender').optional(),
  defaultLanguageId: optionalId(LANGUAGE_IDS, 'language').optional(),
  countryId,
});
export type UpdateProfilePatchInput = z.input<typeof UpdateProfilePatch>;
export type UpdateProfilePatch = z.output<typeof UpdateProfilePatch>;

export interface AccountTypeChoice {
  id: number;
  name: string;
  /** Why the type is not offered to this staff member, or null when it is. */
  refusal: string | null;
}

/**
 * The account types the profile form offers (ADR 018): the server's own rule, so the form never
 * offers what the server refuses. A membership change also needs the membershipManualUpgrade flag.
 */
export function accountTypeChoices(
  principal: Principal | null,
  fromType: number,
  membershipChangeOn: boolean,
): AccountTypeChoice[] {
  return USER_TYPES.map(({ id, name }) => {
    const refusal = fieldRefusal(principal, 'account', 'userType', fromType, id);
    if (refusal?.kind === 'permission')
      return { id, name, refusal: `A membership change: only ${whoMay(refusal.action)} may make it.` };
    if (refusal) return { id, name, refusal: refusal.message };
    if (!membershipChangeOn && accountTypeChange(fromType, id)?.kind === 'membership')
      return { id, name, refusal: 'Manual membership change is turned off.' };
    return { id, name, refusal: null };
  });
}

/** Why this staff member may not move the account to another country, or null when they may. */
export const countryChangeRefusal = (principal: Principal | null): string | null =>
  fieldRefusal(principal, 'account', 'countryId', 1, 2)?.message ?? null;

/** Whether moving from `fromType` to `toType` is a membership change, which needs a reason. */
export const needsTypeChangeReason = (fromType: number, toType: number) =>
  accountTypeChange(fromType, toType)?.kind === 'membership';
