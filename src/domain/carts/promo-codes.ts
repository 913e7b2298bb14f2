import type { RuleExplanation } from '../pricing';
import type { CartInstanceState, PromoTag } from './cart';
import { CART_MESSAGES } from './messages';

// Promo codes on a cart (spec 2 §5, spec 3 §4): a code entered at checkout replaces any earlier
// checkout-origin code, so only one is kept; codes compare case-insensitively. After pricing, each
// code is answered with its result: applied, unknown, or the engine's reason it does not apply.

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function enterPromoCode(
  state: CartInstanceState,
  code: string,
  fromCheckout: boolean,
): CartInstanceState {
  const kept = state.promoTags.filter((t) => !same(t.code, code) && !(fromCheckout && t.fromCheckout));
  return { ...state, promoTags: [...kept, { code: code.trim(), fromCheckout, serverValidated: false }] };
}

/**
 * The checkout code a new checkout code would evict (spec 2 §5: one checkout code is kept), or
 * null: the answer says which code was replaced so the agent can put it back.
 */
export function replacedCheckoutCode(
  state: CartInstanceState,
  code: string,
  fromCheckout: boolean,
): string | null {
  if (!fromCheckout) return null;
  return state.promoTags.find((t) => t.fromCheckout && !same(t.code, code))?.code ?? null;
}

export function removePromoCode(state: CartInstanceState, code: string): CartInstanceState {
  return { ...state, promoTags: state.promoTags.filter((t) => !same(t.code, code)) };
}

/**
 * Each tag with its result. `rulesByCode` names the active rules carrying each lower-cased code;
 * a code no active rule carries is unknown; otherwise it succeeds when one of its rules applied,
 * and else carries the first reason given (never silently ignored).
 */
export function promoTagResults(
  tags: readonly PromoTag[],
  rulesByCode: ReadonlyMap<string, readonly string[]>,
  explanations: readonly RuleExplanation[],
): PromoTag[] {
  const byName = new Map(explanations.map((e) => [e.promo, e]));
  return tags.map((t) => {
    const names = rulesByCode.get(t.code.toLowerCase()) ?? [];
    const base = { code: t.code, serverValidated: true, ...(t.fromCheckout ? { fromCheckout: true } : {}) };
    if (names.length === 0) return { ...base, success: false, message: CART_MESSAGES.unknownCode(t.code) };
    const found = names.map((n) => byName.get(n)).filter((e): e is RuleExplanation => e !== undefined);
    if (found.some((e) => e.applied)) return { ...base, success: true };
    const reason = found.find((e) => !e.applied);
    const message =
      reason && !reason.applied
        ? `${reason.promo}: ${reason.message}`
        : `${names[0]}: the rule does not apply to this customer's country or user type.`;
    return { ...base, success: false, message };
  });
}
