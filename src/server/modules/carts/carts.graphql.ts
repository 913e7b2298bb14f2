import { CART_ID, LOCALE_CODES, lineQuantity } from '@domain/carts';
import { CART_CHANNEL } from '@domain/reference';
import { GraphQLError } from 'graphql';
import { type AppContext, actorOf } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { type GraphqlContext, type GraphqlModule, requireAction } from '../../platform/graphql';
import { addProductEdit, emptyEdit, removeProductEdit, stepEdit } from './carts.edits';
import { listCarts } from './carts.repo';

import * as service from './carts.service';

/** A cart list with each cart's figures as the cart shows them now. */
const listLive = async (ctx: AppContext, q: Parameters<typeof listCarts>[1]) =>
  service.withLiveFigures(ctx, await listCarts(ctx.db, q));

// Carts on the commerce query service (spec 2 §7) at POST /api/query: query cart; the lists of
// personal carts, client carts (all countries, en-US) and popup carts (socialCarts); mutations
// addProduct, removeProduct, increment/decrementProductQuantity and emptyCart, each with uid,
// clientUid, socialId, localeCode and channel WEB. Errors come back as errors[0].message.
// Reads need records.read (the endpoint's); mutations records.edit (DESIGN §4).

const volumes = 'CV: Float! PV: Float! QV: Float! NV: Float! SV: Float!';

const typeDefs = /* GraphQL */ `
  type CartVolumes { ${volumes} }
  type CartCurrency { name: String! format: String! }
  type CartCustomer { uid: ID! firstName: String! lastName: String! userType: Int! phoenixId: Float email: String }
  type LineDiscount { promo: String! amountInCents: Int! tag: String }
  type CartLineItem {
    id: ID!
    lineItemId: ID
    sku: String!
    title: String!
    name: String!
    image: String
    swatchlabel: String
    quantity: Int!
    maxQuantity: Int
    price: Float!
    priceInCents: Int!
    originalPriceInCents: Int!
    totalPrice: Float!
    totalPriceInCents: Int!
    discounts: [LineDiscount!]!
    bundled: Boolean!
    isPromo: Boolean!
    isSample: Boolean!
    isIncluded: Boolean!
    isHostReward: Boolean!
    isOverridden: Boolean!
    subscription: Boolean!
    doNotShipAlone: Boolean!
    isFinalSaleConfig: Boolean!
    selectedVariant: String
    "The promotion redemption that made a free or gift line ({rule name}:{line id}); null on the shopper's lines."
    redemptionKey: String
    volumes: CartVolumes!
    originalVolumes: CartVolumes!
  }
  "A line as the shopper entered it, before promotions (spec 2 §3 unpromofiedItems)."
  type CartEnteredLine { id: ID! sku: String! quantity: Int! isHostReward: Boolean subscription: Boolean selectedVariant: String }
  "Influencer attribution recorded on the cart (rules with hasInfluencer need one)."
  type CartInfluencer { phoenixId: Float! name: String! }
  type CartPromoItem { sku: String! quantity: Int! promo: String! isSample: Boolean! valueInCents: Int! }
  type HostRewardItem { sku: String! quantity: Int! isFree: Boolean! }
  type AppliedPromo {
    promo: String!
    ruleType: Int!
    priority: Float!
    applied: Boolean!
    times: Int!
    amountInCents: Int!
    "Why it did not apply (null when it did)."
    code: String
    message: String
  }
  type PromoTag { code: String! success: Boolean serverValidated: Boolean fromCheckout: Boolean message: String }
  type CartOverride {
    id: ID! sku: String! overridePrice: Float! overridePV: Float! overrideQV: Float! overrideCV: Float! quantity: Int!
    by: String! at: String!
  }
  type CartResolution { promo: String! choices: [String!]! quantity: Int! }
  type CartGiftSelection { promo: String! sku: String! }
  type DropItem { sku: String! quantity: Int! promo: String reason: String! }
  type CartCounter { promo: String! basis: String! current: Float! threshold: Float! remaining: Float! reached: Boolean! message: String! }
  type CartError { code: String! type: Int! promo: String! message: String! }
  "What the server changed or left out on its own, in words; field names the input, value what may be put back."
  type Notice { code: String! message: String! field: String value: String }
  type Cart {
    cartId: ID!
    version: Int!
    active: Boolean!
    createDate: String!
    lastModified: String!
    uid: ID
    clientUid: ID
    socialId: Int
    typeId: Int
    countryId: Int!
    localeCode: String!
    availableLocales: [String!]!
    currency: CartCurrency!
    customer: CartCustomer
    totalProducts: Int!
    totalUniqueProducts: Int!
    subtotal: Float!
    subtotalInCents: Int!
    prePromoSubtotal: Float!
    prePromoSubtotalInCents: Int!
    discountTotalInCents: Int!
    products: [CartLineItem!]!
    unpromofiedItems: [CartEnteredLine!]!
    influencer: CartInfluencer
    promoItems: [CartPromoItem!]!
    hostRewardItems: [HostRewardItem!]!
    appliedPromos: [AppliedPromo!]!
    promoTags: [PromoTag!]!
    removedPromoItems: [String!]!
    giftSelections: [CartGiftSelection!]!
    overrides: [CartOverride!]!
    resolutions: [CartResolution!]!
    dropItems: [DropItem!]!
    cartCounters: [CartCounter!]!
    cartErrors: [CartError!]!
    volumes: CartVolumes!
    notices: [Notice!]!
  }
  type CartVersion { cartId: ID! version: Int! }
  type CartSummary {
    cartId: ID!
    uid: ID
    clientUid: ID
    socialId: Int
    ownerName: String
    ownerPhoenixId: Float
    localeCode: String!
    currency: String!
    totalProducts: Int!
    subtotalInCents: Int!
    lastSaved: String!
    canceled: Boolean!
    kind: String!
  }
  extend type Query {
    "A cart by id, or the open cart of uid (with clientUid / socialId); localeCode picks an instance."
    cart(cartId: ID, uid: ID, clientUid: ID, socialId: Int, localeCode: String, channel: String): Cart
    "The cart's version: poll this (spec 2 §9, every 4 s) and re-read the cart only when it changes."
    cartVersion(cartId: ID!): CartVersion
    "Personal carts of uid."
    carts(uid: ID!, localeCode: String): [CartSummary!]!
    "Carts a consultant (uid) built for clients, all countries."
    clientCarts(uid: ID!, localeCode: String): [CartSummary!]!
    "Popup carts of a popup (socialId) hosted by uid."
    socialCarts(uid: ID!, socialId: Int!, localeCode: String): [CartSummary!]!
  }
  "Cart changes (spec 2 §7); other modules add theirs with extend type Mutation."
  type Mutation {
    addProduct(cartId: ID, uid: ID!, clientUid: ID, socialId: Int, localeCode: String, channel: String, sku: String!, quantity: Float!, subscription: Boolean): Cart!
    removeProduct(cartId: ID, uid: ID!, clientUid: ID, socialId: Int, localeCode: String, channel: String, lineItemId: ID!): Cart!
    incrementProductQuantity(cartId: ID, uid: ID!, clientUid: ID, socialId: Int, localeCode: String, channel: String, lineItemId: ID!): Cart!
    decrementProductQuantity(cartId: ID, uid: ID!, clientUid: ID, socialId: Int, localeCode: String, channel: String, lineItemId: ID!): Cart!
    emptyCart(cartId: ID, uid: ID!, clientUid: ID, socialId: Int, localeCode: String, channel: String): Cart!
  }
`;

const bad = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_REQUEST' } });

/**
 * The quantity argument, checked as the REST body is, before anything is read or written: a 400
 * whose errors[0] names the field (extensions.field).
 */
function checkedQuantity(quantity: unknown): void {
  const parsed = lineQuantity.safeParse(quantity);
  if (parsed.success) return;
  const message = parsed.error.issues[0]?.message ?? 'Quantity must be a number';
  throw badRequest(message, [{ path: 'quantity', message }]);
}
const UID = /^[A-Za-z0-9]{1,64}$/;

interface CartArgs {
  cartId?: string | null;
  uid?: string | null;
  clientUid?: string | null;
  socialId?: number | null;
  localeCode?: string | null;
  channel?: string | null;
}

function checked(args: CartArgs) {
  if (args.cartId != null && !CART_ID.test(args.cartId)) throw bad('Not a cart id');
  for (const uid of [args.uid, args.clientUid])
    if (uid != null && !UID.test(uid)) throw bad('Not a customer id');
  if (args.localeCode != null && !(LOCALE_CODES as readonly string[]).includes(args.localeCode)) {
    throw bad('Not a locale (en-US, en-CA or fr-CA)');
  }
  if (args.channel != null && args.channel !== CART_CHANNEL) throw bad('Cart calls use channel WEB');
  return {
    owner: { uid: args.uid ?? '', clientUid: args.clientUid ?? null, socialId: args.socialId ?? null },
    localeCode: args.localeCode ?? 'en-US',
  };
}

function mutation<A extends CartArgs>(
  action: string,
  editOf: (args: A) => service.Edit,
  check: (args: A) => void = () => {},
) {
  return async (_root: unknown, args: A, context: GraphqlContext) => {
    requireAction(context, 'records.edit');
    const { owner, localeCode } = checked(args);
    check(args);
    const actor = actorOf(context.staff);
    const cartId = await service.resolveCart(context.ctx, actor, {
      cartId: args.cartId,
      owner,
      localeCode,
      create: true,
    });
    return service.editCart(context.ctx, actor, cartId as string, action, editOf(args));
  };
}

/** A priced cart read is a few ms of database and pricing; a change writes and prices again (ADR 019). */
const CHANGE = { cost: 10_000 };
const LIST = { cost: 2_000, items: 100 };

export const cartsGraphql: GraphqlModule = {
  typeDefs,
  costs: {
    'Query.cart': { cost: 4_000 },
    'Query.cartVersion': { cost: 500 },
    'Query.carts': LIST,
    'Query.clientCarts': LIST,
    'Query.socialCarts': LIST,
    'Mutation.addProduct': CHANGE,
    'Mutation.removeProduct': CHANGE,
    'Mutation.incrementProductQuantity': CHANGE,
    'Mutation.decrementProductQuantity': CHANGE,
    'Mutation.emptyCart': CHANGE,
  },
  resolvers: {
    Query: {
      cart: async (_root: unknown, args: CartArgs, context: GraphqlContext) => {
        const { owner, localeCode } = checked(args);
        if (!args.cartId && !args.uid) throw bad('Give a cartId or a uid');
        const cartId = await service.resolveCart(context.ctx, actorOf(context.staff), {
          cartId: args.cartId,
          owner,
          localeCode,
          create: false,
        });
        if (!cartId) return null;
        return service.cartView(context.ctx, cartId, args.localeCode ?? undefined);
      },
      cartVersion: async (_root: unknown, args: { cartId: string }, context: GraphqlContext) => {
        checked(args);
        return { cartId: args.cartId, version: await service.cartVersion(context.ctx, args.cartId) };
      },
      carts: (_root: unknown, args: CartArgs & { uid: string }, { ctx }: GraphqlContext) => {
        checked(args);
        return listLive(ctx, {
          match: { ownerUid: args.uid },
          kind: 'personal',
          limit: 100,
        });
      },
      clientCarts: (_root: unknown, args: CartArgs & { uid: string }, { ctx }: GraphqlContext) => {
        checked(args);
        return listLive(ctx, {
          match: { clientUid: args.uid },
          kind: 'client',
          limit: 100,
        });
      },
      socialCarts: (
        _root: unknown,
        args: CartArgs & { uid: string; socialId: number },
        { ctx }: GraphqlContext,
      ) => {
        checked(args);
        return listLive(ctx, {
          match: { socialId: args.socialId, ownerUid: args.uid },
          kind: 'popup',
          limit: 100,
        });
      },
    },
    Mutation: {
      addProduct: mutation<CartArgs & { sku: string; quantity: number; subscription?: boolean | null }>(
        'cart.addProduct',
        (a) => addProductEdit(a.sku, a.quantity, a.subscription === true),
        (a) => checkedQuantity(a.quantity),
      ),
      removeProduct: mutation<CartArgs & { lineItemId: string }>('cart.removeProduct', (a) =>
        removeProductEdit(a.lineItemId),
      ),
      incrementProductQuantity: mutation<CartArgs & { lineItemId: string }>(
        'cart.incrementProductQuantity',
        (a) => stepEdit(a.lineItemId, 1),
      ),
      decrementProductQuantity: mutation<CartArgs & { lineItemId: string }>(
        'cart.decrementProductQuantity',
        (a) => stepEdit(a.lineItemId, -1),
      ),
      emptyCart: mutation<CartArgs>('cart.emptyCart', () => emptyEdit),
    },
  },
};
