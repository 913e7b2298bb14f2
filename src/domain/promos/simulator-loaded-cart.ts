// A real customer's cart loaded into the simulator (spec 3 §2 Promo tool, ADR 028): every input the
// cart prices from, so the simulator prices it as the cart does. No schemas: the tool's screen loads
// this without zod (simulator-cart.ts, which re-exports it, makes the simulator's cart an instance).
import type { CartView } from '../carts/cart';

export interface SimulatorLine {
  sku: string;
  quantity: number;
  isHostReward?: boolean;
  subscription?: boolean;
  selectedVariant?: string;
}

export interface SimulatorCart {
  localeCode: string;
  products: SimulatorLine[];
  codes: string[];
  /** Codes entered at checkout (a later checkout code replaces an earlier one, spec 3 §4). */
  checkoutCodes: string[];
  promoItems: { sku: string; quantity: number; promo: string }[];
  hostRewardItems: { sku: string; quantity: number; isFree: boolean }[];
  removedPromoItems: string[];
  giftSelections: { promo: string; sku: string }[];
  regionId: 1 | 2;
  /** The customer's user type, or null when the cart has no customer. */
  userType: number | null;
  /** The customer's id, whose account facts the simulator prices with; null without one. */
  customer: string | null;
}

/**
 * A priced cart as the simulator's input. The shopper's lines are the priced lines with a line of
 * their own (lineItemId), summed per line: a unit the rules made free is split off its line and
 * still the shopper's. Lines the rules added have none. The free items the cart held are those the
 * rules gave this time and those it dropped (spec 3 §4: leftover free items become DropItems).
 */
export function simulatorCartOf(cart: CartView): SimulatorCart {
  const lines = new Map<string, SimulatorLine>();
  for (const line of cart.products) {
    if (line.lineItemId === null) continue;
    const seen = lines.get(line.lineItemId);
    if (seen) {
      seen.quantity += line.quantity;
      continue;
    }
    lines.set(line.lineItemId, {
      sku: line.sku,
      quantity: line.quantity,
      ...(line.isHostReward ? { isHostReward: true } : {}),
      ...(line.subscription ? { subscription: true } : {}),
      ...(line.selectedVariant ? { selectedVariant: line.selectedVariant } : {}),
    });
  }
  return {
    localeCode: cart.localeCode,
    products: [...lines.values()],
    codes: cart.promoTags.filter((t) => !t.fromCheckout).map((t) => t.code),
    checkoutCodes: cart.promoTags.filter((t) => t.fromCheckout).map((t) => t.code),
    promoItems: [
      ...cart.dropItems.map((d) => ({ sku: d.sku, quantity: d.quantity, promo: d.promo ?? '' })),
      ...cart.promoItems.map((p) => ({ sku: p.sku, quantity: p.quantity, promo: p.promo })),
    ],
    hostRewardItems: cart.hostRewardItems.map((h) => ({
      sku: h.sku,
      quantity: h.quantity,
      isFree: h.isFree,
    })),
    removedPromoItems: cart.removedPromoItems,
    giftSelections: cart.giftSelections,
    regionId: cart.countryId === 2 ? 2 : 1,
    userType: cart.customer?.userType ?? null,
    customer: cart.customer?.uid ?? null,
  };
}
