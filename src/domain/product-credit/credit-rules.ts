import { ADJUSTMENT_REASONS, USER_TYPE } from '../reference/lists';
import { dollarsToCents } from '../validation/masks';
import { MESSAGES } from '../validation/messages';

// Product credit's constants, words and account rules (spec 1 §3 Product credit, §5; spec 3 §9;
// DESIGN §5). No schemas: the credit tab and the bulk ledgers screen load this without zod;
// product-credit.ts, which re-exports it, has the contracts.

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

/** What the account rules read of a checked adjustment (`UpdateBalanceValues`). */
export interface AdjustmentValues {
  /** Dollars; negative takes credit away. */
  amount: number;
  reasonId: number;
  /** YYYY-MM-DD, or null. */
  expirationDate: string | null;
}

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
  v: AdjustmentValues,
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
