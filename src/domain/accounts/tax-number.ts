import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './messages';

// Tax identifiers (spec 1 §3 Account record: ssn, sin, taxId, businessNumber, entityName; §5 Tax
// number). One number is stored per account, as digits; its kind follows from the country and
// the entity flag: a US person has an SSN, a US entity a tax id (EIN), a Canadian person a SIN,
// a Canadian entity a business number. The full number never leaves the server: reads mask it.

export const TAX_NUMBER_KINDS = ['ssn', 'sin', 'taxId', 'businessNumber'] as const;
export type TaxNumberKind = (typeof TAX_NUMBER_KINDS)[number];

export const TAX_NUMBER_LABELS: Record<TaxNumberKind, string> = {
  ssn: 'SSN',
  sin: 'SIN',
  taxId: 'Tax ID',
  businessNumber: 'Business number',
};

/** Input masks (spec 3 §5): # is a digit, A a letter. */
export const TAX_NUMBER_MASKS: Record<TaxNumberKind, string> = {
  ssn: '###-##-####',
  sin: '###-###-###',
  taxId: '##-#######',
  businessNumber: '#########AA####',
};

export function taxNumberKind(countryId: number, isEntity: boolean): TaxNumberKind {
  if (countryId === 2) return isEntity ? 'businessNumber' : 'sin';
  return isEntity ? 'taxId' : 'ssn';
}

/** Applies a mask to what was typed so far (input formatting): wrong characters are dropped. */
export function applyInputMask(mask: string, raw: string): string {
  const chars = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  let out = '';
  let i = 0;
  for (const slot of mask) {
    if (i >= chars.length) break;
    if (slot === '#' || slot === 'A') {
      const want = slot === '#' ? /\d/ : /[A-Z]/;
      while (i < chars.length && !want.test(chars[i]!)) i++;
      if (i >= chars.length) break;
      out += chars[i++];
    } else out += slot;
  }
  return out;
}

/** The masked form shown on screens: only the last four digits (e.g. ***-**-1234). */
export function maskTaxNumber(digits: string | null | undefined, kind: TaxNumberKind): string | null {
  if (!digits) return null;
  const last4 = digits.slice(-4).padStart(4, '*');
  const hidden = '*'.repeat(Math.max(0, digits.length - 4)) + last4;
  let out = '';
  let i = 0;
  for (const slot of TAX_NUMBER_MASKS[kind]) {
    if (i >= hidden.length) break;
    out += slot === '#' || slot === 'A' ? hidden[i++] : slot;
  }
  return out;
}

/** TIN must be numeric and 9 digits in length (spec 1 §5); punctuation of the masks is allowed. */
export const taxNumberDigits = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{9}$/, ACCOUNT_MESSAGES.tinInvalid));

/** A business number: 9 digits, 2 letters, 4 digits (spec 3 §5); the first 9 are the TIN. */
export const businessNumberValue = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^\d{9}([A-Z]{2}\d{4})?$/, ACCOUNT_MESSAGES.tinInvalid));

/**
 * `POST /api/cs/taxNumber`: exactly one of ssn, sin, taxId, businessNumber, with the entity flag
 * and, for an entity, its name.
 */
export const SetTaxNumberRequest = z
  .object({
    uid: z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'Not an account id'),
    ssn: taxNumberDigits.optional(),
    sin: taxNumberDigits.optional(),
    taxId: taxNumberDigits.optional(),
    businessNumber: businessNumberValue.optional(),
    isEntity: z.boolean(),
    entityName: z.string().trim().max(100, 'Entity name is at most 100 characters').nullish(),
  })
  .superRefine((value, ctx) => {
    const given = TAX_NUMBER_KINDS.filter((k) => value[k] !== undefined);
    if (given.length !== 1)
      ctx.addIssue({ code: 'custom', path: ['ssn'], message: ACCOUNT_MESSAGES.tinInvalid });
    if (value.isEntity && !value.entityName)
      ctx.addIssue({
        code: 'custom',
        path: ['entityName'],
        message: 'Entity name is required for an entity',
      });
  });
export type SetTaxNumberRequest = z.infer<typeof SetTaxNumberRequest>;

export const TaxNumberView = z.object({
  kind: z.enum(TAX_NUMBER_KINDS),
  masked: z.string().nullable(),
  isEntity: z.boolean(),
  entityName: z.string().nullable(),
});
export type TaxNumberView = z.infer<typeof TaxNumberView>;

export const InvalidTaxAttempt = z.object({ code: z.string(), attemptedAt: z.string() });
export const InvalidTaxAttemptsAnswer = z.object({
  success: z.literal(true),
  data: z.array(InvalidTaxAttempt),
  /** Whether this lookup added the spec's system comment (the last attempt was not yet noted). */
  commentAdded: z.boolean(),
});
