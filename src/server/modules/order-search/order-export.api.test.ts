import type { OrderSearchQuery } from '@domain/order-search/search-contract';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { exportOrders } from './order-search.service';

// GET /api/cs/orders/export.csv: every order the search matches, not only the loaded page.

let t: TestApp;
let agent: SignedIn;
const EVIL = '=HYPERLINK("http://evil.example","Click")';
const orderIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  const db = t.database.db;
  const who = await insertAccount(db, { phoenixId: 720_001, firstName: 'Ola', lastName: 'Exportova' });
  for (let i = 0; i < 24; i++) {
    // Groups of three orders share a creation time: the export must neither skip nor repeat them.
    const o = await insertOrder(db, who.uid, {
      customerFirstName: i === 5 ? EVIL : 'Ola',
      customerLastName: 'Exportova',
      dateCreatedUtc: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 3), 12, 0, 0, 123)),
      grandTotalCents: i === 0 ? -1250 : 1000 + i,
    });
    orderIds.push(o.orderId);
  }
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = agent.headers) =>
  t.app.inject({ method: 'GET', url, headers });
const parse = (body: string) =>
  Papa.parse<string[]>(body.replace(/^\uFEFF/, '').replace(/\r\n$/, ''), { delimiter: ',' }).data;
const text = async (lines: AsyncGenerator<string>) => {
  let out = '';
  for await (const chunk of lines) out += chunk;
  return out;
};

describe('order search export', () => {
  it('exports every matching order, newest first, formula-safe, money as decimals', async () => {
    const page = (await get('/api/cs/orders/?lastName=exportova')).json().data;
    expect(page.processedOrders.length).toBeLessThan(24);

    const res = await get('/api/cs/orders/export.csv?lastName=exportova');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="orders\.csv"/);
    expect(res.body.startsWith('\uFEFFOrder,Phoenix order,Status,')).toBe(true);
    const [header, ...rows] = parse(res.body);
    expect(header![10]).toBe('Total');
    expect(rows).toHaveLength(24);
    expect(rows.map((r) => Number(r[0]!.slice(1))).sort()).toEqual([...orderIds].sort());
    const evil = rows.filter((r) => r[5] !== 'Ola');
    expect(evil.map((r) => r[5])).toEqual([`'${EVIL}`]);
    expect(rows.at(-1)![10]).toBe('-12.50');
  });

  it('walks the search page after page without skipping or repeating, and says when it stops at the cap', async () => {
    const ctx = { db: t.database.db } as AppContext;
    const query = { lastName: 'exportova', page: 1, limit: 20 } as OrderSearchQuery;
    const all = parse(await text(exportOrders(ctx, query, { pageSize: 2 }))).slice(1);
    expect(all).toHaveLength(24);
    expect(new Set(all.map((r) => r[0])).size).toBe(24);
    const capped = parse(await text(exportOrders(ctx, query, { max: 10, pageSize: 4 })));
    expect(capped).toHaveLength(1 + 10 + 1);
    expect(capped.at(-1)![0]).toMatch(/^Only the first 10 matching rows are in this file/);
    const exact = parse(await text(exportOrders(ctx, query, { max: 24, pageSize: 5 })));
    expect(exact).toHaveLength(1 + 24);
  });

  it('answers bad criteria with a clear 400 and needs a session', async () => {
    const bad = await get('/api/cs/orders/export.csv?orderType=abc');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).not.toMatch(/select|from orders/i);
    expect((await get('/api/cs/orders/export.csv?lastName=exportova', {})).statusCode).toBe(401);
  });
});
