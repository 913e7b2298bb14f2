// Bulk ledgers' columns and words (DESIGN §5). No schemas: the bulk ledgers screen loads this
// without zod; bulk-ledgers.ts, which re-exports it, checks the rows.

export const BULK_LEDGER_COLUMNS = [
  'account',
  'country',
  'amount',
  'reasonId',
  'reason',
  'neverExpire',
  'expirationDate',
] as const;
export const BULK_LEDGER_REQUIRED = ['account', 'country', 'amount', 'reasonId'] as const;
export const BULK_LEDGER_DEFAULT_REASON = 'Bulk ledger upload';

export const BULK_LEDGER_MESSAGES = {
  accountRequired: 'Account is required.',
  accountFormat: (v: string) => `"${v}" is not an account number or account id.`,
  accountMissing: (v: string) => `Account ${v} was not found.`,
  neverExpire: 'neverExpire must be 1 or 0 (yes or no).',
} as const;
