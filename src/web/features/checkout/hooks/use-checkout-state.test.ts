import type { CheckoutAccount } from '@domain/checkout/checkout';
import type { CheckoutState } from '@domain/checkout/order-type';
import { ORDER_TYPE, USER_TYPE } from '@domain/reference/lists';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useCheckoutState } from './use-checkout-state';

const account = (userType: number, us: number, ca: number): CheckoutAccount => ({
  uid: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: null,
  userType,
  countryId: 1,
  defaultLanguageId: 1,
  sponsorId: 1,
  phoenixId: 100001,
  tAndCAccepted: true,
  memberExpirationDateUTC: null,
  enrollmentDateUTC: null,
  squareId: null,
  squareIdCA: null,
  bobTCs: [],
  productCredit: { us, ca },
  shippingAddresses: [],
  popups: [],
  overrideDefaults: { overrideTax: false, overrideShipping: false },
});

/** The state of the first render, the one React commits first (a server render runs no effect). */
function firstRender(countryId: 1 | 2, acct: CheckoutAccount | undefined): CheckoutState | undefined {
  let seen: CheckoutState | undefined;
  function Probe() {
    seen = useCheckoutState(countryId, acct?.uid ?? null, acct)[0];
    return null;
  }
  const client = new QueryClient();
  renderToString(createElement(QueryClientProvider, { client }, createElement(Probe)));
  return seen;
}

describe('useCheckoutState', () => {
  it('follows the account in the render that first has it, not in an effect after it (ADR 049)', () => {
    const state = firstRender(1, account(USER_TYPE.consultant, 1_500, 700));
    expect(state).toMatchObject({
      uid: 'u1',
      userType: USER_TYPE.consultant,
      orderType: ORDER_TYPE.personal,
    });
    expect(state?.creditBalance).toBe(1_500);
  });

  it('waits for the account', () => {
    expect(firstRender(1, undefined)).toMatchObject({ uid: null, orderType: null, creditBalance: 0 });
  });

  it('takes the credit balance of the cart’s market, for any balances and type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | 2>(1, 2),
        fc.constantFrom(...Object.values(USER_TYPE)),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (countryId, userType, us, ca) => {
          const state = firstRender(countryId, account(userType, us, ca));
          expect(state?.creditBalance).toBe(countryId === 2 ? ca : us);
          expect(state?.orderType).toBe(userType === USER_TYPE.consultant ? ORDER_TYPE.personal : null);
        },
      ),
      { numRuns: 50 },
    );
  });
});
