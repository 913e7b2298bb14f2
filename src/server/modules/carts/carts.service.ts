import {
  CART_MESSAGES,
  type CartCustomer,
  type CartInfluencer,
  type CartInstanceState,
  type CartMeta,
  type CartSummaryView,
  type CartView,
  type CatalogFacts,
  currencyOfLocale,
  emptyState,
  heldPromoItems,
  pricingInput,
  readInstance,
  regionOfLocale,
  storedInstance,
  toCartView,
  type VariantFacts,
} from '@domain/carts';
import type { CartDetail, CartSummary } from '@domain/customers/customer';
import type { Notice } from '@domain/platform/notices';
import { type PricingInput, priceCart } from '@domain/pricing';
import { BOUND_MESSAGES, BOUNDS, CART_ID_LENGTH } from '@domain/reference';
import { type Actor, changeEvent, recordChange } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { alphanumericId } from '../../platform/ids';
import { activeRulesOf } from './active-rules';
import * as repo from './carts.repo';

// The cart service (spec 2 §4 cart lifecycle, §7 commerce query service). Every read and write
// prices the cart on the server with the engine and the active rules. Writes are optimistic: an
// edit is a pure function of the instance, applied to the version read and written only if the
// cart is still at that version; otherwise it is applied again to the fresh cart (so two staff
// editing at once both land), and after a few tries refused with a clear message.

const WRITE_TRIES = 5;
const VIEW_CACHE_SIZE = 500;
/** A cached priced view is reused while the cart and rules are unchanged, for at most this long. */
const VIEW_CACHE_MS = 60_000;

interface CachedView {
  version: number;
  locale: string;
  stamp: string;
  at: number;
  view: CartView;
}
const viewCache = new WeakMap<object, Map<string, CachedView>>();
function cacheOf(ctx: AppContext): Map<string, CachedView> {
  let found = viewCache.get(ctx.db);
  if (!found) {
    found = new Map();
    viewCache.set(ctx.db, found);
  }
  return found;
}
function remember(ctx: AppContext, cartId: string, entry: CachedView) {
  const cache = cacheOf(ctx);
  cache.delete(cartId);
  cache.set(cartId, entry);
  if (cache.size > VIEW_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
}

const rulesOf = (ctx: AppContext) => activeRulesOf(ctx.db, (m) => ctx.log.warn(m));

function metaOf(row: repo.CartRow): CartMeta {
  return {
    cartId: row.cart_id,
    version: row.version,
    canceled: row.canceled,
    createdAt: new Date(row.created_at).toISOString(),
    lastSaved: new Date(row.last_saved).toISOString(),
    uid: row.uid,
    cid: row.cid,
    socialId: row.social_id,
    availableLocales: Object.keys(row.cart_instances ?? {}),
  };
}

const instanceOf = (row: repo.CartRow, locale: string): CartInstanceState =>
  locale in (row.cart_instances ?? {})
    ? readInstance(locale, row.cart_instances[locale])
    : emptyState(locale);

type CatalogOf = (skus: readonly string[], region: number) => Promise<Map<string, CatalogFacts>>;

/**
 * Catalogue facts remembered for one request: SKUs already read (found or not) are not asked
 * again. It starts with what was read with the cart (its lines, host rewards, the gifts and the
 * edit's SKUs in the active locale's country), so an edit usually asks the catalogue nothing more.
 */
function catalogMemo(ctx: AppContext, read?: repo.CartForPricing): CatalogOf {
  const known = new Map<string, CatalogFacts | null>();
  if (read) {
    const region = regionOfLocale(read.row.active_locale);
    for (const s of read.asked) known.set(`${region}:${s}`, read.catalog.get(s) ?? null);
  }
  return async (skus, region) => {
    const missing = [...new Set(skus)].filter((s) => !known.has(`${region}:${s}`));
    if (missing.length > 0) {
      const found = await repo.catalogFacts(ctx.db, missing, region);
      for (const s of missing) known.set(`${region}:${s}`, found.get(s) ?? null);
    }
    const out = new Map<string, CatalogFacts>();
    for (const s of skus) {
      const facts = known.get(`${region}:${s}`);
      if (facts) out.set(s, facts);
    }
    return out;
  };
}

/** The cart with its owner and the catalogue facts pricing it will need (and `skus`): one statement. */
async function readForPricing(ctx: AppContext, cartId: string, skus: readonly string[] = []) {
  const { giftSkus } = await rulesOf(ctx).get();
  const found = await repo.cartForPricing(ctx.db, cartId, [...skus, ...giftSkus]);
  if (!found) throw notFound(CART_MESSAGES.noSuchCart);
  return { row: found.row, reads: { customer: found.customer, catalogOf: catalogMemo(ctx, found) } };
}

/** What pricing reads besides the rules: the owner's facts and the catalogue. */
interface PricingReads {
  customer: CartCustomer | null;
  catalogOf: CatalogOf;
}

/** Prices one instance: the engine with the active rules, then the cart response. */
async function price(
  ctx: AppContext,
  state: CartInstanceState,
  meta: CartMeta,
  reads: PricingReads,
  extra: Partial<PricingInput> = {},
) {
  const rules = await rulesOf(ctx).get();
  const skus = [...state.unpromofiedItems.map((l) => l.sku), ...rules.giftSkus];
  const catalog = await reads.catalogOf(skus, regionOfLocale(state.localeCode));
  const customer = reads.customer;
  const facts = {
    now: Math.floor(ctx.clock.now() / 1000),
    customer,
    catalog,
    volumeTables: rules.volumeTables,
  };
  const { input, lineIds } = pricingInput(state, facts);
  const priced = priceCart({ ...input, ...extra }, rules.compiled);
  const cartMessages = await repo.cartMessages(
    ctx.db,
    priced.cartErrors.map((e) => e.code),
    state.localeCode,
  );
  const view = toCartView(meta, state, priced, lineIds, {
    ...facts,
    rulesByCode: rules.rulesByCode,
    cartMessages,
  });
  // The applied rules limited to one per email: the purchase records their redemption.
  const redeemsPerEmail = priced.explanations
    .filter((e) => e.applied && rules.limitOnePerEmail.has(e.promo))
    .map((e) => e.promo);
  return { view, priced, stamp: rules.stamp, catalog, customer, redeemsPerEmail };
}

/**
 * The cart priced for checkout (spec 2 §4 estimate): its active instance with the order's shipping
 * rates, product credit and order type added to the engine's input, so shipping promos and drops
 * apply. Never cached: the estimate and the purchase read the cart as it is.
 */
export async function priceForCheckout(ctx: AppContext, cartId: string, extra: Partial<PricingInput>) {
  const { row, reads } = await readForPricing(ctx, cartId);
  const state = instanceOf(row, row.active_locale);
  return { row, state, ...(await price(ctx, state, metaOf(row), reads, extra)) };
}

/** The priced cart (spec 2 §7 query cart); an unchanged cart answers from the last pricing. */
/** The cached view of a cart when it is still the cart at this version, priced by these rules. */
function freshView(
  ctx: AppContext,
  cartId: string,
  at: { version: number | undefined; stamp: string; localeCode?: string },
): CartView | null {
  const cached = cacheOf(ctx).get(cartId);
  if (!cached || Date.now() - cached.at >= VIEW_CACHE_MS) return null;
  if (at.localeCode && at.localeCode !== cached.locale) return null;
  return at.version === cached.version && at.stamp === cached.stamp ? cached.view : null;
}

export async function cartView(ctx: AppContext, cartId: string, localeCode?: string): Promise<CartView> {
  const cached = cacheOf(ctx).get(cartId);
  if (cached && Date.now() - cached.at < VIEW_CACHE_MS && (!localeCode || localeCode === cached.locale)) {
    const [version, rules] = await Promise.all([repo.cartVersion(ctx.db, cartId), rulesOf(ctx).get()]);
    const fresh = freshView(ctx, cartId, { version, stamp: rules.stamp, localeCode });
    if (fresh) return fresh;
  }
  const { row, reads } = await readForPricing(ctx, cartId);
  const locale = localeCode ?? row.active_locale;
  const { view, stamp } = await price(ctx, instanceOf(row, locale), metaOf(row), reads);
  if (locale === row.active_locale)
    remember(ctx, cartId, { version: row.version, locale, stamp, at: Date.now(), view });
  return view;
}

/**
 * A list of carts shows each open cart's figures as the cart itself shows them now: priced live
 * with today's rules and the owner's prices (the stored figures are the last save's, and carts a
 * storefront saved hold list prices). A cart that cannot be priced keeps its stored figures.
 */
export async function withLiveFigures(ctx: AppContext, list: CartSummaryView[]): Promise<CartSummaryView[]> {
  const out = [...list];
  // One statement for every listed cart's version: a cart whose view is cached is not read again.
  const open = list.filter((s) => !s.canceled).map((s) => s.cartId);
  const [versions, rules] = await Promise.all([repo.cartVersions(ctx.db, open), rulesOf(ctx).get()]);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < out.length; i = next++) {
      const summary = out[i]!;
      if (summary.canceled) continue;
      try {
        const at = {
          version: versions.get(summary.cartId),
          stamp: rules.stamp,
          localeCode: summary.localeCode,
        };
        const view = freshView(ctx, summary.cartId, at) ?? (await cartView(ctx, summary.cartId));
        out[i] = { ...summary, subtotalInCents: view.subtotalInCents, totalProducts: view.totalProducts };
      } catch {
        // Stored figures stand in for a cart the engine cannot price (its catalogue rows are gone).
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LIVE_PRICING_CONCURRENCY, out.length) }, worker));
  return out;
}
const LIVE_PRICING_CONCURRENCY = 4;

/** The cheap poll (spec 2 §9: every 4 s): the version only. */
export async function cartVersion(ctx: AppContext, cartId: string): Promise<number> {
  const version = await repo.cartVersion(ctx.db, cartId);
  if (version === undefined) throw notFound(CART_MESSAGES.noSuchCart);
  return version;
}

export interface CartOwner {
  uid: string;
  clientUid: string | null;
  socialId: number | null;
}

/** Opens a new cart with a fresh id (spec 2 §4) for a customer on file. */
export async function createCart(
  ctx: AppContext,
  actor: Actor,
  owner: CartOwner,
  localeCode: string,
): Promise<string> {
  const customer = await repo.customerOf(ctx.db, owner.uid);
  if (!customer) throw notFound('No customer with that id.');
  const cartId = alphanumericId(CART_ID_LENGTH);
  const currency = currencyOfLocale(localeCode);
  await ctx.db.transaction(async (tx) => {
    await repo.insertCart(tx, {
      cartId,
      uid: owner.uid,
      cid: owner.clientUid,
      socialId: owner.socialId,
      userEmail: customer.email,
      localeCode,
      currency,
      instance: { ...emptyState(localeCode) },
      customer: {
        uid: customer.uid,
        phoenixId: customer.phoenixId,
        firstName: customer.firstName,
        lastName: customer.lastName,
        userType: customer.userType,
        countryId: regionOfLocale(localeCode),
      },
      by: actor.email,
    });
    await recordChange(tx, {
      collection: 'carts-log',
      entityId: cartId,
      action: 'cart.create',
      actor,
      after: { owner, localeCode },
    });
  });
  return cartId;
}

/**
 * "New order" for a customer: their open personal cart in that locale when it holds nothing yet,
 * else a new one. Starting an order again never leaves another empty cart behind.
 */
export async function emptyCartOrNew(
  ctx: AppContext,
  actor: Actor,
  owner: CartOwner,
  localeCode: string,
): Promise<string> {
  if (owner.clientUid === null && owner.socialId === null) {
    const open = await repo.personalCartsOf(ctx.db, owner.uid);
    const empty = open.find(
      (c) =>
        c.activeLocale === localeCode &&
        Object.entries(c.instances).every(
          ([locale, value]) => readInstance(locale, value).unpromofiedItems.length === 0,
        ),
    );
    if (empty) return empty.cartId;
  }
  return createCart(ctx, actor, owner, localeCode);
}

/** The cart a commerce-query call means: the given id, else the owner's open cart (made if asked). */
export async function resolveCart(
  ctx: AppContext,
  actor: Actor,
  args: { cartId?: string | null; owner: CartOwner; localeCode: string; create: boolean },
): Promise<string | null> {
  if (args.cartId) return args.cartId;
  const open = await repo.openCartOf(ctx.db, args.owner);
  if (open || !args.create) return open ?? null;
  return createCart(ctx, actor, args.owner, args.localeCode);
}

export interface EditTools {
  /** The variant's catalogue facts in the cart's country (400 when it is not sold there). */
  variant(sku: string): Promise<VariantFacts & { facts: CatalogFacts }>;
  /** The current cart, priced (to find free lines by their id). */
  current(): Promise<CartView>;
  /** The stored instance of another locale (empty when the cart has none). */
  instance(locale: string): CartInstanceState;
  newLineId(): string;
}
export interface EditResult {
  state: CartInstanceState;
  /** What the edit changed on its own (ADR 026): in the answer to this edit only. */
  notices?: Notice[];
  /** Switch the active locale to this one (its instance is `state`). */
  locale?: string;
}
export type Edit = ((state: CartInstanceState, tools: EditTools) => Promise<EditResult> | EditResult) & {
  /** SKUs the edit will look up in the catalogue (read with the cart, in the same statement). */
  readonly skus?: readonly string[];
  /** The input a cart beyond its bounds is blamed on (the quantity unless said). */
  readonly field?: string;
};

/**
 * Why a priced cart is beyond its stated bounds (ADR 026), or null: its totals before and after
 * promotions, each line's total and its volumes must stay within what a cart may hold.
 */
export function beyondBounds(view: CartView): string | null {
  const max = BOUNDS.cartTotalCents;
  const money = [
    view.subtotalInCents,
    view.prePromoSubtotalInCents,
    ...view.products.map((p) => p.totalPriceInCents),
  ];
  if (money.some((c) => !Number.isSafeInteger(c) || Math.abs(c) > max)) return BOUND_MESSAGES.cartTotal;
  const volumes = Object.values(view.volumes);
  if (volumes.some((v) => !Number.isFinite(v))) return BOUND_MESSAGES.cartTotal;
  return null;
}

const auditable = (s: CartInstanceState) => ({
  localeCode: s.localeCode,
  lines: s.unpromofiedItems.map((l) => ({
    id: l.id,
    sku: l.sku,
    quantity: l.quantity,
    ...(l.isHostReward ? { isHostReward: true } : {}),
  })),
  promoCodes: s.promoTags.map((t) => t.code),
  removedPromoItems: s.removedPromoItems,
  hostRewardItems: s.hostRewardItems,
  overrides: s.overrides.map(({ at: _at, ...o }) => o),
  giftSelections: s.giftSelections,
  influencer: s.influencer,
});

/** Applies an edit to the active instance, prices it and writes it with its audit event. */
export async function editCart(
  ctx: AppContext,
  actor: Actor,
  cartId: string,
  action: string,
  edit: Edit,
): Promise<CartView> {
  for (let attempt = 0; attempt < WRITE_TRIES; attempt++) {
    // One statement for the cart, its owner and the catalogue (its lines, the gifts the rules may
    // add and the edit's SKUs), one for the write and its event.
    const { row, reads } = await readForPricing(ctx, cartId, edit.skus);
    if (row.canceled) throw conflict(CART_MESSAGES.canceled);
    const before = instanceOf(row, row.active_locale);
    const region = regionOfLocale(before.localeCode);
    const tools: EditTools = {
      async variant(sku) {
        const { giftSkus } = await rulesOf(ctx).get();
        const lines = before.unpromofiedItems.map((l) => l.sku);
        const facts = (await reads.catalogOf([sku, ...lines, ...giftSkus], region)).get(sku);
        if (!facts) throw badRequest(CART_MESSAGES.noSuchProduct(sku));
        return { sku, maxQuantity: facts.maxQuantity, inStock: facts.inStock, facts };
      },
      current: async () => (await price(ctx, before, metaOf(row), reads)).view,
      instance: (locale) => instanceOf(row, locale),
      newLineId: () => alphanumericId(12),
    };
    const result = await edit(before, tools);
    const locale = result.locale ?? row.active_locale;
    const priced = await price(ctx, result.state, metaOf(row), reads);
    const after: CartInstanceState = { ...result.state, promoItems: heldPromoItems(priced.priced) };
    const { view } = priced;
    // Checked before anything is written: a cart beyond its bound would not fit the order's
    // columns nor the answer's Int fields (ADR 026).
    const beyond = beyondBounds(view);
    if (beyond) throw badRequest(beyond, [{ path: edit.field ?? 'quantity', message: beyond }]);
    const stored = storedInstance(after, view, new Date().toISOString());
    const written = await repo.writeCart(
      ctx.db,
      cartId,
      row.version,
      {
        activeLocale: locale,
        instances: { ...row.cart_instances, [locale]: stored },
        currency: after.currency,
        by: actor.email,
      },
      changeEvent({
        collection: 'carts-log',
        entityId: cartId,
        action,
        actor,
        before: auditable(locale === row.active_locale ? before : instanceOf(row, locale)),
        after: auditable(after),
      }),
    );
    if (!written) continue;
    const fresh: CartView = {
      ...view,
      version: written.version,
      lastModified: new Date(written.last_saved).toISOString(),
      localeCode: locale,
      availableLocales: [...new Set([...Object.keys(row.cart_instances ?? {}), locale])],
    };
    remember(ctx, cartId, {
      version: written.version,
      locale,
      stamp: priced.stamp,
      at: Date.now(),
      view: fresh,
    });
    return result.notices ? { ...fresh, notices: [...result.notices, ...fresh.notices] } : fresh;
  }
  throw conflict(CART_MESSAGES.busy);
}

/**
 * Records or removes the cart's influencer attribution (spec 3 §4 hasInfluencer): the influencer
 * must be an active consultant other than the cart's owner. Refused with a 400 before anything is
 * written; the write itself is an edit, audited as `cart.influencer` with the attribution before
 * and after.
 */
export async function setInfluencer(
  ctx: AppContext,
  actor: Actor,
  cartId: string,
  phoenixId: number | null,
  edit: (influencer: CartInfluencer | null) => Edit,
): Promise<CartView> {
  if (phoenixId === null) return editCart(ctx, actor, cartId, 'cart.influencer', edit(null));
  const row = await repo.cartRow(ctx.db, cartId);
  if (!row) throw notFound(CART_MESSAGES.noSuchCart);
  const found = await repo.activeConsultant(ctx.db, phoenixId);
  const refuse = (message: string) => badRequest(message, [{ path: 'phoenixId', message }]);
  if (!found) throw refuse(CART_MESSAGES.noSuchInfluencer(phoenixId));
  if (found.uid === row.uid) throw refuse(CART_MESSAGES.ownInfluencer);
  return editCart(ctx, actor, cartId, 'cart.influencer', edit({ phoenixId, name: found.name }));
}

/** Clear (spec 2 §4): empties the active instance, or deletes the stored cart. */
export async function deleteStoredCart(ctx: AppContext, actor: Actor, cartId: string): Promise<void> {
  for (let attempt = 0; attempt < WRITE_TRIES; attempt++) {
    const row = await repo.cartRow(ctx.db, cartId);
    if (!row) throw notFound(CART_MESSAGES.noSuchCart);
    const done = await ctx.db.transaction(async (tx) => {
      if (!(await repo.deleteCart(tx, cartId, row.version))) return false;
      await recordChange(tx, {
        collection: 'carts-log',
        entityId: cartId,
        action: 'cart.delete',
        actor,
        before: auditable(instanceOf(row, row.active_locale)),
        after: {},
      });
      return true;
    });
    if (done) {
      cacheOf(ctx).delete(cartId);
      return;
    }
  }
  throw conflict(CART_MESSAGES.busy);
}

/**
 * A customer's saved carts as stored (spec 2 §3 Cart), last saved first, for the customer screens:
 * their own and the client carts they built for others; open carts only when asked.
 */
export const customerCarts = (
  db: DbOrTx,
  uid: string,
  opts: { openOnly?: boolean; limit: number },
): Promise<CartSummary[]> => repo.cartsOfCustomer(db, uid, opts);

/** One of a customer's saved carts as stored, or undefined when it is not theirs. */
export const customerCart = (db: DbOrTx, uid: string, cartId: string): Promise<CartDetail | undefined> =>
  repo.cartOfCustomer(db, uid, cartId);

/**
 * What the carts price with, for the promo tool's simulator (it prices exactly as the cart does):
 * the catalogue facts of these SKUs in a country (a product without a price there is not sold
 * there) and a customer's pricing facts (null when not on file).
 */
export const catalogFactsIn = (
  db: DbOrTx,
  skus: readonly string[],
  countryId: number,
): Promise<Map<string, CatalogFacts>> => repo.catalogFacts(db, skus, countryId);

export const pricingCustomer = (db: DbOrTx, uid: string): Promise<CartCustomer | null> =>
  repo.customerOf(db, uid);
