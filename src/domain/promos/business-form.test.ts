import { describe, expect, it } from 'vitest';
import { cart, line } from '../pricing/fixtures/builders';
import { priceCart } from '../pricing/index';
import {
  BUY_GET_MESSAGE,
  type BusinessPromoForm,
  BusinessPromoInput,
  businessFieldsFor,
  businessFormComplete,
  businessFormOpen,
  businessToStored,
  buyGetSummary,
} from './business-form';
import { compileStored } from './tool';

const form: BusinessPromoForm = {
  name: 'Mask Week',
  id: 0,
  countries: [1],
  userTypes: [3],
  conditionItems: [],
  actionItems: ['1001'],
  discount: '15',
  buy: '1',
  get: '1',
  duration: { start: '2026-01-15', end: '2026-01-22' },
};

describe('business promo form', () => {
  it('opens the detailed form with name and type; complete with a country and a user type', () => {
    expect(businessFormOpen({ name: ' ', id: 0 })).toBe(false);
    expect(businessFormOpen({ name: 'A', id: null })).toBe(false);
    expect(businessFormComplete(form)).toBe(true);
    expect(businessFormComplete({ ...form, countries: [] })).toBe(false);
    expect(businessFormComplete({ ...form, userTypes: [] })).toBe(false);
  });

  it('refuses a buy X get Y count outside 1 to 99 under its field, and only for those types', () => {
    const bogo = { ...form, id: 7, buy: '', get: '100' };
    const issues = BusinessPromoInput.safeParse(bogo).error?.issues.map((i) => [i.path, i.message]);
    expect(issues).toEqual([
      [['buy'], BUY_GET_MESSAGE],
      [['get'], BUY_GET_MESSAGE],
    ]);
    expect(BusinessPromoInput.safeParse({ ...bogo, id: 0 }).success).toBe(true);
  });

  it('publishes a stored rule with its duration 12:00a to 11:59p Pacific', () => {
    const stored = businessToStored(form);
    expect(stored).toMatchObject({
      name: 'Mask Week',
      discountValue: { '1': 0.15 },
      startDate: '2026-01-15T08:00:00.000Z',
      endDate: '2026-01-23T07:59:00.000Z',
    });
    expect(compileStored(stored).errors).toEqual([]);
    expect(businessToStored({ ...form, id: 1, discount: '5' }).discountValue).toEqual({ '1': 500 });
  });

  it('shows only the fields a type reads', () => {
    expect(businessFieldsFor(7)).toEqual({
      conditionItems: true,
      actionItems: true,
      buyGet: true,
      discount: null,
    });
    expect(businessFieldsFor(8).discount).toEqual({ kind: 'percent', label: 'Discount (%)' });
    expect(businessFieldsFor(2).discount).toEqual({ kind: 'amount', label: 'Price ($)' });
    expect(businessFieldsFor(17)).toMatchObject({
      actionItems: false,
      discount: { label: 'Shipping rate ($)' },
    });
    expect(businessFieldsFor(3)).toMatchObject({ actionItems: false, buyGet: false });
    // Free types ask for no discount.
    for (const id of [7, 10, 11, 12, 13, 15, 16, 19, 22, 24])
      expect(businessFieldsFor(id).discount).toBeNull();
    // A hidden field is not published, whatever it held before the type changed.
    const free = businessToStored({
      ...form,
      id: 7,
      discount: '5',
      conditionItems: ['1147'],
      actionItems: ['1147'],
    });
    expect(free).not.toHaveProperty('discountValue');
    expect(businessToStored({ ...form, id: 16, actionItems: ['1001'] }).actionItems).toEqual([]);
  });

  it('buy X get Y: asks how many to buy and how many to get, and writes them', () => {
    const bogo = { ...form, id: 7, conditionItems: ['1147'], actionItems: ['1147'], discount: '' };
    expect(buyGetSummary(bogo)).toBe('Buy 1, get 1 more free.');
    expect(buyGetSummary({ ...bogo, id: 8, buy: '2', get: '1', discount: '50' })).toBe(
      'Buy 2, get 1 more at 50% off.',
    );
    expect(businessFormComplete({ ...bogo, buy: '0' })).toBe(false);
    expect(businessFormComplete({ ...bogo, get: 'x' })).toBe(false);
    expect(businessFormComplete({ ...bogo, get: '100' })).toBe(false);
    const stored = businessToStored({ ...bogo, buy: '2', get: '1' });
    expect(stored).toMatchObject({
      conditionQuantity: { min: 2, skip: true, combineConditionItems: true },
      actionQuantity: { max: 1, perConditionItem: 1 },
    });
    expect(compileStored(stored).errors).toEqual([]);
  });

  it('the published buy one get one on 1147 charges one unit in full and gives the second', () => {
    const { rule } = compileStored(
      businessToStored({ ...form, id: 7, conditionItems: ['1147'], actionItems: ['1147'], duration: null }),
    );
    if (!rule) throw new Error('the business rule does not compile');
    const live = { ...rule, active: true };
    expect(priceCart(cart([line('1147', 1, 2600)]), [live]).totals.subtotal).toBe(2600);
    expect(priceCart(cart([line('1147', 2, 2600)]), [live]).totals.subtotal).toBe(2600);
    expect(priceCart(cart([line('1147', 3, 2600)]), [live]).totals.subtotal).toBe(5200);
  });
});
