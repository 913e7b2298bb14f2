import type { PricingInput } from '@domain/pricing';
import { priceCart } from '@domain/pricing';
import type { PromoRule } from '@domain/promos/rule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { seedCartCatalog } from '../carts/carts.fixtures';

// Flag promoToolCartApi (issue 13): the simulator prices in the browser (off) or on the server (on).
// Both run the same engine on the same input: for several carts, the server's answer equals the
// engine run here on the input the browser is given.

let t: TestApp;
let agent: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  await seedCartCatalog(t.database.db);
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: agent.headers });

const draft = {
  name: 'Simulated Serum Deal',
  id: 0,
  active: false,
  priority: 40,
  stop: false,
  regionId: [1, 2],
  actionItems: ['P200'],
  discountValue: { '1': 0.3, '2': 0.25 },
  actionQuantity: { max: 2 },
  tags: [],
  timestamps: { start: { _seconds: 1_700_000_000 } },
  publishToProd: {},
};

const CARTS: { name: string; body: Record<string, unknown> }[] = [
  {
    name: 'retail customer, day cream and serums, US',
    body: {
      user: { userType: 3, regionId: 1 },
      cart: {
        products: [
          { sku: 'P100', quantity: 1 },
          { sku: 'P200', quantity: 3 },
        ],
      },
    },
  },
  {
    name: 'consultant, lipsticks with a code, Canada',
    body: {
      user: { userType: 1, regionId: 2 },
      cart: { products: [{ sku: 'LIP', quantity: 3 }], promoTags: [{ code: 'lips15' }] },
    },
  },
  {
    name: 'the draft being edited, with a sun product and a shipping method',
    body: {
      user: { userType: 3, regionId: 1 },
      cart: {
        products: [
          { sku: 'P200', quantity: 2 },
          { sku: 'SUN', quantity: 1 },
        ],
        shipping: { method: 6 },
      },
      draft,
    },
  },
  {
    name: 'a big cart of everyday items, host rewards, simulated next year',
    body: {
      user: { userType: 2, regionId: 1 },
      timestamp: 1_830_000_000,
      cart: {
        products: Array.from({ length: 20 }, (_, i) => ({ sku: `S${i}`, quantity: 1 + (i % 3) })),
        hostRewardItems: [{ sku: 'HOST', isFree: false }],
      },
    },
  },
];

describe('simulator: server (flag on) and browser (flag off) give the same answer', () => {
  it.each(CARTS)('$name', async ({ body }) => {
    const request = { collection: 'active', timestamp: 1_800_000_000, ...body };
    const server = await post('/api/cs/promo/shippingRates', request);
    expect(server.statusCode).toBe(200);
    const handed = await post('/api/cs/promo/simulationInput', request);
    expect(handed.statusCode).toBe(200);
    const { input, rules } = handed.json().data as { input: PricingInput; rules: PromoRule[] };
    // What the browser does with it: the pure engine, on JSON that went over the wire.
    const inBrowser = priceCart(input, rules);
    expect(server.json().data).toEqual(JSON.parse(JSON.stringify(inBrowser)));
    // And the carts are not trivial: every rule is explained, and something was priced.
    expect(inBrowser.explanations.length).toBeGreaterThanOrEqual(rules.length);
    expect(inBrowser.totals.prePromoSubtotal).toBeGreaterThan(0);
  });

  it('at least one cart has a discount, and the draft applies in its cart', async () => {
    const answers = await Promise.all(
      CARTS.map(
        async ({ body }) =>
          (
            await post('/api/cs/promo/shippingRates', {
              collection: 'active',
              timestamp: 1_800_000_000,
              ...body,
            })
          ).json().data,
      ),
    );
    expect(answers.some((a) => a.totals.discountTotal > 0)).toBe(true);
    const withDraft = answers[2].explanations.find((e: { promo: string }) => e.promo === draft.name);
    expect(withDraft).toMatchObject({ applied: true, times: 2 });
  });

  it("a collection's rules are reused between calls and re-read once one of them is saved", async () => {
    const juno = await t.signIn('agent', { promoAccess: true, junoAccess: true });
    const request = { collection: 'active', timestamp: 1_800_000_000, ...CARTS[0]!.body };
    const names = async () =>
      (
        (await post('/api/cs/promo/shippingRates', request)).json().data.explanations as { promo: string }[]
      ).map((e) => e.promo);
    const before = await names();
    expect(before).not.toContain('Live Serum Save');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/cs/promo/editRule',
      payload: { collection: 'active', rule: { ...draft, name: 'Live Serum Save', active: true } },
      headers: juno.headers,
    });
    expect(saved.statusCode).toBe(200);
    expect(await names()).toEqual(expect.arrayContaining([...before, 'Live Serum Save']));
    const handed = await post('/api/cs/promo/simulationInput', request);
    expect(Object.keys(handed.json().data).sort()).toEqual(['input', 'rules']);
  });

  it('the browser input is refused like the server pricing: unknown SKU, bad body', async () => {
    const unknown = await post('/api/cs/promo/simulationInput', {
      user: { userType: 3, regionId: 1 },
      cart: { products: [{ sku: 'NOPE', quantity: 1 }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown SKU: NOPE');
    expect((await post('/api/cs/promo/simulationInput', { cart: {} })).statusCode).toBe(400);
  });
});
