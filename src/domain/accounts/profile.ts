import { z } from 'zod';
import { GENDERS, LANGUAGES, USER_TYPES } from '../reference/lists';
import { dateOfBirthFor, emailOptional, MESSAGES, name, phone, requiredNumber } from '../validation';

// Customer detail form (spec 1 §5, DESIGN §5), built from the form-rules library
// (src/domain/validation, spec 3 §5): first name, last name and account type required; email
// valid; date of birth optional for Client, Prospect and Guest, required and at least 18 years
// for Consultant, Member and Employee; phone (stored without punctuation), gender, language and
// country optional.
//
// What the form offers this staff member (account types, country) is in profile-rules.ts, which
// loads no zod, for the screens.

export {
  accountTypeChoices,
  countryChangeRefusal,
  needsTypeChangeReason,
} from './profile-rules';

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
