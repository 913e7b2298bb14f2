// Cart counters: progress toward a threshold rule (spec 3 §4 step 4; DESIGN §6 types 5, 6, 10, 25).
import { tierScope } from './actions/subtotal';
import type { WorkCart } from './cart';
import type { CompiledRule } from './compile';
import type { PricingContext } from './context';
import { spendOf, thresholdFor } from './qualify';
import type { CartCounter } from './types';

export function counterFor(cart: WorkCart, c: CompiledRule, ctx: PricingContext): CartCounter | null {
  if (!c.cartCounter) return null;
  const promo = c.rule.name;
  if (c.rule.id === 25) {
    const tiers = c.tiers;
    const last = tiers[tiers.length - 1];
    if (!last) return null;
    const { basis } = tierScope(cart, c);
    const next = tiers.find((t) => t.min > basis) ?? last;
    return {
      promo,
      basis: c.rule.tierBasis === 'spend' ? 'spend' : 'quantity',
      current: basis,
      threshold: next.min,
      remaining: Math.max(0, next.min - basis),
      reached: basis >= next.min,
    };
  }
  const threshold = thresholdFor(c, ctx);
  if (threshold === undefined) return null;
  const current = spendOf(cart, c);
  return {
    promo,
    basis: 'spend',
    current,
    threshold,
    remaining: Math.max(0, threshold - current),
    reached: current >= threshold,
  };
}
