import { buildContext, inRenewalWindow, mayBuyMembership } from '../pricing/context';
import type { AccountFacts } from '../pricing/types';
import { SKU, USER_TYPE } from '../reference';
import { ORDERING_MESSAGES } from './messages';

// Membership SKU 9000 and renewal SKU 9916 eligibility (spec 2 §5; DESIGN §5), with the spec's
// three messages. The windows are the pricing engine's (Pacific end of day, 6 months), so the
// cart, the estimate and the purchase agree.

export interface EligibilityFacts {
  /** Epoch seconds. */
  now: number;
  userType: number;
  account: AccountFacts;
}

const contextOf = (f: EligibilityFacts) =>
  buildContext({
    now: f.now,
    regionId: 1,
    userType: f.userType,
    channel: 'WEB',
    account: f.account,
    lines: [],
    volumeTables: { fullVolumeSku: null, listA: [], listB: [] },
  });

/** Why the membership SKU may not be bought, or null when it may. */
export function membershipRefusal(f: EligibilityFacts): string | null {
  if (f.account.pendingMemberTerms) return ORDERING_MESSAGES.membershipPendingTerms;
  return mayBuyMembership(contextOf(f)) ? null : ORDERING_MESSAGES.membershipIneligible;
}

/** Why the renewal SKU may not be bought, or null when it may. */
export function renewalRefusal(f: EligibilityFacts): string | null {
  return inRenewalWindow(contextOf(f)) ? null : ORDERING_MESSAGES.renewalIneligible;
}

/** The refusals for the SKUs in a cart (empty when the cart may be bought). */
export function cartEligibility(skus: readonly string[], f: EligibilityFacts): string[] {
  const out: string[] = [];
  if (skus.includes(SKU.memberProgram)) {
    const why = membershipRefusal(f);
    if (why) out.push(why);
  }
  if (skus.includes(SKU.renewal)) {
    const why = renewalRefusal(f);
    if (why) out.push(why);
  }
  return out;
}

/** A membership order waits for the member's terms (spec 2 §4: Pending Terms until captured). */
export const awaitsTerms = (skus: readonly string[], tAndCAccepted: boolean, userType: number) =>
  skus.includes(SKU.memberProgram) && !tAndCAccepted && userType !== USER_TYPE.consultant;
