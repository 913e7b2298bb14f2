import { describe, expect, it } from 'vitest';
import { paymentDraftOf, shippingDraftOf } from './persisted-forms';

describe('checkout forms kept in session storage', () => {
  it('keeps the address fields only', () => {
    expect(
      shippingDraftOf({ firstName: 'Ada', city: 'Austin', countryId: 1, cardNumber: '4111', region: '' }),
    ).toEqual({ firstName: 'Ada', city: 'Austin' });
    expect(shippingDraftOf(null)).toEqual({});
  });
  it('never keeps a card number, expiry or security code', () => {
    expect(
      paymentDraftOf({
        number: '4111111111111111',
        cvv: '123',
        expiry: '12/39',
        postal: 'H2X 1Y4',
        save: false,
      }),
    ).toEqual({ postal: 'H2X 1Y4', save: false });
  });
});
