import { BatchOrderRow, BatchOrderSummary } from '@domain/orders/batch-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { jobHandlers } from '../../platform/workers';
import {
  BATCH_ORDERS_JOB,
  batchOrdersKind,
  batchRows,
  resultCsv,
  toBatchSummary,
} from './batch-orders.service';
import { processUpload } from './upload-engine';
import { uploadRoutes } from './upload-routes';

// Batch orders (DESIGN §5): /api/batchOrders… and their background job.

jobHandlers[BATCH_ORDERS_JOB] = (payload, job) => processUpload(batchOrdersKind, payload, job);

export function batchOrdersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return uploadRoutes(ctx, {
    base: 'batchOrders',
    tag: 'batch-orders',
    kind: batchOrdersKind,
    Summary: BatchOrderSummary,
    Row: BatchOrderRow,
    summary: toBatchSummary,
    rows: batchRows,
    resultCsv,
    fileStem: 'batch-order',
  });
}
