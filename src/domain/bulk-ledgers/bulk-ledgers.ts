import { z } from 'zod';
import {
  adjustmentIssues,
  type CREDIT_COUNTRIES,
  UpdateBalanceRequest,
  type UpdateBalanceValues,
} from '../product-credit/product-credit';
import { accountKey, UploadRow, yesNo } from '../uploads/upload';
import { BULK_LEDGER_DEFAULT_REASON, BULK_LEDGER_MESSAGES } from './bulk-ledger-rules';

// Bulk ledgers (DESIGN §5): a CSV of product-credit adjustments. Each row is one adjustment with
// exactly the rules of the credit tab's form (UpdateBalanceRequest, then adjustmentIssues) —
// nothing here repeats them. Columns: account (account number or uid), country (us or ca), amount
// (dollars; negative takes credit away), reasonId, reason (optional text, "Bulk ledger upload"
// when blank), neverExpire (1/0, yes/no) and expirationDate (YYYY-MM-DD or MM/DD/YYYY). The
// columns and words are in bulk-ledger-rules.ts (no zod), re-exported here.

export { BULK_LEDGER_COLUMNS, BULK_LEDGER_MESSAGES, BULK_LEDGER_REQUIRED } from './bulk-ledger-rules';

export interface ParsedBulkLedgerRow {
  account: { phoenixId: number } | { uid: string };
  accountText: string;
  adjustment: UpdateBalanceValues;
  neverExpire: boolean;
}

/** The adjustment a row asks for, checked by the adjustment's own contract. */
export function parseBulkLedgerRow(
  values: Record<string, string>,
): { ok: true; row: ParsedBulkLedgerRow } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const accountText = (values.account ?? '').trim();
  const account = accountText === '' ? null : accountKey(accountText);
  if (accountText === '') errors.push(BULK_LEDGER_MESSAGES.accountRequired);
  else if (!account) errors.push(BULK_LEDGER_MESSAGES.accountFormat(accountText));
  const neverExpire = yesNo(values.neverExpire ?? '');
  if (neverExpire === null) errors.push(BULK_LEDGER_MESSAGES.neverExpire);
  const reasonIdText = (values.reasonId ?? '').trim();
  const parsed = UpdateBalanceRequest.safeParse({
    country: (values.country ?? '').trim().toLowerCase(),
    amount: (values.amount ?? '').trim().replace(/^\$/, ''),
    reasonId: /^\d{1,4}$/.test(reasonIdText) ? Number(reasonIdText) : undefined,
    reason: (values.reason ?? '').trim() || BULK_LEDGER_DEFAULT_REASON,
    expirationDate: values.expirationDate ?? '',
  });
  if (!parsed.success) errors.push(...parsed.error.issues.map((i) => i.message));
  if (errors.length > 0 || !account || !parsed.success || neverExpire === null) return { ok: false, errors };
  return { ok: true, row: { account, accountText, adjustment: parsed.data, neverExpire } };
}

/**
 * A whole row against the account: `balanceCents` is the balance the row would start from (the
 * preview adds up earlier rows of the same file for the same account and country).
 */
export function validateBulkLedgerRow(
  values: Record<string, string>,
  account: (key: ParsedBulkLedgerRow['account']) => { userType: number } | undefined,
  balanceCents: (key: ParsedBulkLedgerRow['account'], country: (typeof CREDIT_COUNTRIES)[number]) => number,
  today: string,
): { ok: true; row: ParsedBulkLedgerRow } | { ok: false; errors: string[] } {
  const parsed = parseBulkLedgerRow(values);
  if (!parsed.ok) return parsed;
  const { row } = parsed;
  const found = account(row.account);
  if (!found) return { ok: false, errors: [BULK_LEDGER_MESSAGES.accountMissing(row.accountText)] };
  const issues = adjustmentIssues(row.adjustment, {
    userType: found.userType,
    neverExpire: row.neverExpire,
    balanceCents: balanceCents(row.account, row.adjustment.country),
    today,
  });
  return issues.length > 0 ? { ok: false, errors: issues.map((i) => i.message) } : parsed;
}

export const BulkLedgerRow = UploadRow.extend({
  ledgerEntryId: z.number().int().nullable(),
  customerUid: z.string().nullable(),
});
export type BulkLedgerRow = z.infer<typeof BulkLedgerRow>;
