// A customer never pays more than the lowest price they are entitled to (ADR 023): over generated
// catalogs (regular, special, member and wholesale prices in any order), carts, user types and
// rules, no line is charged above its entitled price, and the catalog shows that same price.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_TYPE, USER_TYPE } from '../reference/lists';
import { rulesArb, SKUS } from './fixtures/arbitraries';
import { cart } from './fixtures/builders';
import { priceCart } from './index';
import { type PriceTier, priceTierOf, productPriceOf, type ShelfPrices, shelfPriceFor } from './prices';
import type { CartLineInput } from './types';

const SHELF = {
  priceCents: 8000,
  specialPriceCents: 6800,
  memberPriceCents: 7200,
  wholesalePriceCents: 6000,
};

describe('the price a shopper is entitled to (ADR 023)', () => {
  it('a Member pays the special price when it is below the member price (SKU 1149: $68 on sale, $72 member)', () => {
    const line: CartLineInput = { sku: '1149', quantity: 1, ...productPriceOf(SHELF) };
    const member = priceCart(cart([line], { userType: USER_TYPE.member }), []);
    expect(member.lines[0]).toMatchObject({ price: 6800, totalPrice: 6800 });
    expect(shelfPriceFor(SHELF, 'member')).toEqual({ price: 6800, compareAtPrice: 8000 });
    // Member price below the sale price: the member price.
    const deeper = { ...SHELF, memberPriceCents: 6500 };
    expect(
      priceCart(cart([{ sku: '1149', quantity: 2, ...productPriceOf(deeper) }], { userType: 2 }), [])
        .lines[0],
    ).toMatchObject({ price: 6500, totalPrice: 13_000 });
    expect(shelfPriceFor(deeper, 'member')).toEqual({ price: 6500, compareAtPrice: 8000 });
  });

  it('a special price above the regular price is no offer; without one nothing is struck through', () => {
    const dearer = { ...SHELF, specialPriceCents: 9000 };
    expect(shelfPriceFor(dearer, 'retail')).toEqual({ price: 8000, compareAtPrice: null });
    expect(priceCart(cart([{ sku: 'X', quantity: 1, ...productPriceOf(dearer) }]), []).lines[0]?.price).toBe(
      8000,
    );
    expect(shelfPriceFor({ ...SHELF, specialPriceCents: null }, 'retail')).toEqual({
      price: 8000,
      compareAtPrice: null,
    });
    expect(shelfPriceFor(SHELF, 'wholesale')).toEqual({ price: 6000, compareAtPrice: 8000 });
  });

  it('the tier follows the pricing user type and the wholesale flag', () => {
    expect(priceTierOf(USER_TYPE.consultant)).toBe('wholesale');
    expect(priceTierOf(USER_TYPE.employee)).toBe('wholesale');
    expect(priceTierOf(USER_TYPE.member)).toBe('member');
    expect(priceTierOf(USER_TYPE.member, true)).toBe('wholesale');
    expect(priceTierOf(USER_TYPE.consultant, false)).toBe('retail');
    expect(priceTierOf(USER_TYPE.client)).toBe('retail');
  });
});

const cents = fc.integer({ min: 0, max: 20_000 });
const shelfArb: fc.Arbitrary<ShelfPrices> = fc.record({
  priceCents: cents,
  specialPriceCents: fc.option(cents),
  memberPriceCents: fc.option(cents),
  wholesalePriceCents: fc.option(cents),
});
const catalogArb = fc.record(
  Object.fromEntries(SKUS.map((s) => [s, shelfArb])) as Record<string, typeof shelfArb>,
);

/** The oracle, written apart from the code: the least of the prices this tier may pay. */
function lowestEntitled(s: ShelfPrices, tier: PriceTier): number {
  const offers = [s.priceCents, s.specialPriceCents];
  if (tier === 'member') offers.push(s.memberPriceCents);
  if (tier === 'wholesale') offers.push(s.wholesalePriceCents);
  return Math.min(...offers.filter((v): v is number => v !== null));
}

const shopperArb = fc.record({
  userType: fc.constantFrom(1, 2, 3, 4, 5, 7),
  customerUserType: fc.option(fc.constantFrom(1, 2, 3, 4, 5, 7), { nil: undefined }),
  isWholesale: fc.option(fc.boolean(), { nil: undefined }),
  orderType: fc.constantFrom(ORDER_TYPE.portal, ORDER_TYPE.replacement, ORDER_TYPE.social),
  code: fc.boolean(),
});

const linesArb = fc.array(
  fc.record({ sku: fc.constantFrom(...SKUS), quantity: fc.integer({ min: 1, max: 5 }), host: fc.boolean() }),
  { maxLength: 6 },
);

describe('pricing never charges above the entitled price (property)', () => {
  it('over generated catalogs, carts, user types and rules', () => {
    fc.assert(
      fc.property(catalogArb, linesArb, shopperArb, rulesArb, (catalog, picks, shopper, rules) => {
        const tier = priceTierOf(shopper.customerUserType ?? shopper.userType, shopper.isWholesale);
        const lines: CartLineInput[] = picks.map((p) => ({
          sku: p.sku,
          quantity: p.quantity,
          ...productPriceOf(catalog[p.sku] as ShelfPrices),
          ...(p.host ? { isHostReward: true } : {}),
        }));
        const out = priceCart(
          cart(lines, {
            userType: shopper.userType,
            ...(shopper.customerUserType === undefined ? {} : { customerUserType: shopper.customerUserType }),
            ...(shopper.isWholesale === undefined ? {} : { isWholesale: shopper.isWholesale }),
            orderType: shopper.orderType,
            promoTags: shopper.code ? [{ code: 'code1' }] : [],
            hostRewardItems: [{ sku: 'B', isFree: true }],
            products: { G1: { price: 1500 } },
          }),
          rules,
        );
        // Every line of the shopper's own SKUs (split free units included; gifts are lines of their own).
        const own = out.lines.filter((l) => !l.key.startsWith('gift:'));
        for (const l of own) {
          const entitled = lowestEntitled(catalog[l.sku] as ShelfPrices, tier);
          expect(l.price).toBeLessThanOrEqual(entitled);
          expect(l.totalPrice).toBeLessThanOrEqual(entitled * l.quantity);
        }
        // With no promo and an ordinary order, the unit price is exactly what the catalog shows.
        if (rules.length === 0 && shopper.orderType === ORDER_TYPE.portal)
          for (const l of own) expect(l.price).toBe(shelfPriceFor(catalog[l.sku] as ShelfPrices, tier).price);
      }),
      { numRuns: 400 },
    );
  });

  it('the catalog shows the entitled price, striking through the regular price only when it is lower', () => {
    fc.assert(
      fc.property(shelfArb, fc.constantFrom<PriceTier>('retail', 'member', 'wholesale'), (shelf, tier) => {
        const shown = shelfPriceFor(shelf, tier);
        expect(shown.price).toBe(lowestEntitled(shelf, tier));
        expect(shown.compareAtPrice).toBe(shown.price < shelf.priceCents ? shelf.priceCents : null);
      }),
    );
  });
});
