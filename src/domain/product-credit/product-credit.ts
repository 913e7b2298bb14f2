import { z } from 'zod';
import { idempotencyKeyField } from '../platform/idempotency';
import { date, float, MESSAGES, reason, todayIso } from '../validation';
import { adjustmentIssues, CREDIT_COUNTRIES, CREDIT_MESSAGES, reasonById } from './credit-rules';

// Product credit (spec 1 §3 Product credit, §5; spec 3 §9; DESIGN §5). Balances and ledger amounts
// are integer cents; the adjustment form and its maximum speak dollars, as the spec's limits do.
// The constants, words and account rules are in credit-rules.ts (no zod), re-exported here.

export {
  adjustmentIssues,
  CREDIT_COUNTRIES,
  CREDIT_MESSAGES,
  creditMaximum,
  reasonById,
} from './credit-rules';

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

/** The credit tab's answers (GET …/productCredit, POST /cs/updateBalance/{uid}). */
export const ProductCreditAnswer = z.object({ success: z.literal(true), data: ProductCredit });
export const CreditAdjustedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: CountryCredit,
});

/**
 * The credit tab's adjustment form: the request's rules plus the ones that need the account
 * (maximum, fixed amounts, balance), and whether the credit never expires. The form loads it on
 * first use (ADR 044).
 */
export function adjustmentForm(credit: Pick<ProductCredit, 'userType' | 'us' | 'ca'>) {
  return UpdateBalanceRequest.extend({ neverExpire: z.boolean() }).superRefine((v, ctx) => {
    if (typeof v.amount !== 'number' || typeof v.reasonId !== 'number' || !v.country) return;
    const issues = adjustmentIssues(v, {
      userType: credit.userType,
      neverExpire: v.neverExpire,
      balanceCents: credit[v.country].balance,
      today: todayIso(),
    });
    for (const issue of issues) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
}
export type AdjustmentFormValues = z.input<ReturnType<typeof adjustmentForm>>;
