// Gifts, samples and choices (DESIGN §6: 10, 11, 12, 13, 24) with resolutions and DropItems (spec 3 §4).
import { describe, expect, it } from 'vitest';
import { cart, line, rule } from './fixtures/builders';
import { priceCart } from './index';

const both = (v: number) => ({ '1': v, '2': v });
const products = {
  BAG: { price: 2400, volumes: { PV: 24 } },
  BAND: { price: 1500 },
  S1: { price: 0 },
  S2: { price: 0 },
};

const travelBag = rule({
  id: 10,
  name: 'Free Travel Bag Over $125',
  spendThreshold: both(12500),
  autoAdd: true,
  actionItems: ['BAG'],
  cartCounter: true,
});

describe('type 10: gift with purchase at a spend threshold', () => {
  it('adds the gift free once the threshold is met, outside the subtotal and without volume', () => {
    const out = priceCart(cart([line('A', 1, 12500)], { products }), [travelBag]);
    expect(out.lines.map((l) => [l.sku, l.quantity, l.price, l.totalPrice, l.isPromo])).toEqual([
      ['A', 1, 12500, 12500, false],
      ['BAG', 1, 2400, 0, true],
    ]);
    expect(out.lines[1]?.volumes.PV).toBe(0);
    expect(out.totals).toMatchObject({ subtotal: 12500, discountTotal: 0, giftValue: 2400 });
    expect(out.explanations[0]).toMatchObject({ applied: true, times: 1, amount: 2400 });
  });

  it('turns a gift the cart held into a DropItem when the cart falls below the threshold', () => {
    const out = priceCart(
      cart([line('A', 1, 9000), line('BAG', 1, 2400, { isPromo: true })], {
        products,
        promoItems: [{ sku: 'BAG', quantity: 1, promo: travelBag.name }],
      }),
      [travelBag],
    );
    expect(out.lines.map((l) => l.sku)).toEqual(['A']);
    expect(out.dropItems).toEqual([
      { kind: 'DropItem', sku: 'BAG', quantity: 1, promo: travelBag.name, reason: 'promo-no-longer-applies' },
    ]);
    expect(out.cartCounters[0]).toMatchObject({ remaining: 3500, reached: false });
  });

  it('never re-adds a gift the shopper removed, and does not report it as a DropItem', () => {
    const out = priceCart(
      cart([line('A', 1, 20000)], {
        products,
        removedPromoItems: ['BAG'],
        promoItems: [{ sku: 'BAG', quantity: 1 }],
      }),
      [travelBag],
    );
    expect(out.lines).toHaveLength(1);
    expect(out.dropItems).toEqual([]);
    expect(out.explanations[0]).toMatchObject({ applied: false, code: 'gift_removed' });
  });
});

describe('type 11: gift with purchase of condition items', () => {
  it('adds the headband with the regimen set, flagging do-not-ship-alone', () => {
    const out = priceCart(cart([line('SET', 1, 14500)], { products }), [
      rule({
        id: 11,
        name: 'Buy the Regimen, Get the Headband',
        conditionItems: ['SET'],
        actionItems: ['BAND'],
        autoAdd: true,
        do_not_ship_alone: true,
      }),
    ]);
    expect(out.promoItems).toEqual([
      {
        sku: 'BAND',
        quantity: 1,
        promo: 'Buy the Regimen, Get the Headband',
        ruleType: 11,
        isSample: false,
        value: 1500,
      },
    ]);
    expect(out.lines[1]?.doNotShipAlone).toBe(true);
  });
});

describe('gift volumes', () => {
  it('gives no volume to a free gift even when it is priced at 0 with volumes in the catalogue', () => {
    const out = priceCart(
      cart([line('SET', 1, 14500)], { products: { PIN: { price: 0, volumes: { PV: 10, CV: 8 } } } }),
      [rule({ id: 11, name: 'Free Pin', conditionItems: ['SET'], actionItems: ['PIN'], autoAdd: true })],
    );
    expect(out.lines[1]?.volumes).toEqual({ CV: 0, PV: 0, QV: 0, NV: 0, SV: 0 });
    expect(out.totals.volumes.PV).toBe(145);
  });
});

describe('type 12: gift choice', () => {
  const choice = rule({
    id: 12,
    name: 'Choose Your Deluxe Sample',
    conditionItems: ['L'],
    conditionQuantity: { min: 2 },
    actionItems: ['S1', 'S2'],
  });

  it('asks for a pick with a resolution entry while none is made', () => {
    const out = priceCart(cart([line('L', 2, 2800)], { products }), [choice]);
    expect(out.resolutions).toEqual([
      { kind: 'gift-selection', promo: choice.name, choices: ['S1', 'S2'], quantity: 1 },
    ]);
    expect(out.explanations[0]).toMatchObject({ applied: false, code: 'selection_missing' });
  });

  it('adds the picked gift and asks nothing more', () => {
    const out = priceCart(
      cart([line('L', 2, 2800)], { products, giftSelections: [{ promo: choice.name, sku: 'S2' }] }),
      [choice],
    );
    expect(out.resolutions).toEqual([]);
    expect(out.promoItems.map((p) => p.sku)).toEqual(['S2']);
  });

  it('ignores picks that are not among the choices and asks nothing with noSelection', () => {
    const quiet = rule({ ...choice, noSelection: true });
    const out = priceCart(
      cart([line('L', 2, 2800)], { products, giftSelections: [{ promo: choice.name, sku: 'BAG' }] }),
      [quiet],
    );
    expect(out.resolutions).toEqual([]);
    expect(out.promoItems).toEqual([]);
  });
});

describe('type 13: free samples', () => {
  it('adds samples flagged isSample with no volume', () => {
    const out = priceCart(cart([line('A', 1, 3200)], { products }), [
      rule({ id: 13, name: 'Skincare Sample Sampler', conditionItems: ['A'], actionItems: ['S1', 'S2'] }),
    ]);
    expect(out.lines.slice(1).map((l) => [l.sku, l.isSample, l.totalPrice, l.volumes.PV])).toEqual([
      ['S1', true, 0, 0],
      ['S2', true, 0, 0],
    ]);
  });
});

describe('type 24: anniversary gift', () => {
  const gift = rule({
    id: 24,
    name: 'Consultant Anniversary Brush Set',
    userTypes: [1],
    autoAdd: true,
    actionItems: ['BAND'],
  });
  it('adds the gift in the enrollment anniversary month only', () => {
    const input = (iso: string) =>
      cart([line('A', 1, 3200)], {
        userType: 1,
        products,
        account: { enrollmentDate: Date.parse(iso) / 1000 },
      });
    expect(priceCart(input('2022-01-10T20:00:00Z'), [gift]).promoItems.map((p) => p.sku)).toEqual(['BAND']);
    expect(priceCart(input('2022-06-10T20:00:00Z'), [gift]).explanations[0]).toMatchObject({
      code: 'anniversary',
    });
  });
});

describe('dropGWPs', () => {
  it('stops gift promos below the rule, and their held gifts drop as DropItems', () => {
    const swap = rule({
      id: 11,
      name: 'Holiday Gift Set Swap',
      priority: 20,
      conditionItems: ['SET'],
      actionItems: ['BAND'],
      autoAdd: true,
      dropGWPs: true,
    });
    const out = priceCart(
      cart([line('SET', 1, 14500)], {
        products,
        promoItems: [{ sku: 'BAG', quantity: 1, promo: travelBag.name }],
      }),
      [travelBag, swap],
    );
    expect(out.promoItems.map((p) => p.sku)).toEqual(['BAND']);
    expect(out.explanations.find((e) => e.promo === travelBag.name)).toMatchObject({ code: 'gifts_dropped' });
    expect(out.dropItems).toEqual([
      { kind: 'DropItem', sku: 'BAG', quantity: 1, promo: travelBag.name, reason: 'gifts-dropped' },
    ]);
  });
});
