import { z } from 'zod';
import { ok } from '../platform/envelope';
import { Notice } from '../platform/notices';
import { BOUND_MESSAGES, BOUNDS } from '../reference/bounds';
import { CART_ID, LOCALE_CODES } from './cart-constants';

// Cart contracts (spec 2 §3 Cart, Line item, Override entry, Cart response; spec 3 §3). The stored
// instance is what the carts table keeps per locale; the cart view is the priced answer of the
// commerce query service, the same for GraphQL and REST. Money is integer cents; `subtotal`,
// `price` and `totalPrice` are the spec's dollar twins, rounded to 2 decimals.

export { CART_ID, currencyOfLocale, LOCALE_CODES, regionOfLocale } from './cart-constants';

export const cartIdSchema = z.string().regex(CART_ID, 'Not a cart id');
export const localeCodeSchema = z.enum(LOCALE_CODES, 'Not a locale (en-US, en-CA or fr-CA)');

/**
 * A quantity staff enter (REST and the commerce query service alike): below 1 is the spec's to
 * answer (ignored when adding, removes the line when set); above the line's bound is refused.
 */
export const lineQuantity = z
  .number('Quantity must be a number')
  .refine(Number.isFinite, 'Quantity must be a number')
  .max(BOUNDS.lineQuantity, BOUND_MESSAGES.quantity);

/** A line as the shopper entered it (unpromofiedItems): what pricing starts from. */
export const StoredLine = z.object({
  id: z.string().min(1),
  sku: z.string().min(1),
  quantity: z.number().int().min(1),
  isHostReward: z.boolean().optional(),
  subscription: z.boolean().optional(),
  selectedVariant: z.string().optional(),
});
export type StoredLine = z.infer<typeof StoredLine>;

export const PromoTag = z.object({
  code: z.string().min(1).max(40),
  success: z.boolean().optional(),
  serverValidated: z.boolean().optional(),
  fromCheckout: z.boolean().optional(),
  /** Why the code does not apply (the engine's explanation), when it does not. */
  message: z.string().optional(),
});
export type PromoTag = z.infer<typeof PromoTag>;

/**
 * Influencer attribution on a cart (spec 3 §4 hasInfluencer): the consultant whose influence
 * brought the order, recorded by staff. Rules with hasInfluencer apply only to a cart that has one.
 */
export const CartInfluencer = z.object({ phoenixId: z.number().int(), name: z.string() });
export type CartInfluencer = z.infer<typeof CartInfluencer>;

export const InfluencerRequest = z.object({
  /** The influencer's account number (a consultant); null removes the attribution. */
  phoenixId: z
    .number('Enter the influencer’s account number')
    .int('Enter the influencer’s account number')
    .min(1, 'Enter the influencer’s account number')
    .max(Number.MAX_SAFE_INTEGER, 'Enter the influencer’s account number')
    .nullable(),
});

export const HostRewardItem = z.object({
  sku: z.string().min(1),
  quantity: z.number().int().min(1),
  isFree: z.boolean(),
});
export type HostRewardItem = z.infer<typeof HostRewardItem>;

/** A number left out is "Required" (the override form's empty field, spec 2 §5); anything else not a number is named. */
const numberOf = (message: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? 'Required' : message) });
/**
 * Override entry (spec 2 §3, §5): all required; overridePrice, overridePV, overrideQV, overrideCV
 * as floats (dollars and points per unit); quantity as a number (units of the line it covers).
 */
const float = (label: string, max: number, tooMuch: string) =>
  numberOf(`${label} must be a number`)
    .refine(Number.isFinite, `${label} must be a number`)
    .min(0, `${label} cannot be negative`)
    .max(max, tooMuch);
const volume = (label: string) => float(label, BOUNDS.overrideVolume, BOUND_MESSAGES.overrideVolume(label));
export const OverrideEntry = z.object({
  id: z.string().min(1, 'Line id is required'),
  sku: z.string().min(1, 'SKU is required'),
  overridePrice: float('Override price', BOUNDS.overridePriceDollars, BOUND_MESSAGES.overridePrice),
  overridePV: volume('Override PV'),
  overrideQV: volume('Override QV'),
  overrideCV: volume('Override CV'),
  quantity: numberOf('Quantity must be a number')
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(BOUNDS.lineQuantity, BOUND_MESSAGES.quantity),
});
export type OverrideEntry = z.infer<typeof OverrideEntry>;
/** An override as stored: who set it and when (audited as well). */
export const StoredOverride = OverrideEntry.extend({ by: z.string(), at: z.string() });
export type StoredOverride = z.infer<typeof StoredOverride>;

/** One locale's cart (spec 2 §3 cartInstances): everything a locale switch switches. */
export interface CartInstanceState {
  localeCode: string;
  currency: { name: string; format: string };
  unpromofiedItems: StoredLine[];
  promoItems: { sku: string; quantity: number; promo: string }[];
  promoTags: PromoTag[];
  removedPromoItems: string[];
  hostRewardItems: HostRewardItem[];
  overrides: StoredOverride[];
  giftSelections: { promo: string; sku: string }[];
  influencer: CartInfluencer | null;
}

export const Volumes = z.object({
  CV: z.number(),
  PV: z.number(),
  QV: z.number(),
  NV: z.number(),
  SV: z.number(),
});
export type Volumes = z.infer<typeof Volumes>;

export const CartLineView = z.object({
  id: z.string(),
  /** Id of the shopper's line this one comes from (a free split keeps its source's id). */
  lineItemId: z.string().nullable(),
  sku: z.string(),
  title: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  swatchlabel: z.string().nullable(),
  quantity: z.number().int(),
  maxQuantity: z.number().int().nullable(),
  price: z.number(),
  priceInCents: z.number().int(),
  originalPriceInCents: z.number().int(),
  totalPrice: z.number(),
  totalPriceInCents: z.number().int(),
  discounts: z.array(
    z.object({ promo: z.string(), amountInCents: z.number().int(), tag: z.string().nullable() }),
  ),
  bundled: z.boolean(),
  isPromo: z.boolean(),
  isSample: z.boolean(),
  isIncluded: z.boolean(),
  isHostReward: z.boolean(),
  isOverridden: z.boolean(),
  subscription: z.boolean(),
  doNotShipAlone: z.boolean(),
  isFinalSaleConfig: z.boolean(),
  selectedVariant: z.string().nullable(),
  /**
   * The promotion redemption that made this line (a free or gift line): `{rule name}:{line id}`;
   * null on the shopper's own lines.
   */
  redemptionKey: z.string().nullable(),
  volumes: Volumes,
  originalVolumes: Volumes,
});
export type CartLineView = z.infer<typeof CartLineView>;

export const AppliedPromo = z.object({
  promo: z.string(),
  ruleType: z.number().int(),
  priority: z.number(),
  applied: z.boolean(),
  times: z.number().int(),
  amountInCents: z.number().int(),
  /** Why it did not apply (the engine's explanation), null when it applied. */
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type AppliedPromo = z.infer<typeof AppliedPromo>;

export const CartCounterView = z.object({
  promo: z.string(),
  basis: z.enum(['spend', 'quantity']),
  current: z.number(),
  threshold: z.number(),
  remaining: z.number(),
  reached: z.boolean(),
  /** "Spend $12.00 more for …" / "Add 2 more items for …". */
  message: z.string(),
});

export const CartView = z.object({
  cartId: z.string(),
  version: z.number().int(),
  active: z.boolean(),
  createDate: z.string(),
  lastModified: z.string(),
  uid: z.string().nullable(),
  clientUid: z.string().nullable(),
  socialId: z.number().int().nullable(),
  typeId: z.number().int().nullable(),
  countryId: z.number().int(),
  localeCode: z.string(),
  availableLocales: z.array(z.string()),
  currency: z.object({ name: z.string(), format: z.string() }),
  customer: z
    .object({
      uid: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      userType: z.number().int(),
      phoenixId: z.number().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  totalProducts: z.number().int(),
  totalUniqueProducts: z.number().int(),
  subtotal: z.number(),
  subtotalInCents: z.number().int(),
  prePromoSubtotal: z.number(),
  prePromoSubtotalInCents: z.number().int(),
  discountTotalInCents: z.number().int(),
  products: z.array(CartLineView),
  /** The lines as the shopper entered them, before promotions (spec 2 §3 unpromofiedItems). */
  unpromofiedItems: z.array(StoredLine),
  /** Influencer attribution recorded on the cart, or null (hasInfluencer rules need one). */
  influencer: CartInfluencer.nullable(),
  promoItems: z.array(
    z.object({
      sku: z.string(),
      quantity: z.number().int(),
      promo: z.string(),
      isSample: z.boolean(),
      valueInCents: z.number().int(),
    }),
  ),
  hostRewardItems: z.array(HostRewardItem),
  appliedPromos: z.array(AppliedPromo),
  promoTags: z.array(PromoTag),
  removedPromoItems: z.array(z.string()),
  /** The shopper's gift picks for selection rules, by rule name (an input of pricing). */
  giftSelections: z.array(z.object({ promo: z.string(), sku: z.string() })),
  overrides: z.array(StoredOverride),
  resolutions: z.array(
    z.object({
      promo: z.string(),
      choices: z.array(z.string()),
      quantity: z.number().int(),
      /** The choices' product names by SKU: staff pick a gift by its name. */
      choiceNames: z.record(z.string(), z.string()),
    }),
  ),
  dropItems: z.array(
    z.object({
      sku: z.string(),
      quantity: z.number().int(),
      promo: z.string().nullable(),
      reason: z.string(),
    }),
  ),
  cartCounters: z.array(CartCounterView),
  cartErrors: z.array(
    z.object({ code: z.string(), type: z.number().int(), promo: z.string(), message: z.string() }),
  ),
  volumes: Volumes,
  /**
   * What the server changed or left out on its own, in words (ADR 026): a quantity lowered to its
   * maximum or a promo code replaced (in the answer to that change), a membership or renewal SKU the
   * account may not buy (while it is in the cart).
   */
  notices: z.array(Notice),
});
export type CartView = z.infer<typeof CartView>;
export const CartAnswer = ok(CartView);

export const CartSummaryView = z.object({
  cartId: z.string(),
  uid: z.string().nullable(),
  clientUid: z.string().nullable(),
  socialId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  ownerPhoenixId: z.number().nullable(),
  localeCode: z.string(),
  currency: z.string(),
  totalProducts: z.number().int(),
  subtotalInCents: z.number().int(),
  lastSaved: z.string(),
  canceled: z.boolean(),
  kind: z.enum(['personal', 'client', 'popup']),
});
export type CartSummaryView = z.infer<typeof CartSummaryView>;
export const CartListAnswer = ok(z.array(CartSummaryView));

// REST requests (paths in docs/api.md).
export const CartParams = z.object({ cartId: cartIdSchema });
export const CartVersionAnswer = ok(z.object({ cartId: z.string(), version: z.number().int() }));
export const PromoCodeRequest = z.object({
  code: z.string().trim().min(1, 'Enter a promo code').max(40, 'A promo code has at most 40 characters'),
  fromCheckout: z.boolean().default(true),
});
export const LocaleRequest = z.object({ localeCode: localeCodeSchema });
export const HostRewardRequest = z.object({
  sku: z.string().trim().min(1, 'SKU is required'),
  isFree: z.boolean(),
});
export const GiftSelectionRequest = z.object({ promo: z.string().min(1), sku: z.string().min(1) });
export const OverrideParams = CartParams.extend({ overrideId: z.string().min(1) });
export const ClearRequest = z.object({ deleteCart: z.boolean().default(false) });
export const CreateCartRequest = z.object({
  uid: z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'Not a customer id'),
  localeCode: localeCodeSchema.default('en-US'),
});
export const CartSearchQuery = z.object({
  q: z.string().trim().max(100).default(''),
  kind: z.enum(['all', 'personal', 'client', 'popup']).default('all'),
});
export const ProductSearchQuery = z.object({
  q: z.string().trim().min(1, 'Enter a SKU or a name').max(100),
  localeCode: localeCodeSchema.default('en-US'),
});
export const ProductHit = z.object({
  sku: z.string(),
  title: z.string(),
  swatchLabel: z.string().nullable(),
  priceInCents: z.number().int(),
  inStock: z.boolean(),
});
export const ProductSearchAnswer = ok(z.array(ProductHit));
export type ProductHit = z.infer<typeof ProductHit>;
