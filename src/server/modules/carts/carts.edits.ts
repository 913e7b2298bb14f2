import {
  addHostReward,
  addProduct,
  CART_MESSAGES,
  type CartChange,
  type CartInfluencer,
  type CartInstanceState,
  emptyInstance,
  enterPromoCode,
  type OverrideEntry,
  removeFreeItem,
  removeLine,
  removePromoCode,
  replacedCheckoutCode,
  setQuantity,
  stepQuantity,
} from '@domain/carts';
import { NOTICE_CODES, type Notice } from '@domain/platform/notices';
import type { Actor } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import type { Edit, EditTools } from './carts.service';

// The cart's edits (spec 2 §4, §7): each one a function of the instance, so a write that meets a
// newer version is simply applied again to it.

/** The change's next instance and its notices; a refusal is a 400 naming its field. */
const take = (change: CartChange): { state: CartInstanceState; notices?: Notice[] } => {
  if (!change.ok)
    throw badRequest(
      change.message,
      change.field ? [{ path: change.field, message: change.message }] : undefined,
    );
  return { state: change.state, ...(change.notices ? { notices: change.notices } : {}) };
};

/** An edit that looks these SKUs up: they are read with the cart rather than after it. */
const lookingUp = (skus: string[], edit: Edit): Edit => Object.assign(edit, { skus });

export const addProductEdit = (sku: string, quantity: number, subscription = false): Edit =>
  lookingUp([sku.trim()], async (state, tools) => {
    // Below 1 is ignored with the spec's message before the catalogue is asked (spec 2 §4, §5).
    if (!(quantity >= 1))
      throw badRequest(CART_MESSAGES.positiveQuantity, [
        { path: 'quantity', message: CART_MESSAGES.positiveQuantity },
      ]);
    return take(
      addProduct(state, await tools.variant(sku.trim()), quantity, tools.newLineId, { subscription }),
    );
  });

async function variantOfLine(state: CartInstanceState, lineId: string, tools: EditTools) {
  const line = state.unpromofiedItems.find((l) => l.id === lineId);
  if (!line) return null;
  return tools.variant(line.sku).catch(() => null);
}

export const setQuantityEdit =
  (lineId: string, quantity: number): Edit =>
  async (state, tools) =>
    take(setQuantity(state, lineId, quantity, await variantOfLine(state, lineId, tools)));

export const stepEdit =
  (lineId: string, step: 1 | -1): Edit =>
  async (state, tools) =>
    take(stepQuantity(state, lineId, step, await variantOfLine(state, lineId, tools)));

/** Removes a line: one of the shopper's, or a free promo item (recorded so it is not re-added). */
export const removeProductEdit =
  (lineItemId: string): Edit =>
  async (state, tools) => {
    if (state.unpromofiedItems.some((l) => l.id === lineItemId)) return take(removeLine(state, lineItemId));
    const free = (await tools.current()).products.find((p) => p.id === lineItemId && p.isPromo);
    if (!free) throw badRequest(CART_MESSAGES.noSuchLine);
    return take(removeFreeItem(state, free));
  };

export const emptyEdit: Edit = (state) => ({ state: emptyInstance(state) });

/** Enters a code; a checkout code it evicts is named, so the agent can put it back (spec 2 §5). */
export const promoCodeEdit =
  (code: string, fromCheckout: boolean): Edit =>
  (state) => {
    const replaced = replacedCheckoutCode(state, code, fromCheckout);
    return {
      state: enterPromoCode(state, code, fromCheckout),
      ...(replaced
        ? {
            notices: [
              {
                code: NOTICE_CODES.promoCodeReplaced,
                message: CART_MESSAGES.codeReplaced(code.trim(), replaced),
                field: 'promoCode',
                value: replaced,
              },
            ],
          }
        : {}),
    };
  };

export const removePromoCodeEdit =
  (code: string): Edit =>
  (state) => ({ state: removePromoCode(state, code) });

export const hostRewardEdit = (sku: string, isFree: boolean): Edit =>
  lookingUp([sku], async (state, tools) =>
    take(addHostReward(state, await tools.variant(sku), isFree, tools.newLineId)),
  );

export const giftSelectionEdit =
  (promo: string, sku: string): Edit =>
  async (state, tools) => {
    const view = await tools.current();
    const open = view.resolutions.find((r) => r.promo === promo);
    if (!open?.choices.includes(sku)) throw badRequest(`${sku} is not a choice of ${promo} for this cart.`);
    return {
      state: {
        ...state,
        giftSelections: [...state.giftSelections.filter((g) => g.promo !== promo), { promo, sku }],
      },
    };
  };

/** A price override on one of the shopper's lines (spec 2 §3), stamped with the staff member. */
export const overrideEdit = (entry: OverrideEntry, actor: Actor): Edit =>
  Object.assign(
    (state: CartInstanceState) => {
      const line = state.unpromofiedItems.find((l) => l.id === entry.id);
      if (!line || line.sku !== entry.sku) throw badRequest(CART_MESSAGES.noOverrideLine);
      if (entry.quantity > line.quantity) throw badRequest(CART_MESSAGES.overrideQuantity(line.quantity));
      const stored = { ...entry, by: actor.email, at: new Date().toISOString() };
      return {
        state: { ...state, overrides: [...state.overrides.filter((o) => o.id !== entry.id), stored] },
      };
    },
    // A cart the override takes beyond its bounds is blamed on the price entered.
    { field: 'overridePrice' },
  );

export const removeOverrideEdit =
  (id: string): Edit =>
  (state) => {
    if (!state.overrides.some((o) => o.id === id)) throw badRequest(CART_MESSAGES.noSuchOverride);
    return { state: { ...state, overrides: state.overrides.filter((o) => o.id !== id) } };
  };

/** Locale switch (spec 2 §4): the cart of that locale becomes active; the other stays stored. */
export const localeEdit =
  (localeCode: string): Edit =>
  (state, tools) => {
    const next = tools.instance(localeCode);
    // The influencer attribution is the cart's: it follows the switch unless that locale has its own.
    return { state: { ...next, influencer: next.influencer ?? state.influencer }, locale: localeCode };
  };

/**
 * Records (or, with null, removes) the cart's influencer attribution (spec 3 §4 hasInfluencer).
 * The influencer is looked up and checked before the edit (an active consultant, not the cart's
 * owner); the edit only sets it, so a retried write sets the same.
 */
export const influencerEdit =
  (influencer: CartInfluencer | null): Edit =>
  (state) => ({ state: { ...state, influencer } });
