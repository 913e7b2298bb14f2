// The automatic promo flow (spec 3 §4; DESIGN §6 engine order): filter valid rules, sort by
// priority, stop halts lower priorities, apply each up to its maximum, counters, resolutions,
// DropItems. Pure: the same input gives the same output, and inputs are never mutated.
import { USER_TYPE } from '@domain/reference';
import type { PromoRule } from '../promos/rule';
import { applyRule } from './apply';
import { WorkCart } from './cart';
import { type CompiledRule, type CompiledRules, candidatesFor, compileRules } from './compile';
import { buildContext, isZeroPriceOrder, type PricingContext } from './context';
import { counterFor } from './counters';
import { appliedExplanation, notAppliedExplanation, stoppedBy } from './explain';
import { assemble } from './output';
import { entitledPrice, type PriceTier } from './prices';
import { qualify } from './qualify';
import { type EngineState, isApplied, noActionItems } from './state';
import type { CartCounter, PricedCart, PricingInput, RuleExplanation } from './types';
import { type Failure, firstFailure } from './validity';
import { toVolumes } from './volumes';

/** A price from the caller as whole, non-negative cents: a bad price must not make totals negative. */
const cents = (value: number): number => Math.max(0, Math.round(value));

/** A tier price from the caller in cents, or none when it is missing or not a number. */
const tierCents = (value: number | undefined): number | undefined =>
  value === undefined || Number.isNaN(value) ? undefined : cents(value);

/**
 * The shopper's lines, each at the lowest price the shopper is entitled to (ADR 023): the retail
 * offer, or the member or wholesale price of the cart's tier when it is lower.
 */
function buildCart(input: PricingInput, ctx: PricingContext): WorkCart {
  const cart = new WorkCart();
  const hostFree = new Map((input.hostRewardItems ?? []).map((h) => [h.sku, h.isFree]));
  const zeroPrice = isZeroPriceOrder(input);
  const tier: PriceTier = ctx.wholesale
    ? 'wholesale'
    : ctx.pricingUserType === USER_TYPE.member
      ? 'member'
      : 'retail';
  input.lines.forEach((l, i) => {
    const quantity = Math.floor(l.quantity);
    if (l.isPromo || !(quantity > 0)) return;
    const tierPrice = entitledPrice(
      {
        price: cents(l.price),
        memberPrice: tierCents(l.memberPrice),
        wholesalePrice: tierCents(l.wholesalePrice),
      },
      tier,
    );
    const isHostReward = l.isHostReward === true;
    cart.push({
      key: String(i),
      seq: cart.nextSeq(),
      sku: l.sku,
      quantity,
      price: zeroPrice ? 0 : tierPrice,
      originalPrice: cents(l.price),
      memberPrice: l.memberPrice === undefined ? undefined : cents(l.memberPrice),
      discounts: [],
      discountSum: 0,
      free: false,
      added: false,
      isPromo: false,
      isSample: l.isSample === true,
      isHostReward,
      hostFree: isHostReward && hostFree.get(l.sku) === true,
      subscription: l.subscription === true,
      doNotShipAlone: l.doNotShipAlone === true,
      isFinalSaleConfig: l.isFinalSaleConfig === true,
      bundled: l.bundled === true,
      isIncluded: l.isIncluded === true,
      ...(l.selectedVariant === undefined ? {} : { selectedVariant: l.selectedVariant }),
      ...(l.redemptionKey === undefined ? {} : { redemptionKey: l.redemptionKey }),
      locked: false,
      excludedFromSubtotal: false,
      unitVolumes: toVolumes(l.volumes),
    });
  });
  return cart;
}

/** Why a rule the index did not retrieve does nothing for this cart. */
function untriggered(state: EngineState, c: CompiledRule, stop: CompiledRule | null): Failure {
  const invalid = firstFailure(c, state.ctx);
  if (invalid) return invalid;
  if (stop && c.priority < stop.priority) return stoppedBy(stop);
  if (c.conditionSkus.length === 0) return noActionItems(c);
  const q = qualify(state.cart, c, state.ctx);
  return typeof q === 'number' ? noActionItems(c) : q;
}

/** Validity, stop, counter and action of one retrieved rule, as its explanation. */
function priceRule(
  state: EngineState,
  c: CompiledRule,
  stop: CompiledRule | null,
  counters: CartCounter[],
): RuleExplanation {
  const invalid = firstFailure(c, state.ctx);
  if (invalid) return notAppliedExplanation(c, invalid);
  if (stop && c.priority < stop.priority) return notAppliedExplanation(c, stoppedBy(stop));
  const counter = counterFor(state.cart, c, state.ctx);
  if (counter) counters.push(counter);
  const outcome = applyRule(state, c);
  return isApplied(outcome) ? appliedExplanation(c, outcome) : notAppliedExplanation(c, outcome);
}

const isCompiled = (rules: CompiledRules | readonly PromoRule[]): rules is CompiledRules => 'bySku' in rules;

/** Prices a cart against compiled rules (or a rule list, compiled on the spot). */
export function priceCart(input: PricingInput, rules: CompiledRules | readonly PromoRule[]): PricedCart {
  const compiled = isCompiled(rules) ? rules : compileRules(rules);
  const ctx = buildContext(input);
  const cart = buildCart(input, ctx);
  const state: EngineState = {
    cart,
    ctx,
    rates: (input.shipping?.rates ?? []).map((r) => ({ ...r })),
    method: input.shipping?.method ?? null,
    drops: [],
    resolutions: [],
    cartErrors: [],
    gwpsDroppedBy: null,
  };
  const candidates = candidatesFor(compiled, ctx.shopperSkus, ctx.codes, ctx.regionId, ctx.pricingUserType);
  const explainAll = input.explain === 'all';
  // In candidate (engine) order; with 'all', also by rule order to fill in the rules not retrieved.
  const considered: RuleExplanation[] = [];
  const byOrder: (RuleExplanation | undefined)[] = explainAll ? new Array(compiled.rules.length) : [];
  const counters: CartCounter[] = [];
  const usedCodes = new Set<string>();
  let stop: CompiledRule | null = null;
  for (const order of candidates) {
    const c = compiled.rules[order];
    if (!c) continue;
    const explanation = priceRule(state, c, stop, counters);
    considered.push(explanation);
    if (explainAll) byOrder[order] = explanation;
    if (!explanation.applied) continue;
    if (c.codes.size > 0) for (const code of c.codes) if (ctx.codes.has(code)) usedCodes.add(code);
    if (c.stop && !stop) stop = c;
    if (c.dropGWPs && state.gwpsDroppedBy === null) state.gwpsDroppedBy = c.name;
  }
  let explanations = considered;
  if (explainAll) {
    explanations = new Array(compiled.rules.length);
    for (let order = 0; order < compiled.rules.length; order++) {
      const c = compiled.rules[order] as CompiledRule;
      explanations[order] = byOrder[order] ?? notAppliedExplanation(c, untriggered(state, c, stop));
    }
  }
  return assemble({
    input,
    state,
    counters,
    usedCodes,
    explanations,
    rulesNotConsidered: compiled.rules.length - explanations.length,
  });
}
