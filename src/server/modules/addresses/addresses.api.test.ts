import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, shippingAddresses } from '../../db/schema';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
let agent: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const US = {
  firstName: 'Jane',
  lastName: "O'Neil",
  companyName: '',
  address: '1200 Barton Springs Rd',
  address2: 'Apt 4',
  city: 'Austin',
  region: 'TX',
  postalCode: '78704',
  countryId: 1,
  telephone: '(512) 555-0134',
};
const CA = { ...US, city: 'Ottawa', region: 'ON', postalCode: 'k1a0b1', countryId: 2, telephone: '' };

const url = (uid: string, rest = '') => `/api/cs/customer/${uid}/addresses${rest}`;
const add = (uid: string, payload: object, headers = agent.headers) =>
  t.app.inject({ method: 'POST', url: url(uid), payload, headers });
const rowsOf = (uid: string) =>
  t.database.db.select().from(shippingAddresses).where(eq(shippingAddresses.accountUid, uid));
const eventsOf = (uid: string) =>
  t.database.db
    .select()
    .from(changeEvents)
    .where(and(eq(changeEvents.entityId, uid), eq(changeEvents.collection, 'account-log')));

describe('addresses: add and list', () => {
  it('adds a US address, phone saved without punctuation, first one default, audited', async () => {
    const account = await insertAccount(t.database.db);
    const res = await add(account.uid, US);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Successfully submitted',
      data: { telephone: '5125550134', country: 'US', isDefaultShipping: true, companyName: null },
    });
    const events = await eventsOf(account.uid);
    expect(events.map((e) => e.action)).toEqual(['address.add']);
    expect(events[0]!.changedBy).toBe(agent.email);
    const list = await t.app.inject({ method: 'GET', url: url(account.uid), headers: agent.headers });
    expect(list.json().data).toHaveLength(1);
  });

  it('adds a Canadian address with its postal pattern, stored as A1A 1A1', async () => {
    const account = await insertAccount(t.database.db, { countryId: 2 });
    const res = await add(account.uid, CA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ postalCode: 'K1A 0B1', country: 'CA', telephone: null });
  });

  it('accepts a US zip+4', async () => {
    const account = await insertAccount(t.database.db);
    expect((await add(account.uid, { ...US, postalCode: '78704-1234' })).statusCode).toBe(200);
  });

  const refusals: [string, object, string, string][] = [
    ['a US zip of 4 digits', { postalCode: '7870' }, 'postalCode', 'Must be a valid US zip code'],
    ['a Canadian code in the US', { postalCode: 'K1A 0B1' }, 'postalCode', 'Must be a valid US zip code'],
    [
      'a US zip in Canada',
      { countryId: 2, region: 'ON', postalCode: '78704' },
      'postalCode',
      'Must be a valid CA zip code',
    ],
    ['no first name', { firstName: '' }, 'firstName', 'First Name is required'],
    ['no last name', { lastName: ' ' }, 'lastName', 'Last Name is required'],
    ['no city', { city: '' }, 'city', 'City is required'],
    ['no state', { region: '' }, 'region', 'State is required'],
    ['no province', { countryId: 2, region: '', postalCode: 'K1A 0B1' }, 'region', 'Province is required'],
    ['a province in the US', { region: 'ON' }, 'region', 'Must be a valid state'],
    [
      'an empty zip in Canada',
      { countryId: 2, region: 'ON', postalCode: '' },
      'postalCode',
      'Postal Code is required',
    ],
    ['a bad phone', { telephone: '555-0134' }, 'telephone', 'Must be a valid telephone number'],
    [
      'a 36-character name',
      { firstName: 'x'.repeat(36) },
      'firstName',
      'First Name can not exceed 35 characters',
    ],
    [
      'a 36-character address',
      { address: `1 ${'x'.repeat(34)}` },
      'address',
      'Address can not exceed 35 characters',
    ],
    [
      'a 31-character second line',
      { address2: 'x'.repeat(31) },
      'address2',
      'Address must not be over 30 characters',
    ],
    ['an address of symbols', { address: '@@@' }, 'address', 'Must be a valid address'],
    ['an unknown country', { countryId: 3 }, 'countryId', 'Country is required'],
  ];
  for (const [what, change, path, message] of refusals) {
    it(`refuses ${what} with 400 and writes nothing`, async () => {
      const account = await insertAccount(t.database.db);
      const res = await add(account.uid, { ...US, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual({ path: `body.${path}`, message });
      expect(await rowsOf(account.uid)).toHaveLength(0);
      expect(await eventsOf(account.uid)).toHaveLength(0);
    });
  }

  // The ZIP/postal code against the state or province, as verification checks it.
  const disagreements: [string, object, string][] = [
    ['a New York ZIP in Texas', { postalCode: '10001' }, 'Zip Code 10001 is in New York, not Texas.'],
    [
      'a ZIP+4 of another state',
      { postalCode: '10001-1234' },
      'Zip Code 10001-1234 is in New York, not Texas.',
    ],
    ['a ZIP the dataset does not know', { postalCode: '00000' }, 'Zip Code 00000 was not found.'],
    [
      'a Quebec postal code in Ontario',
      { countryId: 2, region: 'ON', postalCode: 'h2x1y4' },
      'Postal Code H2X 1Y4 is in Quebec, not Ontario.',
    ],
  ];
  for (const [what, change, message] of disagreements) {
    it(`refuses ${what} on the postal code field, and writes nothing`, async () => {
      const account = await insertAccount(t.database.db);
      const res = await add(account.uid, { ...US, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message, issues: [{ path: 'body.postalCode', message }] });
      expect(await rowsOf(account.uid)).toHaveLength(0);
      expect(await eventsOf(account.uid)).toHaveLength(0);
    });
  }

  it('accepts a code of the chosen province (Montréal, QC H2X 1Y4)', async () => {
    const account = await insertAccount(t.database.db, { countryId: 2 });
    const res = await add(account.uid, { ...CA, city: 'Montréal', region: 'QC', postalCode: 'H2X 1Y4' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for an unknown account and 400 for a malformed id', async () => {
    expect((await add('NOSUCHACCOUNT000000000000000', US)).statusCode).toBe(404);
    expect((await add('bad id!', US)).statusCode).toBe(400);
  });
});

describe('addresses: edit, delete, default', () => {
  it('edits an address, audited with before and after', async () => {
    const account = await insertAccount(t.database.db);
    const id = (await add(account.uid, US)).json().data.id;
    const res = await t.app.inject({
      method: 'PUT',
      url: url(account.uid, `/${id}`),
      payload: { ...US, city: 'Round Rock', postalCode: '78664' },
      headers: agent.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      city: 'Round Rock',
      postalCode: '78664',
      isDefaultShipping: true,
    });
    const events = await eventsOf(account.uid);
    expect(events.map((e) => e.action)).toEqual(['address.add', 'address.update']);
    expect(JSON.stringify(events[1]!.differences)).toContain('Round Rock');
  });

  it('refuses a bad edit with 400 and leaves the address as it was', async () => {
    const account = await insertAccount(t.database.db);
    const id = (await add(account.uid, US)).json().data.id;
    const res = await t.app.inject({
      method: 'PUT',
      url: url(account.uid, `/${id}`),
      payload: { ...US, postalCode: 'ABCDE' },
      headers: agent.headers,
    });
    expect(res.statusCode).toBe(400);
    expect((await rowsOf(account.uid))[0]!.postalCode).toBe('78704');
  });

  it('refuses an edit to a ZIP of another state and leaves the address as it was', async () => {
    const account = await insertAccount(t.database.db);
    const id = (await add(account.uid, US)).json().data.id;
    const res = await t.app.inject({
      method: 'PUT',
      url: url(account.uid, `/${id}`),
      payload: { ...US, postalCode: '10001' },
      headers: agent.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'body.postalCode', message: 'Zip Code 10001 is in New York, not Texas.' },
    ]);
    expect((await rowsOf(account.uid))[0]!.postalCode).toBe('78704');
    expect((await eventsOf(account.uid)).map((e) => e.action)).toEqual(['address.add']);
  });

  it("answers 404 for another account's address id, and changes nothing there", async () => {
    const owner = await insertAccount(t.database.db);
    const other = await insertAccount(t.database.db);
    const id = (await add(owner.uid, US)).json().data.id;
    for (const [method, rest, payload] of [
      ['PUT', `/${id}`, { ...US, city: 'Elsewhere' }],
      ['DELETE', `/${id}`, undefined],
      ['POST', `/${id}/default`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url: url(other.uid, rest), payload, headers: agent.headers });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await rowsOf(owner.uid))[0]!.city).toBe('Austin');
    expect(await eventsOf(other.uid)).toHaveLength(0);
  });

  it('keeps exactly one default: making another default moves it in one change', async () => {
    const account = await insertAccount(t.database.db);
    const first = (await add(account.uid, US)).json().data.id;
    const second = (await add(account.uid, { ...US, address: '9 Elm St' })).json().data.id;
    expect((await add(account.uid, { ...US, address: '10 Oak St' })).json().data.isDefaultShipping).toBe(
      false,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: url(account.uid, `/${second}/default`),
      headers: agent.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(account.uid);
    expect(rows.filter((r) => r.isDefaultShipping).map((r) => r.id)).toEqual([second]);
    const list = await t.app.inject({ method: 'GET', url: url(account.uid), headers: agent.headers });
    expect(list.json().data[0].id).toBe(second);
    const events = await eventsOf(account.uid);
    expect(events.at(-1)!.action).toBe('address.default');
    expect(JSON.stringify(events.at(-1)!.differences)).toContain(String(first));
  });

  it('keeps one default when default moves race each other', async () => {
    const account = await insertAccount(t.database.db);
    const ids: number[] = [];
    for (const street of ['1 A St', '2 B St', '3 C St', '4 D St'])
      ids.push((await add(account.uid, { ...US, address: street })).json().data.id);
    const results = await Promise.all(
      [...ids, ...ids].map((id) =>
        t.app.inject({ method: 'POST', url: url(account.uid, `/${id}/default`), headers: agent.headers }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect((await rowsOf(account.uid)).filter((r) => r.isDefaultShipping)).toHaveLength(1);
  });

  it('deleting the default hands the default to another address; deleting is audited', async () => {
    const account = await insertAccount(t.database.db);
    const first = (await add(account.uid, US)).json().data.id;
    const second = (await add(account.uid, { ...US, address: '9 Elm St' })).json().data.id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: url(account.uid, `/${first}`),
      headers: agent.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Successfully submitted' });
    const rows = await rowsOf(account.uid);
    expect(rows.map((r) => [r.id, r.isDefaultShipping])).toEqual([[second, true]]);
    expect((await eventsOf(account.uid)).at(-1)!.action).toBe('address.delete');
    const again = await t.app.inject({
      method: 'DELETE',
      url: url(account.uid, `/${first}`),
      headers: agent.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses address ids that are not plain whole numbers', async () => {
    const account = await insertAccount(t.database.db);
    for (const id of ['0x1', '1.0', '-1', 'abc']) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: url(account.uid, `/${id}`),
        headers: agent.headers,
      });
      expect(res.statusCode, id).toBe(400);
    }
  });
});

describe('addresses: permissions', () => {
  it('declares records.read for the list and records.edit for every change', () => {
    const actions = t.app.routeActions.filter((r) => r.url.startsWith('/api/cs/customer/:uid/addresses'));
    expect(actions.map((r) => `${r.method} ${r.action}`).sort()).toEqual(
      [
        'DELETE records.edit',
        'GET records.read',
        'POST records.edit',
        'POST records.edit',
        'PUT records.edit',
      ].sort(),
    );
  });
  it('refuses callers without a session (401) and cookie writes without the CSRF header', async () => {
    const account = await insertAccount(t.database.db);
    expect((await t.app.inject({ method: 'GET', url: url(account.uid) })).statusCode).toBe(401);
    const res = await add(account.uid, US, { cookie: agent.headers.cookie! });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(account.uid)).toHaveLength(0);
  });
});
