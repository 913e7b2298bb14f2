import { OrderSearchAnswer, OrderSearchQuery } from '@domain/orders/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { searchOrders } from './order-search.service';

// Order search (spec 2 §2, §7 `GET /cs/orders/`): every role reads orders (DESIGN §4).

export function orderSearchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cs/orders/',
      {
        config: { action: 'records.read' },
        schema: { tags: ['orders'], querystring: OrderSearchQuery, response: { 200: OrderSearchAnswer } },
      },
      async (request) => searchOrders(ctx, request.query),
    );
  };
}
