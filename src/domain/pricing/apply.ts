// Dispatches a valid rule to the behaviour of its type (DESIGN §6, types 0–25).

import { applyBundle } from './actions/bundle';
import { applyAutoGifts, applyGiftChoice } from './actions/gifts';
import { applyBuyGetFree, applyHostReward, applyItemDiscount, applyMemberPrice } from './actions/items';
import { applyMembershipWindows } from './actions/membership';
import { applyShippingDrop, applyShippingRate } from './actions/shipping';
import { applySubtotal, applyTiers } from './actions/subtotal';
import { applyVolumeAdjustment } from './actions/volume';
import type { CompiledRule } from './compile';
import type { EngineState, Outcome } from './state';

export function applyRule(state: EngineState, c: CompiledRule): Outcome {
  switch (c.type) {
    case 0:
    case 1:
    case 2:
    case 8:
    case 23:
      return applyItemDiscount(state, c);
    case 3:
    case 4:
    case 5:
    case 6:
      return applySubtotal(state, c);
    case 7:
      return applyBuyGetFree(state, c);
    case 9:
      return applyBundle(state, c);
    case 10:
    case 11:
    case 24:
      return c.autoAdd ? applyAutoGifts(state, c, false) : applyGiftChoice(state, c);
    case 12:
      return applyGiftChoice(state, c);
    case 13:
      return applyAutoGifts(state, c, true);
    case 14:
    case 15:
      return applyHostReward(state, c);
    case 16:
    case 17:
    case 18:
      return applyShippingRate(state, c);
    case 19:
      return applyShippingDrop(state, c);
    case 20:
      return applyVolumeAdjustment(state, c);
    case 21:
      return applyMembershipWindows(state, c);
    case 22:
      return applyMemberPrice(state, c);
    default:
      return applyTiers(state, c);
  }
}
