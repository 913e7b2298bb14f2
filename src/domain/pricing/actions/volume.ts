// Type 20: volume adjustment on the action items, or every line when none are listed (DESIGN §6).
import { isOrdinary, type WorkLine } from '../cart';
import type { CompiledRule } from '../compile';
import { isFailure, qualify } from '../qualify';
import { type Applied, type EngineState, type Outcome, touch } from '../state';

export function applyVolumeAdjustment(state: EngineState, c: CompiledRule): Outcome {
  const times = qualify(state.cart, c, state.ctx);
  if (isFailure(times)) return times;
  const adjustment = c.rule.volumeAdjustment;
  const adjustable = (l: WorkLine) => isOrdinary(l, c) && !l.volumeAdjustment;
  // Listed SKUs are looked up, not searched for: which lines, not their order, makes the outcome.
  let lines: WorkLine[];
  if (c.actionSkus.length === 0) lines = state.cart.lines.filter(adjustable);
  else {
    lines = [];
    for (const sku of c.actionSkus) for (const l of state.cart.linesOf(sku)) if (adjustable(l)) lines.push(l);
  }
  if (!adjustment || lines.length === 0) {
    return { code: 'no_action_items', message: 'No line to adjust the volumes of is in the cart.' };
  }
  const out: Applied = { times: 0, lines: [], amount: 0 };
  for (const line of lines) {
    // A higher-priority adjustment already on the line wins (engine order, DESIGN §6).
    line.volumeAdjustment = adjustment;
    touch(state.cart, line, c);
    out.lines.push(line);
    out.times += line.quantity;
  }
  return out;
}
