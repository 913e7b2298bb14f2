import type { CheckoutAddress, OrderContext } from '@domain/checkout/checkout';
import type { CheckoutState } from '@domain/checkout/order-type';
import type { PaymentChoice } from './payment-panel';

/** The order context the estimate and the purchase send (spec 2 §3), from what is on screen. */
export function orderContextOf(o: {
  cartId: string;
  uid: string | null;
  localeCode: string;
  state: CheckoutState;
  address: CheckoutAddress | null;
  payment: PaymentChoice | null;
  siftSessionId: string;
}): OrderContext {
  const { state, payment } = o;
  return {
    cartId: o.cartId,
    uid: o.uid ?? '',
    localeCode: o.localeCode as 'en-US' | 'en-CA' | 'fr-CA',
    orderType: state.orderType,
    shipping: { method: state.shippingMethod, address: o.address },
    overrides: state.overrides,
    appliedCredit: state.appliedCredit,
    payment: payment
      ? {
          savedCard: payment.savedCard,
          cardId: payment.cardId,
          squareNonce: payment.squareNonce,
          saveCard: payment.saveCard ?? false,
          ...(payment.splitPayments
            ? {
                splitPayments: payment.splitPayments.map((s) => ({
                  amount: s.amount,
                  cardId: s.cardId,
                  squareNonce: s.squareNonce,
                  saveCard: s.saveCard ?? false,
                })),
              }
            : {}),
        }
      : null,
    popupId: state.popupId,
    siftSessionId: o.siftSessionId,
  };
}
