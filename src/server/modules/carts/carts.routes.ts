import {
  CartAnswer,
  CartListAnswer,
  CartParams,
  CartSearchQuery,
  CartVersionAnswer,
  ClearRequest,
  CreateCartRequest,
  GiftSelectionRequest,
  HostRewardRequest,
  InfluencerRequest,
  LocaleRequest,
  lineQuantity,
  OverrideEntry,
  OverrideParams,
  ProductSearchAnswer,
  ProductSearchQuery,
  PromoCodeRequest,
  regionOfLocale,
} from '@domain/carts';
import { okMessage } from '@domain/platform/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/context';
import type { StaffPrincipal } from '../../platform/sessions';
import {
  addProductEdit,
  emptyEdit,
  giftSelectionEdit,
  hostRewardEdit,
  influencerEdit,
  localeEdit,
  overrideEdit,
  promoCodeEdit,
  removeOverrideEdit,
  removeProductEdit,
  removePromoCodeEdit,
  setQuantityEdit,
} from './carts.edits';
import { listCarts, searchProducts } from './carts.repo';
import * as service from './carts.service';

// Cart paths the spec leaves open (spec 2 §2 admin cart view; listed in docs/api.md). The line,
// product and emptying mutations are on the commerce query service (carts.graphql.ts).

const read = { action: 'records.read' } as const;
const edit = { action: 'records.edit' } as const;
const tags = ['carts'];
const ok = <T>(data: T) => ({ success: true as const, data });

const LineParams = CartParams.extend({ lineId: z.string().min(1).max(80) });
const CodeParams = CartParams.extend({ code: z.string().min(1).max(40) });
const QuantityRequest = z.object({ quantity: lineQuantity });
const AddProductRequest = z.object({
  sku: z.string().trim().min(1, 'Enter a SKU'),
  quantity: lineQuantity,
  /** A subscription line (type 23 and subscriptionBased rules price it): apart from one-time lines. */
  subscription: z.boolean().default(false),
});

export function cartsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/carts',
      { config: read, schema: { tags, querystring: CartSearchQuery, response: { 200: CartListAnswer } } },
      async (request) => {
        const { q, kind } = request.query;
        return ok(
          await service.withLiveFigures(
            ctx,
            await listCarts(ctx.readDb, { match: { search: q }, kind, limit: 50 }),
          ),
        );
      },
    );

    app.post(
      '/api/carts',
      { config: edit, schema: { tags, body: CreateCartRequest, response: { 200: CartAnswer } } },
      async (request) => {
        const owner = { uid: request.body.uid, clientUid: null, socialId: null };
        const cartId = await service.emptyCartOrNew(
          ctx,
          actorOf(request.staff!),
          owner,
          request.body.localeCode,
        );
        return ok(await service.cartView(ctx, cartId));
      },
    );

    app.get(
      '/api/carts/products',
      {
        config: read,
        schema: { tags, querystring: ProductSearchQuery, response: { 200: ProductSearchAnswer } },
      },
      async (request) =>
        ok(await searchProducts(ctx.db, request.query.q, regionOfLocale(request.query.localeCode))),
    );

    app.get(
      '/api/carts/:cartId',
      { config: read, schema: { tags, params: CartParams, response: { 200: CartAnswer } } },
      async (request) => ok(await service.cartView(ctx, request.params.cartId)),
    );

    app.get(
      '/api/carts/:cartId/version',
      { config: read, schema: { tags, params: CartParams, response: { 200: CartVersionAnswer } } },
      async (request) =>
        ok({ cartId: request.params.cartId, version: await service.cartVersion(ctx, request.params.cartId) }),
    );

    const run = async (
      request: { params: { cartId: string }; staff?: StaffPrincipal | null },
      action: string,
      e: service.Edit,
    ) =>
      ok(
        await service.editCart(
          ctx,
          actorOf(request.staff as StaffPrincipal),
          request.params.cartId,
          action,
          e,
        ),
      );

    app.post(
      '/api/carts/:cartId/products',
      {
        config: edit,
        schema: { tags, params: CartParams, body: AddProductRequest, response: { 200: CartAnswer } },
      },
      async (r) =>
        run(r, 'cart.addProduct', addProductEdit(r.body.sku, r.body.quantity, r.body.subscription)),
    );

    app.delete(
      '/api/carts/:cartId/lines/:lineId',
      { config: edit, schema: { tags, params: LineParams, response: { 200: CartAnswer } } },
      async (r) => run(r, 'cart.removeProduct', removeProductEdit(r.params.lineId)),
    );

    app.put(
      '/api/carts/:cartId/lines/:lineId',
      {
        config: edit,
        schema: { tags, params: LineParams, body: QuantityRequest, response: { 200: CartAnswer } },
      },
      async (r) => run(r, 'cart.setQuantity', setQuantityEdit(r.params.lineId, r.body.quantity)),
    );

    app.post(
      '/api/carts/:cartId/promo-codes',
      {
        config: edit,
        schema: { tags, params: CartParams, body: PromoCodeRequest, response: { 200: CartAnswer } },
      },
      async (r) => run(r, 'cart.promoCode', promoCodeEdit(r.body.code, r.body.fromCheckout)),
    );

    app.delete(
      '/api/carts/:cartId/promo-codes/:code',
      { config: edit, schema: { tags, params: CodeParams, response: { 200: CartAnswer } } },
      async (r) => run(r, 'cart.removePromoCode', removePromoCodeEdit(r.params.code)),
    );

    app.post(
      '/api/carts/:cartId/overrides',
      {
        config: edit,
        schema: { tags, params: CartParams, body: OverrideEntry, response: { 200: CartAnswer } },
      },
      async (r) => run(r, 'cart.override', overrideEdit(r.body, actorOf(r.staff!))),
    );

    app.delete(
      '/api/carts/:cartId/overrides/:overrideId',
      { config: edit, schema: { tags, params: OverrideParams, response: { 200: CartAnswer } } },
      async (r) => run(r, 'cart.removeOverride', removeOverrideEdit(r.params.overrideId)),
    );

    app.put(
      '/api/carts/:cartId/locale',
      {
        config: edit,
        schema: { tags, params: CartParams, body: LocaleRequest, response: { 200: CartAnswer } },
      },
      async (r) => run(r, 'cart.switchLocale', localeEdit(r.body.localeCode)),
    );

    app.post(
      '/api/carts/:cartId/host-rewards',
      {
        config: edit,
        schema: { tags, params: CartParams, body: HostRewardRequest, response: { 200: CartAnswer } },
      },
      async (r) => run(r, 'cart.hostReward', hostRewardEdit(r.body.sku, r.body.isFree)),
    );

    app.put(
      '/api/carts/:cartId/influencer',
      {
        config: edit,
        schema: { tags, params: CartParams, body: InfluencerRequest, response: { 200: CartAnswer } },
      },
      async (r) =>
        ok(
          await service.setInfluencer(
            ctx,
            actorOf(r.staff!),
            r.params.cartId,
            r.body.phoenixId,
            influencerEdit,
          ),
        ),
    );

    app.post(
      '/api/carts/:cartId/gift-selections',
      {
        config: edit,
        schema: { tags, params: CartParams, body: GiftSelectionRequest, response: { 200: CartAnswer } },
      },
      async (r) => run(r, 'cart.giftSelection', giftSelectionEdit(r.body.promo, r.body.sku)),
    );

    app.post(
      '/api/carts/:cartId/clear',
      {
        config: edit,
        schema: {
          tags,
          params: CartParams,
          body: ClearRequest,
          response: { 200: z.union([CartAnswer, okMessage]) },
        },
      },
      async (request) => {
        const actor = actorOf(request.staff!);
        if (request.body.deleteCart) {
          await service.deleteStoredCart(ctx, actor, request.params.cartId);
          return { success: true as const, message: 'Cart deleted.' };
        }
        return ok(await service.editCart(ctx, actor, request.params.cartId, 'cart.clear', emptyEdit));
      },
    );
  };
}
