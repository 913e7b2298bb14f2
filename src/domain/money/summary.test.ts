// Property tests (ADR 024): every summary reads down to its total, to the cent, in every currency,
// over carts priced by the real engine (with staff price overrides on top) and over order totals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CartInstanceState,
  type CatalogFacts,
  cartLineMoney,
  cartSummary,
  pricingInput,
  toCartView,
} from '../carts';
import { orderTotals } from '../checkout/totals';
import { rulesArb } from '../pricing/fixtures/arbitraries';
import { NO_SPECIAL_VOLUMES } from '../pricing/fixtures/builders';
import { compileRules, priceCart } from '../pricing/index';
import { LOCALES } from '../reference/lists';
import {
  estimateSummary,
  lineReadsAcross,
  lineSummary,
  moneySummary,
  orderSummary,
  readingDownBreaks,
  refundSummary,
} from './summary';

const SKUS = ['A', 'B', 'C', 'D', 'E', 'G1'] as const;

const catalogArb = fc.tuple(
  ...SKUS.map((sku) =>
    fc
      .record({
        price: fc.integer({ min: 0, max: 20_000 }),
        member: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
        wholesale: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
      })
      .map(
        (p): CatalogFacts => ({
          sku,
          title: sku,
          image: null,
          swatchLabel: null,
          maxQuantity: 99,
          inStock: true,
          priceCents: p.price,
          memberPriceCents: p.member,
          wholesalePriceCents: p.wholesale,
          volumes: { CV: 10, PV: 10, QV: 10, NV: 0, SV: 0 },
          finalSale: false,
          doNotShipAlone: false,
        }),
      ),
  ),
);

const stateArb = fc
  .record({
    locale: fc.constantFrom(...LOCALES),
    lines: fc.array(
      fc.record({
        sku: fc.constantFrom(...SKUS),
        quantity: fc.integer({ min: 1, max: 6 }),
        host: fc.boolean(),
        subscription: fc.boolean(),
      }),
      { maxLength: 6 },
    ),
    code: fc.boolean(),
    overrides: fc.array(
      fc.record({
        line: fc.nat(5),
        price: fc.integer({ min: 0, max: 30_000 }),
        quantity: fc.integer({ min: 1, max: 6 }),
      }),
      { maxLength: 2 },
    ),
  })
  .map(({ locale, lines, code, overrides }): CartInstanceState => {
    const items = lines.map((l, i) => ({
      id: `L${i}`,
      sku: l.sku,
      quantity: l.quantity,
      ...(l.host ? { isHostReward: true } : {}),
      ...(l.subscription ? { subscription: true } : {}),
    }));
    return {
      localeCode: locale.code,
      currency: { ...locale.currency },
      unpromofiedItems: items,
      promoItems: [],
      promoTags: code ? [{ code: 'code1' }] : [],
      removedPromoItems: [],
      hostRewardItems: [{ sku: 'B', quantity: 1, isFree: true }],
      overrides: overrides.flatMap((o) => {
        const target = items[o.line];
        return target
          ? [
              {
                id: target.id,
                sku: target.sku,
                overridePrice: o.price / 100,
                overridePV: 1,
                overrideQV: 1,
                overrideCV: 1,
                quantity: o.quantity,
                by: 'staff@example.com',
                at: '2026-01-01T00:00:00.000Z',
              },
            ]
          : [];
      }),
      giftSelections: [],
      influencer: null,
    };
  });

const META = {
  cartId: 'cart-1',
  version: 1,
  canceled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSaved: '2026-01-01T00:00:00.000Z',
  uid: 'u1',
  cid: null,
  socialId: null,
  availableLocales: ['en-US'],
};

const RUNS = { numRuns: 300 };

describe('money summaries read down', () => {
  it('a cart priced by the engine: each line reads across, and the lines read down to the subtotal', () => {
    fc.assert(
      fc.property(
        catalogArb,
        stateArb,
        rulesArb,
        fc.constantFrom(1, 2, 3, 4, 7),
        (catalog, state, rules, userType) => {
          const facts = {
            now: 1_736_942_400,
            customer: {
              uid: 'u1',
              firstName: 'A',
              lastName: 'B',
              userType,
              phoenixId: 1,
              email: null,
              account: {},
            },
            catalog: new Map(catalog.map((c) => [c.sku, c])),
            volumeTables: NO_SPECIAL_VOLUMES,
          };
          const { input, lineIds } = pricingInput(state, facts);
          const priced = priceCart(input, compileRules(rules));
          const view = toCartView(META, state, priced, lineIds, {
            ...facts,
            rulesByCode: new Map(),
            cartMessages: new Map(),
          });
          for (const l of view.products) {
            const s = lineSummary(cartLineMoney(l));
            expect(lineReadsAcross(s), `${l.sku} ${JSON.stringify(s)}`).toBe(true);
          }
          const rows = cartSummary(view);
          expect(readingDownBreaks(rows), JSON.stringify(rows)).toBeNull();
          expect(rows.map((r) => r.cents)).toEqual([
            view.prePromoSubtotalInCents,
            view.discountTotalInCents,
            view.subtotalInCents,
          ]);
          // What the cart screen and the cart lists show is this one subtotal.
          expect(view.subtotalInCents).toBe(view.products.reduce((s, p) => s + p.totalPriceInCents, 0));
        },
      ),
      RUNS,
    );
  });

  it('an estimate and the order written from it read down to the grand total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.option(fc.record({ rateBasisPoints: fc.nat(2_000), taxShipping: fc.boolean() }), { nil: null }),
        fc.option(fc.nat(100_000), { nil: null }),
        fc.option(fc.nat(100_000), { nil: null }),
        (pre, off, shipping, credit, rate, overrideTax, overrideShipping) => {
          const discount = Math.min(pre, off);
          const t = orderTotals({
            prePromoSubtotal: pre,
            subtotal: pre - discount,
            shipping,
            appliedCredit: credit,
            rate,
            overrideTax,
            overrideShipping,
          });
          expect(readingDownBreaks(estimateSummary(t))).toBeNull();
          const stored = {
            prePromoSubtotalCents: t.prePromoSubtotal,
            discountCents: t.discount,
            subtotalCents: t.subtotal,
            shippingCents: t.shipping,
            taxCents: t.tax,
            appliedCreditCents: t.appliedCredit,
            grandTotalCents: t.grandTotal,
          };
          const rows = orderSummary(stored);
          expect(readingDownBreaks(rows)).toBeNull();
          expect(rows.at(-1)).toMatchObject({ key: 'total', cents: t.grandTotal, strong: true });
        },
      ),
      RUNS,
    );
  });

  it('names the row where a summary stops reading down', () => {
    // Checkout once showed the subtotal after promotions above the promotions themselves.
    const wrong = moneySummary({
      itemsBeforePromotions: 8082,
      promotions: 558,
      subtotal: 8082,
      shipping: 0,
      tax: 715,
      credit: 5600,
      total: 3197,
    });
    expect(readingDownBreaks(wrong)).toBe('subtotal');
    const right = estimateSummary({
      prePromoSubtotal: 8640,
      discount: 558,
      subtotal: 8082,
      shipping: 0,
      tax: 715,
      appliedCredit: 5600,
      grandTotal: 3197,
    });
    expect(readingDownBreaks(right)).toBeNull();
    expect(right.map((r) => r.key)).toEqual([
      'items',
      'promotions',
      'subtotal',
      'shipping',
      'tax',
      'credit',
      'total',
    ]);
  });

  it('a refund reads down to what goes back to credit and cards', () => {
    expect(
      readingDownBreaks(
        refundSummary({ subtotal: 2000, shippingTotal: 500, tax: 200, pcAmount: 700, amount: 2000 }),
      ),
    ).toBeNull();
    expect(
      readingDownBreaks(
        refundSummary({ subtotal: 2000, shippingTotal: 500, tax: 200, pcAmount: 700, amount: 1999 }),
      ),
    ).toBe('refundCards');
  });
});
