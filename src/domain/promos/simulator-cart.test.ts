import { describe, expect, it } from 'vitest';
import type { CartView } from '../carts/cart';
import { simulatorCartOf, simulatorInstance } from './simulator-cart';

type Line = CartView['products'][number];
const line = (sku: string, quantity: number, lineItemId: string | null, o: Partial<Line> = {}) =>
  ({ sku, quantity, lineItemId, isPromo: false, isSample: false, isHostReward: false, ...o }) as Line;
const cart = (o: Partial<CartView>) =>
  ({
    countryId: 1,
    localeCode: 'en-US',
    customer: { userType: 3 },
    products: [],
    promoItems: [],
    dropItems: [],
    promoTags: [],
    hostRewardItems: [],
    removedPromoItems: [],
    giftSelections: [],
    ...o,
  }) as unknown as CartView;

describe('simulatorCartOf', () => {
  it("keeps the shopper's lines (a unit made free still the shopper's), leaves out what the rules added", () => {
    const loaded = simulatorCartOf(
      cart({
        products: [
          line('P100', 2, 'a'),
          line('LIP', 2, 'b'),
          line('LIP', 1, 'b', { isPromo: true }),
          line('LIP', 1, 'c', { subscription: true }),
          line('HOST', 1, 'd', { isHostReward: true }),
          line('GIFT', 1, null, { isPromo: true }),
          line('SAMPLE', 1, null, { isSample: true }),
        ],
      }),
    );
    expect(loaded.products).toEqual([
      { sku: 'P100', quantity: 2 },
      { sku: 'LIP', quantity: 3 },
      { sku: 'LIP', quantity: 1, subscription: true },
      { sku: 'HOST', quantity: 1, isHostReward: true },
    ]);
  });
  it('takes the codes, host rewards, held and dropped free items, picks, country and the customer', () => {
    const loaded = simulatorCartOf(
      cart({
        countryId: 2,
        localeCode: 'fr-CA',
        customer: { userType: 1, uid: 'CUSTOMER1' } as CartView['customer'],
        promoTags: [{ code: 'LIPS15' }, { code: 'SHIP', fromCheckout: true }],
        hostRewardItems: [{ sku: 'HOST', quantity: 1, isFree: true }],
        promoItems: [{ sku: 'GIFT', quantity: 1, promo: 'Bag', isSample: false, valueInCents: 500 }],
        dropItems: [{ sku: 'OLD', quantity: 2, promo: 'Gone', reason: 'promo-no-longer-applies' }],
        removedPromoItems: ['CHOICE1'],
        giftSelections: [{ promo: 'Choose', sku: 'CHOICE2' }],
      }),
    );
    expect(loaded).toMatchObject({
      localeCode: 'fr-CA',
      codes: ['LIPS15'],
      checkoutCodes: ['SHIP'],
      hostRewardItems: [{ sku: 'HOST', quantity: 1, isFree: true }],
      promoItems: [
        { sku: 'OLD', quantity: 2, promo: 'Gone' },
        { sku: 'GIFT', quantity: 1, promo: 'Bag' },
      ],
      removedPromoItems: ['CHOICE1'],
      giftSelections: [{ promo: 'Choose', sku: 'CHOICE2' }],
      regionId: 2,
      userType: 1,
      customer: 'CUSTOMER1',
    });
    expect(simulatorCartOf(cart({ customer: null }))).toMatchObject({ userType: null, customer: null });
  });
});

describe('simulatorInstance', () => {
  it('gives a host reward without a line of its own a line, as the carts read a storefront cart', () => {
    const state = simulatorInstance('en-US', {
      products: [{ sku: 'P100', quantity: 2 }],
      promoItems: [],
      promoTags: [{ code: 'X', fromCheckout: true }],
      hostRewardItems: [{ sku: 'HOST', isFree: false }],
      removedPromoItems: [],
      giftSelections: [],
    });
    expect(state.unpromofiedItems).toEqual([
      { id: 'line1', sku: 'P100', quantity: 2 },
      { id: 'hostHOST', sku: 'HOST', quantity: 1, isHostReward: true },
    ]);
    expect(state.hostRewardItems).toEqual([{ sku: 'HOST', quantity: 1, isFree: false }]);
    expect(state.promoTags).toEqual([{ code: 'X', fromCheckout: true }]);
    expect(state.currency).toEqual({ name: 'USD', format: '$0' });
  });
  it('keeps a host reward line that has one', () => {
    const state = simulatorInstance('en-CA', {
      products: [{ sku: 'HOST', quantity: 2, isHostReward: true }],
      promoItems: [],
      promoTags: [],
      hostRewardItems: [{ sku: 'HOST', isFree: true }],
      removedPromoItems: [],
      giftSelections: [],
    });
    expect(state.unpromofiedItems).toEqual([{ id: 'line1', sku: 'HOST', quantity: 2, isHostReward: true }]);
  });
});
