// The pricing engine's one entry point (CONVENTIONS: pure functions behind one entry point).
export type { CompiledRules } from './compile';
export { compileRules } from './compile';
export { wholesaleByDefault, ZERO_PRICE_ORDER_TYPE } from './context';
export { priceCart } from './engine';
export { giftSkusOf } from './gift-skus';
export {
  entitledPrice,
  type PriceTier,
  priceTierOf,
  productPriceOf,
  retailOffer,
  type ShelfPrices,
  shelfPriceFor,
  type TierPrices,
} from './prices';
export type * from './types';
