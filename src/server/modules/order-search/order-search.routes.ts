import { Readable } from 'node:stream';
import { OrderSearchAnswer, OrderSearchQuery } from '@domain/order-search/search-contract';
import { CSV_CONTENT_TYPE } from '@domain/platform/csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { exportOrders, searchOrders } from './order-search.service';

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
    // The same criteria, every matching order as one CSV file (streamed, capped; see the service).
    app.get(
      '/api/cs/orders/export.csv',
      { config: { action: 'records.read' }, schema: { tags: ['orders'], querystring: OrderSearchQuery } },
      async (request, reply) => {
        reply.type(CSV_CONTENT_TYPE).header('content-disposition', 'attachment; filename="orders.csv"');
        return reply.send(Readable.from(exportOrders(ctx, request.query)));
      },
    );
  };
}
