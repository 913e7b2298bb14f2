import { type LineMoney, moneySummary, type PriceStep, priceStepOf, type SummaryRow } from '../money/summary';
import { priceTierOf } from '../pricing/prices';
import type { CartLineView, CartView } from './cart';

// A cart's figures for the money summary (ADR 024): each line's list price, price charged,
// discounts and total, and the cart's rows built from the lines themselves.

export const cartLineMoney = (l: CartLineView): LineMoney => ({
  listPriceCents: l.originalPriceInCents,
  priceCents: l.priceInCents,
  quantity: l.quantity,
  discounts: l.discounts.map((d) => ({ promo: d.promo, amountCents: d.amountInCents })),
  totalCents: l.totalPriceInCents,
});

/** Why the line's price is not its list price: the shopper's tier, an override, or a free line. */
export function cartLineStep(l: CartLineView, pricingUserType: number | null): PriceStep | null {
  if (l.priceInCents === l.originalPriceInCents) return null;
  return priceStepOf({
    tier: priceTierOf(pricingUserType ?? 7),
    overridden: l.isOverridden,
    priceCents: l.priceInCents,
  });
}

/** Items before promotions − promotions = subtotal, summed from the lines. */
export function cartSummary(cart: Pick<CartView, 'products' | 'subtotalInCents'>): SummaryRow[] {
  let items = 0;
  let promotions = 0;
  for (const l of cart.products) {
    items += l.priceInCents * l.quantity;
    for (const d of l.discounts) promotions += d.amountInCents;
  }
  return moneySummary({ itemsBeforePromotions: items, promotions, subtotal: cart.subtotalInCents });
}
