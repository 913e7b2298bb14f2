import {
  ORDER_SEARCH_DIRECTIONS,
  ORDER_SEARCH_MESSAGES,
  ORDER_SEARCH_SORTS,
  type OrderSearchDirection,
  type OrderSearchSort,
} from '@domain/order-search/search';
import type { OrderSearchQuery } from '@domain/order-search/search-contract';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { exportOrders } from './order-search.service';

// The order search sorted by date, total or customer, either direction: every page of the list
// and the export walk the same order, each row once, ties broken by date.

let t: TestApp;
let agent: SignedIn;
const LAST_NAMES = ['Sortcc', 'sortaa', 'Sortbb'];

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  const db = t.database.db;
  for (const [k, lastName] of LAST_NAMES.entries()) {
    const who = await insertAccount(db, { phoenixId: 730_001 + k, firstName: 'Sam', lastName });
    for (let i = 0; i < 7; i++) {
      // Repeated totals and repeated times: the sort's tie-breaks decide, on every page.
      await insertOrder(db, who.uid, {
        customerFirstName: 'Sam',
        customerLastName: lastName,
        dateCreatedUtc: new Date(Date.UTC(2026, 1, 1 + ((i * 3 + k) % 5), 9, 30)),
        grandTotalCents: [2500, -400, 2500, 0, 99_999, 2500, 1][i],
      });
    }
  }
});
afterAll(() => t.close());

interface Row {
  orderNumber: string;
  dateCreatedUtc: string;
  grandTotalCents: number;
  customer: { lastName: string };
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: agent.headers });

async function allPages(query: string, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; page < 50; page++) {
    const res = await get(`/api/cs/orders/?lastName=sort&${query}&limit=${limit}&page=${page}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    rows.push(...data.processedOrders);
    if (!data.hasMore) return rows;
  }
  throw new Error('the search never ended');
}

const csvOrders = (body: string) =>
  Papa.parse<string[]>(body.replace(/^\uFEFF/, '').replace(/\r\n$/, ''), { delimiter: ',' })
    .data.slice(1)
    .map((r) => r[0]);

const keyOf = (sort: OrderSearchSort, r: Row): number | string =>
  sort === 'total' ? r.grandTotalCents : sort === 'customer' ? r.customer.lastName.toLowerCase() : 0;

/** -1, 0 or 1 as a comes before, with or after b in the sort's direction (ids aside). */
function compare(sort: OrderSearchSort, direction: OrderSearchDirection, a: Row, b: Row): number {
  const sign = direction === 'asc' ? 1 : -1;
  const [ka, kb] = [keyOf(sort, a), keyOf(sort, b)];
  if (ka !== kb) return sign * (ka < kb ? -1 : 1);
  const [da, db] = [Date.parse(a.dateCreatedUtc), Date.parse(b.dateCreatedUtc)];
  return da === db ? 0 : sign * (da < db ? -1 : 1);
}

describe('order search sorting', () => {
  it('lists every order once, in the asked order, whatever the page size', async () => {
    for (const sort of ORDER_SEARCH_SORTS) {
      for (const direction of ORDER_SEARCH_DIRECTIONS) {
        const whole = await allPages(`sort=${sort}&direction=${direction}`, 100);
        expect(whole).toHaveLength(21);
        for (const [i, row] of whole.entries())
          if (i > 0)
            expect(compare(sort, direction, whole[i - 1]!, row), `${sort} ${direction}`).toBeLessThan(1);
        for (const limit of [1, 4, 7]) {
          const paged = await allPages(`sort=${sort}&direction=${direction}`, limit);
          expect(
            paged.map((r) => r.orderNumber),
            `${sort} ${direction} by ${limit}`,
          ).toEqual(whole.map((r) => r.orderNumber));
        }
      }
    }
  });

  it('sorts newest first by default, the largest total first, and names A to Z', async () => {
    const byDefault = await allPages('', 100);
    expect(byDefault).toEqual(await allPages('sort=date&direction=desc', 100));
    const totals = (await allPages('sort=total', 100)).map((r) => r.grandTotalCents);
    expect(totals[0]).toBe(99_999);
    expect(totals.at(-1)).toBe(-400);
    const names = (await allPages('sort=customer', 100)).map((r) => r.customer.lastName);
    expect([...new Set(names)]).toEqual(['sortaa', 'Sortbb', 'Sortcc']);
  });

  it('exports in the same order as the list, walking the whole search a few rows a read', async () => {
    const ctx = { db: t.database.db } as AppContext;
    for (const sort of ORDER_SEARCH_SORTS) {
      for (const direction of ORDER_SEARCH_DIRECTIONS) {
        const listed = (await allPages(`sort=${sort}&direction=${direction}`, 100)).map((r) => r.orderNumber);
        const res = await get(`/api/cs/orders/export.csv?lastName=sort&sort=${sort}&direction=${direction}`);
        expect(res.statusCode).toBe(200);
        expect(csvOrders(res.body), `${sort} ${direction}`).toEqual(listed);
        const query = { lastName: 'sort', page: 1, limit: 20, sort, direction } as OrderSearchQuery;
        let text = '';
        for await (const chunk of exportOrders(ctx, query, { pageSize: 2 })) text += chunk;
        expect(csvOrders(text), `${sort} ${direction} by 2`).toEqual(listed);
      }
    }
  });

  it('refuses an unknown sort or direction with a clear 400', async () => {
    const cases: [string, string][] = [
      ['sort=price', ORDER_SEARCH_MESSAGES.sort],
      ['sort=TOTAL', ORDER_SEARCH_MESSAGES.sort],
      ['sort=total&direction=up', ORDER_SEARCH_MESSAGES.direction],
      ['direction=DESC', ORDER_SEARCH_MESSAGES.direction],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/cs/orders/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, code: 'BAD_REQUEST', error: message });
    }
    // A blank sort is the default order, as a blank criterion is none.
    expect((await allPages('sort=&direction=', 100)).map((r) => r.orderNumber)).toEqual(
      (await allPages('', 100)).map((r) => r.orderNumber),
    );
  });
});
