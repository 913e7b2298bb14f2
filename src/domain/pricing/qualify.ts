// How many times a rule qualifies (conditionQuantity, spend thresholds, actionQuantity.max) and
// which units it takes (DESIGN §6: `conditionQuantity.min` condition items make one application;
// each rule applies at most `actionQuantity.max` times).
import { BACK_OFFICE_LOCALE, formatMoney } from '@domain/reference';
import { isOrdinary, lineTotal, type WorkCart, type WorkLine } from './cart';
import type { CompiledRule } from './compile';
import { forRegion, type PricingContext } from './context';
import type { Failure } from './validity';

// The loops below run for every rule a cart retrieves: they index their arrays rather than
// iterate them, which never allocates an iterator result, optimised or not.

/** Condition lines: the shopper's own lines of a condition SKU. */
export function conditionLines(cart: WorkCart, c: CompiledRule): WorkLine[] {
  const out: WorkLine[] = [];
  const skus = c.conditionSkus;
  for (let i = 0; i < skus.length; i++) {
    const lines = cart.linesOf(skus[i] as string);
    for (let j = 0; j < lines.length; j++) {
      const line = lines[j] as WorkLine;
      if (isOrdinary(line, c) && line.quantity > 0) out.push(line);
    }
  }
  return out;
}

/** Groups of condition items in the cart; Infinity when the rule has none. */
export function conditionGroups(cart: WorkCart, c: CompiledRule): number {
  if (c.conditionSkus.length === 0) return Number.POSITIVE_INFINITY;
  const min = c.conditionMin;
  let total = 0;
  let separate = 0;
  const skus = c.conditionSkus;
  for (let i = 0; i < skus.length; i++) {
    const lines = cart.linesOf(skus[i] as string);
    let units = 0;
    for (let j = 0; j < lines.length; j++) {
      const line = lines[j] as WorkLine;
      if (isOrdinary(line, c)) units += line.quantity;
    }
    total += units;
    separate += Math.floor(units / min);
  }
  if (c.oneForOne) return total;
  return c.combineConditionItems ? Math.floor(total / min) : separate;
}

/**
 * The subtotal a threshold sees: the shopper's lines at their current totals, without the rule's
 * exclusionItems and without lines an excludeFromSubtotal rule touched (DESIGN §6, type 3).
 */
export function spendOf(cart: WorkCart, c: CompiledRule): number {
  if (!c.hasExclusions) {
    // The shared subtotal: refreshed after each change from the cart's running sum, which is
    // exact in whole cents (a non-finite price makes it NaN: then it is summed line by line).
    const cache = cart.spendCache;
    if (cache.version === cart.version) return cache.value;
    const counted = cart.countedSpend();
    cache.version = cart.version;
    cache.value = Number.isFinite(counted) ? counted : sumSpend(cart, c);
    return cache.value;
  }
  return sumSpend(cart, c);
}

function sumSpend(cart: WorkCart, c: CompiledRule): number {
  let value = 0;
  for (const line of cart.lines) {
    if (isOrdinary(line, c) && !line.excludedFromSubtotal) value += lineTotal(line);
  }
  return value;
}

export function thresholdFor(c: CompiledRule, ctx: PricingContext): number | undefined {
  return forRegion(c.spendThreshold, ctx);
}

/** An amount of the cart's region as the engine's messages state it, without its currency: "12.50". */
const money = (cents: number, ctx: PricingContext): string =>
  formatMoney(cents, ctx.regionKey === '2' ? 'CAD' : 'USD', BACK_OFFICE_LOCALE, { symbol: 'none' });

/** Applications the rule qualifies for, or why it qualifies for none. */
export function qualify(cart: WorkCart, c: CompiledRule, ctx: PricingContext): number | Failure {
  const rule = c.rule;
  const groups = conditionGroups(cart, c);
  if (groups === 0) {
    const { min } = rule.conditionQuantity;
    c.memo.conditionNotMet ??= {
      code: 'condition_not_met',
      message: `The cart needs ${rule.oneForOne ? 1 : min} of ${rule.conditionItems.join(', ')}${
        rule.conditionQuantity.combineConditionItems || rule.oneForOne ? '' : ' (of one SKU)'
      }.`,
    };
    return c.memo.conditionNotMet;
  }
  let spendGroups = Number.POSITIVE_INFINITY;
  if (c.spendThreshold !== undefined) {
    const threshold = thresholdFor(c, ctx);
    if (threshold === undefined) {
      return {
        code: 'no_discount_value',
        message: `The rule has no spend threshold for region ${ctx.regionId}.`,
      };
    }
    const spend = spendOf(cart, c);
    if (spend < threshold) {
      return {
        code: 'threshold_not_met',
        message: `The eligible subtotal ${money(spend, ctx)} is below the threshold ${money(threshold, ctx)}.`,
      };
    }
    if (threshold > 0) spendGroups = Math.floor(spend / threshold);
  }
  return Math.min(c.maxApplications, groups, spendGroups);
}

export const isFailure = (value: number | Failure): value is Failure => typeof value !== 'number';

const unitNet = (line: WorkLine): number => lineTotal(line) / line.quantity;

/** Lines sorted cheapest unit first (dearest with `dearest`), cart order among equals. */
export function byUnitNet(lines: readonly WorkLine[], dearest = false): WorkLine[] {
  return [...lines].sort(
    (a, b) => (dearest ? unitNet(b) - unitNet(a) : unitNet(a) - unitNet(b)) || a.seq - b.seq,
  );
}

/** Takes up to `units` from lines in the given order, reading and updating `left` (units still free). */
export function take(
  lines: readonly WorkLine[],
  units: number,
  left: Map<WorkLine, number>,
): Map<WorkLine, number> {
  const taken = new Map<WorkLine, number>();
  let need = units;
  for (const line of lines) {
    if (need <= 0) break;
    const free = left.get(line) ?? line.quantity;
    const n = Math.min(free, need);
    if (n <= 0) continue;
    left.set(line, free - n);
    taken.set(line, n);
    need -= n;
  }
  return taken;
}

export const sumUnits = (m: ReadonlyMap<WorkLine, number>): number => {
  let s = 0;
  for (const n of m.values()) s += n;
  return s;
};
