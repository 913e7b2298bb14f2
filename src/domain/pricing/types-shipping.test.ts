// Shipping promos and the client cart errors (DESIGN §6: 16–19; spec 3 §4).
import { describe, expect, it } from 'vitest';
import { cart, line, rule } from './fixtures/builders';
import { priceCart } from './index';
import type { PricingInput } from './types';

const both = (v: number) => ({ '1': v, '2': v });
const rates = [
  { method: 3, amount: 895 },
  { method: 5, amount: 1495 },
  { method: 6, amount: 2495 },
];
const withShipping = (method: number, extra: Partial<PricingInput> = {}) =>
  cart([line('A', 1, 8000), line('SUN', 1, 3900)], { shipping: { method, rates }, ...extra });

describe('type 16: free shipping on the listed methods', () => {
  const r = rule({
    id: 16,
    name: 'Free Ground Shipping Over $75',
    spendThreshold: both(7500),
    shippingMethods: [3],
  });
  it('makes ground free over the threshold and leaves other methods alone', () => {
    const out = priceCart(withShipping(3), [r]);
    expect(out.shipping.rates).toEqual([
      { method: 3, amount: 0 },
      { method: 5, amount: 1495 },
      { method: 6, amount: 2495 },
    ]);
    expect(out.totals).toMatchObject({ shipping: 0, shippingDiscount: 895, totalBeforeTax: 11900 });
    expect(out.explanations[0]).toMatchObject({ applied: true, amount: 895 });
  });

  it('does not apply below the threshold', () => {
    const out = priceCart(cart([line('A', 1, 7499)], { shipping: { method: 3, rates } }), [r]);
    expect(out.totals.shipping).toBe(895);
  });

  it('explains when the listed methods are not offered', () => {
    const out = priceCart(
      cart([line('A', 1, 9000)], { shipping: { method: 5, rates: [{ method: 5, amount: 1495 }] } }),
      [r],
    );
    expect(out.explanations[0]).toMatchObject({ applied: false, code: 'no_shipping_rates' });
  });
});

describe('type 17: flat shipping rate', () => {
  it('charges $5 for 2nd day', () => {
    const out = priceCart(withShipping(5), [
      rule({ id: 17, name: '$5 Flat Express', shippingMethods: [5, 6], discountValue: both(500) }),
    ]);
    expect(out.totals).toMatchObject({ shipping: 500, shippingDiscount: 995 });
    expect(out.shipping.rates.map((r) => r.amount)).toEqual([895, 500, 500]);
  });
});

describe('type 18: percent off shipping', () => {
  it('halves 2nd day, rounding half up', () => {
    const out = priceCart(withShipping(5), [
      rule({ id: 18, name: 'Half Off 2nd Day Shipping', shippingMethods: [5], discountValue: both(0.5) }),
    ]);
    expect(out.totals.shipping).toBe(1495 - 748);
  });
});

describe('type 19: shipping method drop and the client cart errors', () => {
  const drop = rule({
    id: 19,
    name: 'CounterSunShippingDrop',
    conditionItems: ['SUN'],
    shippingMethods: [5, 6],
  });
  const groundOnly = rule({
    id: 19,
    name: 'CounterSunGroundShipOnly',
    conditionItems: ['STICK'],
    shippingMethods: [5, 6],
  });

  it('removes the methods, clears the chosen one and reports cart/counter-sun type 2', () => {
    const out = priceCart(withShipping(6), [drop]);
    expect(out.shipping).toEqual({ method: null, rates: [{ method: 3, amount: 895 }] });
    expect(out.totals.shipping).toBe(0);
    expect(out.cartErrors).toEqual([{ code: 'cart/counter-sun', type: 2, promo: 'CounterSunShippingDrop' }]);
  });

  it('reports cart/counter-sun-ground type 4 for CounterSunGroundShipOnly', () => {
    const out = priceCart(cart([line('STICK', 1, 2900)], { shipping: { method: 3, rates } }), [groundOnly]);
    expect(out.cartErrors).toEqual([
      { code: 'cart/counter-sun-ground', type: 4, promo: 'CounterSunGroundShipOnly' },
    ]);
    expect(out.shipping.method).toBe(3);
  });

  it('does nothing without the condition SKU', () => {
    const out = priceCart(cart([line('A', 1, 1000)], { shipping: { method: 6, rates } }), [drop]);
    expect(out.cartErrors).toEqual([]);
    expect(out.totals.shipping).toBe(2495);
  });
});
