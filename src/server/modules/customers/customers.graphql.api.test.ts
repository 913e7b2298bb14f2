import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socials } from '../../db/schema';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
let agent: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const query = (q: string, variables?: Record<string, unknown>, headers = agent.headers) =>
  t.app.inject({ method: 'POST', url: '/api/query', payload: { query: q, variables }, headers });

const USER_ACCOUNT = `query($id: ID!) { userAccount(phoenixId: $id) {
  uid phoenixId paidAsTitleId recognitionTitleId titles { paidAsTitle { id name } recognitionTitle { id name } } } }`;
const ATTRIBUTION = `query($uid: ID!, $sid: ID) { attribution(uid: $uid, sid: $sid) {
  source timeRemaining pws { pwsId phoenixId uid } } }`;

describe('GraphQL userAccount (spec 1 §7)', () => {
  it('returns the titles of an account by phoenixId', async () => {
    const c = await insertAccount(t.database.db, { userType: 1, paidAsTitleId: 5, recognitionTitleId: 6 });
    const res = await query(USER_ACCOUNT, { id: String(c.phoenixId) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userAccount).toEqual({
      uid: c.uid,
      phoenixId: String(c.phoenixId),
      paidAsTitleId: 5,
      recognitionTitleId: 6,
      titles: {
        paidAsTitle: { id: 5, name: 'Senior Team Leader' },
        recognitionTitle: { id: 6, name: 'Director' },
      },
    });
  });

  it('answers null for an unknown account and an error for a malformed id', async () => {
    expect((await query(USER_ACCOUNT, { id: '987654321' })).json().data.userAccount).toBeNull();
    const bad = (await query(USER_ACCOUNT, { id: '12abc' })).json();
    expect(bad.errors[0].message).toBe('phoenixId must be a positive whole number');
  });

  it('needs a session', async () => {
    expect((await query(USER_ACCOUNT, { id: '1' }, {})).statusCode).toBe(401);
  });
});

describe('GraphQL attribution (spec 1 §7, spec 2 §6)', () => {
  it('attributes to an open popup’s host with the seconds left until it closes', async () => {
    const db = t.database.db;
    const host = await insertAccount(db, { userType: 1, pwsKey: 'hostglow' });
    const guest = await insertAccount(db);
    const closes = new Date(Date.now() + 3_600_000);
    await db.insert(socials).values([
      { id: 7001, uid: host.uid, name: 'Open', status: 'open', openingDate: new Date(), closingDate: closes },
      {
        id: 7002,
        uid: host.uid,
        name: 'Done',
        status: 'closed',
        openingDate: new Date(0),
        closingDate: new Date(1),
      },
    ]);
    const open = (await query(ATTRIBUTION, { uid: guest.uid, sid: '7001' })).json().data.attribution;
    expect(open.source).toBe('popup');
    expect(open.pws).toEqual({ pwsId: 'hostglow', phoenixId: String(host.phoenixId), uid: host.uid });
    expect(open.timeRemaining).toBeGreaterThan(3590);
    expect(open.timeRemaining).toBeLessThanOrEqual(3600);
    const closed = (await query(ATTRIBUTION, { uid: guest.uid, sid: '7002' })).json().data.attribution;
    expect(closed.timeRemaining).toBe(0);
  });

  it('attributes a client to the sponsor, not the company, and not a consultant', async () => {
    const db = t.database.db;
    const sponsor = await insertAccount(db, { userType: 1, pwsKey: 'sponsorbeauty' });
    const client = await insertAccount(db, { userType: 3, sponsorId: sponsor.phoenixId });
    const orphan = await insertAccount(db, { userType: 3 });
    const consultant = await insertAccount(db, { userType: 1, sponsorId: sponsor.phoenixId });
    const a = (await query(ATTRIBUTION, { uid: client.uid })).json().data.attribution;
    expect(a).toEqual({
      source: 'sponsor',
      timeRemaining: null,
      pws: { pwsId: 'sponsorbeauty', phoenixId: String(sponsor.phoenixId), uid: sponsor.uid },
    });
    expect((await query(ATTRIBUTION, { uid: orphan.uid })).json().data.attribution.pws).toBeNull();
    expect((await query(ATTRIBUTION, { uid: consultant.uid })).json().data.attribution.pws).toBeNull();
  });

  it('answers null for an unknown customer and errors for bad ids or an unknown popup', async () => {
    expect((await query(ATTRIBUTION, { uid: 'NOSUCHUID' })).json().data.attribution).toBeNull();
    const c = await insertAccount(t.database.db);
    expect((await query(ATTRIBUTION, { uid: 'bad uid!' })).json().errors[0].message).toBe(
      'Not a customer id',
    );
    expect((await query(ATTRIBUTION, { uid: c.uid, sid: 'x' })).json().errors[0].message).toBe(
      'sid must be a popup id',
    );
    expect((await query(ATTRIBUTION, { uid: c.uid, sid: '424242' })).json().errors[0].message).toBe(
      'No popup with that id',
    );
  });
});
