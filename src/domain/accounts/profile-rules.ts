import { fieldRefusal, whoMay } from '../auth/field-actions';
import type { Principal } from '../auth/permissions';
import { accountTypeChange } from '../customers/membership';
import { USER_TYPES } from '../reference/lists';

// What the customer detail's profile form offers this staff member (spec 1 §4–5, ADR 018): the
// server's own rules, so the form never offers what the server refuses. The form's field rules
// are in profile.ts.

export interface AccountTypeChoice {
  id: number;
  name: string;
  /** Why the type is not offered to this staff member, or null when it is. */
  refusal: string | null;
}

/**
 * The account types the profile form offers (ADR 018): the server's own rule, so the form never
 * offers what the server refuses. A membership change also needs the membershipManualUpgrade flag.
 */
export function accountTypeChoices(
  principal: Principal | null,
  fromType: number,
  membershipChangeOn: boolean,
): AccountTypeChoice[] {
  return USER_TYPES.map(({ id, name }) => {
    const refusal = fieldRefusal(principal, 'account', 'userType', fromType, id);
    if (refusal?.kind === 'permission')
      return { id, name, refusal: `A membership change: only ${whoMay(refusal.action)} may make it.` };
    if (refusal) return { id, name, refusal: refusal.message };
    if (!membershipChangeOn && accountTypeChange(fromType, id)?.kind === 'membership')
      return { id, name, refusal: 'Manual membership change is turned off.' };
    return { id, name, refusal: null };
  });
}

/** Why this staff member may not move the account to another country, or null when they may. */
export const countryChangeRefusal = (principal: Principal | null): string | null =>
  fieldRefusal(principal, 'account', 'countryId', 1, 2)?.message ?? null;

/** Whether moving from `fromType` to `toType` is a membership change, which needs a reason. */
export const needsTypeChangeReason = (fromType: number, toType: number) =>
  accountTypeChange(fromType, toType)?.kind === 'membership';
