import type { CartInstanceState, CartLineView, CartView, StoredLine } from './cart';
import { CartInfluencer, currencyOfLocale, StoredOverride } from './cart';

// Reading a stored cart instance (spec 2 §3 cartInstances). Instances written by the storefront
// carry only priced `products`; the shopper's lines are then those products less the free ones.

type Json = Record<string, unknown>;
const obj = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const whole = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.floor(v) : 0);

function linesOf(raw: Json): StoredLine[] {
  // Storefront saves leave unpromofiedItems empty and keep the lines in products.
  const unpromofied = list(raw.unpromofiedItems);
  const entered = unpromofied.length > 0 ? unpromofied : list(raw.products).filter((p) => p.isPromo !== true);
  return entered.flatMap((p, n) => {
    const sku = str(p.sku);
    const quantity = whole(p.quantity);
    if (!sku || quantity < 1) return [];
    return [
      {
        id: str(p.id) ?? `line${n + 1}`,
        sku,
        quantity,
        ...(p.isHostReward === true ? { isHostReward: true } : {}),
        ...(p.subscription === true ? { subscription: true } : {}),
        ...(str(p.selectedVariant) ? { selectedVariant: str(p.selectedVariant) as string } : {}),
      },
    ];
  });
}

/** Host rewards listed without a line of their own (storefront saves) get one. */
function withHostLines(lines: StoredLine[], hostRewards: CartInstanceState['hostRewardItems']): StoredLine[] {
  const missing = hostRewards.filter((h) => !lines.some((l) => l.isHostReward && l.sku === h.sku));
  return [
    ...lines,
    ...missing.map((h) => ({ id: `host${h.sku}`, sku: h.sku, quantity: h.quantity, isHostReward: true })),
  ];
}

function influencerOf(value: unknown): CartInstanceState['influencer'] {
  const parsed = CartInfluencer.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function readInstance(localeCode: string, value: unknown): CartInstanceState {
  const raw = obj(value);
  const currency = obj(raw.currency);
  const fallback = currencyOfLocale(localeCode);
  const hostRewardItems = list(raw.hostRewardItems).flatMap((h) =>
    str(h.sku)
      ? [{ sku: str(h.sku) as string, quantity: Math.max(1, whole(h.quantity)), isFree: h.isFree === true }]
      : [],
  );
  return {
    localeCode,
    currency: { name: str(currency.name) ?? fallback.name, format: str(currency.format) ?? fallback.format },
    unpromofiedItems: withHostLines(linesOf(raw), hostRewardItems),
    promoItems: list(raw.promoItems).flatMap((p) =>
      str(p.sku) && whole(p.quantity) > 0
        ? [{ sku: str(p.sku) as string, quantity: whole(p.quantity), promo: str(p.promo) ?? '' }]
        : [],
    ),
    promoTags: list(raw.promoTags).flatMap((t) =>
      str(t.code)
        ? [
            {
              code: str(t.code) as string,
              ...(t.success === true ? { success: true } : {}),
              ...(t.serverValidated === true ? { serverValidated: true } : {}),
              ...(t.fromCheckout === true ? { fromCheckout: true } : {}),
            },
          ]
        : [],
    ),
    removedPromoItems: (Array.isArray(raw.removedPromoItems) ? raw.removedPromoItems : []).flatMap((s) =>
      typeof s === 'string' ? [s] : str(obj(s).sku) ? [str(obj(s).sku) as string] : [],
    ),
    hostRewardItems,
    overrides: list(raw.overrides).flatMap((o) => {
      const parsed = StoredOverride.safeParse(o);
      return parsed.success ? [parsed.data] : [];
    }),
    giftSelections: list(raw.giftSelections).flatMap((g) =>
      str(g.promo) && str(g.sku) ? [{ promo: str(g.promo) as string, sku: str(g.sku) as string }] : [],
    ),
    influencer: influencerOf(raw.influencer),
  };
}

export function emptyState(localeCode: string): CartInstanceState {
  return readInstance(localeCode, {});
}

/**
 * A priced line as kept with the instance: what the customer's saved carts show (title, quantity,
 * unit and line totals, free or host reward), not the whole line of the cart response. The cart
 * service re-prices from the inputs on every read, so discounts and volumes are not stored.
 */
function storedProduct(p: CartLineView) {
  return {
    id: p.id,
    sku: p.sku,
    title: p.title,
    quantity: p.quantity,
    priceInCents: p.priceInCents,
    totalPriceInCents: p.totalPriceInCents,
    ...(p.isPromo ? { isPromo: true } : {}),
    ...(p.isHostReward ? { isHostReward: true } : {}),
    ...(p.selectedVariant ? { selectedVariant: p.selectedVariant } : {}),
    ...(p.swatchlabel ? { swatchlabel: p.swatchlabel } : {}),
  };
}

/**
 * The instance as a staff edit stores it (spec 2 §3 cartInstances): the shopper's inputs that
 * pricing starts from, the totals the cart lists read, and compact priced lines. About a tenth of
 * the size of storing the cart response's lines; `readInstance` reads either form.
 */
export function storedInstance(state: CartInstanceState, view: CartView, savedAt: string) {
  return {
    ...state,
    products: view.products.map(storedProduct),
    subtotal: view.subtotal,
    subtotalInCents: view.subtotalInCents,
    prePromoSubtotal: view.prePromoSubtotal,
    totalProducts: view.totalProducts,
    totalUniqueProducts: view.totalUniqueProducts,
    lastSave: savedAt,
  };
}
