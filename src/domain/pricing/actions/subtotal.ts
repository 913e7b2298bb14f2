// Subtotal actions (DESIGN §6 types 3–6) and tiers (type 25). A subtotal discount is spread over
// the lines it covers, so every line carries its own share and no share exceeds its line.
import { isDiscountable, lineTotal, type WorkCart, type WorkLine } from '../cart';
import type { CompiledRule } from '../compile';
import { forRegion } from '../context';
import { allocateOver, percentOf } from '../money';
import { conditionLines, isFailure, qualify } from '../qualify';
import { type Applied, type EngineState, noValue, type Outcome, touch, valueFor } from '../state';
import { actionLines } from './items';

/** Lines a subtotal promo covers: discountable, not left out by excludeFromSubtotal. */
export function subtotalLines(cart: WorkCart, c: CompiledRule): WorkLine[] {
  const all = cart.lines;
  const out: WorkLine[] = new Array(all.length);
  let k = 0;
  for (let i = 0; i < all.length; i++) {
    const l = all[i] as WorkLine;
    if (isDiscountable(l, c) && !l.excludedFromSubtotal) out[k++] = l;
  }
  out.length = k;
  return out;
}

// spread and percentEach take over the array of lines they are given: the lines a discount
// touched are kept at its front and become the rule's Applied lines (no second array per rule).

function spread(state: EngineState, c: CompiledRule, lines: WorkLine[], shares: readonly number[]): Applied {
  const out: Applied = { times: 1, lines, amount: 0 };
  let k = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as WorkLine;
    const taken = state.cart.discount(line, c, shares[i] ?? 0);
    if (taken === 0) continue;
    touch(state.cart, line, c);
    lines[k++] = line;
    out.amount += taken;
  }
  lines.length = k;
  return out;
}

/** A percent off each line, from the line's own total (a share never depends on another line's). */
function percentEach(state: EngineState, c: CompiledRule, lines: WorkLine[], fraction: number): Applied {
  const out: Applied = { times: 1, lines, amount: 0 };
  let k = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as WorkLine;
    const taken = state.cart.discount(line, c, percentOf(lineTotal(line), fraction));
    if (taken === 0) continue;
    touch(state.cart, line, c);
    lines[k++] = line;
    out.amount += taken;
  }
  lines.length = k;
  return out;
}

const nothingCovered: Outcome = { code: 'no_action_items', message: 'No line counts toward the subtotal.' };

/** Types 3 and 5 (percent) and 4 and 6 (amount, once per qualifying application). */
export function applySubtotal(state: EngineState, c: CompiledRule): Outcome {
  const value = valueFor(c, state.ctx);
  if (value === undefined) return noValue(state.ctx);
  const times = qualify(state.cart, c, state.ctx);
  if (isFailure(times)) return times;
  const lines = subtotalLines(state.cart, c);
  if (lines.length === 0) return nothingCovered;
  if (c.type === 3 || c.type === 5) return percentEach(state, c, lines, value);
  // Each line's total, replaced by its share of the amount.
  const shares: number[] = new Array(lines.length);
  let sum = 0;
  for (let i = 0; i < lines.length; i++) {
    const total = lineTotal(lines[i] as WorkLine);
    shares[i] = total;
    sum += total;
  }
  allocateOver(Math.min(value * times, sum), shares);
  const out = spread(state, c, lines, shares);
  out.times = times;
  return out;
}

/** Type 25: the quantity or spend the tiers are measured on, and the lines that take the discount. */
export function tierScope(cart: WorkCart, c: CompiledRule): { basis: number; targets: WorkLine[] } {
  const conditions = c.conditionSkus.length > 0 ? conditionLines(cart, c) : null;
  const targets =
    c.actionSkus.length > 0
      ? actionLines(cart, c, false)
      : conditions
        ? conditions.filter((l) => isDiscountable(l, c))
        : subtotalLines(cart, c);
  const measured = conditions ?? targets;
  let basis = 0;
  const spend = c.rule.tierBasis === 'spend';
  for (let i = 0; i < measured.length; i++) {
    const l = measured[i] as WorkLine;
    basis += spend ? lineTotal(l) : l.quantity;
  }
  return { basis, targets };
}

export function applyTiers(state: EngineState, c: CompiledRule): Outcome {
  const times = qualify(state.cart, c, state.ctx);
  if (isFailure(times)) return times;
  const { basis, targets } = tierScope(state.cart, c);
  const tiers = c.tiers;
  let reached: (typeof tiers)[number] | undefined;
  for (const t of tiers) if (t.min <= basis) reached = t;
  if (!reached) {
    const first = tiers[0]?.min ?? 0;
    return {
      code: 'threshold_not_met',
      message: `The cart reaches ${basis}; the first tier starts at ${first}.`,
    };
  }
  const fraction = forRegion(reached.discountValue, state.ctx);
  if (fraction === undefined) return noValue(state.ctx);
  if (targets.length === 0) return nothingCovered;
  return percentEach(state, c, targets, fraction);
}
