import {
  AccountInfoAnswer,
  AccountInfoParams,
  CartDetailAnswer,
  CartParams,
  CartsAnswer,
  CustomerDashboardAnswer,
  CustomerOrdersAnswer,
  CustomerOrdersQuery,
  CustomerParams,
  CustomerSummaryAnswer,
  DownlineAnswer,
  DownlineQuery,
  PopupDetailAnswer,
  PopupParams,
  PopupsAnswer,
} from '@domain/customers/customer';
import { ResolveAnswer, ResolveQuery } from '@domain/customers/jump';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import * as service from './customers.service';
import { resolve } from './resolve.service';

// Customer screens' reads (spec 1 §2, §7). All of them are `records.read` (DESIGN §4).
// {uid} is the account uid; unknown → 404, malformed → 400.

const config = { action: 'records.read' } as const;
const tags = ['customers'];

export function customersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/customers/resolve',
      { config, schema: { tags, querystring: ResolveQuery, response: { 200: ResolveAnswer } } },
      async (request) => ({ success: true as const, data: await resolve(ctx, request.query.q) }),
    );

    app.get(
      '/api/customers/:uid/summary',
      { config, schema: { tags, params: CustomerParams, response: { 200: CustomerSummaryAnswer } } },
      async (request) => ({ success: true as const, data: await service.summary(ctx, request.params.uid) }),
    );

    app.get(
      '/api/customers/:uid/dashboard',
      { config, schema: { tags, params: CustomerParams, response: { 200: CustomerDashboardAnswer } } },
      async (request) => ({ success: true as const, data: await service.dashboard(ctx, request.params.uid) }),
    );

    app.get(
      '/api/customers/:uid/orders',
      {
        config,
        schema: {
          tags,
          params: CustomerParams,
          querystring: CustomerOrdersQuery,
          response: { 200: CustomerOrdersAnswer },
        },
      },
      async (request) => service.orders(ctx, request.params.uid, request.query.page),
    );

    app.get(
      '/api/customers/:uid/popups',
      { config, schema: { tags, params: CustomerParams, response: { 200: PopupsAnswer } } },
      async (request) => ({ success: true as const, data: await service.popups(ctx, request.params.uid) }),
    );

    app.get(
      '/api/customers/:uid/popups/:popupId',
      { config, schema: { tags, params: PopupParams, response: { 200: PopupDetailAnswer } } },
      async (request) => ({
        success: true as const,
        data: await service.popup(ctx, request.params.uid, request.params.popupId),
      }),
    );

    app.get(
      '/api/customers/:uid/carts',
      { config, schema: { tags, params: CustomerParams, response: { 200: CartsAnswer } } },
      async (request) => ({ success: true as const, data: await service.carts(ctx, request.params.uid) }),
    );

    app.get(
      '/api/customers/:uid/carts/:cartId',
      { config, schema: { tags, params: CartParams, response: { 200: CartDetailAnswer } } },
      async (request) => ({
        success: true as const,
        data: await service.cart(ctx, request.params.uid, request.params.cartId),
      }),
    );

    app.get(
      '/api/customers/:uid/downline',
      {
        config,
        schema: {
          tags,
          params: CustomerParams,
          querystring: DownlineQuery,
          response: { 200: DownlineAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.downline(ctx, request.params.uid, request.query.tree, request.query.depth),
      }),
    );

    app.get(
      '/api/accounts/getAccountInfo/:id',
      { config, schema: { tags, params: AccountInfoParams, response: { 200: AccountInfoAnswer } } },
      async (request) => ({
        success: true as const,
        data: await service.accountInfo(ctx, request.params.id),
      }),
    );
  };
}
