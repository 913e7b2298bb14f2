// Input and output of the pricing engine (spec 3 §3 cart line item, spec 3 §4 automatic promo
// flow, spec 2 §3 line item and order context). Money is integer cents throughout.

/** Volumes of a line (spec 2 §3): commissionable, personal, qualifying, net and sales volume. */
export interface Volumes {
  CV: number;
  PV: number;
  QV: number;
  NV: number;
  SV: number;
}

/** Product facts the engine needs for a SKU it adds itself (gifts, samples) or for tier prices. */
export interface ProductPrice {
  /** Retail unit price in cents. */
  price: number;
  memberPrice?: number;
  wholesalePrice?: number;
  /** Per-unit volumes. */
  volumes?: Partial<Volumes>;
}

export interface CartLineInput extends ProductPrice {
  sku: string;
  quantity: number;
  selectedVariant?: string;
  redemptionKey?: string;
  bundled?: boolean;
  isIncluded?: boolean;
  isHostReward?: boolean;
  /** A free item left by an earlier pricing; re-derived here, dropped when no rule gives it. */
  isPromo?: boolean;
  isSample?: boolean;
  subscription?: boolean;
  doNotShipAlone?: boolean;
  isFinalSaleConfig?: boolean;
}

/** A promo code on the cart (spec 3 §3 promoTags). */
export interface PromoTag {
  code: string;
  success?: boolean;
  serverValidated?: boolean;
  fromCheckout?: boolean;
}

/** A free item the cart held from an earlier pricing (cart promoItems). */
export interface PromoItemInput {
  sku: string;
  quantity: number;
  promo?: string;
}

export interface ShippingRate {
  /** Shipping method id (spec 2 §9). */
  method: number;
  /** Cents. */
  amount: number;
  phoenixShippingMethodId?: number;
}

/** The special full-volume SKU and the two lists of eight (DESIGN §5: data, not code). */
export interface VolumeTables {
  /** Volumes of this SKU are never reduced: no wholesale factor, discount or credit scaling. */
  fullVolumeSku: string | null;
  /** List A: no CV, PV or QV (business tools, supplies); NV and SV are kept. */
  listA: readonly string[];
  /** List B: exempt from the wholesale volume factor; discounts and credit still scale them. */
  listB: readonly string[];
}

/** Facts about the account the rules read (spec 2 §3 customer in order context). */
export interface AccountFacts {
  isNewUser?: boolean;
  /** Epoch seconds. */
  enrollmentDate?: number;
  /** Epoch seconds. */
  memberExpirationDate?: number;
  /** The account has member terms pending on an order; the membership SKU is blocked (spec 2 §5). */
  pendingMemberTerms?: boolean;
  hasInfluencer?: boolean;
  /** Consultant milestones held, with their expiry in epoch seconds. */
  milestones?: readonly { name: string; expiresAt: number }[];
  /** Names of limitOnePerEmail rules already redeemed by this email. */
  redeemedPromos?: readonly string[];
}

export interface PricingInput {
  /** Epoch seconds, the same unit as rule timestamps. */
  now: number;
  /** 1 United States, 2 Canada. */
  regionId: number;
  locale?: string;
  currency?: { name: string; format: string };
  /** User type of the account placing the order (promo-tool ids). */
  userType: number;
  /** When a consultant shops for a customer, prices and rules follow the customer's type. */
  customerUserType?: number;
  /** 'WEB' in cart calls, 4 in the promo tool; channel names and ids are both accepted. */
  channel: string | number;
  orderType?: number;
  /** Order context isWholesale; defaults to true when prices follow the consultant type. */
  isWholesale?: boolean;
  account?: AccountFacts;
  lines: readonly CartLineInput[];
  promoTags?: readonly PromoTag[];
  promoItems?: readonly PromoItemInput[];
  /** SKUs of free items the shopper removed; never re-added (spec 3 §4). */
  removedPromoItems?: readonly string[];
  /** Host reward items; isFree marks the 100% ones (others are half off). */
  hostRewardItems?: readonly { sku: string; isFree: boolean }[];
  /** The shopper's gift picks for selection rules, by rule name. */
  giftSelections?: readonly { promo: string; sku: string }[];
  /** Prices and volumes of SKUs the rules may add (gifts, samples). */
  products?: Readonly<Record<string, ProductPrice>>;
  /** Product credit in cents: what the shopper wants to apply and what the account holds. */
  productCredit?: { requested: number; balance: number };
  shipping?: { method: number | null; rates: readonly ShippingRate[] };
  volumeTables: VolumeTables;
  /**
   * 'all' explains every compiled rule; 'considered' (default) only the rules the index
   * retrieved for this cart, and counts the rest in `rulesNotConsidered`.
   */
  explain?: 'all' | 'considered';
}

export interface LineDiscount {
  promo: string;
  ruleType: number;
  amount: number;
  tag?: string;
}

export interface PricedLine {
  /** Stable id: the input line index, with a suffix for split or added lines. */
  key: string;
  sku: string;
  quantity: number;
  /** Unit price in cents after member or wholesale pricing. */
  price: number;
  /** Unit retail price in cents. */
  originalPrice: number;
  /** price × quantity − discounts. */
  totalPrice: number;
  discounts: LineDiscount[];
  bundled: boolean;
  isPromo: boolean;
  isSample: boolean;
  isIncluded: boolean;
  isHostReward: boolean;
  subscription: boolean;
  doNotShipAlone: boolean;
  isFinalSaleConfig: boolean;
  selectedVariant?: string;
  redemptionKey?: string;
  volumes: Volumes;
  originalVolumes: Volumes;
}

export interface PromoItem {
  sku: string;
  quantity: number;
  promo: string;
  ruleType: number;
  isSample: boolean;
  /** Retail value in cents given away. */
  value: number;
}

export interface DropItem {
  kind: 'DropItem';
  sku: string;
  quantity: number;
  promo?: string;
  reason: 'promo-no-longer-applies' | 'outside-membership-window' | 'gifts-dropped';
}

export interface Resolution {
  kind: 'gift-selection';
  promo: string;
  choices: string[];
  quantity: number;
}

export interface CartCounter {
  promo: string;
  basis: 'spend' | 'quantity';
  current: number;
  threshold: number;
  remaining: number;
  reached: boolean;
}

export interface CartError {
  code: 'cart/counter-sun' | 'cart/counter-sun-ground';
  type: 2 | 4;
  promo: string;
}

export type NotAppliedCode =
  | 'inactive'
  | 'user_type'
  | 'region'
  | 'not_started'
  | 'ended'
  | 'disqualified_sku'
  | 'channel'
  | 'code_missing'
  | 'milestone'
  | 'new_users_only'
  | 'influencer'
  | 'subscription'
  | 'anniversary'
  | 'limit_one_per_email'
  | 'stopped'
  | 'no_discount_value'
  | 'condition_not_met'
  | 'threshold_not_met'
  | 'no_action_items'
  | 'gift_removed'
  | 'selection_missing'
  | 'gifts_dropped'
  | 'no_shipping_rates'
  | 'no_discount';

export type RuleExplanation =
  | {
      promo: string;
      ruleType: number;
      priority: number;
      applied: true;
      times: number;
      lines: string[];
      amount: number;
    }
  | {
      promo: string;
      ruleType: number;
      priority: number;
      applied: false;
      code: NotAppliedCode;
      message: string;
    };

export interface PricingTotals {
  prePromoSubtotal: number;
  discountTotal: number;
  subtotal: number;
  /** Retail value of gifts and samples the rules added (not part of the subtotal). */
  giftValue: number;
  shipping: number;
  shippingDiscount: number;
  creditApplied: number;
  totalBeforeTax: number;
  volumes: Volumes;
}

export interface PricedCart {
  regionId: number;
  currency: { name: string; format: string };
  lines: PricedLine[];
  promoItems: PromoItem[];
  promoTags: PromoTag[];
  dropItems: DropItem[];
  resolutions: Resolution[];
  cartCounters: CartCounter[];
  cartErrors: CartError[];
  shipping: { method: number | null; rates: ShippingRate[] };
  totals: PricingTotals;
  explanations: RuleExplanation[];
  rulesNotConsidered: number;
}
