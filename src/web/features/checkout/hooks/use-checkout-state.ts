import type { CheckoutAccount } from '@domain/checkout/checkout';
import { checkoutReducer, initialCheckout } from '@domain/checkout/order-type';
import { useEffect, useReducer, useState } from 'react';
import { useEnrollmentCheck } from '../api/checkout';

/**
 * The checkout's state, run by the domain's checkoutReducer: it follows the account in order
 * context (its type sets the default order type) and asks the server when the enrollment type is
 * chosen (spec 2 §4).
 */
export function useCheckoutState(countryId: 1 | 2, uid: string | null, account: CheckoutAccount | undefined) {
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckout(countryId));
  const enrollment = useEnrollmentCheck();

  // Followed while rendering, not in an effect: the effect's update came while the customer's answers
  // were still rendering in the background, and React then rendered the whole screen at once, in one
  // long task (ADR 049).
  const [followed, setFollowed] = useState<{ account?: CheckoutAccount; countryId: 1 | 2 }>({ countryId });
  if (account && (account !== followed.account || countryId !== followed.countryId)) {
    setFollowed({ account, countryId });
    dispatch({
      type: 'account',
      uid: account.uid,
      userType: account.userType,
      creditBalance: countryId === 2 ? account.productCredit.ca : account.productCredit.us,
    });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the check is asked for
  useEffect(() => {
    if (!state.verifyEnrollment || !uid) return;
    enrollment.mutate(
      { uid, countryId },
      {
        onSuccess: (answer) => dispatch({ type: 'enrollmentChecked', answer }),
        onError: () => dispatch({ type: 'enrollmentFailed' }),
      },
    );
  }, [state.verifyEnrollment, uid, countryId]);

  return [state, dispatch] as const;
}
