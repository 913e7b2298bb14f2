import { ORDER_TYPE, SHIP_TO_SOCIAL_OPTION, USER_TYPE } from '../reference';
import type { EnrollmentVerifyAnswer } from './checkout';
import { ORDERING_MESSAGES } from './messages';

// The portal order screen's state transitions (spec 2 §4 order type, changing country, shipping
// method, payment data, estimate): a pure reducer the screen runs, unit-tested, so the rules are
// in one place. The server re-validates everything on estimate and purchase.

export interface RateChoice {
  method: number;
  amount: number;
}

export interface CheckoutState {
  countryId: 1 | 2;
  uid: string | null;
  userType: number | null;
  /** Unset (null), then a numeric type (spec 2 §4). */
  orderType: number | null;
  /** An enrollment order was started by the enrollment check. */
  enrollment: boolean;
  /** Errors the enrollment check returned, kept for display. */
  enrollmentErrors: string[];
  /** The enrollment type must be checked again (after a country change). */
  verifyEnrollment: boolean;
  shippingMethod: number | null;
  rates: RateChoice[];
  taxAmount: number | null;
  overrides: { overrideTax: number | null; overrideShipping: number | null };
  /** Staff set the overrides themselves: the server's defaults no longer move them. */
  overridesTouched: boolean;
  appliedCredit: number;
  creditBalance: number;
  popupId: number | null;
  /** The last estimate's id (the context); cleared with the country. */
  estimateId: string | null;
  payment: { savedCard: boolean; cardId: string | null; squareNonce: string | null } | null;
  /** Ready-to-submit is false while an estimate is pending. */
  estimatePending: boolean;
  step: number;
  notice: string | null;
}

export const initialCheckout = (countryId: 1 | 2): CheckoutState => ({
  countryId,
  uid: null,
  userType: null,
  orderType: null,
  enrollment: false,
  enrollmentErrors: [],
  verifyEnrollment: false,
  shippingMethod: null,
  rates: [],
  taxAmount: null,
  overrides: { overrideTax: null, overrideShipping: null },
  overridesTouched: false,
  appliedCredit: 0,
  creditBalance: 0,
  popupId: null,
  estimateId: null,
  payment: null,
  estimatePending: false,
  step: 1,
  notice: null,
});

export type CheckoutAction =
  | { type: 'account'; uid: string; userType: number; creditBalance: number }
  | { type: 'orderType'; orderType: number | null }
  | { type: 'enrollmentChecked'; answer: EnrollmentVerifyAnswer }
  | { type: 'enrollmentFailed' }
  | { type: 'country'; countryId: 1 | 2; creditBalance: number }
  | { type: 'method'; method: number | null }
  | { type: 'credit'; cents: number }
  | { type: 'payment'; payment: CheckoutState['payment'] }
  | { type: 'overrides'; overrides: Partial<CheckoutState['overrides']> }
  /** The estimate's figures for overrides that start on (spec 2 §6 feature flag). */
  | { type: 'overrideDefaults'; defaults: { overrideTax: number; overrideShipping: number } | null }
  | { type: 'popup'; popupId: number | null }
  | { type: 'estimating' }
  | {
      type: 'estimated';
      estimateId: string;
      rates: RateChoice[];
      taxAmount: number;
      method: number | null;
      creditApplied: number;
    }
  | { type: 'estimateFailed' };

/** Consultants default to the consultant order type (spec 2 §4, §6). */
export const defaultOrderType = (userType: number): number | null =>
  userType === USER_TYPE.consultant ? ORDER_TYPE.personal : null;

const clampCredit = (cents: number, balance: number) => Math.max(0, Math.min(Math.round(cents), balance));

const stepOf = (s: CheckoutState) => (s.shippingMethod !== null && s.payment ? 3 : s.rates.length ? 2 : 1);

export function checkoutReducer(s: CheckoutState, a: CheckoutAction): CheckoutState {
  switch (a.type) {
    case 'account':
      // Changing the account resets the order type (consultants get theirs by default).
      return {
        ...s,
        uid: a.uid,
        userType: a.userType,
        orderType: defaultOrderType(a.userType),
        enrollment: false,
        enrollmentErrors: [],
        verifyEnrollment: false,
        creditBalance: a.creditBalance,
        appliedCredit: clampCredit(s.appliedCredit, a.creditBalance),
        payment: s.uid === a.uid ? s.payment : null,
      };
    case 'orderType':
      // Choosing the enrollment type triggers the enrollment check before it sticks.
      return {
        ...s,
        orderType: a.orderType,
        enrollment: false,
        enrollmentErrors: [],
        verifyEnrollment: a.orderType === ORDER_TYPE.enrollment,
        notice: null,
      };
    case 'enrollmentChecked':
      if (a.answer.success && a.answer.canClose)
        return {
          ...s,
          orderType: ORDER_TYPE.enrollment,
          enrollment: true,
          enrollmentErrors: [],
          verifyEnrollment: false,
          notice: ORDERING_MESSAGES.enrollmentStarted,
        };
      // Otherwise the returned errors are kept and the order type is cleared.
      return {
        ...s,
        orderType: null,
        enrollment: false,
        enrollmentErrors: a.answer.errors.length ? a.answer.errors : [ORDERING_MESSAGES.enrollmentUnverified],
        verifyEnrollment: false,
        notice: null,
      };
    case 'enrollmentFailed':
      return {
        ...s,
        orderType: null,
        enrollment: false,
        enrollmentErrors: [ORDERING_MESSAGES.enrollmentUnverified],
        verifyEnrollment: false,
      };
    case 'country': {
      // Spec 2 §4: empties the cart (server side), clears tax and shipping overrides, the shipping
      // method, rates, product credit fields, the popup and the context; re-validates the order type.
      const next: CheckoutState = {
        ...s,
        countryId: a.countryId,
        overrides: { overrideTax: null, overrideShipping: null },
        overridesTouched: false,
        shippingMethod: null,
        rates: [],
        taxAmount: null,
        appliedCredit: 0,
        creditBalance: a.creditBalance,
        popupId: null,
        estimateId: null,
        payment: null,
        estimatePending: false,
        notice: null,
        verifyEnrollment: s.orderType === ORDER_TYPE.enrollment,
        enrollment: false,
      };
      return { ...next, step: stepOf(next) };
    }
    case 'method': {
      const next = { ...s, shippingMethod: a.method };
      return { ...next, step: stepOf(next) };
    }
    case 'credit':
      return { ...s, appliedCredit: clampCredit(a.cents, s.creditBalance) };
    case 'payment': {
      const next = { ...s, payment: a.payment };
      return { ...next, step: stepOf(next) };
    }
    case 'overrides':
      return { ...s, overrides: { ...s.overrides, ...a.overrides }, overridesTouched: true };
    case 'overrideDefaults': {
      // Overrides that start on follow the estimate's tax and shipping until staff confirm or
      // change them (spec 2 §6; ADR 015).
      if (!a.defaults || s.overridesTouched) return s;
      const { overrideTax, overrideShipping } = a.defaults;
      if (s.overrides.overrideTax === overrideTax && s.overrides.overrideShipping === overrideShipping)
        return s;
      return { ...s, overrides: { overrideTax, overrideShipping } };
    }
    case 'popup': {
      // Ship to Social (option 6) belongs to the popup: another popup or none clears it, as does a
      // newly chosen popup the method 6 of the rate tables (US Next Day) that shares its id.
      const next: CheckoutState = {
        ...s,
        popupId: a.popupId,
        shippingMethod:
          s.shippingMethod === SHIP_TO_SOCIAL_OPTION && a.popupId !== s.popupId ? null : s.shippingMethod,
      };
      return { ...next, step: stepOf(next) };
    }
    case 'estimating':
      return { ...s, estimatePending: true };
    case 'estimated': {
      // A method the new estimate no longer offers is cleared.
      const offered = a.rates.some((r) => r.method === s.shippingMethod);
      const next: CheckoutState = {
        ...s,
        estimatePending: false,
        estimateId: a.estimateId,
        rates: a.rates,
        taxAmount: a.taxAmount,
        shippingMethod: offered ? s.shippingMethod : null,
        appliedCredit: Math.min(s.appliedCredit, a.creditApplied),
      };
      return { ...next, step: stepOf(next) };
    }
    case 'estimateFailed':
      return { ...s, estimatePending: false };
  }
}

/** Whether the screen may submit: an estimate is in, nothing is pending, method and payment chosen. */
export const readyToSubmit = (s: CheckoutState) =>
  !s.estimatePending && s.estimateId !== null && s.shippingMethod !== null && s.payment !== null;
