// Type 9: X condition items for a fixed price (DESIGN §6). Each application takes `min` units,
// dearest first, and prices them together at discountValue; the saving is spread over the lines.
import { isDiscountable, lineTotal, type WorkLine } from '../cart';
import type { CompiledRule } from '../compile';
import { allocate, roundCents } from '../money';
import { byUnitNet, isFailure, qualify, sumUnits } from '../qualify';
import { type Applied, type EngineState, noValue, type Outcome, touch, valueFor } from '../state';
import { takeCondition } from './items';

export function applyBundle(state: EngineState, c: CompiledRule): Outcome {
  const price = valueFor(c, state.ctx);
  if (price === undefined) return noValue(state.ctx);
  const times = qualify(state.cart, c, state.ctx);
  if (isFailure(times)) return times;
  const items = c.conditionSkus.length > 0 ? c.conditionSkus : c.actionSkus;
  const pool: WorkLine[] = [];
  for (const sku of items) for (const l of state.cart.linesOf(sku)) if (isDiscountable(l, c)) pool.push(l);
  const sorted = byUnitNet(pool, true);
  const size = c.conditionMin;
  const left = new Map<WorkLine, number>();
  const used = new Map<WorkLine, number>();
  let saving = 0;
  let applications = 0;
  while (applications < times) {
    const taken = takeCondition(c, sorted, size, left);
    if (sumUnits(taken) < size) break;
    let value = 0;
    for (const [line, n] of taken) value += (lineTotal(line) * n) / line.quantity;
    if (value <= price) break;
    saving += value - price;
    for (const [line, n] of taken)
      used.set(line, (used.get(line) ?? 0) + (lineTotal(line) * n) / line.quantity);
    applications++;
  }
  if (applications === 0) {
    return {
      code: pool.length === 0 ? 'no_action_items' : 'no_discount',
      message:
        pool.length === 0
          ? 'No bundle item is in the cart.'
          : `No ${size} bundle items are worth more than the bundle price.`,
    };
  }
  const lines = [...used.keys()];
  const shares = allocate(roundCents(saving), [...used.values()]);
  const out: Applied = { times: applications, lines: [], amount: 0 };
  lines.forEach((line, i) => {
    const taken = state.cart.discount(line, c, shares[i] ?? 0);
    line.bundled = true;
    touch(state.cart, line, c);
    out.lines.push(line);
    out.amount += taken;
  });
  return out;
}
