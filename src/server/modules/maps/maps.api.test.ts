import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingAddresses } from '../../db/schema';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// Address autocomplete's sources (DESIGN §2, ADR 029) and the ZIP/postal code lookup of the
// address form's check.

let t: TestApp;
let agent: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const get = (url: string, headers = agent.headers) => t.app.inject({ method: 'GET', url, headers });

interface Record {
  Address: {
    Address: string;
    DeliveryAddress: string;
    Locality: string;
    AdministrativeArea: string;
    PostalCode: string;
    ISO3166_2: string;
  };
  Source: 'saved' | 'onFile' | 'place';
}
async function suggest(query: string): Promise<Record[]> {
  const res = await get(`/api/address/autocomplete?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().Results;
}

async function addressOn(
  uid: string,
  a: Partial<typeof shippingAddresses.$inferInsert> & { address: string },
) {
  await t.database.db.insert(shippingAddresses).values({
    accountUid: uid,
    firstName: 'Marisol',
    lastName: 'Quintanilla',
    companyName: 'Quintanilla Imports',
    address2: 'Unit 7',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
    countryId: 1,
    telephone: '5125550199',
    ...a,
  });
}

describe('GET /api/address/postal-code (the form’s ZIP/state check)', () => {
  it('answers the region of a US ZIP, a Canadian code’s area, and null for an unknown code', async () => {
    expect((await get('/api/address/postal-code?code=10001&country=US')).json()).toEqual({
      success: true,
      data: { postalCode: '10001', region: 'NY' },
    });
    expect((await get('/api/address/postal-code?code=H2X%201Y4&country=CA')).json().data).toEqual({
      postalCode: 'H2X',
      region: 'QC',
    });
    expect((await get('/api/address/postal-code?code=00000&country=US')).json().data).toBeNull();
    expect((await get('/api/address/postal-code?code=&country=US')).statusCode).toBe(400);
  });
});

describe('autocomplete: a Canadian place fills neither a partial code’s city nor a neighbourhood', () => {
  it('answers the forward sortation area with no city; the area stays in the label', async () => {
    const [first] = await suggest('ff=H2X&country=CA');
    expect(first).toMatchObject({
      Source: 'place',
      Address: { Locality: '', AdministrativeArea: 'QC', PostalCode: 'H2X', ISO3166_2: 'CA' },
    });
    expect(first!.Address.Address).toMatch(/^Plateau Mont-Royal Southeast, QC H2X$/);
  });
  it('a US place still fills its city', async () => {
    const [first] = await suggest('ff=10001&country=US');
    expect(first!.Address).toMatchObject({
      Locality: 'New York',
      AdministrativeArea: 'NY',
      PostalCode: '10001',
    });
  });
});

describe('autocomplete: saved addresses, then addresses on file for the street, then places', () => {
  it('offers the customer’s own addresses first, then other addresses on that street without personal data', async () => {
    const customer = await insertAccount(t.database.db);
    const neighbour = await insertAccount(t.database.db);
    await addressOn(customer.uid, { address: '4417 Zephyrine Ln', firstName: 'Own' });
    await addressOn(neighbour.uid, { address: '4419 Zephyrine Ln' });
    await addressOn(neighbour.uid, { address: '12 Zephyrine Ct', city: 'Round Rock', postalCode: '78664' });
    const found = await suggest(`ff=zephyrine&country=US&uid=${customer.uid}`);
    expect(found.map((r) => [r.Source, r.Address.Address])).toEqual([
      ['saved', '4417 Zephyrine Ln, Austin, TX 78701'],
      ['onFile', '12 Zephyrine Ct, Round Rock, TX 78664'],
      ['onFile', '4419 Zephyrine Ln, Austin, TX 78701'],
    ]);
    expect(found[1]!.Address).toEqual({
      Address: '12 Zephyrine Ct, Round Rock, TX 78664',
      DeliveryAddress: '12 Zephyrine Ct',
      Locality: 'Round Rock',
      AdministrativeArea: 'TX',
      PostalCode: '78664',
      ISO3166_2: 'US',
    });
    const text = JSON.stringify(found.slice(1));
    for (const personal of ['Marisol', 'Quintanilla', 'Unit 7', '5125550199', neighbour.uid])
      expect(text).not.toContain(personal);
  });

  it('finds a street by its number and name, starting matches first, each address once', async () => {
    const a = await insertAccount(t.database.db);
    const b = await insertAccount(t.database.db);
    await addressOn(a.uid, { address: '900 Quillfeather Rd' });
    await addressOn(b.uid, { address: '900 QUILLFEATHER RD', firstName: 'Other' });
    await addressOn(b.uid, { address: '1900 Quillfeather Rd' });
    const found = await suggest('ff=900%20quillfeather&country=US');
    expect(found.map((r) => [r.Source, r.Address.DeliveryAddress])).toEqual([
      ['onFile', '900 QUILLFEATHER RD'],
      ['onFile', '1900 Quillfeather Rd'],
    ]);
  });

  it('never offers an address whose code and state disagree, nor one of the other country', async () => {
    const a = await insertAccount(t.database.db);
    await addressOn(a.uid, { address: '5 Brambleworth Way', postalCode: '10001' });
    await addressOn(a.uid, {
      address: '6 Brambleworth Way',
      city: 'Ottawa',
      region: 'ON',
      postalCode: 'K1A 0B1',
      country: 'CA',
      countryId: 2,
    });
    expect(await suggest('ff=brambleworth&country=US')).toEqual([]);
    expect((await suggest(`ff=brambleworth&country=US&uid=${a.uid}`)).map((r) => r.Source)).toEqual([]);
    expect((await suggest('ff=brambleworth&country=CA')).map((r) => r.Address.DeliveryAddress)).toEqual([
      '6 Brambleworth Way',
    ]);
  });

  it('searches streets on file from three characters; SQL wildcards are plain text', async () => {
    const a = await insertAccount(t.database.db);
    await addressOn(a.uid, { address: '77 Ow Ln' });
    expect((await suggest('ff=Ow&country=US')).filter((r) => r.Source === 'onFile')).toEqual([]);
    expect((await suggest('ff=%25%25%25&country=US')).filter((r) => r.Source === 'onFile')).toEqual([]);
    expect((await suggest('ff=77%20Ow&country=US')).map((r) => r.Address.DeliveryAddress)).toContain(
      '77 Ow Ln',
    );
  });

  it('fills up to maxrecords with places after the addresses on file', async () => {
    const a = await insertAccount(t.database.db);
    await addressOn(a.uid, { address: '78701 Placeholder Row' });
    const found = await suggest(`ff=78701&country=US&maxrecords=3&uid=${a.uid}`);
    expect(found.map((r) => r.Source)).toEqual(['saved', 'place']);
    expect(found[1]!.Address.PostalCode).toBe('78701');
  });
});

describe('address services: permissions', () => {
  it('need a staff session with records.read', async () => {
    const routes = t.app.routeActions.filter(
      (r) => r.url.startsWith('/api/address/') || r.url.startsWith('/api/maps/'),
    );
    expect(routes.map((r) => `${r.method} ${r.url} ${r.action}`).sort()).toEqual(
      [
        'GET /api/address/autocomplete records.read',
        'GET /api/address/postal-code records.read',
        'GET /api/address/verify records.read',
        'GET /api/maps/find records.read',
        'GET /api/maps/search records.read',
      ].sort(),
    );
    for (const url of [
      '/api/address/autocomplete?ff=zephyrine&country=US',
      '/api/address/postal-code?code=10001&country=US',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
