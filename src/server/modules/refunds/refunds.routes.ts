import { OrderParams } from '@domain/orders/detail';
import {
  OrderRefundsAnswer,
  RefundAnswer,
  RefundEstimateAnswer,
  RefundEstimateRequest,
  RefundSubmitRequest,
  RetryRefundRequest,
} from '@domain/refunds/refunds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { idempotencyKeyOf } from '../../platform/idempotency';
import { retryRefund, submitRefund } from './refund-submit.service';
import * as service from './refunds.service';

// Refunds (spec 2 §7): estimate, submit (also at the base service's /refund/refund, with a session
// like every other call: DESIGN §3), retry, and the refunds of one order (path not shown in the
// spec: GET /api/cs/order/{id}/refunds, listed in docs/api.md). All need `refunds.manage`.

const tags = ['refunds'];
const config = { action: 'refunds.manage' } as const;

export function refundsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cs/order/:id/refunds',
      {
        config: { action: 'records.read' },
        schema: { tags, params: OrderParams, response: { 200: OrderRefundsAnswer } },
      },
      async (request) => ({
        success: true as const,
        data: await service.orderRefunds(ctx, request.params.id),
      }),
    );

    app.post(
      '/api/cs/refund/estimate',
      { config, schema: { tags, body: RefundEstimateRequest, response: { 200: RefundEstimateAnswer } } },
      async (request) => ({
        success: true as const,
        message: '',
        data: await service.estimate(ctx, request.body),
      }),
    );

    for (const url of ['/api/cs/refund', '/api/refund/refund'])
      app.post(
        url,
        { config, schema: { tags, body: RefundSubmitRequest, response: { 200: RefundAnswer } } },
        async (request) =>
          submitRefund(ctx, request.staff!, {
            ...request.body,
            idempotencyKey: idempotencyKeyOf(request, request.body.idempotencyKey),
          }),
      );

    app.post(
      '/api/cs/retryRefund',
      { config, schema: { tags, body: RetryRefundRequest, response: { 200: RefundAnswer } } },
      async (request) => retryRefund(ctx, request.staff!, request.body.id),
    );
  };
}
