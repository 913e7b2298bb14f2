// Gifts, samples and gift choices (DESIGN §6 types 10–13 and 24; spec 3 §4 steps 5 and 6).
import { lineTotal, type WorkLine } from '../cart';
import type { CompiledRule } from '../compile';
import { isFailure, qualify } from '../qualify';
import { type Applied, type EngineState, type Outcome, touch } from '../state';
import type { Failure } from '../validity';

const EMPTY_VOLUMES = { CV: 0, PV: 0, QV: 0, NV: 0, SV: 0 };

/** Adds a free line for a gift or sample; its value is recorded as the rule's discount on it. */
export function addGift(
  state: EngineState,
  c: CompiledRule,
  sku: string,
  quantity: number,
  isSample: boolean,
) {
  const { cart, ctx } = state;
  const product = ctx.input.products?.[sku];
  const line: WorkLine = {
    key: `gift:${c.rule.name}:${sku}`,
    seq: cart.nextSeq(),
    sku,
    quantity,
    price: product?.price ?? 0,
    originalPrice: product?.price ?? 0,
    memberPrice: undefined,
    discounts: [],
    discountSum: 0,
    free: true,
    added: true,
    addedBy: c,
    isPromo: true,
    isSample,
    isHostReward: false,
    hostFree: false,
    subscription: false,
    doNotShipAlone: false,
    isFinalSaleConfig: false,
    bundled: false,
    isIncluded: false,
    locked: true,
    excludedFromSubtotal: true,
    unitVolumes: isSample ? EMPTY_VOLUMES : { ...EMPTY_VOLUMES, ...product?.volumes },
  };
  cart.push(line);
  const amount = cart.discount(line, c, lineTotal(line));
  touch(cart, line, c);
  return { line, amount };
}

const GIFT_TYPES = new Set([10, 11, 12, 24]);

function giftsDropped(state: EngineState, c: CompiledRule): Failure | null {
  if (state.gwpsDroppedBy === null || !GIFT_TYPES.has(c.rule.id)) return null;
  return { code: 'gifts_dropped', message: `Gift promos were dropped by ${state.gwpsDroppedBy}.` };
}

const removedAll = (c: CompiledRule): Failure => ({
  code: 'gift_removed',
  message: `The shopper removed ${c.rule.actionItems.join(', ')}; removed free items are not added again.`,
});

/** Types 10, 11, 24 with autoAdd, and 13: every action item not removed by the shopper is added. */
export function applyAutoGifts(state: EngineState, c: CompiledRule, isSample: boolean): Outcome {
  const dropped = giftsDropped(state, c);
  if (dropped) return dropped;
  const times = qualify(state.cart, c, state.ctx);
  if (isFailure(times)) return times;
  const skus = c.rule.actionItems.filter((s) => !state.ctx.removed.has(s));
  if (c.rule.actionItems.length === 0) return { code: 'no_action_items', message: 'The rule lists no gift.' };
  if (skus.length === 0) return removedAll(c);
  const quantity = times * c.perConditionItem;
  const out: Applied = { times, lines: [], amount: 0 };
  for (const sku of skus) {
    const { line, amount } = addGift(state, c, sku, quantity, isSample);
    out.lines.push(line);
    out.amount += amount;
  }
  return out;
}

/**
 * Types 12, and 10, 11, 24 without autoAdd: the shopper picks among the action items. Picks still
 * missing become a resolution entry, unless the rule asks for no selection (noSelection).
 */
export function applyGiftChoice(state: EngineState, c: CompiledRule): Outcome {
  const dropped = giftsDropped(state, c);
  if (dropped) return dropped;
  const times = qualify(state.cart, c, state.ctx);
  if (isFailure(times)) return times;
  const rule = c.rule;
  const choices = rule.actionItems.filter((s) => !state.ctx.removed.has(s));
  if (rule.actionItems.length === 0) return { code: 'no_action_items', message: 'The rule lists no gift.' };
  if (choices.length === 0) return removedAll(c);
  const need = times * c.perConditionItem;
  const picks = (state.ctx.input.giftSelections ?? [])
    .filter((s) => s.promo === rule.name && choices.includes(s.sku))
    .slice(0, need);
  const missing = need - picks.length;
  if (missing > 0 && !rule.noSelection) {
    state.resolutions.push({ kind: 'gift-selection', promo: rule.name, choices, quantity: missing });
  }
  if (picks.length === 0) {
    return {
      code: 'selection_missing',
      message: rule.noSelection
        ? 'No gift was picked, and the rule does not ask for a pick.'
        : `Waiting for the shopper to pick ${need} of ${choices.join(', ')}.`,
    };
  }
  const counts = new Map<string, number>();
  for (const p of picks) counts.set(p.sku, (counts.get(p.sku) ?? 0) + 1);
  const out: Applied = { times, lines: [], amount: 0 };
  for (const [sku, quantity] of counts) {
    const { line, amount } = addGift(state, c, sku, quantity, false);
    out.lines.push(line);
    out.amount += amount;
  }
  return out;
}
