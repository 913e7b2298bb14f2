import {
  BatchOrderExportCountsAnswer,
  BatchOrderRow,
  BatchOrderSummary,
} from '@domain/batch-orders/batch-orders';
import { integerId } from '@domain/platform/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { ServerModule } from '../../platform/server-module';
import { processUpload } from '../../platform/uploads/upload-engine';
import { uploadRoutes } from '../../platform/uploads/upload-routes';
import {
  BATCH_ORDERS_JOB,
  batchOrdersKind,
  batchRows,
  downstreamCounts,
  resultCsv,
  toBatchSummary,
} from './batch-orders.service';

// Batch orders (DESIGN §5): /api/batchOrders… and their background job, plus how the batch's
// orders stand downstream (GET /api/batchOrders/{id}/downstream).

function batchOrdersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const upload = uploadRoutes(ctx, {
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
  return async (app, opts) => {
    await upload(app, opts);
    app.get(
      '/api/batchOrders/:id/downstream',
      {
        config: { action: 'batch.manage' },
        schema: {
          tags: ['batch-orders'],
          params: z.object({ id: integerId('Not a batch id') }),
          response: { 200: BatchOrderExportCountsAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        data: await downstreamCounts(ctx.db, request.params.id),
      }),
    );
  };
}

export const batchOrdersModule: ServerModule = {
  name: 'batch-orders',
  routes: batchOrdersRoutes,
  jobs: { [BATCH_ORDERS_JOB]: (payload, job) => processUpload(batchOrdersKind, payload, job) },
};
