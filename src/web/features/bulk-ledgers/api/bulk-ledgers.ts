import type { BulkLedgerRow } from '@domain/bulk-ledgers/bulk-ledgers';
import { useUploadRows, useUploads } from '@web/components/upload/upload-api';

// Bulk ledgers (DESIGN §5): /api/bulkLedgers…
//
// The answers' contracts (and zod) load in development only (ADR 043): upload-api.ts holds them.

export const useBulkLedgers = () => useUploads('bulkLedgers');
export const useBulkLedgerRows = (id: number, poll: boolean) =>
  useUploadRows<BulkLedgerRow>('bulkLedgers', id, { limit: 500 }, poll);
