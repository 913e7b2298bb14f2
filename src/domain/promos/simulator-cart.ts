// The simulator's cart (spec 3 §2 Promo tool, ADR 028): loading a real customer's cart into the simulator,
// and the simulator's cart as the cart instance the carts price from. Both directions keep every
// input the cart prices from — the shopper's lines (with their host-reward, subscription and
// variant flags), held free items, codes, host rewards, removed free items and gift picks — so the
// simulator prices a loaded cart exactly as the cart does.
import type { CartInstanceState } from '../carts/cart';
import { readInstance } from '../carts/instance';
import type { SimulateRequest } from './tool';

export { type SimulatorCart, simulatorCartOf } from './simulator-loaded-cart';

/**
 * The simulator's cart as a cart instance, read by the carts' own reader: a host reward without a
 * line of its own gets one, as a storefront-saved cart's does, so host rewards (types 14 and 15)
 * price in the simulator as they do in the cart.
 */
export function simulatorInstance(
  localeCode: string,
  cart: Pick<
    SimulateRequest['cart'],
    'products' | 'promoItems' | 'promoTags' | 'hostRewardItems' | 'removedPromoItems' | 'giftSelections'
  >,
): CartInstanceState {
  return readInstance(localeCode, {
    unpromofiedItems: cart.products.map((p, n) => ({ ...p, id: `line${n + 1}` })),
    promoItems: cart.promoItems ?? [],
    promoTags: cart.promoTags ?? [],
    hostRewardItems: cart.hostRewardItems ?? [],
    removedPromoItems: cart.removedPromoItems ?? [],
    giftSelections: cart.giftSelections ?? [],
  });
}
