import { NO_MATCHES_MESSAGE } from '@domain/customers/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, socials, termsRecords } from '../../db/schema';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
let agent: SignedIn;

const CONSULTANT = 1;
const MEMBER = 2;
const CLIENT = 3;

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
  const db = t.database.db;
  await insertAccount(db, {
    uid: 'COMPANYUID00000000000000000',
    phoenixId: 1,
    firstName: 'Company',
    lastName: 'Sponsor',
    email: 'sponsor@example.com',
    userType: CONSULTANT,
  });
  await insertAccount(db, {
    uid: 'SPONSORUID00000000000000000',
    phoenixId: 200_001,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace.hopper@example.com',
    userType: CONSULTANT,
  });
  await insertAccount(db, {
    uid: 'JOHNSMITHUID000000000000000',
    phoenixId: 200_002,
    firstName: 'John',
    lastName: 'Smith',
    email: 'john.smith@example.com',
    userType: MEMBER,
    sponsorId: 200_001,
    memberExpirationDateUtc: new Date(Date.now() + 100 * 86_400_000),
  });
  await t.database.db.insert(termsRecords).values({
    accountUid: 'JOHNSMITHUID000000000000000',
    orderDate: new Date(Date.now() - 10 * 86_400_000),
    signed: true,
  });
  await insertAccount(db, {
    phoenixId: 200_003,
    firstName: 'Jane',
    lastName: 'Smithers',
    email: 'jsmithers@example.net',
  });
  await insertAccount(db, {
    phoenixId: 200_004,
    firstName: 'Smith',
    lastName: 'Jones',
    email: 'sj@example.org',
  });
  await insertAccount(db, {
    phoenixId: 200_005,
    firstName: 'Anna',
    lastName: 'Johnson',
    email: 'anna.johnson@example.com',
  });
  // 25 Garcias for paging; a consultant Canadian and US set for the quick search.
  for (let i = 0; i < 25; i++) {
    await insertAccount(db, {
      phoenixId: 300_000 + i,
      firstName: `Maria${String.fromCharCode(97 + i)}`,
      lastName: 'Garcia',
      email: `maria.garcia${i}@example.com`,
      userType: i % 2 === 0 ? CONSULTANT : CLIENT,
      countryId: i < 12 ? 1 : 2,
    });
  }
});
afterAll(() => t.close());

const search = (query: string, headers = agent.headers) =>
  t.app.inject({ method: 'GET', url: `/api/customers?${query}`, headers });
const names = (body: { data: { firstName: string; lastName: string }[] }) =>
  body.data.map((r) => `${r.firstName} ${r.lastName}`);

describe('GET /api/customers', () => {
  it('finds an account number, with or without M, and answers the row with sponsor and membership', async () => {
    for (const q of ['200002', 'M200002', 'm200002']) {
      const res = await search(`q=${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        page: 1,
        limit: 20,
        hasMore: false,
        data: [
          {
            uid: 'JOHNSMITHUID000000000000000',
            phoenixId: 200_002,
            firstName: 'John',
            lastName: 'Smith',
            email: 'john.smith@example.com',
            userType: MEMBER,
            accountTypes: ['Member'],
            countryId: 1,
            accountStatus: 1,
            membershipStatus: 'Member',
            sponsor: { uid: 'SPONSORUID00000000000000000', phoenixId: 200_001, fullName: 'Grace Hopper' },
          },
        ],
      });
    }
  });

  it('searches a number as an account number only, never as a name', async () => {
    const res = await search('q=300');
    expect(res.json().data).toEqual([]);
  });

  it('ranks a last name exactly first, then first names, then prefixes', async () => {
    const res = await search('q=smith');
    expect(names(res.json())).toEqual(['John Smith', 'Smith Jones', 'Jane Smithers']);
  });

  it('finds "first last" and "last, first"', async () => {
    expect(names((await search('q=john%20smith')).json())).toEqual(['John Smith']);
    expect(names((await search('q=Smith,%20John')).json())).toEqual(['John Smith']);
    // Prefixes of both; then the same words read the other way round.
    expect(names((await search('q=jo%20smi')).json())).toEqual(['John Smith', 'Smith Jones']);
  });

  it('finds an email prefix, and only by email when the text holds @', async () => {
    expect(names((await search('q=jsmith')).json())).toEqual(['Jane Smithers']);
    expect(names((await search('q=anna.johnson%40')).json())).toEqual(['Anna Johnson']);
    expect(names((await search('q=ANNA.JOHNSON%40EXAMPLE.COM')).json())).toEqual(['Anna Johnson']);
  });

  it('finds a name typed with a typo', async () => {
    // The closest spelling first: Johnson (0.56), then Jones (0.3).
    expect(names((await search('q=jonson')).json())).toEqual(['Anna Johnson', 'Smith Jones']);
    expect(names((await search('q=grace%20hoper')).json())).toEqual(['Grace Hopper']);
    expect(names((await search('q=jonh%20smith')).json())).toContain('John Smith');
    expect(names((await search('q=jhnson')).json())).toEqual(['Anna Johnson']);
    // Similar spellings only when nothing matches exactly or as a prefix.
    expect(names((await search('q=johnso')).json())).toEqual(['Anna Johnson']);
  });

  it('answers the company as sponsor id 1', async () => {
    const res = await search('q=hopper');
    expect(res.json().data[0].sponsor).toEqual({
      uid: 'COMPANYUID00000000000000000',
      phoenixId: 1,
      fullName: 'Company Sponsor',
    });
    expect(res.json().data[0].membershipStatus).toBe('N/A');
  });

  it('pages from 1 with hasMore while a page comes back full, in a stable order', async () => {
    const first = (await search('q=garcia&limit=10')).json();
    const second = (await search('q=garcia&limit=10&page=2')).json();
    const third = (await search('q=garcia&limit=10&page=3')).json();
    expect([first.hasMore, second.hasMore, third.hasMore]).toEqual([true, true, false]);
    expect([first.data.length, second.data.length, third.data.length]).toEqual([10, 10, 5]);
    const all = [...first.data, ...second.data, ...third.data].map((r: { phoenixId: number }) => r.phoenixId);
    expect(new Set(all).size).toBe(25);
    expect(first.data[0].firstName).toBe('Mariaa');
    expect((await search('q=garcia&limit=10')).json().data).toEqual(first.data);
  });

  it('pages across tiers without repeating or losing a row', async () => {
    const whole = (await search('q=smith&limit=100')).json().data.map((r: { uid: string }) => r.uid);
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++)
      paged.push(
        ...(await search(`q=smith&limit=1&page=${page}`)).json().data.map((r: { uid: string }) => r.uid),
      );
    expect(paged).toEqual(whole);
  });

  it('answers an empty page when nothing matches (the screen shows the no-result message)', async () => {
    const res = await search('q=zzyzx%20qqq');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: [], hasMore: false });
    expect(NO_MATCHES_MESSAGE).toBe('No matches found. Please enter your search again.');
  });

  it('refuses bad input with 400', async () => {
    for (const query of [
      'q=smith&page=0',
      'q=smith&page=abc',
      'q=smith&page=1.5',
      'q=smith&limit=101',
      'q=%20%20',
      '',
    ]) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    }
  });

  it('needs a signed-in staff member, and every role may search (records.read)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/customers?q=smith' });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ['leader', 'fraudAgent', 'salesOperatorManager', 'developer'] as const) {
      const staff = await t.signIn(role);
      expect((await search('q=smith', staff.headers)).statusCode).toBe(200);
    }
  });
});

describe('GET /api/account/open/QuickNameSearchConsultants', () => {
  const quick = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/account/open/QuickNameSearchConsultants?${query}`,
      headers: agent.headers,
    });

  it('answers consultants of country 1 only, 10 by default', async () => {
    const res = await quick('q=garcia');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { userType: number; countryId: number; phoenixId: number }[];
    expect(data.length).toBe(6);
    expect(data.every((c) => c.userType === CONSULTANT && c.countryId === 1)).toBe(true);
    expect(res.json().data[0]).toEqual({
      uid: expect.any(String),
      phoenixId: 300_000,
      fullName: 'Mariaa Garcia',
      firstName: 'Mariaa',
      lastName: 'Garcia',
      email: 'maria.garcia0@example.com',
      countryId: 1,
      userType: CONSULTANT,
    });
  });

  it('filters by countryid and take', async () => {
    const ca = (await quick('q=garcia&countryid=2')).json().data as { countryId: number }[];
    expect(ca.length).toBe(7);
    expect(ca.every((c) => c.countryId === 2)).toBe(true);
    expect((await quick('q=garcia&countryid=2&take=3')).json().data).toHaveLength(3);
  });

  it('finds a consultant by account number, and not a client', async () => {
    expect(
      (await quick('account=300000')).json().data.map((c: { phoenixId: number }) => c.phoenixId),
    ).toEqual([300_000]);
    expect((await quick('q=M300000')).json().data).toHaveLength(1);
    expect((await quick('account=300001')).json().data).toEqual([]);
    expect((await quick('account=200002')).json().data).toEqual([]);
  });

  it('refuses a missing query, a bad account, take or country with 400', async () => {
    for (const query of [
      '',
      'take=5',
      'account=abc',
      'q=garcia&take=0',
      'q=garcia&countryid=3',
      'q=garcia&take=x',
    ]) {
      const res = await quick(query);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('derives Enrolling Consultant, Enrolling Member and Host (spec 1 §1), shows them and filters by them', async () => {
    const db = t.database.db;
    const person = (firstName: string) =>
      insertAccount(db, {
        firstName,
        lastName: 'Typeson',
        userType: CLIENT,
        email: `${firstName}@typeson.example`,
      });
    const kit = await person('Kit');
    const joiner = await person('Joiner');
    const pending = await person('Pending');
    const host = await person('Hostess');
    const plain = await person('Plain');
    await db.insert(carts).values([
      {
        cartId: 'TYPESONKITCARTAAAAAAAAAAAAAA',
        uid: kit.uid,
        cartInstances: { 'en-US': { products: [{ id: 'l1', sku: '9078', quantity: 1 }] } },
      },
      {
        cartId: 'TYPESONMEMBERCARTAAAAAAAAAAA',
        uid: joiner.uid,
        cartInstances: { 'en-US': { unpromofiedItems: [{ id: 'l1', sku: '9000', quantity: 1 }] } },
      },
      // A cancelled cart makes nobody anything.
      {
        cartId: 'TYPESONCANCELLEDCARTAAAAAAAA',
        uid: plain.uid,
        canceled: true,
        cartInstances: { 'en-US': { products: [{ id: 'l1', sku: '9078', quantity: 1 }] } },
      },
    ]);
    await insertOrder(db, pending.uid, { collection: 'orders', isMembership: true, state: 1 });
    await insertOrder(db, plain.uid, { collection: 'invoices', isMembership: true, state: 3 });
    await db.insert(socials).values([
      { uid: 'SPONSORUID00000000000000000', hostUid: host.uid, name: 'Spring party', status: 'open' },
      { uid: 'SPONSORUID00000000000000000', hostUid: plain.uid, name: 'Old party', status: 'closed' },
    ]);

    const typesOf = async (accountType?: string) => {
      const res = await search(`q=typeson${accountType ? `&accountType=${accountType}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        res
          .json()
          .data.map((r: { firstName: string; accountTypes: string[] }) => [r.firstName, r.accountTypes]),
      );
    };
    expect(await typesOf()).toEqual({
      Kit: ['Client', 'Enrolling Consultant'],
      Joiner: ['Client', 'Enrolling Member'],
      Pending: ['Client', 'Enrolling Member'],
      Hostess: ['Client', 'Host'],
      Plain: ['Client'],
    });
    expect(Object.keys(await typesOf('enrollingConsultant'))).toEqual(['Kit']);
    expect(Object.keys(await typesOf('enrollingMember')).sort()).toEqual(['Joiner', 'Pending']);
    expect(Object.keys(await typesOf('host'))).toEqual(['Hostess']);
    expect(Object.keys(await typesOf(String(CLIENT))).length).toBe(5);
    expect(await typesOf(String(MEMBER))).toEqual({});
    expect((await search('q=typeson&accountType=wizard')).statusCode).toBe(400);

    const record = await t.app.inject({
      method: 'GET',
      url: `/api/cs/customer/${host.uid}`,
      headers: agent.headers,
    });
    expect(record.json().data.accountTypes).toEqual(['Client', 'Host']);
  });
});
