import { orderTotals } from '@domain/checkout';
import type { PricingInput } from '@domain/pricing';
import { priceCart } from '@domain/pricing';
import { defineRule, type PromoRuleInput } from '@domain/promos/rule';
import { rulesFromHandover } from '@domain/promos/tool';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, promoRules, taxRates } from '../../db/schema';
import { seedCartCatalog, TEST_PRODUCTS } from '../../testing/cart-fixtures';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// Flag promoToolCartApi (spec 3 §2 Promo tool, ADR 012): the simulator prices in the browser (off) or on the server (on).
// Both run the same engine on the same input: for several carts, the server's answer equals the
// engine run here on what the browser is given (the rules that can change the cart whole, the
// others as stubs, ADR 012), also at 20,000 rules, where what the browser is given stays small.

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
    const { input, rules, salesTax } = handed.json().data as {
      input: PricingInput;
      rules: unknown[];
      salesTax: unknown;
    };
    // What the browser does with it: the pure engine, on JSON that went over the wire.
    const inBrowser = priceCart(input, rulesFromHandover(rules));
    expect(server.json().data).toEqual({ ...JSON.parse(JSON.stringify(inBrowser)), salesTax });
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
    expect(Object.keys(handed.json().data).sort()).toEqual(['input', 'rules', 'salesTax']);
  });

  it("a customer's account facts price the cart, on the server and in the browser alike", async () => {
    const { uid } = await insertAccount(t.database.db, { userType: 3 });
    const welcome = {
      ...draft,
      name: 'Welcome Serum Offer',
      newUsersOnly: true,
      discountValue: { '1': 0.5, '2': 0.5 },
    };
    const body = {
      collection: 'active',
      timestamp: 1_800_000_000,
      user: { userType: 3, regionId: 1 },
      cart: { products: [{ sku: 'P200', quantity: 1 }] },
      draft: welcome,
    };
    const explained = async (payload: object) => {
      const server = await post('/api/cs/promo/shippingRates', payload);
      expect(server.statusCode).toBe(200);
      const handed = (await post('/api/cs/promo/simulationInput', payload)).json().data;
      const inBrowser = priceCart(handed.input, rulesFromHandover(handed.rules));
      expect(server.json().data).toEqual({ ...JSON.parse(JSON.stringify(inBrowser)), salesTax: null });
      return inBrowser.explanations.find((e) => e.promo === welcome.name);
    };
    // Without a customer there is no account: the rule is for new users only.
    expect(await explained(body)).toMatchObject({ applied: false, code: 'new_users_only' });
    // A customer without orders is a new user: it applies.
    expect(await explained({ ...body, customer: uid })).toMatchObject({ applied: true, times: 1 });
    const unknown = await post('/api/cs/promo/shippingRates', { ...body, customer: 'NOSUCHCUSTOMER' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown customer: NOSUCHCUSTOMER');
  });

  it('an address sets the sales tax, the same on both paths; one outside the region or unknown is refused', async () => {
    await t.database.db.insert(taxRates).values([
      { countryId: 1, region: 'TX', rateBasisPoints: 825, taxShipping: true },
      { countryId: 2, region: 'ON', rateBasisPoints: 1300, taxShipping: false },
    ]);
    const body = (address: object) => ({
      collection: 'active',
      timestamp: 1_800_000_000,
      user: { userType: 3, regionId: 1 },
      cart: {
        products: [{ sku: 'P100', quantity: 2 }],
        shipping: { method: 1, saveAddress: true, address },
      },
    });
    const texas = body({ country: 'US', region: 'tx', postalCode: '78701' });
    const server = await post('/api/cs/promo/shippingRates', texas);
    expect(server.statusCode).toBe(200);
    expect(server.json().data.salesTax).toEqual({ region: 'TX', rateBasisPoints: 825, taxShipping: true });
    const handed = (await post('/api/cs/promo/simulationInput', texas)).json().data;
    expect(handed.salesTax).toEqual(server.json().data.salesTax);
    const inBrowser = priceCart(handed.input, rulesFromHandover(handed.rules));
    expect(server.json().data).toEqual({
      ...JSON.parse(JSON.stringify(inBrowser)),
      salesTax: handed.salesTax,
    });
    // Tax at 8.25 % of the subtotal and of the shipping, as the checkout computes it.
    const { subtotal, shipping } = server.json().data.totals as { subtotal: number; shipping: number };
    expect(
      orderTotals({ prePromoSubtotal: subtotal, subtotal, shipping, appliedCredit: 0, rate: handed.salesTax })
        .tax,
    ).toBe(Math.round((subtotal * 825) / 10_000) + Math.round((shipping * 825) / 10_000));

    const abroad = await post('/api/cs/promo/shippingRates', body({ country: 'CA', region: 'ON' }));
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json().message).toBe('The address is in Canada: choose that region.');
    const nowhere = await post('/api/cs/promo/simulationInput', body({ country: 'US', region: 'ZZ' }));
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().message).toBe('Unknown state or province: ZZ');
    const malformed = await post('/api/cs/promo/shippingRates', body({ country: 'US', region: 'Texas' }));
    expect(malformed.statusCode).toBe(400);
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

/** Deterministic PRNG (mulberry32): the same rule set on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)] as T;
  return { next, int, pick };
}

const AT = 1_800_000_000;
const CATALOG = TEST_PRODUCTS.filter((p) => p.inStock !== false).map((p) => p.sku);

/**
 * Rules of every kind (item, gift, bundle, threshold, shipping, tier, volume, member price) and
 * every way of not applying: switched off, other user type or region, outside the window,
 * disqualifying SKU, other channel, missing code, milestone, new users only, not triggered, halted.
 */
function manyRules(count: number, seed: number) {
  const r = prng(seed);
  const skus = (n: number) =>
    Array.from({ length: n }, () => (r.next() < 0.6 ? r.pick(CATALOG) : `Q${r.int(0, 4999)}`));
  const both = (us: number, ca: number) => ({ '1': us, '2': ca });
  const rules = [];
  for (let i = 0; i < count; i++) {
    const base: PromoRuleInput = { id: 0, name: `Bulk Rule ${i}`, active: true, priority: r.int(0, 60) };
    const roll = r.next();
    let rule: PromoRuleInput;
    if (roll < 0.35)
      rule = { ...base, id: r.pick([0, 1, 2]), actionItems: skus(r.int(1, 8)), actionQuantity: { max: 5 } };
    else if (roll < 0.45) rule = { ...base, id: 8, conditionItems: skus(3), actionItems: skus(2) };
    else if (roll < 0.52)
      rule = { ...base, id: 7, conditionItems: skus(4), actionItems: skus(1), conditionQuantity: { min: 2 } };
    else if (roll < 0.58) rule = { ...base, id: 9, conditionItems: skus(6), conditionQuantity: { min: 3 } };
    else if (roll < 0.64)
      rule = { ...base, id: 11, conditionItems: skus(4), actionItems: ['GIFT'], autoAdd: true };
    else if (roll < 0.7)
      rule = { ...base, id: 12, conditionItems: skus(4), actionItems: ['CHOICE1', 'CHOICE2'] };
    else if (roll < 0.76)
      rule = {
        ...base,
        id: 25,
        conditionItems: skus(8),
        tiers: [{ min: 2, discountValue: both(0.05, 0.05) }],
      };
    else if (roll < 0.8)
      rule = { ...base, id: 20, actionItems: skus(3), volumeAdjustment: { mode: 'scale', PV: 2 } };
    else if (roll < 0.84)
      rule = { ...base, id: r.pick([5, 6]), spendThreshold: both(r.int(20, 300) * 100, 9000) };
    else if (roll < 0.88) rule = { ...base, id: 3, exclusionItems: skus(2) };
    else if (roll < 0.91)
      rule = { ...base, id: r.pick([16, 17, 18]), spendThreshold: both(r.int(20, 150) * 100, 9000) };
    else if (roll < 0.93) rule = { ...base, id: 19, conditionItems: skus(1), shippingMethods: [6] };
    else if (roll < 0.96) rule = { ...base, id: 22, actionItems: skus(3), userTypes: [2] };
    else
      rule = {
        ...base,
        id: 10,
        spendThreshold: both(r.int(20, 90) * 100, 9000),
        actionItems: ['GIFT'],
        autoAdd: true,
      };
    rule.discountValue = [1, 2, 4, 6, 9, 17].includes(rule.id)
      ? both(r.int(1, 9) * 100, 300)
      : both(0.1, 0.15);
    const why = r.next() < 0.85 ? r.int(0, 11) : -1;
    if (why === 0) rule.active = false;
    else if (why === 1) rule.userTypes = [1, 4];
    else if (why === 2) rule.regionId = [2];
    else if (why === 3) rule.timestamps = { start: AT - 90 * 86400, end: AT - 30 * 86400 };
    else if (why === 4) rule.timestamps = { start: AT + 86400, end: AT + 30 * 86400 };
    else if (why === 5) rule.disqualificationItems = [r.pick(CATALOG), `Q${i}`];
    else if (why === 6) rule.channels = ['MOBILE', 9];
    else if (why === 7) rule.code = [r.next() < 0.2 ? 'BULK' : `CODE${i}`];
    else if (why === 8) rule.milestone = 'FastStart';
    else if (why === 9) rule.newUsersOnly = true;
    else if (why === 10) rule.limitOnePerEmail = true;
    if (r.next() < 0.002) rule.stop = true;
    if (r.next() < 0.01) rule.dropGWPs = true;
    rules.push(defineRule(rule));
  }
  return rules;
}

describe('simulator at 20,000 rules: the browser is handed little, and answers the same', () => {
  const RULES = 20_000;
  let allRulesBytes = 0;
  beforeAll(async () => {
    const rules = manyRules(RULES, 13);
    allRulesBytes = JSON.stringify(rules).length;
    for (let i = 0; i < rules.length; i += 1000) {
      await t.database.db.insert(promoRules).values(
        rules.slice(i, i + 1000).map((rule) => ({
          collection: 'production' as const,
          name: rule.name,
          typeId: rule.id,
          active: rule.active,
          priority: rule.priority,
          rule: rule as unknown as Record<string, unknown>,
        })),
      );
    }
  }, 120_000);

  const BIG_CARTS = [
    {
      user: { userType: 3, regionId: 1 },
      cart: {
        products: CATALOG.slice(0, 30).map((sku, i) => ({ sku, quantity: 1 + (i % 3) })),
        promoTags: [{ code: 'bulk' }],
        shipping: { method: 6 },
      },
    },
    {
      user: { userType: 2, regionId: 2 },
      channel: 'WEB',
      cart: {
        products: CATALOG.slice(5, 18).map((sku) => ({ sku, quantity: 2 })),
        hostRewardItems: [{ sku: 'HOST', isFree: true }],
      },
    },
    { user: { userType: 1, regionId: 1 }, cart: { products: [{ sku: 'P200', quantity: 1 }] } },
  ];

  it.each(BIG_CARTS.map((body, i) => ({ i, body })))(
    'cart $i',
    async ({ body }) => {
      const request = { collection: 'production', timestamp: AT, ...body };
      const server = await post('/api/cs/promo/shippingRates', request);
      expect(server.statusCode).toBe(200);
      const handed = await post('/api/cs/promo/simulationInput', request);
      expect(handed.statusCode).toBe(200);
      const { input, rules } = handed.json().data as { input: PricingInput; rules: unknown[] };
      const inBrowser = JSON.parse(JSON.stringify(priceCart(input, rulesFromHandover(rules))));
      expect({ ...inBrowser, salesTax: null }).toEqual(server.json().data);
      // Every rule explained, with rules applied and refused for many reasons.
      expect(inBrowser.explanations).toHaveLength(RULES);
      const codes = new Set(inBrowser.explanations.map((e: { code?: string }) => e.code ?? 'applied'));
      for (const code of [
        'applied',
        'inactive',
        'user_type',
        'ended',
        'not_started',
        'code_missing',
        'channel',
      ])
        expect(codes).toContain(code);
      // Small: a fraction of the rules' own bytes, and less than the server's answer itself.
      const bytes = handed.body.length;
      console.info(
        `handed ${bytes} bytes (${rules.length} rules) vs all rules ${allRulesBytes}, server answer ${server.body.length}`,
      );
      expect(bytes).toBeLessThan(allRulesBytes / 4);
      expect(bytes).toBeLessThan(server.body.length);
    },
    60_000,
  );
});

describe('product names for the simulator reasons', () => {
  it('answers the title and first category of each known SKU, leaving unknown ones out', async () => {
    await t.database.db.insert(categories).values({ id: 97_001, name: 'Skincare' }).onConflictDoNothing();
    await t.database.db
      .update(products)
      .set({ categoryIds: [97_001, 5] })
      .where(eq(products.sku, 'P200'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cs/promo/productNames',
      payload: { skus: ['P200', 'LIP', 'NOPE', 'P200'] },
      headers: agent.headers,
    });
    expect(res.statusCode).toBe(200);
    const data = (res.json().data as { sku: string }[]).sort((a, b) => a.sku.localeCompare(b.sku));
    expect(data).toEqual([
      { sku: 'LIP', title: 'Sheer Lipstick', category: null },
      { sku: 'P200', title: 'Renewal Serum', category: 'Skincare' },
    ]);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/cs/promo/productNames',
      payload: { skus: [''] },
      headers: agent.headers,
    });
    expect(empty.statusCode).toBe(400);
  });
});
