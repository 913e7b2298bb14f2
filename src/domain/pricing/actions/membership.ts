// Type 21: BoB and renewal windows (DESIGN §5 and §6). Inside its window the membership (9000) or
// renewal (9916) SKU is priced at discountValue when one is set; outside it becomes a DropItem.
import { SKU } from '@domain/reference';
import { lineTotal } from '../cart';
import type { CompiledRule } from '../compile';
import { inRenewalWindow, mayBuyMembership } from '../context';
import { isFailure, qualify } from '../qualify';
import { type Applied, type EngineState, type Outcome, touch, valueFor } from '../state';

export function applyMembershipWindows(state: EngineState, c: CompiledRule): Outcome {
  const times = qualify(state.cart, c, state.ctx);
  if (isFailure(times)) return times;
  const { cart, ctx } = state;
  const rule = c.rule;
  const price = valueFor(c, ctx);
  const lines = c.triggers.flatMap((sku) => cart.linesOf(sku).filter((l) => !l.added && !l.free));
  if (lines.length === 0) {
    return { code: 'no_action_items', message: 'No membership or renewal SKU is in the cart.' };
  }
  const out: Applied = { times: 0, lines: [], amount: 0 };
  for (const line of lines) {
    const eligible =
      line.sku === SKU.memberProgram
        ? !rule.validateBoB || mayBuyMembership(ctx)
        : line.sku === SKU.renewal
          ? !rule.validateRenewal || inRenewalWindow(ctx)
          : true;
    out.times++;
    if (!eligible) {
      cart.remove(line);
      state.drops.push({
        kind: 'DropItem',
        sku: line.sku,
        quantity: line.quantity,
        promo: rule.name,
        reason: 'outside-membership-window',
      });
      continue;
    }
    touch(cart, line, c);
    out.lines.push(line);
    if (price !== undefined) out.amount += cart.discount(line, c, lineTotal(line) - price * line.quantity);
  }
  return out;
}
