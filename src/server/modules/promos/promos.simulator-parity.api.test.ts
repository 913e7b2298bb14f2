import type { CartView } from '@domain/carts';
import type { PricedCart } from '@domain/pricing';
import { type SimulatorCart, simulatorCartOf } from '@domain/promos/simulator-cart';
import { CART_CHANNEL } from '@domain/reference/constants';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts as cartsTable } from '../../db/schema';
import { seedCartCatalog } from '../../testing/cart-fixtures';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// ADR 028: the simulator prices exactly as the cart does, for every input the cart has. Carts of
// every kind (locales, owners of several types, lines with subscription and variant flags, host
// rewards free and half off, codes entered in the cart and at checkout, held and removed free
// items, gift picks) are stored, read through the cart API, loaded into the simulator as the
// promo tool loads them, and priced there: the lines, free items, drops, resolutions, counters and
// cart errors are the same.

let t: TestApp;
let agent: SignedIn;
let owners: { uid: string; userType: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  await seedCartCatalog(t.database.db, [
    {
      id: 0,
      name: 'Web Serum 5%',
      priority: 30,
      channels: ['WEB'],
      actionItems: ['P200'],
      discountValue: { '1': 0.05, '2': 0.05 },
      actionQuantity: { max: 9 },
    },
    {
      id: 0,
      name: 'Members Everyday 20%',
      priority: 25,
      userTypes: [2],
      actionItems: ['S1', 'S2'],
      discountValue: { '1': 0.2, '2': 0.2 },
      actionQuantity: { max: 9 },
    },
    {
      id: 0,
      name: 'Subscribers Lipstick 10%',
      priority: 24,
      subscriptionBased: true,
      actionItems: ['LIP'],
      discountValue: { '1': 0.1, '2': 0.1 },
      actionQuantity: { max: 9 },
    },
    {
      id: 0,
      name: 'Checkout Code Cream',
      priority: 22,
      code: ['CREAM'],
      actionItems: ['P100'],
      discountValue: { '1': 0.25, '2': 0.25 },
      actionQuantity: { max: 9 },
    },
  ]);
  for (const userType of [1, 2, 3]) {
    const { uid } = await insertAccount(t.database.db, { userType });
    owners.push({ uid, userType });
  }
  owners = [...owners];
}, 60_000);
afterAll(() => t.close());

const SKUS = ['P100', 'P200', 'LIP', 'GIFT', 'HOST', 'SUN', 'S1', 'S2', '16000'];

const instanceArb = fc.record({
  locale: fc.constantFrom('en-US', 'en-CA', 'fr-CA'),
  owner: fc.nat({ max: 2 }),
  lines: fc.array(
    fc.record({
      sku: fc.constantFrom(...SKUS),
      quantity: fc.integer({ min: 1, max: 4 }),
      subscription: fc.boolean(),
      variant: fc.option(fc.constantFrom('Rose', 'Nude'), { nil: undefined }),
    }),
    { maxLength: 6 },
  ),
  hostRewards: fc.uniqueArray(
    fc.record({ sku: fc.constantFrom('HOST', 'P100', 'LIP'), isFree: fc.boolean(), ownLine: fc.boolean() }),
    { maxLength: 2, selector: (h) => h.sku },
  ),
  codes: fc.uniqueArray(
    fc.record({ code: fc.constantFrom('LIP15', 'lip15', 'CREAM', 'NOPE'), fromCheckout: fc.boolean() }),
    { maxLength: 3, selector: (c) => c.code },
  ),
  removed: fc.subarray(['GIFT', 'CHOICE1', 'CHOICE2', 'LIP']),
  picks: fc.subarray([{ promo: 'Choose a Sample', sku: 'CHOICE2' }], { maxLength: 1 }),
  held: fc.subarray([
    { sku: 'GIFT', quantity: 1, promo: 'Free Bag Over $50' },
    { sku: 'CHOICE1', quantity: 1, promo: 'Choose a Sample' },
    { sku: 'S3', quantity: 2, promo: 'An Ended Gift' },
  ]),
});
type Generated = typeof instanceArb extends fc.Arbitrary<infer T> ? T : never;

let carts = 0;
async function storeCart(g: Generated): Promise<string> {
  const owner = owners[g.owner]!;
  const cartId = `PARITY${String(++carts).padStart(22, '0')}`;
  const currency =
    g.locale === 'en-US'
      ? { name: 'USD', format: '$0' }
      : { name: 'CAD', format: g.locale === 'fr-CA' ? '0 $' : '$0' };
  await t.database.db.insert(cartsTable).values({
    cartId,
    uid: owner.uid,
    activeLocale: g.locale,
    currency,
    cartInstances: {
      [g.locale]: {
        currency,
        unpromofiedItems: [
          ...g.lines.map((l, n) => ({
            id: `L${n}`,
            sku: l.sku,
            quantity: l.quantity,
            ...(l.subscription ? { subscription: true } : {}),
            ...(l.variant ? { selectedVariant: l.variant } : {}),
          })),
          ...g.hostRewards
            .filter((h) => h.ownLine)
            .map((h) => ({ id: `H${h.sku}`, sku: h.sku, quantity: 1, isHostReward: true })),
        ],
        hostRewardItems: g.hostRewards.map((h) => ({ sku: h.sku, quantity: 1, isFree: h.isFree })),
        promoTags: g.codes.map((c) => ({ code: c.code, ...(c.fromCheckout ? { fromCheckout: true } : {}) })),
        removedPromoItems: g.removed,
        giftSelections: g.picks,
        promoItems: g.held,
      },
    },
    version: 1,
    updatedBy: 'test',
  });
  return cartId;
}

/** What the promo tool sends after loading a cart (simulator.tsx), unchanged. */
const simulatorRequest = (loaded: SimulatorCart, timestamp: number) => ({
  collection: 'active',
  timestamp,
  channel: CART_CHANNEL,
  localcode: loaded.localeCode,
  user: { userType: loaded.userType ?? 7, regionId: loaded.regionId },
  ...(loaded.customer ? { customer: loaded.customer } : {}),
  cart: {
    products: loaded.products,
    promoTags: [
      ...loaded.codes.map((code) => ({ code })),
      ...loaded.checkoutCodes.map((code) => ({ code, fromCheckout: true })),
    ],
    hostRewardItems: loaded.hostRewardItems,
    promoItems: loaded.promoItems,
    removedPromoItems: loaded.removedPromoItems,
    giftSelections: loaded.giftSelections,
  },
});

const fromCart = (v: CartView) => ({
  lines: v.products.map((p) => ({
    sku: p.sku,
    quantity: p.quantity,
    price: p.priceInCents,
    totalPrice: p.totalPriceInCents,
    discounts: p.discounts.map((d) => [d.promo, d.amountInCents]),
    flags: [p.isPromo, p.isSample, p.isHostReward, p.subscription, p.selectedVariant ?? null],
    volumes: p.volumes,
  })),
  promoItems: v.promoItems.map((p) => [p.sku, p.quantity, p.promo]),
  dropItems: v.dropItems.map((d) => [d.sku, d.quantity, d.promo, d.reason]),
  // Pricing outcomes only: the cart also names each choice for the screen (choiceNames).
  resolutions: v.resolutions.map(({ promo, choices, quantity }) => ({ promo, choices, quantity })),
  counters: v.cartCounters.map((c) => [c.promo, c.current, c.remaining, c.reached]),
  cartErrors: v.cartErrors.map((e) => e.code),
  // Explained in engine order either way; among rules of one priority the order may differ.
  applied: v.appliedPromos
    .filter((a) => a.applied)
    .map((a) => [a.promo, a.times, a.amountInCents])
    .sort(),
});
const fromSimulator = (p: PricedCart) => ({
  lines: p.lines.map((l) => ({
    sku: l.sku,
    quantity: l.quantity,
    price: l.price,
    totalPrice: l.totalPrice,
    discounts: l.discounts.map((d) => [d.promo, d.amount]),
    flags: [l.isPromo, l.isSample, l.isHostReward, l.subscription, l.selectedVariant ?? null],
    volumes: l.volumes,
  })),
  promoItems: p.promoItems.map((i) => [i.sku, i.quantity, i.promo]),
  dropItems: p.dropItems.map((d) => [d.sku, d.quantity, d.promo ?? null, d.reason]),
  resolutions: p.resolutions.map((r) => ({ promo: r.promo, choices: r.choices, quantity: r.quantity })),
  counters: p.cartCounters.map((c) => [c.promo, c.current, c.remaining, c.reached]),
  cartErrors: p.cartErrors.map((e) => e.code),
  applied: p.explanations.flatMap((e) => (e.applied ? [[e.promo, e.times, e.amount]] : [])).sort(),
});

async function bothWays(cartId: string) {
  const read = await t.app.inject({ method: 'GET', url: `/api/carts/${cartId}`, headers: agent.headers });
  expect(read.statusCode).toBe(200);
  const view = read.json().data as CartView;
  const simulated = await t.app.inject({
    method: 'POST',
    url: '/api/cs/promo/shippingRates',
    payload: simulatorRequest(simulatorCartOf(view), Math.floor(Date.now() / 1000)),
    headers: agent.headers,
  });
  expect(simulated.statusCode, simulated.body).toBe(200);
  return { view, priced: simulated.json().data as PricedCart };
}

describe('the simulator prices a loaded cart exactly as the cart does', () => {
  it('a cart with host rewards, free and half off (types 15 and 14), prices the same', async () => {
    const cartId = await storeCart({
      locale: 'en-US',
      owner: 2,
      lines: [{ sku: 'P100', quantity: 1, subscription: false, variant: undefined }],
      hostRewards: [
        { sku: 'HOST', isFree: false, ownLine: true },
        { sku: 'LIP', isFree: true, ownLine: false },
      ],
      codes: [],
      removed: [],
      picks: [],
      held: [],
    });
    const { view, priced } = await bothWays(cartId);
    // $20 cream less 10%, the $40 brush set at half off, the $10 lipstick free: $38.00.
    expect(view.subtotalInCents).toBe(1800 + 2000);
    expect(priced.totals.subtotal).toBe(view.subtotalInCents);
    const applied = priced.explanations.filter((e) => e.applied).map((e) => e.promo);
    expect(applied).toEqual(expect.arrayContaining(['Host Half Off', 'Host Free Reward']));
    expect(fromSimulator(priced)).toEqual(fromCart(view));
  });

  it('host rewards asked of the simulator without lines of their own get one each, and apply', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/cs/promo/shippingRates',
      payload: {
        user: { userType: 3, regionId: 1 },
        cart: {
          products: [{ sku: 'P100', quantity: 1 }],
          hostRewardItems: [
            { sku: 'HOST', isFree: false },
            { sku: 'LIP', isFree: true },
          ],
        },
      },
      headers: agent.headers,
    });
    expect(answer.statusCode).toBe(200);
    const priced = answer.json().data as PricedCart;
    expect(priced.lines.filter((l) => l.isHostReward).map((l) => [l.sku, l.totalPrice])).toEqual([
      ['HOST', 2000],
      ['LIP', 0],
    ]);
    // $20 cream less 10%, the brush set at half off, the lipstick free.
    expect(priced.totals.subtotal).toBe(1800 + 2000);
  });

  it('for many generated carts, both ways give the same lines, free items, drops and errors', async () => {
    await fc.assert(
      fc.asyncProperty(instanceArb, async (g) => {
        const { view, priced } = await bothWays(await storeCart(g));
        expect(fromSimulator(priced)).toEqual(fromCart(view));
        expect(priced.lines.reduce((s, l) => s + l.totalPrice, 0)).toBe(view.subtotalInCents);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('a locale outside the region is refused', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/cs/promo/shippingRates',
      payload: {
        localcode: 'en-US',
        user: { userType: 3, regionId: 2 },
        cart: { products: [{ sku: 'P100', quantity: 1 }] },
      },
      headers: agent.headers,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      "The locale en-US is not sold in that region: choose the region's locale.",
    );
  });
});
