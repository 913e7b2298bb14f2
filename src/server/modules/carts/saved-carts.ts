import type { CartDetail, CartSummary } from '@domain/customers/customer';

// Saved carts as the customer screens read them (spec 2 §3 Cart): one instance per locale in
// `cart_instances`, read as stored by the storefront. Line prices are dollars with a cents twin
// (priceInCents); cents win. Pure: the rows come from carts.repo (cartsOfCustomer).

export interface SavedCartSqlRow {
  cart_id: string;
  active_locale: string;
  social_id: number | null;
  canceled: boolean;
  created_at: Date;
  last_saved: Date;
  user_email: string | null;
  cart_instances: Record<string, unknown>;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const cents = (dollars: unknown, inCents?: unknown): number =>
  typeof inCents === 'number' && Number.isFinite(inCents)
    ? Math.round(inCents)
    : Math.round(num(dollars) * 100);

function instanceOf(localeCode: string, raw: unknown) {
  const i = obj(raw);
  const lines = list(i.products).map((p, n) => {
    const priceCents = cents(p.price, p.priceInCents);
    const quantity = Math.max(0, Math.round(num(p.quantity)));
    return {
      id: str(p.id) ?? String(n + 1),
      sku: str(p.sku) ?? '',
      title: str(p.title) ?? str(p.name) ?? str(p.sku) ?? '',
      variant: str(p.selectedVariant) ?? str(p.swatchlabel),
      quantity,
      priceCents,
      totalCents:
        p.totalPrice == null && p.totalPriceInCents == null
          ? priceCents * quantity
          : cents(p.totalPrice, p.totalPriceInCents),
      isPromo: p.isPromo === true,
      isHostReward: p.isHostReward === true,
    };
  });
  const linesTotal = lines.reduce((s, l) => s + l.totalCents, 0);
  return {
    localeCode,
    currency: str(obj(i.currency).name) ?? (localeCode.endsWith('CA') ? 'CAD' : 'USD'),
    lines,
    subtotalCents:
      i.subtotal == null && i.subtotalInCents == null ? linesTotal : cents(i.subtotal, i.subtotalInCents),
    prePromoSubtotalCents: i.prePromoSubtotal == null ? linesTotal : cents(i.prePromoSubtotal),
    promoCodes: list(i.promoTags).map((t) => ({ code: str(t.code) ?? '', success: t.success === true })),
    hostRewards: list(i.hostRewardItems).map((h) => ({
      sku: str(h.sku) ?? '',
      quantity: Math.round(num(h.quantity)),
      isFree: h.isFree === true,
    })),
  };
}

export function savedCartDetail(r: SavedCartSqlRow): CartDetail {
  const instances = Object.entries(obj(r.cart_instances)).map(([locale, raw]) => instanceOf(locale, raw));
  const active = instances.find((i) => i.localeCode === r.active_locale) ?? instances[0];
  return {
    cartId: r.cart_id,
    activeLocale: r.active_locale,
    currency: active?.currency ?? 'USD',
    socialId: r.social_id,
    canceled: r.canceled,
    totalProducts: active?.lines.reduce((s, l) => s + l.quantity, 0) ?? 0,
    subtotalCents: active?.subtotalCents ?? 0,
    createdAt: new Date(r.created_at).toISOString(),
    lastSaved: new Date(r.last_saved).toISOString(),
    userEmail: r.user_email,
    instances,
  };
}

export const savedCartSummary = (r: SavedCartSqlRow): CartSummary => {
  const { userEmail: _e, instances: _i, ...summary } = savedCartDetail(r);
  return summary;
};
