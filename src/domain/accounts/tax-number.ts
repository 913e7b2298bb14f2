import { z } from 'zod';
import {
  businessNumber,
  formatBusinessNumber,
  formatSin,
  formatSsn,
  formatTaxId,
  maskSin,
  maskSsn,
  maskTaxId,
  taxNumber,
} from '../validation';
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

/** The masked form shown on screens (spec 3 §5 masks): ***-**-6789, ***-***-789, **-***4567. */
export function maskTaxNumber(stored: string | null | undefined, kind: TaxNumberKind): string | null {
  if (!stored) return null;
  if (kind === 'ssn') return maskSsn(stored);
  if (kind === 'sin') return maskSin(stored);
  if (kind === 'taxId') return maskTaxId(stored);
  return `${'*'.repeat(Math.max(0, stored.length - 4))}${stored.slice(-4)}`;
}

/** The input mask of each kind while typing. */
export const formatTaxNumberInput = (kind: TaxNumberKind, value: string): string =>
  kind === 'ssn'
    ? formatSsn(value)
    : kind === 'sin'
      ? formatSin(value)
      : kind === 'taxId'
        ? formatTaxId(value)
        : formatBusinessNumber(value);

/**
 * `POST /api/cs/taxNumber`: exactly one of ssn, sin, taxId, businessNumber, with the entity flag
 * and, for an entity, its name.
 */
export const SetTaxNumberRequest = z
  .object({
    uid: z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'Not an account id'),
    ssn: taxNumber().optional(),
    sin: taxNumber().optional(),
    taxId: taxNumber().optional(),
    businessNumber: businessNumber().optional(),
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

/**
 * `POST /api/cs/taxNumber?accountId={uid}` (spec 2 §7): {taxNumber, isEntity, entityName}. The
 * number is of the kind the account's country and the entity flag name (SSN, tax id, SIN: 9
 * digits; a Canadian entity's business number); the server checks it against that kind.
 */
export const TaxNumberQuery = z.object({
  accountId: z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'Not an account id'),
});
export const SpecTaxNumberRequest = z
  .object({
    taxNumber: z
      .string({ error: ACCOUNT_MESSAGES.tinInvalid })
      .trim()
      .min(1, ACCOUNT_MESSAGES.tinInvalid)
      .max(20, ACCOUNT_MESSAGES.tinInvalid),
    isEntity: z.boolean().default(false),
    entityName: z.string().trim().max(100, 'Entity name is at most 100 characters').nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.isEntity && !value.entityName)
      ctx.addIssue({
        code: 'custom',
        path: ['entityName'],
        message: 'Entity name is required for an entity',
      });
  });
export type SpecTaxNumberRequest = z.output<typeof SpecTaxNumberRequest>;

/** The rule of a tax number of `kind` (a Canadian entity's business number, or a 9-digit TIN). */
export const taxNumberRuleOf = (kind: TaxNumberKind) =>
  kind === 'businessNumber' ? businessNumber() : taxNumber();

/** `GET /api/cs/taxNumber?accountId={uid}`: the spec's tax number fields, the number masked (ADR 022). */
export const SpecTaxNumberAnswer = z.object({
  success: z.literal(true),
  status: z.literal(true),
  data: z.object({
    taxNumber: z.string().nullable(),
    isEntity: z.boolean(),
    entityName: z.string().nullable(),
    kind: z.enum(TAX_NUMBER_KINDS),
  }),
});
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
