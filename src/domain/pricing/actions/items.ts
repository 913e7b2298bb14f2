// Item actions: percent, amount, fixed price, free, member price on action items (DESIGN §6 types
// 0, 1, 2, 7, 8, 14, 15, 22, 23). Action units are taken cheapest first; condition units, when
// they must not double as action units (conditionQuantity.skip), dearest first.
import { HOST_REWARD_FREE, HOST_REWARD_HALF_OFF } from '@domain/reference';
import { isDiscountable, lineTotal, type WorkCart, type WorkLine } from '../cart';
import type { CompiledRule } from '../compile';
import { percentOf, roundCents } from '../money';
import { byUnitNet, conditionLines, isFailure, qualify, sumUnits, take } from '../qualify';
import {
  type Applied,
  type EngineState,
  noActionItems,
  noValue,
  type Outcome,
  touch,
  valueFor,
} from '../state';
import type { Failure } from '../validity';
import { addGift } from './gifts';

type Kind =
  | { kind: 'percent'; fraction: number }
  | { kind: 'amount'; cents: number }
  | { kind: 'fixed'; cents: number }
  | { kind: 'free' }
  | { kind: 'member' };

/** Discountable lines of the action SKUs; every discountable line when `allWhenEmpty` and none are listed. */
export function actionLines(cart: WorkCart, c: CompiledRule, allWhenEmpty: boolean): WorkLine[] {
  if (c.actionSkus.length === 0) return allWhenEmpty ? cart.lines.filter((l) => isDiscountable(l, c)) : [];
  const out: WorkLine[] = [];
  const skus = c.actionSkus;
  for (let i = 0; i < skus.length; i++) {
    const lines = cart.linesOf(skus[i] as string);
    for (let j = 0; j < lines.length; j++) {
      const line = lines[j] as WorkLine;
      if (isDiscountable(line, c)) out.push(line);
    }
  }
  return out;
}

interface Plan {
  picks: Map<WorkLine, number>;
  times: number;
  /** Action units wanted but not in the cart (added as gifts by autoAdd rules). */
  shortfall: number;
}

export function takeCondition(c: CompiledRule, lines: WorkLine[], min: number, left: Map<WorkLine, number>) {
  if (c.combineConditionItems || c.oneForOne) return take(lines, min, left);
  for (const sku of c.rule.conditionItems) {
    const own = lines.filter((l) => l.sku === sku);
    if (own.reduce((a, l) => a + (left.get(l) ?? l.quantity), 0) >= min) return take(own, min, left);
  }
  return new Map<WorkLine, number>();
}

/** Which action units `times` applications take. */
export function planItems(
  cart: WorkCart,
  c: CompiledRule,
  times: number,
  targets: WorkLine[],
  virtual: boolean,
): Plan {
  const per = c.oneForOne ? 1 : c.perConditionItem;
  const sorted = byUnitNet(targets);
  if (!c.skip || c.conditionSkus.length === 0) {
    const want = Number.isFinite(times) ? times * per : sorted.reduce((a, l) => a + l.quantity, 0);
    const picks = take(sorted, want, new Map());
    const got = sumUnits(picks);
    return virtual
      ? { picks, times, shortfall: want - got }
      : { picks, times: Math.ceil(got / per), shortfall: 0 };
  }
  // Condition and action units come from one pool: a unit counted as a condition is skipped as an
  // action, and an application takes all its action units or none (with autoAdd, missing ones are
  // added): free units never exceed floor(units / (X + Y)) × Y (ADR 023).
  const min = c.oneForOne ? 1 : c.conditionMin;
  const left = new Map<WorkLine, number>();
  const conditions = byUnitNet(conditionLines(cart, c), true);
  const picks = new Map<WorkLine, number>();
  let applications = 0;
  let shortfall = 0;
  while (applications < times) {
    const used = takeCondition(c, conditions, min, left);
    const action = sumUnits(used) < min ? new Map<WorkLine, number>() : take(sorted, per, left);
    const got = sumUnits(action);
    if (sumUnits(used) < min || (got < per && !virtual)) break;
    for (const [line, n] of action) picks.set(line, (picks.get(line) ?? 0) + n);
    shortfall += per - got;
    applications++;
  }
  return { picks, times: applications, shortfall: virtual ? shortfall : 0 };
}

/** Applies one kind of discount to the planned units; each line's share is rounded once. */
function discountPicks(state: EngineState, c: CompiledRule, picks: Map<WorkLine, number>, how: Kind) {
  const out: Applied = { times: 0, lines: [], amount: 0 };
  for (const [line, units] of picks) {
    if (how.kind === 'free') {
      const freed = state.cart.makeFree(line, units, c);
      touch(state.cart, freed.line, c);
      out.lines.push(freed.line);
      out.amount += freed.amount;
      continue;
    }
    const value = (lineTotal(line) * units) / line.quantity;
    const wanted =
      how.kind === 'percent'
        ? percentOf(value, how.fraction)
        : how.kind === 'amount'
          ? how.cents * units
          : how.kind === 'fixed'
            ? roundCents(value - how.cents * units)
            : line.memberPrice === undefined
              ? 0
              : (line.price - line.memberPrice) * units;
    const taken = state.cart.discount(line, c, Math.min(wanted, roundCents(value)));
    if (taken === 0) continue;
    touch(state.cart, line, c);
    out.lines.push(line);
    out.amount += taken;
  }
  return out;
}

/** A pooled buy X get Y whose cart holds the X bought but not also the Y given. */
function poolTooSmall(c: CompiledRule): Failure {
  const x = c.oneForOne ? 1 : c.conditionMin;
  const y = c.oneForOne ? 1 : c.perConditionItem;
  c.memo.poolTooSmall ??= {
    code: 'condition_not_met',
    message: `The cart needs ${x + y} of ${c.rule.conditionItems.join(', ')}: ${x} bought and ${y} free.`,
  };
  return c.memo.poolTooSmall;
}

function applyKind(
  state: EngineState,
  c: CompiledRule,
  targets: WorkLine[],
  how: Kind,
  virtual = false,
): Outcome {
  const times = qualify(state.cart, c, state.ctx);
  if (isFailure(times)) return times;
  if (targets.length === 0 && !virtual) return noActionItems(c);
  const plan = planItems(state.cart, c, times, targets, virtual);
  if (plan.times === 0 && c.skip && c.conditionSkus.length > 0) return poolTooSmall(c);
  const out = discountPicks(state, c, plan.picks, how);
  out.times = plan.times;
  if (virtual && plan.shortfall > 0) {
    const sku = c.rule.actionItems.find((s) => !state.ctx.removed.has(s));
    if (sku !== undefined) {
      const gift = addGift(state, c, sku, plan.shortfall, false);
      out.lines.push(gift.line);
      out.amount += gift.amount;
    }
  }
  if (out.lines.length === 0) {
    if (virtual && c.rule.actionItems.length > 0) {
      return { code: 'gift_removed', message: 'The shopper removed the free item; it is not added again.' };
    }
    if (plan.picks.size === 0) return noActionItems(c);
    return { code: 'no_discount', message: 'The action items are already at or below the promo price.' };
  }
  return out;
}

/** Types 0, 1, 2, 8, 23: percent, amount or fixed price on action items. */
export function applyItemDiscount(state: EngineState, c: CompiledRule): Outcome {
  const value = valueFor(c, state.ctx);
  if (value === undefined) return noValue(state.ctx);
  const type = c.rule.id;
  const how: Kind =
    type === 1
      ? { kind: 'amount', cents: value }
      : type === 2
        ? { kind: 'fixed', cents: value }
        : { kind: 'percent', fraction: value };
  // Type 23 takes only subscription lines, all of them when no action items are listed.
  const targets =
    type === 23
      ? actionLines(state.cart, c, true).filter((l) => l.subscription)
      : actionLines(state.cart, c, false);
  return applyKind(state, c, targets, how);
}

/** Type 7: buy X get Y free; with autoAdd, Y missing from the cart is added as a free line. */
export function applyBuyGetFree(state: EngineState, c: CompiledRule): Outcome {
  return applyKind(state, c, actionLines(state.cart, c, false), { kind: 'free' }, c.autoAdd);
}

/** Type 22: member price on the action items (every line when none are listed). */
export function applyMemberPrice(state: EngineState, c: CompiledRule): Outcome {
  const targets = actionLines(state.cart, c, true).filter((l) => l.memberPrice !== undefined);
  return applyKind(state, c, targets, { kind: 'member' });
}

/** Types 14 and 15: host reward items half off (0.5 by default) or free (spec 3 §4). */
export function applyHostReward(state: EngineState, c: CompiledRule): Outcome {
  const free = c.rule.id === 15;
  const targets = state.cart.lines.filter(
    (l) =>
      l.isHostReward &&
      l.hostFree === free &&
      !l.free &&
      !l.locked &&
      lineTotal(l) > 0 &&
      (c.actionSkus.length === 0 || c.actionSet.has(l.sku)),
  );
  const fraction = valueFor(c, state.ctx) ?? (free ? HOST_REWARD_FREE : HOST_REWARD_HALF_OFF);
  if (targets.length === 0) {
    return {
      code: 'no_action_items',
      message: `The cart has no ${free ? 'free' : 'half-off'} host reward item.`,
    };
  }
  return applyKind(state, c, targets, fraction >= 1 ? { kind: 'free' } : { kind: 'percent', fraction });
}
