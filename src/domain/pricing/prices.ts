// Which unit price a shopper pays before promos (ADR 023): the lowest of the prices they are
// entitled to. Everyone may pay the retail offer (the special price when it is below the regular
// price, spec 3 §3); a Member may also pay the member price, a wholesale cart the wholesale price.
// The engine, the catalog's answers, cart lines and batch orders all choose prices here.
import { USER_TYPE } from '../reference/lists';

export type PriceTier = 'retail' | 'member' | 'wholesale';

/**
 * The tier a cart prices at: wholesale for a wholesale cart (by default the pricing type is
 * Consultant or Employee), member for a Member, else retail (ADR 002 "Prices and volumes").
 */
export function priceTierOf(pricingUserType: number, isWholesale?: boolean): PriceTier {
  const wholesale =
    isWholesale ?? (pricingUserType === USER_TYPE.consultant || pricingUserType === USER_TYPE.employee);
  if (wholesale) return 'wholesale';
  return pricingUserType === USER_TYPE.member ? 'member' : 'retail';
}

/** A product's prices as the engine reads them (cents): `price` is the retail offer. */
export interface TierPrices {
  price: number;
  memberPrice?: number | undefined;
  wholesalePrice?: number | undefined;
}

/** The tier's own price when it is below the retail offer, else the retail offer. */
export function entitledPrice(p: TierPrices, tier: PriceTier): number {
  const own = tier === 'member' ? p.memberPrice : tier === 'wholesale' ? p.wholesalePrice : undefined;
  return own !== undefined && own < p.price ? own : p.price;
}

/** A catalog row's prices in one country, in cents (null: the product has no such price). */
export interface ShelfPrices {
  priceCents: number;
  specialPriceCents: number | null;
  memberPriceCents: number | null;
  wholesalePriceCents: number | null;
}

/** The price everyone may pay: the special price when there is one below the regular price. */
export function retailOffer(s: Pick<ShelfPrices, 'priceCents' | 'specialPriceCents'>): number {
  return s.specialPriceCents !== null && s.specialPriceCents < s.priceCents
    ? s.specialPriceCents
    : s.priceCents;
}

/** The engine's prices of a catalog row. */
export function productPriceOf(s: ShelfPrices): TierPrices {
  return {
    price: retailOffer(s),
    ...(s.memberPriceCents === null ? {} : { memberPrice: s.memberPriceCents }),
    ...(s.wholesalePriceCents === null ? {} : { wholesalePrice: s.wholesalePriceCents }),
  };
}

/**
 * What the catalog shows a shopper of this tier: the price they will pay, and the regular price
 * struck through (compare-at) whenever that price is below it (spec 3 §3: a special price makes
 * the parent price the compare-at price; a member or wholesale price does the same).
 */
export function shelfPriceFor(
  s: ShelfPrices,
  tier: PriceTier,
): { price: number; compareAtPrice: number | null } {
  const price = entitledPrice(productPriceOf(s), tier);
  return { price, compareAtPrice: price < s.priceCents ? s.priceCents : null };
}
