import { SKU } from '@domain/reference';
import type { PromoRule } from '../promos/rule';

/** Gift-adding types (DESIGN §6): 7 with autoAdd, 10–13, 24; 21 prices 9000/9916. */
const ADDING_TYPES = new Set([7, 10, 11, 12, 13, 24]);

/**
 * SKUs the rules may add to a cart (gifts, samples, the member and renewal SKUs): their prices
 * go to the engine with the cart's own lines. The carts and the promo tool's simulator both read
 * the catalogue for exactly these, so both price the same cart the same way.
 */
export function giftSkusOf(rules: readonly Pick<PromoRule, 'id' | 'actionItems'>[]): string[] {
  const gifts = new Set<string>([SKU.memberProgram, SKU.renewal]);
  for (const rule of rules) if (ADDING_TYPES.has(rule.id)) for (const s of rule.actionItems) gifts.add(s);
  return [...gifts];
}
