import type { AccountFacts, PricedCart, PricedLine, PricingInput, VolumeTables } from '../pricing';
import { CART_CHANNEL } from '../reference/constants';
import type {
  AppliedPromo,
  CartInstanceState,
  CartLineView,
  CartView,
  StoredOverride,
  Volumes,
} from './cart';
import { regionOfLocale } from './cart';
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
    ...(facts.customer ? { account: facts.customer.account } : {}),
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

/** Money as the currency's format shows it ($0 → $12.50; 0 $ → 12,50 $). */
export function formatCents(cents: number, format: string): string {
  const amount = (cents / 100).toFixed(2);
  return format.startsWith('0') ? format.replace('0', amount.replace('.', ',')) : format.replace('0', amount);
}

/** The shopper's line id behind an engine line key ("3", "3.1" → line 3; gifts have none). */
function sourceOf(key: string, lineIds: readonly string[]): { id: string; split: string | null } | null {
  const [head, ...rest] = key.split('.');
  if (!head || !/^\d+$/.test(head)) return null;
  const id = lineIds[Number(head)];
  return id ? { id, split: rest.length > 0 ? rest.join('.') : null } : null;
}

/** A price override on `quantity` units of the line; the other units keep the engine's price. */
function overridden(line: PricedLine, o: StoredOverride) {
  const q = Math.min(o.quantity, line.quantity);
  const rest = line.quantity - q;
  const share = (v: number) => (line.quantity > 0 ? (v * rest) / line.quantity : 0);
  const totalPrice = Math.round(o.overridePrice * 100) * q + Math.round(share(line.totalPrice));
  const volumes: Volumes = {
    CV: round2(o.overrideCV * q + share(line.volumes.CV)),
    PV: round2(o.overridePV * q + share(line.volumes.PV)),
    QV: round2(o.overrideQV * q + share(line.volumes.QV)),
    NV: line.volumes.NV,
    SV: line.volumes.SV,
  };
  return { totalPrice, volumes, price: Math.round(o.overridePrice * 100) };
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
      discounts: l.discounts.map((d) => ({ promo: d.promo, amountInCents: d.amount, tag: d.tag ?? null })),
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
  const money = (c: number) => formatCents(c, state.currency.format);
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
  };
}

/** The free items to remember after a write: what the rules gave this time. */
export const heldPromoItems = (priced: PricedCart) =>
  priced.promoItems.map((p) => ({ sku: p.sku, quantity: p.quantity, promo: p.promo }));
