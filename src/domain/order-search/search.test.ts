import { describe, expect, it } from 'vitest';
import {
  criteriaOf,
  DEFAULT_ORDER_SORT,
  emptyOrderSearch,
  ORDER_SEARCH_DIRECTIONS,
  ORDER_SEARCH_MESSAGES,
  ORDER_SEARCH_SORTS,
  sortFromParams,
  sortParams,
  valuesFromParams,
  withField,
} from './search';
import { OrderSearchQuery, orderSearchErrors, planOrderSearch, sortOf } from './search-contract';

const parse = (q: Record<string, string>) => OrderSearchQuery.parse(q);

describe('order search criteria', () => {
  it('a unique value is the whole search; the other criteria are dropped', () => {
    expect(planOrderSearch(parse({ uid: 'ABC123', lastName: 'Silva', orderType: '2' }))).toEqual({
      kind: 'uid',
      uid: 'ABC123',
    });
    expect(planOrderSearch(parse({ phoenixId: 'M42', country: '2' }))).toEqual({
      kind: 'phoenixId',
      phoenixId: 42,
    });
    expect(planOrderSearch(parse({ email: 'Ana@Example.com', dateFrom: '2026-01-01' }))).toEqual({
      kind: 'email',
      email: 'ana@example.com',
    });
  });

  it('filters combine, names lowercased, order numbers without their prefix', () => {
    expect(
      planOrderSearch(
        parse({
          firstName: ' Ana ',
          lastName: 'SILVA',
          orderType: '11',
          orderId: 'X1234567',
          phoenixOrderId: '123456789',
          country: '2',
          dateFrom: '2026-01-01',
          dateTo: '2026-01-31',
        }),
      ),
    ).toEqual({
      kind: 'filters',
      firstName: 'ana',
      lastName: 'silva',
      orderType: 11,
      orderId: 1_234_567,
      phoenixOrderId: 123_456_789,
      countryId: 2,
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31',
    });
  });

  it('the Phoenix order number needs exactly 9 digits', () => {
    for (const bad of ['12345678', '1234567890', 'F123456789', '12345678a'])
      expect(orderSearchErrors({ ...emptyOrderSearch(), phoenixOrderId: bad })).toEqual({
        phoenixOrderId: ORDER_SEARCH_MESSAGES.phoenixOrderId,
      });
    expect(orderSearchErrors({ ...emptyOrderSearch(), phoenixOrderId: '123456789' })).toEqual({});
  });

  it('reports each field of the form with the server’s message', () => {
    const errors = orderSearchErrors({
      ...emptyOrderSearch(),
      orderId: 'M1',
      dateFrom: '2026-13-01',
      orderType: '99',
    });
    expect(errors).toEqual({
      orderId: ORDER_SEARCH_MESSAGES.orderId,
      dateFrom: ORDER_SEARCH_MESSAGES.date,
      orderType: ORDER_SEARCH_MESSAGES.orderType,
    });
    expect(
      orderSearchErrors({ ...emptyOrderSearch(), dateFrom: '2026-02-02', dateTo: '2026-02-01' }),
    ).toEqual({ dateTo: ORDER_SEARCH_MESSAGES.dateOrder });
  });

  it('typing a unique value resets every other field, and a filter clears the unique values', () => {
    let v = { ...emptyOrderSearch(), lastName: 'Silva', country: '2', email: '' };
    v = withField(v, 'email', 'ana@example.com');
    expect(criteriaOf(v)).toEqual([['email', 'ana@example.com']]);
    v = withField(v, 'uid', 'ABC');
    expect(criteriaOf(v)).toEqual([['uid', 'ABC']]);
    v = withField(v, 'firstName', 'Ana');
    expect(criteriaOf(v)).toEqual([['firstName', 'Ana']]);
    // Clearing a field changes nothing else.
    expect(criteriaOf(withField(v, 'uid', ''))).toEqual([['firstName', 'Ana']]);
  });

  it('reads and writes the URL', () => {
    const v = valuesFromParams(new URLSearchParams('lastName=Silva&orderType=2&other=x&page=3'));
    expect(criteriaOf(v)).toEqual([
      ['lastName', 'Silva'],
      ['orderType', '2'],
    ]);
  });
});

describe('the sort in the URL', () => {
  it('keeps every sort and direction through the URL, and the default as nothing', () => {
    for (const sort of ORDER_SEARCH_SORTS)
      for (const direction of ORDER_SEARCH_DIRECTIONS) {
        const params = new URLSearchParams(sortParams(sort, direction));
        expect(sortFromParams(params)).toEqual({ sort, direction });
      }
    expect(sortParams('date', 'desc')).toEqual([]);
    expect(sortParams('total', 'desc')).toEqual([['sort', 'total']]);
    expect(sortParams('customer', 'desc')).toEqual([
      ['sort', 'customer'],
      ['direction', 'desc'],
    ]);
  });

  it('reads an unknown sort as the default and an unknown direction as the sort’s first', () => {
    expect(sortFromParams(new URLSearchParams('sort=price&direction=asc'))).toEqual(DEFAULT_ORDER_SORT);
    expect(sortFromParams(new URLSearchParams('sort=customer&direction=up'))).toEqual({
      sort: 'customer',
      direction: 'asc',
    });
    expect(sortOf({ sort: undefined, direction: 'asc' })).toEqual({ sort: 'date', direction: 'asc' });
    expect(sortOf({ sort: 'total', direction: undefined })).toEqual({ sort: 'total', direction: 'desc' });
  });
});
