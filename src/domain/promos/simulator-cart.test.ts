import { describe, expect, it } from 'vitest';
import type { CartView } from '../carts/cart';
import { simulatorCartOf } from './simulator-cart';

const line = (sku: string, quantity: number, o: { isPromo?: boolean; isSample?: boolean } = {}) =>
  ({ sku, quantity, isPromo: false, isSample: false, ...o }) as CartView['products'][number];
const cart = (o: Partial<CartView>) =>
  ({
    countryId: 1,
    customer: { userType: 3 },
    products: [],
    promoTags: [],
    hostRewardItems: [],
    ...o,
  }) as unknown as CartView;

describe('simulatorCartOf', () => {
  it("keeps the shopper's lines (split lines summed), leaves out what the rules added", () => {
    const loaded = simulatorCartOf(
      cart({
        products: [
          line('P100', 2),
          line('LIP', 2),
          line('LIP', 1),
          line('GIFT', 1, { isPromo: true }),
          line('SAMPLE', 1, { isSample: true }),
        ],
      }),
    );
    expect(loaded.products).toEqual([
      { sku: 'P100', quantity: 2 },
      { sku: 'LIP', quantity: 3 },
    ]);
  });
  it('takes the codes, host rewards, country and the customer (type and id)', () => {
    const loaded = simulatorCartOf(
      cart({
        countryId: 2,
        customer: { userType: 1, uid: 'CUSTOMER1' } as CartView['customer'],
        promoTags: [{ code: 'LIPS15' }],
        hostRewardItems: [{ sku: 'HOST', quantity: 1, isFree: true }],
      }),
    );
    expect(loaded).toMatchObject({
      codes: ['LIPS15'],
      hostRewardItems: [{ sku: 'HOST', isFree: true }],
      regionId: 2,
      userType: 1,
      customer: 'CUSTOMER1',
    });
    expect(simulatorCartOf(cart({ customer: null }))).toMatchObject({ userType: null, customer: null });
  });
});
