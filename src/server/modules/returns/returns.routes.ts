import {
  RETURN_MESSAGES,
  ReturnParams,
  ReturnStatusAnswer,
  ReturnStatusRequest,
  ReturnsAnswer,
  ReturnsQuery,
  ReturnsSearchQuery,
} from '@domain/returns/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import * as service from './returns.service';

// Returns (spec 2 §7 "returns (query by status, query by orderId or phoenixOrderId, update by id)";
// paths not shown, chosen in the /cs style and listed in docs/api.md).

const tags = ['returns'];

export function returnsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cs/returns',
      {
        config: { action: 'records.read' },
        schema: { tags, querystring: ReturnsQuery, response: { 200: ReturnsAnswer } },
      },
      async (request) => ({
        success: true as const,
        data: await service.returnsByStatus(ctx, request.query.status),
      }),
    );

    app.get(
      '/api/cs/returns/search',
      {
        config: { action: 'records.read' },
        schema: { tags, querystring: ReturnsSearchQuery, response: { 200: ReturnsAnswer } },
      },
      async (request) => ({
        success: true as const,
        data: await service.searchReturns(ctx, request.query.orderId),
      }),
    );

    app.post(
      '/api/cs/returns/:id/status',
      {
        config: { action: 'records.edit' },
        schema: {
          tags,
          params: ReturnParams,
          body: ReturnStatusRequest,
          response: { 200: ReturnStatusAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        message: RETURN_MESSAGES.statusChanged,
        data: await service.setReturnStatus(
          ctx,
          request.staff!,
          request.params.id,
          request.body.returnStatus,
        ),
      }),
    );
  };
}
