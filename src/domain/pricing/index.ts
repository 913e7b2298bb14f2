// The pricing engine's one entry point (CONVENTIONS: pure functions behind one entry point).
export type { CompiledRules } from './compile';
export { compileRules } from './compile';
export { wholesaleByDefault } from './context';
export { priceCart } from './engine';
export { giftSkusOf } from './gift-skus';
export {
  entitledPrice,
  priceTierOf,
  productPriceOf,
  retailOffer,
  type ShelfPrices,
  shelfPriceFor,
} from './prices';
export type * from './types';
