import { useUploadRows, useUploads } from '@web/components/upload/upload-api';
import { checkedInDevelopment } from '@web/lib/api-client';

// Bulk ledgers (DESIGN §5): /api/bulkLedgers…
//
// The answers' contracts (and zod) load in development only (ADR 043).
const UploadSummary = checkedInDevelopment(() =>
  import('@domain/uploads/upload').then((m) => m.UploadSummary),
);
const BulkLedgerRow = checkedInDevelopment(() =>
  import('@domain/bulk-ledgers/bulk-ledgers').then((m) => m.BulkLedgerRow),
);

export const useBulkLedgers = () => useUploads('bulkLedgers', UploadSummary);
export const useBulkLedgerRows = (id: number, poll: boolean) =>
  useUploadRows('bulkLedgers', BulkLedgerRow, id, { limit: 500 }, poll);
