import { z } from 'zod';
import { businessNumber, taxNumber } from '../validation';
import { ACCOUNT_MESSAGES } from './messages';
import {
  maskTaxNumber,
  TAX_NUMBER_KINDS,
  TAX_NUMBER_LABELS,
  type TaxNumberFields,
  type TaxNumberKind,
  taxNumberBody,
  taxNumberKind,
} from './tax-number-rules';

// Tax identifiers (spec 1 §3 Account record: ssn, sin, taxId, businessNumber, entityName; §5 Tax
// number). One number is stored per account, as digits; its kind follows from the country and
// the entity flag: a US person has an SSN, a US entity a tax id (EIN), a Canadian person a SIN,
// a Canadian entity a business number. The full number never leaves the server: reads mask it.
// The kinds, labels, masks and the section's request are in tax-number-rules.ts (no zod), for the
// screens.

export {
  maskTaxNumber,
  TAX_NUMBER_KINDS,
  TAX_NUMBER_LABELS,
  type TaxNumberKind,
  taxNumberBody,
  taxNumberKind,
};

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
 * The customer detail's tax number section (spec 1 §5): its fields checked as the request they
 * make for this account, the number under the key of the kind its country and the entity flag
 * name. Loaded when the section is first used (ADR 044: forms load their schema on first use).
 */
export const taxNumberForm = (uid: string, countryId: number) =>
  z
    .object({ number: z.string(), isEntity: z.boolean(), entityName: z.string() })
    .transform(
      (fields: TaxNumberFields): z.input<typeof SetTaxNumberRequest> => taxNumberBody(uid, countryId, fields),
    )
    .pipe(SetTaxNumberRequest);

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
