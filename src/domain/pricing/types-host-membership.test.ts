// Host rewards, volume adjustment and BoB/renewal windows (DESIGN §5, §6: 14, 15, 20, 21).
import { HOST_HALF_OFF_PRIORITY, SKU } from '@domain/reference';
import { describe, expect, it } from 'vitest';
import { addMonths, endOfPacificDay, pacificDate } from './calendar';
import { cart, line, rule, TEST_NOW } from './fixtures/builders';
import { priceCart } from './index';
import type { PricingInput } from './types';

const both = (v: number) => ({ '1': v, '2': v });
const DAY = 86_400;

describe('types 14 and 15: host rewards', () => {
  const half = rule({
    id: 14,
    name: 'Host Half Off',
    priority: HOST_HALF_OFF_PRIORITY,
    actionQuantity: { max: 10 },
  });
  const free = rule({
    id: 15,
    name: 'Host Free Reward',
    priority: HOST_HALF_OFF_PRIORITY,
    actionQuantity: { max: 10 },
  });
  const hostCart = cart(
    [
      line('A', 1, 6800),
      line('H1', 1, 4200, { isHostReward: true }),
      line('H2', 1, 5900, { isHostReward: true }),
    ],
    { hostRewardItems: [{ sku: 'H2', isFree: true }] },
  );

  it('takes 50% off half-off rewards and 100% off free ones, by default values', () => {
    const out = priceCart(hostCart, [half, free]);
    expect(out.lines.map((l) => [l.sku, l.totalPrice, l.isPromo])).toEqual([
      ['A', 6800, false],
      ['H1', 2100, false],
      ['H2', 0, true],
    ]);
  });

  it('keeps host rewards out of ordinary promos', () => {
    const out = priceCart(hostCart, [rule({ id: 3, name: 'Everything 10%', discountValue: both(0.1) })]);
    expect(out.lines.map((l) => l.totalPrice)).toEqual([6120, 4200, 5900]);
  });
});

describe('type 20: volume adjustment', () => {
  it('scales PV of the listed lines and leaves price alone', () => {
    const out = priceCart(cart([line('SET', 1, 10000), line('A', 1, 1000)]), [
      rule({
        id: 20,
        name: 'Launch Week Double PV on Sets',
        actionItems: ['SET'],
        volumeAdjustment: { mode: 'scale', PV: 2 },
      }),
    ]);
    expect(out.lines[0]?.volumes).toEqual({ CV: 80, PV: 200, QV: 100, NV: 100, SV: 100 });
    expect(out.lines[0]?.totalPrice).toBe(10000);
    expect(out.lines[1]?.volumes.PV).toBe(10);
  });

  it('sets CV to a fixed value per unit', () => {
    const out = priceCart(cart([line('SET', 2, 10000)]), [
      rule({ id: 20, name: 'Flat CV', volumeAdjustment: { mode: 'set', CV: 5 } }),
    ]);
    expect(out.lines[0]?.volumes.CV).toBe(10);
  });
});

describe('type 21: BoB and renewal windows', () => {
  const bob = rule({ id: 21, name: 'BoB Membership Window', validateBoB: true, discountValue: both(2500) });
  const renewal = rule({ id: 21, name: 'Renewal Window', validateRenewal: true, discountValue: both(2500) });
  const price = (sku: string, extra: Partial<PricingInput>, r = bob) =>
    priceCart(cart([line(sku, 1, 2900), line('A', 1, 1000)], extra), [r]);

  it('prices the membership SKU for a client', () => {
    const out = price(SKU.memberProgram, {});
    expect(out.lines[0]).toMatchObject({ sku: SKU.memberProgram, totalPrice: 2500 });
    expect(out.dropItems).toEqual([]);
  });

  it('drops the membership SKU for consultants and employees', () => {
    for (const userType of [1, 4]) {
      const out = price(SKU.memberProgram, { userType });
      expect(out.lines.map((l) => l.sku)).toEqual(['A']);
      expect(out.dropItems).toEqual([
        {
          kind: 'DropItem',
          sku: SKU.memberProgram,
          quantity: 1,
          promo: bob.name,
          reason: 'outside-membership-window',
        },
      ]);
    }
  });

  it('lets a member buy it again only when the membership expired more than 6 months ago', () => {
    const expired = (days: number) => ({
      userType: 2,
      account: { memberExpirationDate: TEST_NOW - days * DAY },
    });
    expect(price(SKU.memberProgram, expired(200)).dropItems).toEqual([]);
    expect(price(SKU.memberProgram, expired(150)).dropItems).toHaveLength(1);
    expect(price(SKU.memberProgram, { account: { pendingMemberTerms: true } }).dropItems).toHaveLength(1);
  });

  it('opens renewal 6 months before the end of the expiry day (Pacific) and closes 6 months after', () => {
    const expiry = Date.UTC(2025, 6, 15, 18) / 1000;
    const opens = endOfPacificDay(addMonths(pacificDate(expiry), -6));
    const closes = endOfPacificDay(addMonths(pacificDate(expiry), 6));
    const at = (now: number) =>
      price(SKU.renewal, { now, userType: 2, account: { memberExpirationDate: expiry } }, renewal).dropItems
        .length;
    expect(at(opens - 1)).toBe(1);
    expect(at(opens)).toBe(0);
    expect(at(expiry + 30 * DAY)).toBe(0);
    expect(at(closes)).toBe(0);
    expect(at(closes + 1)).toBe(1);
    expect(opens).toBe(Date.UTC(2025, 0, 16, 7, 59, 59) / 1000);
  });

  it('prices the renewal inside the window and drops it for a client', () => {
    const inside = price(
      SKU.renewal,
      { userType: 2, account: { memberExpirationDate: TEST_NOW + 60 * DAY } },
      renewal,
    );
    expect(inside.lines[0]).toMatchObject({ sku: SKU.renewal, totalPrice: 2500 });
    expect(price(SKU.renewal, {}, renewal).dropItems).toHaveLength(1);
  });
});
