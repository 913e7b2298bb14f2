import { z } from 'zod';
import { MINIMUM_AGE } from '../reference/constants';
import { GENDERS, LANGUAGES, USER_TYPE, USER_TYPES } from '../reference/lists';

// Customer detail form (spec 1 §5, DESIGN §5): first name, last name and account type required;
// email valid; date of birth optional for Client, Prospect and Guest, required and at least 18
// years for Consultant, Member and Employee; phone, gender, language and country optional. The
// phone is stored without punctuation. Messages follow spec 3 §5.

/** Account types whose date of birth is required and adult (the distributor rule, DESIGN §5). */
export const ADULT_ONLY_TYPES: readonly number[] = [
  USER_TYPE.consultant,
  USER_TYPE.member,
  USER_TYPE.employee,
];

const USER_TYPE_IDS = USER_TYPES.map((t) => t.id) as number[];
const GENDER_IDS = GENDERS.map((g) => g.id) as number[];
const LANGUAGE_IDS = LANGUAGES.map((l) => l.id) as number[];

export const MESSAGES = {
  required: (label: string) => `${label} is required`,
  email: 'Must be a valid email address',
  phone: 'Must be a valid telephone number',
  date: 'Must provide valid date',
  over18: 'Must provide valid date: Must be over 18',
  future: 'Must be a valid date',
  maxLength: (label: string, limit: number) => `${label} can not exceed ${limit} characters`,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** Strips parentheses, hyphens, dots and spaces (spec 1 §5: phone saved without punctuation). */
export const phoneDigits = (raw: string) => raw.replace(/[()\-.\s]/g, '').replace(/^\+?1(?=\d{10}$)/, '');

/** Whole years between an ISO date (YYYY-MM-DD) and today. */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

const isIsoDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

const name = (label: string) =>
  z.string().trim().min(1, MESSAGES.required(label)).max(35, MESSAGES.maxLength(label, 35));

const optionalId = (ids: number[], label: string) =>
  z
    .number()
    .int()
    .refine((v) => ids.includes(v), `Choose a ${label}`)
    .nullable();

export const UpdateProfileRequest = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    email: z
      .string()
      .trim()
      .max(254, MESSAGES.email)
      .refine((v) => v === '' || EMAIL.test(v), MESSAGES.email)
      .transform((v) => (v === '' ? null : v.toLowerCase())),
    userType: z
      .number({ error: MESSAGES.required('Account type') })
      .int()
      .refine((v) => USER_TYPE_IDS.includes(v), MESSAGES.required('Account type')),
    dateOfBirth: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null)),
    telephone: z
      .string()
      .nullish()
      .transform((v) => (v ? phoneDigits(v) : null))
      .refine((v) => v === null || /^\d{10}$/.test(v), MESSAGES.phone),
    genderId: optionalId(GENDER_IDS, 'gender').optional().default(null),
    defaultLanguageId: optionalId(LANGUAGE_IDS, 'language').optional().default(null),
    countryId: z
      .number()
      .int()
      .refine((v) => v === 1 || v === 2, 'Choose a country')
      .nullish(),
  })
  .superRefine((value, ctx) => {
    const adultOnly = ADULT_ONLY_TYPES.includes(value.userType);
    const dob = value.dateOfBirth;
    if (!dob) {
      if (adultOnly)
        ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: MESSAGES.required('Date of birth') });
      return;
    }
    if (!isIsoDate(dob)) {
      ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: MESSAGES.date });
      return;
    }
    if (new Date(`${dob}T00:00:00Z`).getTime() > Date.now()) {
      ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: MESSAGES.future });
      return;
    }
    if (adultOnly && ageOn(dob) < MINIMUM_AGE)
      ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: MESSAGES.over18 });
  });
export type UpdateProfileInput = z.input<typeof UpdateProfileRequest>;
export type UpdateProfileRequest = z.output<typeof UpdateProfileRequest>;

/** Formats stored phone digits for display: (###) ###-#### (spec 1 §9). */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return '';
  const d = digits.replace(/\D/g, '');
  if (d.length !== 10) return digits;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
