// Business constants and limits (spec 1 §9, spec 2 §9, spec 3 §9).

export const ALERT_AUTO_HIDE_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CALL_TIMEOUT_MS = 15_000;
export const RESIZE_DEBOUNCE_MS = 100;
export const SEARCH_DEBOUNCE_MS = 100;
export const CART_DEBOUNCE_MS = 300;
export const SIDE_MENU_WIDTH_PX = 240;

/** Layout tiers: phone up to 667, tablet portrait 668–999, computer 1000 and up, wide at 1170. */
export const BREAKPOINTS = { phone: 667, tablet: 999, wide: 1170 } as const;

export const ORDER_LIST_PAGE_SIZE = 20;
export const FIRST_PAGE = 1;
export const QUICK_SEARCH_DEFAULT_TAKE = 10;
export const QUICK_SEARCH_DEFAULT_COUNTRY = 1;

/** Sponsor id 1 is the default and the company sponsor. */
export const COMPANY_SPONSOR_ID = 1;
export const MINIMUM_AGE = 18;

export const PRODUCT_DEFAULT_MAX_QUANTITY = 10;
/** Products with maxQuantity of 10 or more are treated as unlimited. */
export const UNLIMITED_QUANTITY_THRESHOLD = 10;
export const CART_ITEM_LIMIT = 10;
export const CART_POLL_MS = 4000;
export const NEW_CART_ITEM_FLAG_MS = 300;
export const CART_ID_LENGTH = 28;

export const MEMBERSHIP_WINDOW_MONTHS = 6;
export const PACIFIC_TIME_ZONE = 'America/Los_Angeles';
export const ADDRESS_REVERIFY_MS = 15_552_000_000;
export const SIFT_SESSION_TTL_MS = 30 * 60 * 1000;

/** spec 2 §9: the refund estimate is asked 3000 ms after a selection changes, 5000 ms after an override. */
export const REFUND_ESTIMATE_DEBOUNCE_MS = 3000;
export const REFUND_ESTIMATE_OVERRIDE_DEBOUNCE_MS = 5000;
export const CHECKOUT_ESTIMATE_TIMEOUT_MS = 15_000;

export const PROMO_SEARCH_THROTTLE_MS = 300;
export const LOCALE_AUTO_SWITCH_MS = 1500;
export const AUTOCOMPLETE_MAX_RECORDS = 10;
export const CART_CHANNEL = 'WEB';

/** Cut-over date for the second card-payment version in Canada. */
export const CANADA_CARD_V2_CUTOVER = '2022-03-23T16:00:00Z';

/** Product ids with special meaning. */
export const SKU = {
  enrollmentKit: '9078',
  memberProgram: '9000',
  renewal: '9916',
  bestSellers: '24',
  newProducts: '10999',
} as const;
/** Gift or bundle SKUs forced to a maximum quantity of 1. */
export const SINGLE_QUANTITY_SKUS = ['16000', '16001', '16002', '9078'] as const;
/** Category ids that are aggregate roots. */
export const AGGREGATE_CATEGORY_IDS = [10999, 1] as const;

/** Host reward items: half off is 50%, free is 100%; host half-off promo 0.5 at priority 100. */
export const HOST_REWARD_HALF_OFF = 0.5;
export const HOST_REWARD_FREE = 1;
export const HOST_HALF_OFF_PRIORITY = 100;
/** Volume factor for a wholesale cart. */
export const WHOLESALE_VOLUME_FACTOR = 0.75;
/** The special promo id for BoB and renewal windows. */
export const BOB_RENEWAL_PROMO_TYPE = 21;

/**
 * The retailer's name as customers know it: the sender's display name and the heading of every
 * email to a customer (staff email keeps the back office's name).
 */
export const BRAND_NAME = 'Lumen Beauty';
