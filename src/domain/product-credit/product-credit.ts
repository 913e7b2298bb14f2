import { z } from 'zod';
import { idempotencyKeyField } from '../platform/idempotency';
import { ADJUSTMENT_REASONS, USER_TYPE } from '../reference/lists';
import { date, dollarsToCents, float, MESSAGES, reason } from '../validation';

// Product credit (spec 1 §3 Product credit, §5; spec 3 §9; DESIGN §5). Balances and ledger amounts
// are integer cents; the adjustment form and its maximum speak dollars, as the spec's limits do.

export const CREDIT_COUNTRIES = ['us', 'ca'] as const;
export type CreditCountry = (typeof CREDIT_COUNTRIES)[number];
export const CREDIT_CURRENCY: Record<CreditCountry, { locale: string; currency: string; name: string }> = {
  us: { locale: 'en-US', currency: 'USD', name: 'United States' },
  ca: { locale: 'en-CA', currency: 'CAD', name: 'Canada' },
};

/**
 * Maximum of one adjustment, in dollars, per account type (DESIGN §5): 150 for Consultant,
 * Member and Employee; 51 for Client and Prospect; Guests hold no credit (0).
 */
export const CREDIT_MAXIMUM_BY_USER_TYPE: Readonly<Record<number, number>> = {
  [USER_TYPE.consultant]: 150,
  [USER_TYPE.member]: 150,
  [USER_TYPE.employee]: 150,
  [USER_TYPE.client]: 51,
  [USER_TYPE.prospect]: 51,
  [USER_TYPE.guest]: 0,
};
export const creditMaximum = (userType: number) => CREDIT_MAXIMUM_BY_USER_TYPE[userType] ?? 0;

export const CREDIT_MESSAGES = {
  success: 'Successfully submitted',
  failure: 'Failed to update.',
  expirationEmpty: 'Expiration date should not be empty',
  expirationPast: 'Must provide valid date',
  amountZero: 'Please enter a valid number',
  amountCents: 'Amount can have at most 2 decimal places',
  noCredit: 'This account type holds no product credit.',
  belowZero: 'The adjustment would take the balance below $0.00.',
  fixedAmount: (name: string, amount: number) => `The amount for ${name} is $${amount.toFixed(2)}`,
  unknownReason: 'Reason is required',
} as const;

export const reasonById = (id: number) => ADJUSTMENT_REASONS.find((r) => r.id === id);
export const fixedAmountOf = (id: number): number | undefined => {
  const r = reasonById(id);
  return r && 'fixedAmount' in r ? r.fixedAmount : undefined;
};

/** `?neverExpire=0|1` of POST /cs/updateBalance/{uid} (spec 1 §7). */
export const UpdateBalanceQuery = z.object({
  neverExpire: z.enum(['0', '1'], { error: 'neverExpire must be 0 or 1' }).default('0'),
});

/**
 * The adjustment body. `amount` is in dollars with at most two decimals (what staff type; the
 * maximum is in dollars too); negative takes credit away. It is stored as cents.
 * `expirationDate` (YYYY-MM-DD or MM/DD/YYYY) is needed when credit is added and neverExpire is 0.
 */
export const UpdateBalanceRequest = z.object({
  country: z.enum(CREDIT_COUNTRIES, { error: 'Country must be us or ca' }),
  amount: float()
    .refine((n) => n !== 0 && Math.abs(n) < 1_000_000, CREDIT_MESSAGES.amountZero)
    // Whole cents only: 150.001 is refused, not stored as 150.00.
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, CREDIT_MESSAGES.amountCents),
  reasonId: z
    .number({ error: CREDIT_MESSAGES.unknownReason })
    .int()
    .refine((id) => reasonById(id) !== undefined, CREDIT_MESSAGES.unknownReason),
  reason: reason('Reason').pipe(z.string().max(500, MESSAGES.limit('Reason', 500))),
  expirationDate: z
    .string()
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v))
    .pipe(date(MESSAGES.dateProvide).nullable()),
  /** One per submission, the same when it is sent again (or the Idempotency-Key header; ADR 021). */
  idempotencyKey: idempotencyKeyField(),
});
export type UpdateBalanceRequest = z.input<typeof UpdateBalanceRequest>;
export type UpdateBalanceValues = z.output<typeof UpdateBalanceRequest>;

export interface AdjustmentCheck {
  userType: number;
  neverExpire: boolean;
  balanceCents: number;
  /** Today as YYYY-MM-DD. */
  today: string;
}

/**
 * The rules that need the account: maximum per type, fixed amounts, expiration date, not below 0.
 * Returns the field issues (empty when the adjustment may go ahead).
 */
export function adjustmentIssues(
  v: UpdateBalanceValues,
  c: AdjustmentCheck,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const max = creditMaximum(c.userType);
  if (max === 0) return [{ path: 'amount', message: CREDIT_MESSAGES.noCredit }];
  const fixed = fixedAmountOf(v.reasonId);
  // The maximum bounds the size of one adjustment either way.
  const cents = dollarsToCents(v.amount);
  if (Math.abs(cents) > max * 100) issues.push({ path: 'amount', message: MESSAGES.maxAmount(max) });
  else if (fixed !== undefined && Math.abs(cents) !== dollarsToCents(fixed))
    issues.push({
      path: 'amount',
      message: CREDIT_MESSAGES.fixedAmount(reasonById(v.reasonId)!.name, fixed),
    });
  else if (c.balanceCents + cents < 0) issues.push({ path: 'amount', message: CREDIT_MESSAGES.belowZero });
  if (v.amount > 0 && !c.neverExpire) {
    if (!v.expirationDate) issues.push({ path: 'expirationDate', message: CREDIT_MESSAGES.expirationEmpty });
    else if (v.expirationDate <= c.today)
      issues.push({ path: 'expirationDate', message: CREDIT_MESSAGES.expirationPast });
  }
  return issues;
}

export const LedgerEntry = z.object({
  id: z.number().int(),
  /** Cents; negative when credit was taken away or spent. */
  amount: z.number().int(),
  /** Cents of this grant not yet spent. */
  remainingValue: z.number().int(),
  expirationDate: z.string().nullable(),
  doesNotExpire: z.boolean(),
  reasonId: z.number().int().nullable(),
  reasonName: z.string().nullable(),
  reason: z.string().nullable(),
  orderId: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const CountryCredit = z.object({
  country: z.enum(CREDIT_COUNTRIES),
  /** Cents: always the sum of the ledger's amounts. */
  balance: z.number().int(),
  expirationDate: z.string().nullable(),
  ledger: z.array(LedgerEntry),
  /** More entries exist than the ledger list holds (newest first). */
  ledgerTruncated: z.boolean(),
});
export type CountryCredit = z.infer<typeof CountryCredit>;

export const ProductCredit = z.object({
  userType: z.number().int(),
  /** Dollars: the most one adjustment may add or take away for this account type. */
  maximum: z.number(),
  us: CountryCredit,
  ca: CountryCredit,
});
export type ProductCredit = z.infer<typeof ProductCredit>;
