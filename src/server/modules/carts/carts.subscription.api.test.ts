import type { CartView } from '@domain/carts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCartCatalog } from '../../testing/cart-fixtures';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// Subscription lines (ADR 028): no call could create a subscription line, so type 23 and subscriptionBased rules never
// applied. A line added as a subscription (REST and GraphQL addProduct) is its own line, and the
// rules that need one apply to it — and are refused, with their reason, without one.

let t: TestApp;
let agent: SignedIn;
let uid: string;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  await seedCartCatalog(t.database.db, [
    {
      id: 23,
      name: 'Subscribe and Save 20%',
      priority: 60,
      actionItems: ['P200'],
      discountValue: { '1': 0.2, '2': 0.2 },
      actionQuantity: { max: 99 },
    },
    {
      id: 0,
      name: 'Subscribers Cream 25%',
      priority: 55,
      subscriptionBased: true,
      actionItems: ['P100'],
      discountValue: { '1': 0.25, '2': 0.25 },
      actionQuantity: { max: 99 },
    },
  ]);
  uid = (await insertAccount(t.database.db, { userType: 3 })).uid;
});
afterAll(() => t.close());

async function newCart(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/carts',
    payload: { uid, localeCode: 'en-US' },
    headers: agent.headers,
  });
  return res.json().data.cartId;
}
const addRest = async (cartId: string, body: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/carts/${cartId}/products`,
    payload: body,
    headers: agent.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CartView;
};
const explained = (cart: CartView, promo: string) => cart.appliedPromos.find((p) => p.promo === promo);

describe('subscription lines', () => {
  it('without one, type 23 gives nothing and subscriptionBased is refused with its reason', async () => {
    const cartId = await newCart();
    await addRest(cartId, { sku: 'P200', quantity: 1 });
    const cart = await addRest(cartId, { sku: 'P100', quantity: 1 });
    expect(explained(cart, 'Subscribers Cream 25%')).toMatchObject({
      applied: false,
      code: 'subscription',
      message: 'The rule needs a subscription item in the cart.',
    });
    expect(explained(cart, 'Subscribe and Save 20%')).toMatchObject({ applied: false });
    expect(cart.subtotalInCents).toBe(3000 + 2000 - 200); // the day cream's everyday 10% only
  });

  it('a subscription line is its own line; type 23 discounts it and subscriptionBased rules apply', async () => {
    const cartId = await newCart();
    await addRest(cartId, { sku: 'P200', quantity: 1 });
    await addRest(cartId, { sku: 'P200', quantity: 1, subscription: true });
    const cart = await addRest(cartId, { sku: 'P100', quantity: 1 });
    const serums = cart.products.filter((p) => p.sku === 'P200');
    expect(serums.map((p) => [p.subscription, p.quantity, p.totalPriceInCents])).toEqual([
      [false, 1, 3000],
      [true, 1, 2400],
    ]);
    expect(explained(cart, 'Subscribe and Save 20%')).toMatchObject({ applied: true, amountInCents: 600 });
    expect(explained(cart, 'Subscribers Cream 25%')).toMatchObject({ applied: true });
    // GraphQL addProduct takes the same flag: one more unit joins the subscription line.
    const gql = await t.app.inject({
      method: 'POST',
      url: '/api/query',
      payload: {
        query: `mutation($cartId: ID, $uid: ID!) { addProduct(cartId: $cartId, uid: $uid, sku: "P200", quantity: 1, subscription: true) {
          products { sku quantity subscription totalPriceInCents } } }`,
        variables: { cartId, uid },
      },
      headers: agent.headers,
    });
    expect(gql.statusCode, gql.body).toBe(200);
    const lines = gql.json().data.addProduct.products.filter((p: { sku: string }) => p.sku === 'P200');
    expect(lines).toEqual([
      { sku: 'P200', quantity: 1, subscription: false, totalPriceInCents: 3000 },
      { sku: 'P200', quantity: 2, subscription: true, totalPriceInCents: 4800 },
    ]);
  });
});
