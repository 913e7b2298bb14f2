import { Readable } from 'node:stream';
import { QuickNameSearchAnswer, QuickNameSearchQuery } from '@domain/customers/quick-search';
import { CustomerSearchAnswer, CustomerSearchQuery } from '@domain/customers/search';
import { CSV_CONTENT_TYPE } from '@domain/platform/csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import * as service from './customer-search.service';

// Customer lookup and search (spec 1 §7): the paged customer search and the consultant quick
// search used to pick a sponsor or an enroller.

const config = { action: 'records.read' } as const;
const tags = ['customers'];

export function customerSearchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/customers',
      { config, schema: { tags, querystring: CustomerSearchQuery, response: { 200: CustomerSearchAnswer } } },
      async (request) => service.searchCustomers(ctx, request.query),
    );

    app.get(
      '/api/customers/export.csv',
      { config, schema: { tags, querystring: CustomerSearchQuery.pick({ q: true, accountType: true }) } },
      async (request, reply) => {
        const lines = await service.exportCustomers(ctx, request.query.q, {
          accountType: request.query.accountType,
        });
        reply.type(CSV_CONTENT_TYPE).header('content-disposition', 'attachment; filename="customers.csv"');
        return reply.send(Readable.from(lines));
      },
    );

    app.get(
      '/api/account/open/QuickNameSearchConsultants',
      {
        config,
        schema: { tags, querystring: QuickNameSearchQuery, response: { 200: QuickNameSearchAnswer } },
      },
      async (request) => ({
        success: true as const,
        data: await service.quickSearchConsultants(ctx, request.query),
      }),
    );
  };
}
