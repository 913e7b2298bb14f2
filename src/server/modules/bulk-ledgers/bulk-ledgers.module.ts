import { BulkLedgerRow } from '@domain/bulk-ledgers/bulk-ledgers';
import { UploadSummary } from '@domain/uploads/upload';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import type { ServerModule } from '../../platform/server-module';
import { processUpload } from '../../platform/uploads/upload-engine';
import { uploadRoutes } from '../../platform/uploads/upload-routes';
import {
  BULK_LEDGERS_JOB,
  bulkLedgersKind,
  ledgerResultCsv,
  ledgerRows,
  toLedgerSummary,
} from './bulk-ledgers.service';

// Bulk ledgers (DESIGN §5): /api/bulkLedgers… and their background job.

function bulkLedgersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return uploadRoutes(ctx, {
    base: 'bulkLedgers',
    tag: 'bulk-ledgers',
    kind: bulkLedgersKind,
    Summary: UploadSummary,
    Row: BulkLedgerRow,
    summary: toLedgerSummary,
    rows: ledgerRows,
    resultCsv: ledgerResultCsv,
    fileStem: 'bulk-ledger',
  });
}

export const bulkLedgersModule: ServerModule = {
  name: 'bulk-ledgers',
  routes: bulkLedgersRoutes,
  jobs: { [BULK_LEDGERS_JOB]: (payload, job) => processUpload(bulkLedgersKind, payload, job) },
};
