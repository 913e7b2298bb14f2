import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { exportCustomers } from './customer-search.service';

// GET /api/customers/export.csv: every account the search matches, not only the loaded page.

let t: TestApp;
let agent: SignedIn;
const EVIL = '=HYPERLINK("http://evil.example","Click")';

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  await insertAccount(t.database.db, { phoenixId: 310_000, firstName: EVIL, lastName: 'Sponsorly' });
  for (let i = 1; i <= 24; i++) {
    await insertAccount(t.database.db, {
      phoenixId: 310_000 + i,
      firstName: `Name${i}`,
      lastName: 'Exportson',
      sponsorId: 310_000,
    });
  }
  await insertAccount(t.database.db, { phoenixId: 310_025, firstName: EVIL, lastName: 'Exportson' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = agent.headers) =>
  t.app.inject({ method: 'GET', url, headers });
const parse = (body: string) =>
  Papa.parse<string[]>(body.replace(/^\uFEFF/, '').replace(/\r\n$/, ''), { delimiter: ',' }).data;

describe('customer search export', () => {
  it('exports every matching row, not only the first page, formula-safe', async () => {
    const page = (await get('/api/customers?q=Exportson')).json();
    expect(page.data).toHaveLength(20);
    expect(page.hasMore).toBe(true);

    const res = await get('/api/customers/export.csv?q=Exportson');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="customers\.csv"/);
    expect(res.body.startsWith('\uFEFFAccount number,First name,Last name,')).toBe(true);
    const [header, ...rows] = parse(res.body);
    expect(header).toEqual([
      'Account number',
      'First name',
      'Last name',
      'Email',
      'Type',
      'Country',
      'Status',
      'Membership status',
      'Sponsor number',
      'Sponsor',
    ]);
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((r) => r[0]))).toEqual(
      new Set(Array.from({ length: 25 }, (_, i) => String(310_001 + i))),
    );
    // A customer or a sponsor named like a formula is text in the file.
    expect(rows.find((r) => r[0] === '310025')![1]).toBe(`'${EVIL}`);
    expect(rows.find((r) => r[0] === '310001')![9]).toBe(`'${EVIL} Sponsorly`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('exports only the account type the search is filtered by', async () => {
    await insertAccount(t.database.db, {
      phoenixId: 310_100,
      firstName: 'Member',
      lastName: 'Typeson',
      userType: 2,
    });
    await insertAccount(t.database.db, {
      phoenixId: 310_101,
      firstName: 'Client',
      lastName: 'Typeson',
      userType: 3,
    });
    const all = parse((await get('/api/customers/export.csv?q=Typeson')).body).slice(1);
    expect(all.map((r) => r[0]).sort()).toEqual(['310100', '310101']);
    const res = await get('/api/customers/export.csv?q=Typeson&accountType=2');
    expect(res.statusCode).toBe(200);
    expect(
      parse(res.body)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['310100']);
    expect((await get('/api/customers/export.csv?q=Typeson&accountType=nobody')).statusCode).toBe(400);
  });

  it('stops at the cap and says so in the last line', async () => {
    const ctx = { db: t.database.db } as AppContext;
    let body = '';
    for await (const chunk of await exportCustomers(ctx, 'Exportson', { max: 10 })) body += chunk;
    const rows = parse(body);
    expect(rows).toHaveLength(1 + 10 + 1);
    expect(rows.at(-1)![0]).toMatch(/^Only the first 10 matching rows are in this file/);
    body = '';
    for await (const chunk of await exportCustomers(ctx, 'Exportson', { max: 25 })) body += chunk;
    expect(parse(body)).toHaveLength(1 + 25);
  });

  it('exports an account number search as its one row', async () => {
    const rows = parse((await get('/api/customers/export.csv?q=310007')).body);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['310007']);
  });

  it('needs a query and a session, and is read by every role', async () => {
    const empty = await get('/api/customers/export.csv?q=%20');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/Enter a name, email or account number/);
    expect((await get('/api/customers/export.csv?q=Exportson', {})).statusCode).toBe(401);
    const fraud = await t.signIn('fraudAgent');
    expect((await get('/api/customers/export.csv?q=Exportson', fraud.headers)).statusCode).toBe(200);
  });
});
