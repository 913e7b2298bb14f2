import { z } from 'zod';
import { CARD_NUMBER, CARD_VERIFICATION, DISTRIBUTOR_DOB_TYPES, passesLuhn, zipIssue } from './checks';
import { adultCutoff, parseDate, todayIso } from './dates';
import { normalizePhone, normalizeTaxNumber, normalizeZip } from './masks';
import {
  ADDRESS_MAX_LENGTH,
  ADDRESS_OPTIONAL_MAX_LENGTH,
  FORM_PASSWORD_MIN_LENGTH,
  MESSAGES,
  NAME_MAX_LENGTH,
} from './messages';
import {
  ADDRESS_PATTERN,
  BUSINESS_NUMBER_PATTERN,
  EMAIL_PATTERN,
  EXPIR_WORD_PATTERN,
  FLOAT_PATTERN,
  PHONE_PATTERN,
  TAX_NUMBER_PATTERN,
} from './patterns';

export * from './checks';

// The field types of spec 3 §5 as zod builders. Text inputs arrive as strings ('' when empty);
// optional builders give null for an empty field so the stored value is null, not ''.

/** Optional text: '', spaces, null or missing become null; anything else is trimmed. */
const blankToNull = z
  .string()
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

/** Required: non-empty after trimming; '{label} is required'. */
export const required = (label: string) =>
  z
    .string({ error: MESSAGES.required(label) })
    .trim()
    .min(1, MESSAGES.required(label));

/** Required for numbers (selects holding ids): any number passes, '{label} is required' otherwise. */
export const requiredNumber = (label: string) => z.number({ error: MESSAGES.required(label) });

/** Optional text with a limit: '{label} can not exceed {limit} characters' (lengthExceeded). */
export const lengthExceeded = (label: string, limit: number) =>
  blankToNull.pipe(z.string().max(limit, MESSAGES.limit(label, limit)).nullable());

/** Required text with a limit (lengthExceededRequired). */
export const lengthExceededRequired = (label: string, limit: number) =>
  required(label).max(limit, MESSAGES.limit(label, limit));

/** Length bounds with the spec's "Max/Min length of the field" wording. */
export const lengthBetween = (field: string, min: number, max: number) =>
  z
    .string({ error: MESSAGES.required(field) })
    .trim()
    .min(min, MESSAGES.minLength(field, min))
    .max(max, MESSAGES.maxLength(field, max));

/** First and last names: required, at most 35 characters (spec 3 §9). */
export const name = (label: string) => lengthExceededRequired(label, NAME_MAX_LENGTH);

/** Email: required, and a valid address with a top-level part of 2 or more letters. */
export const email = (label = 'Email') => required(label).regex(EMAIL_PATTERN, MESSAGES.email);
/** Email that may be left empty; when given it must be valid. */
export const emailOptional = () =>
  blankToNull.pipe(z.string().regex(EMAIL_PATTERN, MESSAGES.email).nullable());

/** Zip for a known country: required, valid for it, stored in its normalised form. */
export const zip = (countryId: number, label = countryId === 2 ? 'Postal Code' : 'Zip Code') =>
  required(label)
    .refine((v) => zipIssue(v, countryId) === null, countryId === 2 ? MESSAGES.caPostal : MESSAGES.usZip)
    .transform((v) => normalizeZip(v, countryId));

/** Address line: required, at most 35 characters, a plausible street line (spec 1 §5). */
export const address = (label = 'Address') =>
  required(label)
    .max(ADDRESS_MAX_LENGTH, MESSAGES.limit(label, ADDRESS_MAX_LENGTH))
    .regex(ADDRESS_PATTERN, MESSAGES.address);
/** Optional address line (Apt/Floor/Suite): at most 30 characters. */
export const addressOptional = () =>
  blankToNull.pipe(
    z
      .string()
      .max(ADDRESS_OPTIONAL_MAX_LENGTH, MESSAGES.addressOptionalLength)
      .regex(ADDRESS_PATTERN, MESSAGES.address)
      .nullable(),
  );

/** Phone: optional; when given, 10 digits in a usual US form; stored without punctuation. */
export const phone = () =>
  blankToNull.pipe(z.string().regex(PHONE_PATTERN, MESSAGES.phone).transform(normalizePhone).nullable());
/**
 * The spec's phoneOptional type (and the required phone type) only requires a non-empty value;
 * it is stored without punctuation too.
 */
export const phoneOptional = (label = 'Telephone') => required(label).transform(normalizePhone);

/** Float: a plain decimal number, typed as text or given as a number. */
export const float = () =>
  z
    .union([z.number(), z.string()], { error: MESSAGES.float })
    .refine(
      (v) => (typeof v === 'number' ? Number.isFinite(v) : FLOAT_PATTERN.test(v.trim())),
      MESSAGES.float,
    )
    .transform(Number);

/** Password: 6 or more characters. */
export const password = () =>
  z.string({ error: MESSAGES.passwordLength }).min(FORM_PASSWORD_MIN_LENGTH, MESSAGES.passwordLength);
/** A password with its confirmation: 'Please make sure your passwords match' under the confirmation. */
export const passwordWithConfirmation = () =>
  z
    .object({ password: password(), confirmPassword: z.string() })
    .refine((v) => v.password === v.confirmPassword, {
      message: MESSAGES.passwordMatch,
      path: ['confirmPassword'],
    });

/** Date: MM/DD/YYYY or YYYY-MM-DD, a real calendar date; gives 'YYYY-MM-DD'. */
export const date = (message: string = MESSAGES.date) =>
  z
    .string({ error: message })
    .refine((v) => parseDate(v) !== null, message)
    .transform((v) => parseDate(v)!);

interface Today {
  /** Today as 'YYYY-MM-DD'; defaults to the current UTC date. */
  today?: () => string;
}

/** Date of birth, optional: empty is fine; a given date must be real and not in the future. */
export const dateOfBirth = ({ today = () => todayIso() }: Today = {}) =>
  blankToNull.pipe(
    z
      .string()
      .refine((v) => {
        const iso = parseDate(v);
        return iso !== null && iso <= today();
      }, MESSAGES.dateNotRequired)
      .transform((v) => parseDate(v)!)
      .nullable(),
  );

/** Date of birth of a distributor: required, real, not in the future, and 18 or older. */
export const dateOfBirthDistributor = ({ today = () => todayIso() }: Today = {}) =>
  z
    .string({ error: MESSAGES.dateProvide })
    .refine((v) => {
      const iso = parseDate(v);
      return iso !== null && iso <= today();
    }, MESSAGES.dateProvide)
    .transform((v) => parseDate(v)!)
    .refine((iso) => iso <= adultCutoff(today()), MESSAGES.dateOver18);

export const dateOfBirthFor = (userType: number, opts: Today = {}) =>
  DISTRIBUTOR_DOB_TYPES.includes(userType) ? dateOfBirthDistributor(opts) : dateOfBirth(opts);

/** Reason text: required, and no word containing "expir" (spec 1 §5). */
export const reason = (label = 'Reason') =>
  required(label).refine((v) => !EXPIR_WORD_PATTERN.test(v), MESSAGES.reason);

/** An amount no greater than `limit`: 'Value must be less than or equal to $limit'. */
export const maxAmount = (limit: number) =>
  z.number({ error: MESSAGES.float }).max(limit, MESSAGES.maxAmount(limit));

/** TIN (SSN, SIN, tax id): 9 digits once the mask's dashes and spaces are taken out. */
export const taxNumber = () =>
  z
    .string({ error: MESSAGES.taxNumber })
    .transform((v) => v.replace(/[-\s]/g, ''))
    .refine((v) => TAX_NUMBER_PATTERN.test(v), MESSAGES.taxNumber)
    .transform(normalizeTaxNumber);

/** Business number: 9 digits, 2 letters, 4 digits. */
export const businessNumber = () =>
  z
    .string({ error: MESSAGES.businessNumber })
    .transform((v) => v.replace(/[-\s]/g, '').toUpperCase())
    .refine((v) => BUSINESS_NUMBER_PATTERN.test(v), MESSAGES.businessNumber);

/**
 * Zip by country for an object schema (address forms): put it in `.superRefine(...)`; the message
 * lands on the postal-code field. Country 2 is Canada, any other the US rule.
 */
export const postalCodeByCountry =
  <K extends string>(field: K, countryField = 'countryId') =>
  (value: Record<K, unknown>, ctx: z.RefinementCtx) => {
    const code = value[field];
    const countryId = (value as Record<string, unknown>)[countryField];
    if (typeof code !== 'string' || typeof countryId !== 'number' || code.trim() === '') return;
    const issue = zipIssue(code, countryId);
    if (issue) ctx.addIssue({ code: 'custom', path: [field], message: issue });
  };

/** Card number: 13 to 19 digits (spaces and dashes allowed while typing) passing the Luhn check. */
export const creditCardNumber = () =>
  z
    .string({ error: MESSAGES.creditCardNumber })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => CARD_NUMBER.test(v) && passesLuhn(v), MESSAGES.creditCardNumber);

/** Card security code: 3 or 4 digits. */
export const creditCardVerification = () =>
  z
    .string({ error: MESSAGES.creditCardVerification })
    .trim()
    .regex(CARD_VERIFICATION, MESSAGES.creditCardVerification);

/** The spec's "optional" type: any text, empty becomes null. */
export const optional = () => blankToNull;
