// Cart messages: the spec's word for word (spec 2 §5, §8), and ours where the spec is silent.

export const CART_MESSAGES = {
  positiveQuantity: 'Please add a positive quantity. Got to keep things upbeat.',
  emptyCheckout: 'You cannot checkout if your cart is empty!',
  wholeQuantity: 'Please add a whole number of items.',
  outOfStock: (sku: string) => `SKU ${sku} is out of stock and cannot be added.`,
  capped: (sku: string, max: number) =>
    `SKU ${sku} is limited to ${max} per order; the quantity was set to ${max}.`,
  itemLimit: 'A cart holds at most 10 different items. Remove one before adding another.',
  noSuchLine: 'This cart has no line with that id.',
  noSuchProduct: (sku: string) => `No product with SKU ${sku}.`,
  notSoldHere: (sku: string, locale: string) => `SKU ${sku} is not sold in ${locale}.`,
  hostRewardTwice: 'This host reward is already in the cart.',
  noSuchCart: 'No cart with that id.',
  canceled: 'This cart was canceled and cannot be changed.',
  busy: 'Someone else changed this cart at the same moment. Please try again.',
  unknownCode: (code: string) => `Promo code ${code} does not exist or is not active.`,
  noOverrideLine: 'The override must name a line of this cart with its SKU.',
  overrideQuantity: (max: number) => `The override quantity cannot exceed the line's quantity (${max}).`,
  noSuchOverride: 'This cart has no override with that id.',
  codeReplaced: (code: string, replaced: string) =>
    `Promo code ${code} replaced ${replaced}: an order keeps one checkout code.`,
  noSuchInfluencer: (phoenixId: number) =>
    `No active consultant has account number ${phoenixId}: an influencer must be one.`,
  ownInfluencer: 'The cart’s owner cannot be their own influencer.',
} as const;
