// Mutable state of one pricing run, shared by the rule actions, and what an action reports back.
import type { WorkCart, WorkLine } from './cart';
import type { CompiledRule } from './compile';
import { forRegion, type PricingContext } from './context';
import type { CartError, DropItem, Resolution, ShippingRate } from './types';
import type { Failure } from './validity';

export interface EngineState {
  readonly cart: WorkCart;
  readonly ctx: PricingContext;
  rates: ShippingRate[];
  method: number | null;
  readonly drops: DropItem[];
  readonly resolutions: Resolution[];
  readonly cartErrors: CartError[];
  /** Set once a dropGWPs rule applied: gift rules below it do not apply. */
  gwpsDroppedBy: string | null;
}

export interface Applied {
  times: number;
  lines: WorkLine[];
  amount: number;
}

export type Outcome = Applied | Failure;

export const isApplied = (o: Outcome): o is Applied => 'times' in o;

/** Flags a rule leaves on the lines it touched (spec 3 §3 engine form; DESIGN §6 doNotStack). */
export function touch(cart: WorkCart, line: WorkLine, c: CompiledRule): void {
  const rule = c.rule;
  if (rule.doNotStack) line.locked = true;
  if (rule.excludeFromSubtotal) cart.leaveOutOfSubtotal(line);
  if (rule.final_sale) line.isFinalSaleConfig = true;
  if (rule.do_not_ship_alone) line.doNotShipAlone = true;
}

export function valueFor(c: CompiledRule, ctx: PricingContext): number | undefined {
  return forRegion(c.discountValue, ctx);
}

export const noValue = (ctx: PricingContext): Failure => ({
  code: 'no_discount_value',
  message: `The rule has no discount value for region ${ctx.regionId}.`,
});

export function noActionItems(c: CompiledRule): Failure {
  if (c.memo.noActionItems) return c.memo.noActionItems;
  const skus = c.rule.actionItems.length > 0 ? c.rule.actionItems : c.triggers;
  c.memo.noActionItems = {
    code: 'no_action_items',
    message:
      skus.length > 0
        ? `No discountable line of ${skus.join(', ')} is in the cart.`
        : 'No line in the cart can take this discount.',
  };
  return c.memo.noActionItems;
}
