import { describe, expect, it } from 'vitest';
import {
  addHostReward,
  addProduct,
  maxUnits,
  removeFreeItem,
  removeLine,
  setQuantity,
  stepQuantity,
} from './adding';
import { OverrideEntry } from './cart';
import { emptyState, readInstance } from './instance';
import { CART_MESSAGES } from './messages';
import { enterPromoCode, promoTagResults } from './promo-codes';

let n = 0;
const nextId = () => `L${++n}`;
const v = (sku: string, maxQuantity = 10, inStock = true) => ({ sku, maxQuantity, inStock });
const start = () => emptyState('en-US');
const must = <T extends { ok: boolean }>(r: T) => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

describe('adding a product (spec 2 §4)', () => {
  it('adds a new line, and raises the quantity of an existing one', () => {
    const one = must(addProduct(start(), v('100'), 2, nextId)).state;
    const two = must(addProduct(one, v('100'), 3, nextId)).state;
    expect(two.unpromofiedItems).toHaveLength(1);
    expect(two.unpromofiedItems[0]?.quantity).toBe(5);
  });

  it('ignores a quantity below 1 with the spec message', () => {
    expect(addProduct(start(), v('100'), 0, nextId)).toEqual({
      ok: false,
      message: CART_MESSAGES.positiveQuantity,
    });
    expect(addProduct(start(), v('100'), -2, nextId)).toEqual({
      ok: false,
      message: CART_MESSAGES.positiveQuantity,
    });
    expect(CART_MESSAGES.positiveQuantity).toBe('Please add a positive quantity. Got to keep things upbeat.');
  });

  it('caps at the variant maximum; 10 or more is unlimited', () => {
    const capped = must(addProduct(start(), v('100', 3), 5, nextId));
    expect(capped.state.unpromofiedItems[0]?.quantity).toBe(3);
    expect(capped.notices?.[0]?.message).toContain('limited to 3');
    const raised = must(addProduct(capped.state, v('100', 3), 1, nextId));
    expect(raised.state.unpromofiedItems[0]?.quantity).toBe(3);
    expect(maxUnits(v('200', 10))).toBeNull();
    expect(must(addProduct(start(), v('200', 10), 25, nextId)).state.unpromofiedItems[0]?.quantity).toBe(25);
    expect(maxUnits(v('200', 9))).toBe(9);
  });

  it('forces gift and bundle SKUs 16000, 16001, 16002 and 9078 to 1', () => {
    for (const sku of ['16000', '16001', '16002', '9078']) {
      expect(must(addProduct(start(), v(sku, 10), 4, nextId)).state.unpromofiedItems[0]?.quantity).toBe(1);
    }
  });

  it('rejects an out-of-stock variant', () => {
    expect(addProduct(start(), v('100', 10, false), 1, nextId)).toEqual({
      ok: false,
      message: CART_MESSAGES.outOfStock('100'),
    });
  });

  it('refuses an 11th different item (item limit 10) but still raises an existing one', () => {
    let s = start();
    for (let i = 0; i < 10; i++) s = must(addProduct(s, v(`S${i}`), 1, nextId)).state;
    expect(addProduct(s, v('S10'), 1, nextId)).toEqual({ ok: false, message: CART_MESSAGES.itemLimit });
    expect(must(addProduct(s, v('S0'), 1, nextId)).state.unpromofiedItems[0]?.quantity).toBe(2);
  });

  it('an invalid quantity removes the line; −1 from 1 removes it too', () => {
    const s = must(addProduct(start(), v('100'), 2, nextId)).state;
    const id = s.unpromofiedItems[0]?.id ?? '';
    expect(must(setQuantity(s, id, Number.NaN, v('100'))).state.unpromofiedItems).toHaveLength(0);
    expect(must(setQuantity(s, id, 1.5, v('100'))).state.unpromofiedItems).toHaveLength(0);
    expect(must(setQuantity(s, id, 0, v('100'))).state.unpromofiedItems).toHaveLength(0);
    const down = must(stepQuantity(s, id, -1, v('100'))).state;
    expect(down.unpromofiedItems[0]?.quantity).toBe(1);
    expect(must(stepQuantity(down, id, -1, v('100'))).state.unpromofiedItems).toHaveLength(0);
    expect(must(stepQuantity(s, id, 1, v('100', 3))).state.unpromofiedItems[0]?.quantity).toBe(3);
    expect(removeLine(s, 'nope')).toEqual({ ok: false, message: CART_MESSAGES.noSuchLine });
  });

  it('removing a free promo item records it; a free split also leaves its source line', () => {
    const s = must(addProduct(start(), v('LIP'), 3, nextId)).state;
    const gift = must(removeFreeItem(s, { sku: 'BAG', quantity: 1, lineItemId: null })).state;
    expect(gift.removedPromoItems).toEqual(['BAG']);
    const split = must(
      removeFreeItem(s, { sku: 'LIP', quantity: 1, lineItemId: s.unpromofiedItems[0]?.id ?? null }),
    ).state;
    expect(split.unpromofiedItems[0]?.quantity).toBe(2);
    expect(split.removedPromoItems).toEqual(['LIP']);
    // Adding the SKU again on purpose takes it off the list.
    expect(must(addProduct(gift, v('BAG'), 1, nextId)).state.removedPromoItems).toEqual([]);
  });

  it('adds a host reward once, as a line of 1', () => {
    const s = must(addHostReward(start(), v('H1'), true, nextId)).state;
    expect(s.hostRewardItems).toEqual([{ sku: 'H1', quantity: 1, isFree: true }]);
    expect(s.unpromofiedItems[0]).toMatchObject({ sku: 'H1', quantity: 1, isHostReward: true });
    expect(addHostReward(s, v('H1'), false, nextId)).toEqual({
      ok: false,
      message: CART_MESSAGES.hostRewardTwice,
    });
  });
});

describe('promo codes (spec 2 §5)', () => {
  it('keeps one checkout-origin code: a new one replaces it', () => {
    const a = enterPromoCode(start(), 'MAKEUP15', true);
    const b = enterPromoCode(enterPromoCode(a, 'SHIP50', false), 'TRIO99', true);
    expect(b.promoTags.map((t) => t.code)).toEqual(['SHIP50', 'TRIO99']);
    expect(enterPromoCode(b, 'ship50', false).promoTags.map((t) => t.code)).toEqual(['TRIO99', 'ship50']);
  });

  it('answers each code with its result: applied, unknown, or the engine’s reason', () => {
    const tags = [{ code: 'GOOD' }, { code: 'nope' }, { code: 'MAKEUP15', fromCheckout: true }];
    const byCode = new Map([
      ['good', ['Good Rule']],
      ['makeup15', ['Makeup Monday 15% Off']],
    ]);
    const results = promoTagResults(tags, byCode, [
      { promo: 'Good Rule', ruleType: 0, priority: 1, applied: true, times: 1, lines: ['0'], amount: 100 },
      {
        promo: 'Makeup Monday 15% Off',
        ruleType: 0,
        priority: 50,
        applied: false,
        code: 'no_action_items',
        message: 'The cart holds none of the action items.',
      },
    ]);
    expect(results[0]).toMatchObject({ code: 'GOOD', success: true });
    expect(results[1]).toMatchObject({ success: false, message: CART_MESSAGES.unknownCode('nope') });
    expect(results[2]).toMatchObject({
      success: false,
      fromCheckout: true,
      message: 'Makeup Monday 15% Off: The cart holds none of the action items.',
    });
  });
});

describe('override entry (spec 2 §3, §5)', () => {
  const good = {
    id: 'L1',
    sku: '100',
    overridePrice: 9.99,
    overridePV: 5.5,
    overrideQV: 5,
    overrideCV: 4.25,
    quantity: 1,
  };
  it('takes floats for price and volumes and a number for quantity', () => {
    expect(OverrideEntry.parse(good)).toEqual(good);
  });
  it('requires every field', () => {
    for (const key of Object.keys(good)) {
      const { [key as keyof typeof good]: _gone, ...rest } = good;
      expect(OverrideEntry.safeParse(rest).success).toBe(false);
    }
    expect(OverrideEntry.safeParse({ ...good, overridePrice: '9.99' }).success).toBe(false);
    expect(OverrideEntry.safeParse({ ...good, quantity: 0 }).success).toBe(false);
  });
  it('answers Required for a number left out, and names a value that is not a number', () => {
    const { overridePrice: _gone, ...rest } = good;
    expect(OverrideEntry.safeParse(rest).error?.issues[0]?.message).toBe('Required');
    expect(OverrideEntry.safeParse({ ...good, quantity: 'x' }).error?.issues[0]?.message).toBe(
      'Quantity must be a number',
    );
  });
});

describe('reading a stored instance', () => {
  it('takes the shopper lines from storefront products, less the free ones, and gives host rewards a line', () => {
    const s = readInstance('en-CA', {
      unpromofiedItems: [],
      products: [
        { id: 'a', sku: '1', quantity: 2 },
        { id: 'b', sku: '2', quantity: 1, isPromo: true },
      ],
      hostRewardItems: [{ sku: 'H', quantity: 1, isFree: false }],
      removedPromoItems: ['X'],
    });
    expect(s.currency).toEqual({ name: 'CAD', format: '$0' });
    expect(s.unpromofiedItems).toEqual([
      { id: 'a', sku: '1', quantity: 2 },
      { id: 'hostH', sku: 'H', quantity: 1, isHostReward: true },
    ]);
    expect(s.removedPromoItems).toEqual(['X']);
  });
});
