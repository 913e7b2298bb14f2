import { BulkLedgerRow } from '@domain/bulk-ledgers/bulk-ledgers';
import { UploadSummary } from '@domain/uploads/upload';
import { useUploadRows, useUploads } from '@web/components/upload/upload-api';

// Bulk ledgers (DESIGN §5): /api/bulkLedgers…

export const useBulkLedgers = () => useUploads('bulkLedgers', UploadSummary);
export const useBulkLedgerRows = (id: number, poll: boolean) =>
  useUploadRows('bulkLedgers', BulkLedgerRow, id, { limit: 500 }, poll);
