// The simulator's "load a real customer's cart" (issue 13): a priced cart as the simulator's input —
// the shopper's lines (free and sample lines the rules added are left for the rules to add again),
// codes, host rewards, country, and the customer (user type and id).
import type { CartView } from '../carts/cart';

export interface SimulatorCart {
  products: { sku: string; quantity: number }[];
  codes: string[];
  hostRewardItems: { sku: string; isFree: boolean }[];
  regionId: 1 | 2;
  /** The customer's user type, or null when the cart has no customer. */
  userType: number | null;
  /** The customer's id, whose account facts the simulator prices with; null without one. */
  customer: string | null;
}

export function simulatorCartOf(cart: CartView): SimulatorCart {
  const quantities = new Map<string, number>();
  for (const line of cart.products) {
    if (line.isPromo || line.isSample) continue;
    quantities.set(line.sku, (quantities.get(line.sku) ?? 0) + line.quantity);
  }
  return {
    products: [...quantities].map(([sku, quantity]) => ({ sku, quantity })),
    codes: cart.promoTags.map((t) => t.code),
    hostRewardItems: cart.hostRewardItems.map((h) => ({ sku: h.sku, isFree: h.isFree })),
    regionId: cart.countryId === 2 ? 2 : 1,
    userType: cart.customer?.userType ?? null,
    customer: cart.customer?.uid ?? null,
  };
}
