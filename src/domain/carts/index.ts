// Carts (spec 2 §3, §4, §5): contracts, adding rules, promo codes, and the priced cart response.
export * from './adding';
export * from './cart';
export * from './instance';
export * from './line-money';
export * from './messages';
export * from './priced-cart';
export * from './promo-codes';
