import { userUid } from '@domain/platform/ids';
import {
  CountryCredit,
  CREDIT_MESSAGES,
  ProductCredit,
  UpdateBalanceQuery,
  UpdateBalanceRequest,
} from '@domain/product-credit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { idempotencyKeyOf } from '../../platform/idempotency';
import * as service from './product-credit.service';

// Credit tab (spec 1 §2 Credit, §7 updateBalance). An adjustment moves money: it takes an
// idempotency key (body idempotencyKey or the Idempotency-Key header; ADR 021).

const Customer = z.object({ uid: userUid('Not a customer id') });
const tags = ['product-credit'];

export function productCreditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cs/customer/:uid/productCredit',
      {
        config: { action: 'records.read' },
        schema: {
          tags,
          params: Customer,
          response: { 200: z.object({ success: z.literal(true), data: ProductCredit }) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.getProductCredit(ctx, request.params.uid),
      }),
    );

    app.post(
      '/api/cs/updateBalance/:uid',
      {
        config: { action: 'credit.adjust' },
        schema: {
          tags,
          params: Customer,
          querystring: UpdateBalanceQuery,
          body: UpdateBalanceRequest,
          response: {
            200: z.object({ success: z.literal(true), message: z.string(), data: CountryCredit }),
          },
        },
      },
      async (request) => ({
        success: true as const,
        message: CREDIT_MESSAGES.success,
        data: await service.updateBalance(
          ctx,
          request.staff!,
          request.params.uid,
          request.body,
          request.query.neverExpire === '1',
          idempotencyKeyOf(request, request.body.idempotencyKey),
        ),
      }),
    );
  };
}
