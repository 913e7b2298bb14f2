import { AddressInput } from '@domain/addresses';
import { OrderDocParams, OrderProcess, ShippingAddressFixed } from '@domain/downstream/downstream';
import {
  FailedOrdersPage,
  FailedOrdersQuery,
  RetryFailedOrdersBody,
  RetryFailedOrdersResponse,
  retrySummary,
} from '@domain/downstream/failed';
import { ok } from '@domain/platform/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import * as service from './downstream.service';

// Failed orders and the order's process view (spec 2 §2; paths listed in docs/api.md). Everyone
// reads; retrying an export and fixing an address are `records.edit` (DESIGN §4: the everyday edits
// any staff member makes to a record, like resending its emails).

const tags = ['orders'];
const read = { action: 'records.read' } as const;
const edit = { action: 'records.edit' } as const;

export function downstreamRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cs/failedOrders',
      { config: read, schema: { tags, querystring: FailedOrdersQuery, response: { 200: FailedOrdersPage } } },
      async (request) => {
        const { page, limit } = request.query;
        const { data, hasMore } = await service.listFailedOrders(ctx, page, limit);
        return { success: true as const, data, page, limit, hasMore };
      },
    );

    app.post(
      '/api/cs/failedOrders/retry',
      {
        config: edit,
        schema: { tags, body: RetryFailedOrdersBody, response: { 200: RetryFailedOrdersResponse } },
      },
      async (request) => {
        const data = await service.retryFailedOrders(ctx, request.staff!, request.body.ids);
        return { success: true as const, message: retrySummary(data), data };
      },
    );

    app.get(
      '/api/cs/order/:id/process',
      { config: read, schema: { tags, params: OrderDocParams, response: { 200: ok(OrderProcess) } } },
      async (request) => ({
        success: true as const,
        data: await service.orderProcess(ctx, request.params.id),
      }),
    );

    app.put(
      '/api/cs/order/:id/shippingAddress',
      {
        config: edit,
        schema: { tags, params: OrderDocParams, body: AddressInput, response: { 200: ShippingAddressFixed } },
      },
      async (request) => ({
        success: true as const,
        message: 'Successfully submitted',
        data: await service.fixShippingAddress(ctx, request.staff!, request.params.id, request.body),
      }),
    );
  };
}
