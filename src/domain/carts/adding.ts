import { NOTICE_CODES, type Notice } from '../platform/notices';
import { BOUND_MESSAGES, BOUNDS } from '../reference/bounds';
import { CART_ITEM_LIMIT, SINGLE_QUANTITY_SKUS, UNLIMITED_QUANTITY_THRESHOLD } from '../reference/constants';
import type { CartInstanceState, StoredLine } from './cart';
import { CART_MESSAGES } from './messages';

// Adding a product and changing quantities (spec 2 §4 "Adding a product", §5, §9). Pure: each rule
// takes an instance and answers the next one, or the reason nothing changed.

/** What the catalogue says about the variant being added. */
export interface VariantFacts {
  sku: string;
  maxQuantity: number;
  inStock: boolean;
}

/** A change made, with what it changed on its own said as notices; or why nothing changed. */
export type CartChange =
  | { ok: true; state: CartInstanceState; notices?: Notice[] }
  | { ok: false; message: string; field?: string };

/** The quantity was lowered to the variant's maximum (spec 2 §4): said, never silent. */
const cappedNotice = (sku: string, max: number): Notice[] => [
  { code: NOTICE_CODES.quantityCapped, message: CART_MESSAGES.capped(sku, max), field: 'quantity' },
];

/** Above the stated bound of a line (ADR 026): refused, never clipped. */
const tooMany = (quantity: number): CartChange | null =>
  quantity > BOUNDS.lineQuantity ? { ok: false, message: BOUND_MESSAGES.quantity, field: 'quantity' } : null;

/**
 * The most units of a SKU one line may hold: gift and bundle SKUs (16000–16002, 9078) are forced to
 * 1; maxQuantity 10 or more means unlimited (null); otherwise the variant's maximum.
 */
export function maxUnits(variant: Pick<VariantFacts, 'sku' | 'maxQuantity'>): number | null {
  if ((SINGLE_QUANTITY_SKUS as readonly string[]).includes(variant.sku)) return 1;
  if (variant.maxQuantity >= UNLIMITED_QUANTITY_THRESHOLD) return null;
  return Math.max(1, variant.maxQuantity);
}

const cap = (quantity: number, variant: Pick<VariantFacts, 'sku' | 'maxQuantity'>) => {
  const max = maxUnits(variant);
  return max === null ? quantity : Math.min(quantity, max);
};

/** A valid quantity is a whole number of at least 1; anything else removes the line (spec 2 §4). */
export const isValidQuantity = (q: unknown): q is number =>
  typeof q === 'number' && Number.isInteger(q) && q >= 1;

const shopperLines = (s: CartInstanceState) => s.unpromofiedItems.filter((l) => !l.isHostReward);

/**
 * Adds `quantity` of a variant: an existing line has its quantity raised; below 1 is ignored (with
 * the spec's message); an out-of-stock variant is rejected; the total is capped at the variant's
 * maximum; a new line beyond the item limit of 10 is refused.
 */
export function addProduct(
  state: CartInstanceState,
  variant: VariantFacts,
  quantity: number,
  newLineId: () => string,
  /** A subscription line (spec 3 §3 cart line item `subscription`): its own line, apart from a one-time one. */
  opts: { subscription?: boolean } = {},
): CartChange {
  if (!(typeof quantity === 'number' && Number.isFinite(quantity)) || quantity < 1) {
    return { ok: false, message: CART_MESSAGES.positiveQuantity };
  }
  if (!Number.isInteger(quantity)) return { ok: false, message: CART_MESSAGES.wholeQuantity };
  const refused = tooMany(quantity);
  if (refused) return refused;
  if (!variant.inStock) return { ok: false, message: CART_MESSAGES.outOfStock(variant.sku) };
  const subscription = opts.subscription === true;
  const existing = state.unpromofiedItems.find(
    (l) => l.sku === variant.sku && !l.isHostReward && (l.subscription === true) === subscription,
  );
  if (existing) {
    const wanted = existing.quantity + quantity;
    const next = cap(wanted, variant);
    if (next > BOUNDS.lineQuantity) {
      return {
        ok: false,
        message: BOUND_MESSAGES.lineQuantity(variant.sku, existing.quantity),
        field: 'quantity',
      };
    }
    return {
      ok: true,
      state: {
        ...state,
        unpromofiedItems: state.unpromofiedItems.map((l) => (l === existing ? { ...l, quantity: next } : l)),
      },
      ...(next < wanted ? { notices: cappedNotice(variant.sku, next) } : {}),
    };
  }
  if (shopperLines(state).length >= CART_ITEM_LIMIT) {
    return { ok: false, message: CART_MESSAGES.itemLimit };
  }
  const next = cap(quantity, variant);
  const line: StoredLine = {
    id: newLineId(),
    sku: variant.sku,
    quantity: next,
    ...(subscription ? { subscription: true } : {}),
  };
  return {
    ok: true,
    state: {
      ...state,
      unpromofiedItems: [...state.unpromofiedItems, line],
      // Adding a SKU on purpose takes it off the removed-free-items list.
      removedPromoItems: state.removedPromoItems.filter((s) => s !== variant.sku),
    },
    ...(next < quantity ? { notices: cappedNotice(variant.sku, next) } : {}),
  };
}

/**
 * Sets a line's quantity; an invalid quantity (not a whole number ≥ 1) removes the line (spec 2
 * §4); a whole number above the line's bound is refused and changes nothing.
 */
export function setQuantity(
  state: CartInstanceState,
  lineId: string,
  quantity: unknown,
  variant: Pick<VariantFacts, 'sku' | 'maxQuantity'> | null,
): CartChange {
  const line = state.unpromofiedItems.find((l) => l.id === lineId);
  if (!line) return { ok: false, message: CART_MESSAGES.noSuchLine };
  if (!isValidQuantity(quantity)) return removeLine(state, lineId);
  const refused = tooMany(quantity);
  if (refused) return refused;
  const next = variant ? cap(quantity, variant) : quantity;
  return {
    ok: true,
    state: {
      ...state,
      unpromofiedItems: state.unpromofiedItems.map((l) => (l.id === lineId ? { ...l, quantity: next } : l)),
    },
    ...(next < quantity ? { notices: cappedNotice(line.sku, next) } : {}),
  };
}

/** +1 or −1 on a line (spec 2 §7 increment/decrementProductQuantity); −1 from 1 removes it. */
export function stepQuantity(
  state: CartInstanceState,
  lineId: string,
  step: 1 | -1,
  variant: Pick<VariantFacts, 'sku' | 'maxQuantity'> | null,
): CartChange {
  const line = state.unpromofiedItems.find((l) => l.id === lineId);
  if (!line) return { ok: false, message: CART_MESSAGES.noSuchLine };
  return setQuantity(state, lineId, line.quantity + step, variant);
}

/** Removes one of the shopper's lines (and its host reward entry, for a host reward line). */
export function removeLine(state: CartInstanceState, lineId: string): CartChange {
  const line = state.unpromofiedItems.find((l) => l.id === lineId);
  if (!line) return { ok: false, message: CART_MESSAGES.noSuchLine };
  return {
    ok: true,
    state: {
      ...state,
      unpromofiedItems: state.unpromofiedItems.filter((l) => l.id !== lineId),
      hostRewardItems: line.isHostReward
        ? state.hostRewardItems.filter((h) => h.sku !== line.sku)
        : state.hostRewardItems,
      overrides: state.overrides.filter((o) => o.id !== lineId),
    },
  };
}

/**
 * Removes a free promo item (spec 2 §4): its SKU is recorded in removedPromoItems so the engine
 * never adds it again. A free unit split off one of the shopper's lines also leaves that line.
 */
export function removeFreeItem(
  state: CartInstanceState,
  freeLine: { sku: string; quantity: number; lineItemId: string | null },
): CartChange {
  const removed = state.removedPromoItems.includes(freeLine.sku)
    ? state.removedPromoItems
    : [...state.removedPromoItems, freeLine.sku];
  let unpromofiedItems = state.unpromofiedItems;
  const source = freeLine.lineItemId
    ? state.unpromofiedItems.find((l) => l.id === freeLine.lineItemId)
    : undefined;
  if (source) {
    const left = source.quantity - freeLine.quantity;
    unpromofiedItems =
      left >= 1
        ? state.unpromofiedItems.map((l) => (l === source ? { ...l, quantity: left } : l))
        : state.unpromofiedItems.filter((l) => l !== source);
  }
  return {
    ok: true,
    state: {
      ...state,
      unpromofiedItems,
      removedPromoItems: removed,
      promoItems: state.promoItems.filter((p) => p.sku !== freeLine.sku),
      giftSelections: state.giftSelections.filter((g) => g.sku !== freeLine.sku),
    },
  };
}

/** Adds a host reward item (spec 2 §2 host reward area): a line of 1 at half off or free. */
export function addHostReward(
  state: CartInstanceState,
  variant: VariantFacts,
  isFree: boolean,
  newLineId: () => string,
): CartChange {
  if (!variant.inStock) return { ok: false, message: CART_MESSAGES.outOfStock(variant.sku) };
  if (state.hostRewardItems.some((h) => h.sku === variant.sku)) {
    return { ok: false, message: CART_MESSAGES.hostRewardTwice };
  }
  return {
    ok: true,
    state: {
      ...state,
      unpromofiedItems: [
        ...state.unpromofiedItems,
        { id: newLineId(), sku: variant.sku, quantity: 1, isHostReward: true },
      ],
      hostRewardItems: [...state.hostRewardItems, { sku: variant.sku, quantity: 1, isFree }],
    },
  };
}

/** Empties the instance (spec 2 §7 emptyCart, §4 clear): lines, promo state and overrides go. */
export function emptyInstance(state: CartInstanceState): CartInstanceState {
  return {
    ...state,
    unpromofiedItems: [],
    promoItems: [],
    promoTags: [],
    removedPromoItems: [],
    hostRewardItems: [],
    overrides: [],
    giftSelections: [],
    influencer: null,
  };
}
