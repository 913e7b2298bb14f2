import { describe, expect, it } from 'vitest';
import { periodsCall } from '../incentives/first-calls';
import { PERIODS_QUERY } from '../incentives/queries';
import { ORDER_SEARCH_PAGE_SIZE } from '../order-search/search';
import {
  matchScreen,
  ORDER_SEARCH_FIRST_PAGE,
  PERIODS_QUERY_TEXT,
  SCREEN_STARTS,
  screenStartsAt,
} from './screen-starts';

const startsAt = (url: string) => {
  const u = new URL(url, 'http://x');
  return screenStartsAt(u.pathname, u.searchParams);
};
/** The chunks and first GET calls at a URL. */
const at = (url: string) => startsAt(url).map(({ chunk, calls }) => ({ chunk, calls }));

describe('screen starts', () => {
  it('asks ahead for the same first page of orders the search screen asks for', () => {
    expect(ORDER_SEARCH_FIRST_PAGE).toBe(ORDER_SEARCH_PAGE_SIZE);
    expect(at('/orders')).toEqual([
      { chunk: 'order-search-page', calls: [`/api/cs/orders/?page=1&limit=${ORDER_SEARCH_PAGE_SIZE}`] },
    ]);
    // With criteria in the URL the screen searches for them itself.
    expect(at('/orders?lastName=Lee')).toEqual([{ chunk: 'order-search-page', calls: [] }]);
  });

  it('a tab starts with its layout, parameters decoded and encoded again', () => {
    expect(at('/customers/a%2Fb%20c/dashboard')).toEqual([
      { chunk: 'customer-layout', calls: ['/api/customers/a%2Fb%20c/summary'] },
      {
        chunk: 'customer-dashboard-page',
        calls: [
          '/api/customers/a%2Fb%20c/dashboard',
          '/api/checkout/account/a%2Fb%20c',
          '/api/customers/a%2Fb%20c/downline?tree=sponsor&depth=2',
        ],
      },
    ]);
    expect(at('/customers/abc/address').map((s) => s.chunk)).toEqual(['customer-layout']);
  });

  it("the checkout's cart names the calls that follow it: the customer's account and recent orders, the catalog's first page", () => {
    const followUps = SCREEN_STARTS.checkout.followUps;
    const cart = { success: true, data: { uid: 'a/b', localeCode: 'fr-CA', typeId: 3, countryId: 2 } };
    expect(followUps([cart])).toEqual([
      ['/api/checkout/account/a%2Fb'],
      ['POST', '/api/customerCards/a%2Fb', { country: 2 }],
      ['/api/customers/a%2Fb/recentOrders'],
      ['/api/catalog/categories', { localeCode: 'fr-CA' }],
      [
        '/api/catalog/products',
        { localeCode: 'fr-CA', q: '', sort: 'recommended', enrollment: false, limit: 24, userType: 3 },
      ],
    ]);
    // A failed cart call, a cart without a customer, or something else: nothing follows.
    for (const answer of [undefined, { data: { uid: null, localeCode: 'en-US' } }, { data: 'x' }, null])
      expect(followUps([answer])).toEqual([]);
  });

  it('the customer detail asks for the comments with the account, and for the type history when the account has one', () => {
    expect(at('/customers/a%2Fb/detail')[1]).toEqual({
      chunk: 'customer-detail-page',
      calls: ['/api/cs/customer/a%2Fb', '/api/cs/customer/a%2Fb/comments'],
    });
    const followUps = SCREEN_STARTS.customerDetail.followUps;
    expect(followUps([{ data: { uid: 'a/b', hasAccountTypeHistory: true } }, undefined])).toEqual([
      ['/api/cs/account/accountTypeHistory/a%2Fb'],
    ]);
    for (const answer of [{ data: { uid: 'a/b', hasAccountTypeHistory: false } }, undefined, { data: {} }])
      expect(followUps([answer, undefined])).toEqual([]);
  });

  it('the payouts screen names its chunk for the page; its reads are POSTs, which only the router starts', () => {
    expect(at('/incentives/enrollers?period=3')).toEqual([{ chunk: 'enroller-payouts-page', calls: [] }]);
    expect(SCREEN_STARTS.payouts.posts()).toEqual([periodsCall()]);
    expect(PERIODS_QUERY_TEXT).toBe(PERIODS_QUERY);
  });

  it('the promo editor’s URLs, with or without a rule’s name, start as the promo tool does', () => {
    const tool = at('/promos/tool');
    expect(tool).toEqual([
      { chunk: 'promo-tool-page', calls: ['/api/cs/promos/tags', '/api/cs/promo/rules?prod=true'] },
    ]);
    expect(at('/promos/editor')).toEqual(tool);
    expect(at(`/promos/editor/${encodeURIComponent('Spring 25% Off')}`)).toEqual(tool);
    expect(at('/promos/editor/a/b')).toEqual([]);
  });

  it('matches whole segments only', () => {
    expect(at('/')).toEqual([{ chunk: 'dashboard-page', calls: ['/api/dashboard'] }]);
    expect(at('/en-US/checkout/C1')).toEqual([{ chunk: 'checkout-page', calls: ['/api/carts/C1'] }]);
    for (const url of ['/orders/1/info/more', '/orders/1', '/promos/toolbox', '/customer/1/detail', '/login'])
      expect(
        at(url).filter((s) => s.chunk !== 'customer-layout'),
        url,
      ).toEqual([]);
    expect(matchScreen(SCREEN_STARTS.orderInfo, '/orders/%E0%A4%A/info')).toBeNull();
  });

  it("at a URL, a screen's reads sent as a POST and the calls that follow from its answers, for the page (ADR 051)", async () => {
    const [payouts] = startsAt('/incentives/enrollers?period=3');
    expect(payouts!.posts).toEqual([periodsCall()]);
    const periods = { data: { periods: [{ periodId: 3, startDate: '2026-11-01', endDate: '2026-11-30' }] } };
    const next = await payouts!.followUps!([periods]);
    expect(next).toHaveLength(2);
    expect(next.every((call) => call[0] === 'POST')).toBe(true);
    expect(JSON.stringify(next)).toContain('2026-11-30');
    const [checkout] = startsAt('/en-US/checkout/C1');
    expect(checkout!.posts).toEqual([]);
    expect(await checkout!.followUps!([undefined])).toEqual([]);
    expect(startsAt('/orders')[0]!.followUps).toBeUndefined();
  });
});
