import { CartAnswer, cartIdSchema, localeCodeSchema, regionOfLocale } from '@domain/carts';
import {
  CatalogAnswer,
  CatalogQuery,
  CategoriesAnswer,
  CheckoutAccountAnswer,
  EnrollmentVerifyAnswer,
  EnrollmentVerifyRequest,
  EstimateAnswer,
  ORDERING_MESSAGES,
  OrderContext,
  RecentOrdersAnswer,
  SavedCardsAnswer,
  SavedCardsRequest,
  SubmitAnswer,
  SubmitRequest,
} from '@domain/checkout';
import { orderNumberLabel } from '@domain/customers/order-status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppContext, actorOf } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { idempotencyKeyOf } from '../../platform/idempotency';
import { emptyEdit, localeEdit } from '../carts/carts.edits';
import { editCart } from '../carts/carts.service';
import { countryCatalog, searchCatalog } from './catalog.service';
import * as repo from './checkout.repo';
import { estimate, overrideDefaultsFor } from './estimate.service';
import { purchase } from './purchase.service';

// Portal ordering calls (spec 2 §7; paths the spec leaves open are listed in docs/api.md):
// catalog, the account in order context, saved cards (customerCards/{id}), enrollment check
// (enrollments/verify), recent orders, the estimate, the checkout estimate, the purchase and the
// checkout's change of country.

const read = { action: 'records.read' } as const;
const edit = { action: 'records.edit' } as const;
const tags = ['ordering'];
const UidParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'Not a customer id') });

export function checkoutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/catalog/products',
      { config: read, schema: { tags, querystring: CatalogQuery, response: { 200: CatalogAnswer } } },
      async (request) => ({
        success: true as const,
        ...(await searchCatalog(ctx, regionOfLocale(request.query.localeCode), request.query)),
      }),
    );

    app.get(
      '/api/catalog/categories',
      {
        config: read,
        schema: {
          tags,
          querystring: z.object({ localeCode: localeCodeSchema.default('en-US') }),
          response: { 200: CategoriesAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        data: (await countryCatalog(ctx, regionOfLocale(request.query.localeCode))).categories,
      }),
    );

    app.get(
      '/api/checkout/account/:uid',
      { config: read, schema: { tags, params: UidParams, response: { 200: CheckoutAccountAnswer } } },
      async (request) => {
        const account = await repo.accountOf(ctx.db, request.params.uid);
        if (!account) throw notFound(ORDERING_MESSAGES.noSuchCustomer);
        return {
          success: true as const,
          data: await repo.checkoutAccount(
            ctx.db,
            account,
            await overrideDefaultsFor(ctx, account.user_type),
          ),
        };
      },
    );

    app.post(
      '/api/customerCards/:uid',
      {
        config: read,
        schema: { tags, params: UidParams, body: SavedCardsRequest, response: { 200: SavedCardsAnswer } },
      },
      async (request) => ({
        success: true as const,
        data: await repo.savedCards(ctx.db, request.params.uid, request.body.country),
      }),
    );

    app.get(
      '/api/customers/:uid/recentOrders',
      { config: read, schema: { tags, params: UidParams, response: { 200: RecentOrdersAnswer } } },
      async (request) => ({
        success: true as const,
        data: (await repo.recentOrders(ctx.db, request.params.uid)).map(({ userType, ...o }) => ({
          ...o,
          orderLabel: orderNumberLabel(o.orderId, userType),
        })),
      }),
    );

    app.post(
      '/api/enrollments/verify',
      {
        config: read,
        schema: { tags, body: EnrollmentVerifyRequest, response: { 200: EnrollmentVerifyAnswer } },
      },
      async (request) => {
        const account = await repo.accountOf(ctx.db, request.body.uid);
        if (!account) throw notFound(ORDERING_MESSAGES.noSuchCustomer);
        // Spec 2 §8 enrollment messages: terms and account details, country flag, mentor.
        const errors: string[] = [];
        if (!account.t_and_c_accepted || !account.email) errors.push(ORDERING_MESSAGES.enrollmentTerms);
        if (account.country_id !== request.body.countryId) errors.push(ORDERING_MESSAGES.enrollmentCountry);
        const mentor = request.body.mentorId;
        if (mentor != null && mentor !== Number(account.sponsor_id))
          errors.push(ORDERING_MESSAGES.enrollmentMentor);
        return {
          success: true,
          canClose: errors.length === 0,
          errors,
          message: errors.length === 0 ? ORDERING_MESSAGES.enrollmentStarted : null,
        };
      },
    );

    app.post(
      '/api/orders/estimate',
      { config: read, schema: { tags, body: OrderContext, response: { 200: EstimateAnswer } } },
      async (request) => (await estimate(ctx, request.body)).answer,
    );

    // The checkout estimate (spec 2 §7): like the estimate, and any failure answers success false.
    app.post(
      '/api/checkout/estimate',
      { config: read, schema: { tags, body: OrderContext, response: { 200: EstimateAnswer } } },
      async (request) => {
        try {
          return (await estimate(ctx, request.body)).answer;
        } catch (err) {
          const message = err instanceof Error ? err.message : ORDERING_MESSAGES.defaultError;
          return { success: false, context: null, code: null, message };
        }
      },
    );

    app.post(
      '/api/purchase',
      { config: edit, schema: { tags, body: SubmitRequest, response: { 200: SubmitAnswer } } },
      async (request) =>
        purchase(ctx, actorOf(request.staff!), {
          ...request.body,
          idempotencyKey: idempotencyKeyOf(request, request.body.idempotencyKey),
        }),
    );

    // Changing country (spec 2 §4): the cart switches to the new locale's instance and is emptied.
    app.post(
      '/api/checkout/:cartId/country',
      {
        config: edit,
        schema: {
          tags,
          params: z.object({ cartId: cartIdSchema }),
          body: z.object({ localeCode: localeCodeSchema }),
          response: { 200: CartAnswer },
        },
      },
      async (request) => {
        const switchAndEmpty = localeEdit(request.body.localeCode);
        const data = await editCart(
          ctx,
          actorOf(request.staff!),
          request.params.cartId,
          'cart.changeCountry',
          async (s, tools) => {
            const switched = await switchAndEmpty(s, tools);
            const emptied = await emptyEdit(switched.state, tools);
            return { ...emptied, locale: switched.locale ?? request.body.localeCode };
          },
        );
        return { success: true as const, data };
      },
    );
  };
}
