// Shipping promos (DESIGN §6 types 16–19; spec 3 §4 client cart errors).
import type { CompiledRule } from '../compile';
import { percentOf } from '../money';
import { isFailure, qualify } from '../qualify';
import { type EngineState, noValue, type Outcome, valueFor } from '../state';
import type { CartError } from '../types';

/** Spec 3 §4: the two drop promos the client reports as cart errors, by promo name. */
export const CART_ERROR_BY_PROMO: Readonly<Record<string, Omit<CartError, 'promo'>>> = {
  CounterSunShippingDrop: { code: 'cart/counter-sun', type: 2 },
  CounterSunGroundShipOnly: { code: 'cart/counter-sun-ground', type: 4 },
};

/** Types 16 (free), 17 (flat rate), 18 (percent off) on the listed methods, or all when none are listed. */
export function applyShippingRate(state: EngineState, c: CompiledRule): Outcome {
  const times = qualify(state.cart, c, state.ctx);
  if (isFailure(times)) return times;
  const methods = c.rule.shippingMethods ?? [];
  const matches = (method: number) => methods.length === 0 || methods.includes(method);
  if (!state.rates.some((r) => matches(r.method))) {
    return {
      code: 'no_shipping_rates',
      message: `No shipping rate for method ${methods.join(', ') || 'any'} is offered.`,
    };
  }
  const value = c.rule.id === 16 ? 0 : valueFor(c, state.ctx);
  if (value === undefined) return noValue(state.ctx);
  let amount = 0;
  state.rates = state.rates.map((rate) => {
    if (!matches(rate.method)) return rate;
    const next =
      c.rule.id === 16
        ? 0
        : c.rule.id === 17
          ? Math.min(rate.amount, value)
          : rate.amount - percentOf(rate.amount, value);
    if (rate.method === state.method) amount = rate.amount - next;
    return { ...rate, amount: next };
  });
  return { times: 1, lines: [], amount };
}

/** Type 19: condition SKUs in the cart remove the listed methods; a removed chosen method is cleared (spec 2 §4). */
export function applyShippingDrop(state: EngineState, c: CompiledRule): Outcome {
  const times = qualify(state.cart, c, state.ctx);
  if (isFailure(times)) return times;
  const drop = new Set(c.rule.shippingMethods ?? []);
  state.rates = state.rates.filter((r) => !drop.has(r.method));
  if (state.method !== null && drop.has(state.method)) state.method = null;
  const error = CART_ERROR_BY_PROMO[c.rule.name];
  if (error && !state.cartErrors.some((e) => e.promo === c.rule.name)) {
    state.cartErrors.push({ ...error, promo: c.rule.name });
  }
  return { times: 1, lines: [], amount: 0 };
}
