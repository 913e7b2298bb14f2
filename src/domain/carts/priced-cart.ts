import { membershipRefusal, renewalRefusal } from '../checkout/eligibility';
import { ORDERING_MESSAGES } from '../checkout/messages';
import { NOTICE_CODES, type Notice } from '../platform/notices';
import type { AccountFacts, PricedCart, PricedLine, PricingInput, VolumeTables } from '../pricing';
import { CART_CHANNEL, SKU } from '../reference/constants';
import { formatMoney } from '../reference/money';
import type {
  AppliedPromo,
  CartInstanceState,
  CartLineView,
  CartView,
  StoredOverride,
  Volumes,
} from './cart';
import { regionOfLocale } from './cart-constants';
import { promoTagResults } from './promo-codes';

// From a stored cart instance to the engine's input, and from the engine's priced cart to the cart
// response of the commerce query service (spec 2 §3), with price overrides applied on top.

/** What the catalogue knows about a SKU in the cart's country. */
export interface CatalogFacts {
  sku: string;
  title: string;
  image: string | null;
  swatchLabel: string | null;
  maxQuantity: number;
  inStock: boolean;
  /** Retail unit price in cents: the special price when it is below the regular price (ADR 023). */
  priceCents: number;
  memberPriceCents: number | null;
  wholesalePriceCents: number | null;
  volumes: Volumes;
  finalSale: boolean;
  doNotShipAlone: boolean;
}

export interface CartCustomer {
  uid: string;
  firstName: string;
  lastName: string;
  userType: number;
  phoenixId: number | null;
  email: string | null;
  account: AccountFacts;
}

export interface PricingFacts {
  now: number;
  customer: CartCustomer | null;
  catalog: ReadonlyMap<string, CatalogFacts>;
  volumeTables: VolumeTables;
}

const productPrice = (f: CatalogFacts) => ({
  price: f.priceCents,
  ...(f.memberPriceCents === null ? {} : { memberPrice: f.memberPriceCents }),
  ...(f.wholesalePriceCents === null ? {} : { wholesalePrice: f.wholesalePriceCents }),
  volumes: f.volumes,
});

/** The engine input for one instance; SKUs the catalogue does not sell here are left out. */
export function pricingInput(
  state: CartInstanceState,
  facts: PricingFacts,
): { input: PricingInput; lineIds: string[] } {
  const lineIds: string[] = [];
  const lines = state.unpromofiedItems.flatMap((l) => {
    const f = facts.catalog.get(l.sku);
    if (!f) return [];
    lineIds.push(l.id);
    return [
      {
        sku: l.sku,
        quantity: l.quantity,
        ...productPrice(f),
        ...(l.isHostReward ? { isHostReward: true } : {}),
        ...(l.subscription ? { subscription: true } : {}),
        ...(l.selectedVariant ? { selectedVariant: l.selectedVariant } : {}),
        ...(f.doNotShipAlone ? { doNotShipAlone: true } : {}),
        ...(f.finalSale ? { isFinalSaleConfig: true } : {}),
      },
    ];
  });
  const products: Record<string, ReturnType<typeof productPrice>> = {};
  for (const [sku, f] of facts.catalog) products[sku] = productPrice(f);
  const input: PricingInput = {
    now: facts.now,
    regionId: regionOfLocale(state.localeCode),
    locale: state.localeCode,
    currency: state.currency,
    userType: facts.customer?.userType ?? 7,
    channel: CART_CHANNEL,
    // Influencer attribution is the cart's (recorded by staff); the rest is the owner's account.
    account: { ...facts.customer?.account, hasInfluencer: state.influencer !== null },
    lines,
    promoTags: state.promoTags.map((t) => ({
      code: t.code,
      ...(t.fromCheckout ? { fromCheckout: true } : {}),
    })),
    promoItems: state.promoItems,
    removedPromoItems: state.removedPromoItems,
    hostRewardItems: state.hostRewardItems.map((h) => ({ sku: h.sku, isFree: h.isFree })),
    giftSelections: state.giftSelections,
    products,
    volumeTables: facts.volumeTables,
  };
  return { input, lineIds };
}

const dollars = (cents: number) => Math.round(cents) / 100;
const ZERO: Volumes = { CV: 0, PV: 0, QV: 0, NV: 0, SV: 0 };
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The shopper's line id behind an engine line key ("3", "3.1" → line 3; gifts have none). */
function sourceOf(key: string, lineIds: readonly string[]): { id: string; split: string | null } | null {
  const [head, ...rest] = key.split('.');
  if (!head || !/^\d+$/.test(head)) return null;
  const id = lineIds[Number(head)];
  return id ? { id, split: rest.length > 0 ? rest.join('.') : null } : null;
}

/**
 * A price override on `quantity` units of the line; the other units keep the engine's price and
 * their share of its discounts. The line still reads across (ADR 024): on a whole line the override
 * is the unit price and no promotion is left on it; on part of a line the unit price stays the
 * engine's, and the overridden units' difference is one more entry among the discounts.
 */
function overridden(line: PricedLine, o: StoredOverride) {
  const q = Math.min(o.quantity, line.quantity);
  const rest = line.quantity - q;
  const share = (v: number) => (line.quantity > 0 ? (v * rest) / line.quantity : 0);
  const unit = Math.round(o.overridePrice * 100);
  const volumes: Volumes = {
    CV: round2(o.overrideCV * q + share(line.volumes.CV)),
    PV: round2(o.overridePV * q + share(line.volumes.PV)),
    QV: round2(o.overrideQV * q + share(line.volumes.QV)),
    NV: line.volumes.NV,
    SV: line.volumes.SV,
  };
  if (rest === 0) return { totalPrice: unit * q, volumes, price: unit, discounts: [] };
  const kept = shareOf(line.discounts, rest, line.quantity);
  const discounts = [...kept, { promo: PRICE_OVERRIDE, ruleType: -1, amount: (line.price - unit) * q }];
  const totalPrice = line.price * line.quantity - discounts.reduce((s, d) => s + d.amount, 0);
  return { totalPrice, volumes, price: line.price, discounts };
}

/** The name a partial override's difference goes by among a line's discounts. */
export const PRICE_OVERRIDE = 'Price override';

/** Each discount's share for `part` of `whole` units, in cents that add up to the rounded share of their sum. */
function shareOf(discounts: PricedLine['discounts'], part: number, whole: number) {
  const total = discounts.reduce((s, d) => s + d.amount, 0);
  const target = Math.round((total * part) / whole);
  const shares = discounts.map((d) => ({ ...d, amount: Math.floor((d.amount * part) / whole) }));
  let left = target - shares.reduce((s, d) => s + d.amount, 0);
  for (const d of shares) {
    if (left <= 0) break;
    d.amount += 1;
    left -= 1;
  }
  return shares.filter((d) => d.amount !== 0);
}

export interface CartMeta {
  cartId: string;
  version: number;
  canceled: boolean;
  createdAt: string;
  lastSaved: string;
  uid: string | null;
  cid: string | null;
  socialId: number | null;
  availableLocales: string[];
}

export interface ViewFacts extends PricingFacts {
  /** Lower-cased code → names of the active rules carrying it. */
  rulesByCode: ReadonlyMap<string, readonly string[]>;
  /** Cart message texts from content entries, by error code, for this locale. */
  cartMessages: ReadonlyMap<string, string>;
}

/**
 * A membership or renewal SKU the account may not buy (spec 2 §5), whether the pricing windows
 * (type 21) took it out of the cart or it is still in: a paid SKU, not a free item, said in the
 * spec's words (spec 2 §8). The estimate refuses it as well while it is in the cart.
 */
function windowNotices(priced: PricedCart, facts: PricingFacts): Notice[] {
  const eligibility = {
    now: facts.now,
    userType: facts.customer?.userType ?? 7,
    account: facts.customer?.account ?? {},
  };
  const skus = new Set([
    ...priced.dropItems.filter((d) => d.reason === 'outside-membership-window').map((d) => d.sku),
    ...priced.lines.filter((l) => !l.isPromo).map((l) => l.sku),
  ]);
  const out: Notice[] = [];
  if (skus.has(SKU.memberProgram)) {
    const dropped = priced.dropItems.some((d) => d.sku === SKU.memberProgram);
    const why = membershipRefusal(eligibility) ?? (dropped ? ORDERING_MESSAGES.membershipIneligible : null);
    if (why) out.push({ code: NOTICE_CODES.membershipIneligible, message: why, field: 'sku' });
  }
  if (skus.has(SKU.renewal)) {
    const dropped = priced.dropItems.some((d) => d.sku === SKU.renewal);
    const why = renewalRefusal(eligibility) ?? (dropped ? ORDERING_MESSAGES.renewalIneligible : null);
    if (why) out.push({ code: NOTICE_CODES.renewalIneligible, message: why, field: 'sku' });
  }
  return out;
}

/**
 * The redemption that made a free or gift line (spec 2 §3 redemptionKey): the rule whose discount
 * made it free (the last one on it) and the line's id, so each free line names its own
 * redemption. The shopper's own lines have none.
 */
function redemptionKeyOf(l: PricedLine, id: string): string | null {
  if (!l.isPromo) return null;
  const by = l.discounts[l.discounts.length - 1]?.promo;
  return by ? `${by}:${id}` : null;
}

export function toCartView(
  meta: CartMeta,
  state: CartInstanceState,
  priced: PricedCart,
  lineIds: readonly string[],
  facts: ViewFacts,
): CartView {
  const overrides = new Map(state.overrides.map((o) => [o.id, o]));
  const products: CartLineView[] = priced.lines.map((l) => {
    const f = facts.catalog.get(l.sku);
    const source = sourceOf(l.key, lineIds);
    const id = source ? (source.split ? `${source.id}.${source.split}` : source.id) : l.key;
    const o = source && !source.split && !l.isPromo ? overrides.get(source.id) : undefined;
    const over = o && o.sku === l.sku ? overridden(l, o) : null;
    const totalCents = over ? over.totalPrice : l.totalPrice;
    const unit = over ? over.price : l.price;
    const discounts = over ? over.discounts : l.discounts;
    const title = f?.title ?? l.sku;
    return {
      id,
      lineItemId: source?.id ?? null,
      sku: l.sku,
      title,
      name: title,
      image: f?.image ?? null,
      swatchlabel: f?.swatchLabel ?? null,
      quantity: l.quantity,
      maxQuantity: f ? f.maxQuantity : null,
      price: dollars(unit),
      priceInCents: unit,
      originalPriceInCents: l.originalPrice,
      totalPrice: dollars(totalCents),
      totalPriceInCents: totalCents,
      discounts: discounts.map((d) => ({ promo: d.promo, amountInCents: d.amount, tag: d.tag ?? null })),
      bundled: l.bundled,
      isPromo: l.isPromo,
      isSample: l.isSample,
      isIncluded: l.isIncluded,
      isHostReward: l.isHostReward,
      isOverridden: over !== null,
      subscription: l.subscription,
      doNotShipAlone: l.doNotShipAlone,
      isFinalSaleConfig: l.isFinalSaleConfig,
      selectedVariant: l.selectedVariant ?? null,
      redemptionKey: l.redemptionKey ?? redemptionKeyOf(l, id),
      volumes: over ? over.volumes : l.volumes,
      originalVolumes: l.originalVolumes,
    };
  });
  const subtotal = products.reduce((s, p) => s + p.totalPriceInCents, 0);
  // Before promotions, every line at its unit price, free and gift lines included (they are
  // discounted in full): the order written from this cart then adds up as the downstream export
  // checks (Σ price × quantity = pre-promotion subtotal; it less the discounts = the subtotal).
  const prePromoSubtotal = products.reduce((s, p) => s + p.priceInCents * p.quantity, 0);
  const volumes = products.reduce<Volumes>(
    (v, p) => ({
      CV: round2(v.CV + p.volumes.CV),
      PV: round2(v.PV + p.volumes.PV),
      QV: round2(v.QV + p.volumes.QV),
      NV: round2(v.NV + p.volumes.NV),
      SV: round2(v.SV + p.volumes.SV),
    }),
    ZERO,
  );
  const appliedPromos: AppliedPromo[] = priced.explanations.map((e) =>
    e.applied
      ? {
          promo: e.promo,
          ruleType: e.ruleType,
          priority: e.priority,
          applied: true,
          times: e.times,
          amountInCents: e.amount,
          code: null,
          message: null,
        }
      : {
          promo: e.promo,
          ruleType: e.ruleType,
          priority: e.priority,
          applied: false,
          times: 0,
          amountInCents: 0,
          code: e.code,
          message: e.message,
        },
  );
  const money = (c: number) => formatMoney(c, state.currency.name, state.localeCode);
  const c = facts.customer;
  return {
    cartId: meta.cartId,
    version: meta.version,
    active: !meta.canceled,
    createDate: meta.createdAt,
    lastModified: meta.lastSaved,
    uid: meta.uid,
    clientUid: meta.cid,
    socialId: meta.socialId,
    typeId: c?.userType ?? null,
    countryId: regionOfLocale(state.localeCode),
    localeCode: state.localeCode,
    availableLocales: meta.availableLocales,
    currency: state.currency,
    customer: c
      ? {
          uid: c.uid,
          firstName: c.firstName,
          lastName: c.lastName,
          userType: c.userType,
          phoenixId: c.phoenixId,
          email: c.email,
        }
      : null,
    totalProducts: products.reduce((s, p) => s + p.quantity, 0),
    totalUniqueProducts: new Set(products.map((p) => p.sku)).size,
    subtotal: dollars(subtotal),
    subtotalInCents: subtotal,
    prePromoSubtotal: dollars(prePromoSubtotal),
    prePromoSubtotalInCents: prePromoSubtotal,
    discountTotalInCents: prePromoSubtotal - subtotal,
    products,
    unpromofiedItems: state.unpromofiedItems,
    influencer: state.influencer,
    promoItems: priced.promoItems.map((p) => ({
      sku: p.sku,
      quantity: p.quantity,
      promo: p.promo,
      isSample: p.isSample,
      valueInCents: p.value,
    })),
    hostRewardItems: state.hostRewardItems,
    appliedPromos,
    promoTags: promoTagResults(state.promoTags, facts.rulesByCode, priced.explanations),
    removedPromoItems: state.removedPromoItems,
    giftSelections: state.giftSelections,
    overrides: state.overrides,
    resolutions: priced.resolutions.map((r) => ({
      promo: r.promo,
      choices: r.choices,
      quantity: r.quantity,
      choiceNames: Object.fromEntries(r.choices.map((sku) => [sku, facts.catalog.get(sku)?.title ?? sku])),
    })),
    dropItems: priced.dropItems.map((d) => ({
      sku: d.sku,
      quantity: d.quantity,
      promo: d.promo ?? null,
      reason: d.reason,
    })),
    cartCounters: priced.cartCounters.map((k) => ({
      ...k,
      message: k.reached
        ? `${k.promo}: reached`
        : k.basis === 'spend'
          ? `Spend ${money(k.remaining)} more for ${k.promo}`
          : `Add ${k.remaining} more ${k.remaining === 1 ? 'item' : 'items'} for ${k.promo}`,
    })),
    cartErrors: priced.cartErrors.map((e) => ({ ...e, message: facts.cartMessages.get(e.code) ?? e.code })),
    volumes,
    notices: windowNotices(priced, facts),
  };
}

/** The free items to remember after a write: what the rules gave this time. */
export const heldPromoItems = (priced: PricedCart) =>
  priced.promoItems.map((p) => ({ sku: p.sku, quantity: p.quantity, promo: p.promo }));
