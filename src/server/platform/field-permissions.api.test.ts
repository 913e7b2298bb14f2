import {
  FIELD_ACTIONS,
  fieldRequirement,
  type GuardedResource,
  patchRefusal,
} from '@domain/auth/field-actions';
import { ACTIONS, type Action, can, type Principal, type RouteAction } from '@domain/auth/permissions';
import { STAFF_ROLES } from '@domain/auth/roles';
import { manualMembershipChange } from '@domain/customers/membership';
import { USER_TYPE, USER_TYPES } from '@domain/reference/lists';
import { and, eq, getTableColumns } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, accountTypeHistory, changeEvents, jobs, orders, promoRules } from '../db/schema';
import { insertAccount, insertOrder } from '../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { WRITE_ROUTES } from '../testing/write-routes';

// The route × role test of platform.api.test.ts, one level down (ADR 018): for every guarded
// field and every principal, a write that changes the field through any route is allowed exactly
// when the permission table gives the principal the route's action and the field's action, and a
// refused write changes nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FLAGS = [
  { promoAccess: false, junoAccess: false },
  { promoAccess: true, junoAccess: false },
  { promoAccess: true, junoAccess: true },
];
const PRINCIPALS: Principal[] = STAFF_ROLES.flatMap((role) => FLAGS.map((f) => ({ role, ...f })));
const signedIn = new Map<string, SignedIn>();
async function session(p: Principal) {
  const key = `${p.role}/${p.promoAccess}/${p.junoAccess}`;
  if (!signedIn.has(key)) signedIn.set(key, await t.signIn(p.role, p));
  return signedIn.get(key)!;
}

const resources = Object.keys(FIELD_ACTIONS) as GuardedResource[];
const entry = (ref: string) => {
  const [resource, field] = ref.split('.') as [GuardedResource, string];
  return (FIELD_ACTIONS[resource] as Record<string, { rule: unknown }>)[field];
};
/** Fields whose change needs more than records.edit, or depends on the values (account type). */
const isGuarded = (ref: string) => {
  const rule = entry(ref)?.rule;
  return typeof rule === 'function' || (typeof rule === 'string' && rule !== 'records.edit');
};
const routeAction = (route: string): RouteAction => {
  const [method, url] = route.split(' ');
  const found = t.app.routeActions.find((r) => r.method === method && r.url === url);
  if (!found) throw new Error(`No route ${route}`);
  return found.action;
};
// A customer-view route is never a staff door: no staff role reaches it.
const allows = (p: Principal, action: RouteAction) =>
  action === 'public' || (action !== 'customerView' && can(p, action));

// ---------------------------------------------------------------------------------------------
// The doors: each route that can change a guarded field, with a record to change and its call.

interface Arranged {
  method: 'POST' | 'PUT';
  url: string;
  payload: object;
  /** The fields the write changes on its record: from → to. */
  changes: Record<string, [unknown, unknown]>;
  /** Everything a refused write must leave as it was. */
  state: () => Promise<unknown>;
}
interface Door<V> {
  route: string;
  resource: GuardedResource;
  fields: string[];
  /** The table action the service asks for besides the route's (promo collections). */
  purpose?: Action;
  values: fc.Arbitrary<V>;
  arrange: (value: V) => Promise<Arranged>;
}
const door = <V>(d: Door<V>) => d as unknown as Door<unknown>;

const db = () => t.database.db;
const ADULT = '1980-04-02';
const typeId = fc.constantFrom(...USER_TYPES.map((x) => x.id as number));
const typeChange = fc.tuple(typeId, typeId).filter(([a, b]) => a !== b);
const membershipChange = typeChange.filter(([a, b]) => manualMembershipChange(a, b) !== null);
const countryMove = fc.constantFrom<[number, number]>([1, 2], [2, 1]);
const later = () => new Date(Date.now() + 90 * 86_400_000);
const MEMBERSHIP_DATES = ['memberExpirationDateUtc', 'nextRenewalDateUtc'];
/** A type change; an upgrade to member also starts the membership's dates (spec 1 §4). */
const typeChanges = (from: number, to: number): Arranged['changes'] => ({
  userType: [from, to],
  ...(to === USER_TYPE.member && manualMembershipChange(from, to)
    ? { memberExpirationDateUtc: [null, later()], nextRenewalDateUtc: [null, later()] }
    : {}),
});

async function accountState(uid: string) {
  const [row] = await db().select().from(accounts).where(eq(accounts.uid, uid));
  const log = await db()
    .select()
    .from(changeEvents)
    .where(and(eq(changeEvents.collection, 'account-log'), eq(changeEvents.entityId, uid)));
  const history = await db().select().from(accountTypeHistory).where(eq(accountTypeHistory.accountUid, uid));
  const queued = (await db().select().from(jobs)).filter(
    (j) => (j.payload as { accountUid?: string }).accountUid === uid,
  );
  return { row, log: log.length, history: history.length, jobs: queued.length };
}
async function orderState(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  const log = await db()
    .select()
    .from(changeEvents)
    .where(and(eq(changeEvents.collection, 'orders-log'), eq(changeEvents.entityId, id)));
  return { row, log: log.length };
}
const promoState = (name: string) => async () =>
  db().select().from(promoRules).where(eq(promoRules.name, name));

const profileBody = (a: typeof accounts.$inferSelect, over: object) => ({
  firstName: a.firstName,
  lastName: a.lastName,
  email: a.email,
  userType: a.userType,
  dateOfBirth: ADULT,
  telephone: '',
  genderId: null,
  defaultLanguageId: 1,
  countryId: a.countryId,
  ...over,
});

let promoCount = 0;
const PUBLISH_AT = 1_767_312_000; // 2026-01-02, inside the rules' dates below
const storedRule = (o: { active: boolean; publish: boolean }) => ({
  name: `Field door ${++promoCount}`,
  id: 0,
  active: o.active,
  priority: null,
  stop: false,
  actionItems: ['SK-FIELD'],
  discountValue: { '1': 0.2 },
  tags: [],
  timestamps: { start: { _seconds: 1_767_225_600 }, end: { _seconds: 1_767_859_140 } },
  publishToProd: o.publish ? { _seconds: PUBLISH_AT } : {},
});
const switchAndDate = fc
  .record({ active: fc.boolean(), publish: fc.boolean() })
  .filter((v) => v.active || v.publish);
const promoChanges = (v: { active: boolean; publish: boolean }): Arranged['changes'] => ({
  active: [false, v.active],
  publishToProd: [null, v.publish ? PUBLISH_AT : null],
});

const DOORS: Door<unknown>[] = [
  door({
    route: 'PUT /api/cs/customer/:uid',
    resource: 'account',
    fields: ['userType', ...MEMBERSHIP_DATES],
    values: typeChange,
    arrange: async ([from, to]) => {
      const a = await insertAccount(db(), { userType: from, dateOfBirth: ADULT });
      return {
        method: 'PUT',
        url: `/api/cs/customer/${a.uid}`,
        payload: profileBody(a, { userType: to, userTypeReason: 'Asked by the customer' }),
        changes: typeChanges(from, to),
        state: () => accountState(a.uid),
      };
    },
  }),
  door({
    route: 'PUT /api/cs/customer/:uid',
    resource: 'account',
    fields: ['countryId'],
    values: countryMove,
    arrange: async ([from, to]) => {
      const a = await insertAccount(db(), {
        userType: USER_TYPE.consultant,
        countryId: from,
        dateOfBirth: ADULT,
      });
      return {
        method: 'PUT',
        url: `/api/cs/customer/${a.uid}`,
        payload: profileBody(a, { countryId: to }),
        changes: { countryId: [from, to] },
        state: () => accountState(a.uid),
      };
    },
  }),
  door({
    route: 'POST /api/cs/customer/:uid/country',
    resource: 'account',
    fields: ['countryId'],
    values: countryMove,
    arrange: async ([from, to]) => {
      const a = await insertAccount(db(), { countryId: from });
      return {
        method: 'POST',
        url: `/api/cs/customer/${a.uid}/country`,
        payload: { countryId: to },
        changes: { countryId: [from, to] },
        state: () => accountState(a.uid),
      };
    },
  }),
  door({
    route: 'POST /api/cs/commissions/changeCountry',
    resource: 'account',
    fields: ['countryId'],
    values: countryMove,
    arrange: async ([from, to]) => {
      const a = await insertAccount(db(), { countryId: from });
      return {
        method: 'POST',
        url: '/api/cs/commissions/changeCountry',
        payload: { accountId: a.uid, countryId: to },
        changes: { countryId: [from, to] },
        state: () => accountState(a.uid),
      };
    },
  }),
  door({
    route: 'POST /api/cs/membership/status/:id',
    resource: 'account',
    fields: ['userType', ...MEMBERSHIP_DATES],
    values: membershipChange,
    arrange: async ([from, to]) => {
      const a = await insertAccount(db(), { userType: from });
      return {
        method: 'POST',
        url: `/api/cs/membership/status/${a.uid}`,
        payload: { userType: to, reason: 'Asked by the customer' },
        changes: typeChanges(from, to),
        state: () => accountState(a.uid),
      };
    },
  }),
  door({
    route: 'POST /api/cs/account/restoreMemberToConsultant/:id',
    resource: 'account',
    fields: ['userType'],
    values: fc.constant(null),
    arrange: async () => {
      const a = await insertAccount(db(), { userType: USER_TYPE.member });
      await db()
        .insert(accountTypeHistory)
        .values({ accountUid: a.uid, fromType: USER_TYPE.consultant, toType: USER_TYPE.member });
      return {
        method: 'POST',
        url: `/api/cs/account/restoreMemberToConsultant/${a.uid}`,
        payload: {},
        changes: { userType: [USER_TYPE.member, USER_TYPE.consultant] },
        state: () => accountState(a.uid),
      };
    },
  }),
  door({
    route: 'POST /api/cs/updateStatus/:id',
    resource: 'account',
    fields: ['accountStatus'],
    values: fc.constantFrom<[number, number]>([1, 2], [2, 1]),
    arrange: async ([from, to]) => {
      const a = await insertAccount(db(), { accountStatus: from });
      return {
        method: 'POST',
        url: `/api/cs/updateStatus/${a.uid}`,
        payload: { status: to },
        changes: { accountStatus: [from, to] },
        state: () => accountState(a.uid),
      };
    },
  }),
  door({
    route: 'POST /api/cs/membership/expiration/:id',
    resource: 'account',
    fields: ['memberExpirationDateUtc', 'nextRenewalDateUtc'],
    values: fc.date({ min: new Date('2027-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
    arrange: async (date) => {
      const before = later();
      const a = await insertAccount(db(), { userType: USER_TYPE.member, memberExpirationDateUtc: before });
      const day = date.toISOString().slice(0, 10);
      return {
        method: 'POST',
        url: `/api/cs/membership/expiration/${a.uid}`,
        payload: { expirationDate: day },
        changes: { memberExpirationDateUtc: [before, new Date(day)] },
        state: () => accountState(a.uid),
      };
    },
  }),
  door({
    route: 'POST /api/cs/membership/lapseMember/:id',
    resource: 'account',
    fields: ['memberExpirationDateUtc', 'nextRenewalDateUtc'],
    values: fc.constant(null),
    arrange: async () => {
      const before = later();
      const a = await insertAccount(db(), { userType: USER_TYPE.member, memberExpirationDateUtc: before });
      return {
        method: 'POST',
        url: `/api/cs/membership/lapseMember/${a.uid}`,
        payload: {},
        changes: { memberExpirationDateUtc: [before, new Date()] },
        state: () => accountState(a.uid),
      };
    },
  }),
  door({
    route: 'POST /api/cs/cancelOrder/:id',
    resource: 'order',
    fields: ['state', 'cancellation'],
    values: fc.constant(null),
    arrange: async () => {
      const a = await insertAccount(db());
      // A membership order not yet downstream: the kind leaders may cancel too (spec 2 §4).
      const o = await insertOrder(db(), a.uid, { state: 1, isMembership: true });
      return {
        method: 'POST',
        url: `/api/cs/cancelOrder/${o.id}`,
        payload: { ticket: 'T-1', reason: 'Asked by the customer' },
        changes: { state: [1, 7], cancellation: [null, { ticket: 'T-1' }] },
        state: () => orderState(o.id),
      };
    },
  }),
  door({
    route: 'POST /api/cs/order/:id/fraud',
    resource: 'order',
    fields: ['isFraud'],
    values: fc.boolean(),
    arrange: async (from) => {
      const a = await insertAccount(db());
      const o = await insertOrder(db(), a.uid, { isFraud: from });
      return {
        method: 'POST',
        url: `/api/cs/order/${o.id}/fraud`,
        payload: { isFraud: !from },
        changes: { isFraud: [from, !from] },
        state: () => orderState(o.id),
      };
    },
  }),
  door({
    route: 'POST /api/sift/apply-order-decision',
    resource: 'order',
    fields: ['isFraud'],
    values: fc.boolean(),
    arrange: async (from) => {
      const a = await insertAccount(db());
      const o = await insertOrder(db(), a.uid, { isFraud: from });
      return {
        method: 'POST',
        url: '/api/sift/apply-order-decision',
        payload: { orderId: o.id, isFraud: !from, userId: a.uid, analystEmail: 'analyst@example.com' },
        changes: { isFraud: [from, !from] },
        state: () => orderState(o.id),
      };
    },
  }),
  door({
    route: 'POST /api/cs/promo/editRule',
    resource: 'promoRule',
    fields: ['active', 'publishToProd'],
    purpose: 'promos.edit',
    values: switchAndDate,
    arrange: async (v) => {
      const rule = storedRule(v);
      return {
        method: 'POST',
        url: '/api/cs/promo/editRule',
        payload: { collection: 'drafts', rule },
        changes: promoChanges(v),
        state: promoState(rule.name),
      };
    },
  }),
  door({
    route: 'POST /api/cs/promos/create',
    resource: 'promoRule',
    fields: ['active', 'publishToProd'],
    purpose: 'promos.publish',
    values: switchAndDate,
    arrange: async (v) => {
      const name = `Field form ${++promoCount}`;
      const data = {
        name,
        id: 0,
        active: v.active,
        regionId: ['us'],
        userTypes: [3],
        actionItems: ['SK-FIELD'],
        discountValue: { '1': 0.1 },
        startDate: '2026-01-01T08:00:00Z',
        endDate: '2026-01-08T07:59:00Z',
        ...(v.publish ? { publishToProd: { _seconds: PUBLISH_AT } } : {}),
      };
      return {
        method: 'POST',
        url: '/api/cs/promos/create',
        payload: { data, collection: 'pending' },
        changes: promoChanges(v),
        state: promoState(name),
      };
    },
  }),
];

/** What the table says of this write: allowed, refused for permission (403) or for everyone (400). */
function expected(p: Principal, d: Door<unknown>, changes: Arranged['changes']): 200 | 400 | 403 {
  if (!allows(p, routeAction(d.route)) || (d.purpose && !can(p, d.purpose))) return 403;
  const before = Object.fromEntries(Object.entries(changes).map(([f, [from]]) => [f, from]));
  const after = Object.fromEntries(Object.entries(changes).map(([f, [, to]]) => [f, to]));
  const refusal = patchRefusal(p, d.resource, before, after);
  if (!refusal) return 200;
  return refusal.kind === 'never' ? 400 : 403;
}

async function attempt(p: Principal, d: Door<unknown>, value: unknown) {
  const arranged = await d.arrange(value);
  const before = await arranged.state();
  const res = await t.app.inject({
    method: arranged.method,
    url: arranged.url,
    payload: arranged.payload,
    headers: (await session(p)).headers,
  });
  const want = expected(p, d, arranged.changes);
  const label = `${p.role}${p.promoAccess ? '+promo' : ''}${p.junoAccess ? '+juno' : ''} ${d.route} ${JSON.stringify(arranged.changes)}`;
  expect(res.statusCode, `${label}: ${res.body}`).toBe(want);
  if (want === 403) expect(res.json().code, label).toBe('INSUFFICIENT_PERMISSIONS');
  const after = await arranged.state();
  if (want === 200) expect(after, label).not.toEqual(before);
  else expect(after, `${label}: a refused write changes nothing`).toEqual(before);
}

describe('field-level permissions (ADR 018)', () => {
  it('lists every write route of the app with the guarded fields it reaches', () => {
    const registered = t.app.routeActions
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.url}`);
    expect([...registered].sort()).toEqual(Object.keys(WRITE_ROUTES).sort());
    for (const [route, refs] of Object.entries(WRITE_ROUTES))
      for (const ref of refs) {
        expect(entry(ref), `${route}: ${ref}`).toBeDefined();
        expect(typeof entry(ref)!.rule === 'object', `${route} writes ${ref}, which nobody may change`).toBe(
          false,
        );
      }
  });

  it('names only table actions, and every account column', () => {
    for (const r of resources)
      for (const [field, e] of Object.entries(FIELD_ACTIONS[r] as Record<string, { rule: unknown }>))
        if (typeof e.rule === 'string') expect(ACTIONS, `${r}.${field}`).toContain(e.rule);
    expect(Object.keys(FIELD_ACTIONS.account).sort()).toEqual(Object.keys(getTableColumns(accounts)).sort());
  });

  it('has a door tested below for each route that reaches a guarded field, unless the route itself needs the field’s action', () => {
    const tested = new Set(DOORS.flatMap((d) => d.fields.map((f) => `${d.route} ${d.resource}.${f}`)));
    for (const [route, refs] of Object.entries(WRITE_ROUTES))
      for (const ref of refs.filter(isGuarded)) {
        if (tested.has(`${route} ${ref}`)) continue;
        const rule = entry(ref)!.rule;
        expect(typeof rule, `${route} ${ref} needs a door in DOORS`).toBe('string');
        // Every principal the route lets in holds the field's action too.
        for (const p of PRINCIPALS)
          if (allows(p, routeAction(route)))
            expect(can(p, rule as Action), `${p.role} through ${route} reaches ${ref}`).toBe(true);
      }
  });

  it('allows each guarded field change to each role iff the table does, through every door', async () => {
    for (const d of DOORS) {
      const principals = d.resource === 'promoRule' ? PRINCIPALS : PRINCIPALS.filter((p) => !p.promoAccess);
      const [value] = fc.sample(d.values, { numRuns: 1, seed: 18 });
      for (const p of principals) await attempt(p, d, value);
    }
  });

  it('holds for random principals, doors and values (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PRINCIPALS),
        fc.nat(DOORS.length - 1).chain((i) => fc.tuple(fc.constant(DOORS[i]!), DOORS[i]!.values)),
        async (p, [d, value]) => attempt(p, d, value),
      ),
      { numRuns: 40 },
    );
  });
});

describe('the account type field', () => {
  it('needs exactly the action the membership rule names, for every pair of types and every role', async () => {
    const profileDoor = DOORS[0]!;
    const ids = USER_TYPES.map((x) => x.id as number);
    for (const [from, to] of ids.flatMap((a) => ids.filter((b) => b !== a).map((b) => [a, b] as const))) {
      const need = fieldRequirement('account', 'userType', from, to);
      for (const role of STAFF_ROLES) {
        const p = { role, promoAccess: false, junoAccess: false };
        const want = 'never' in need ? 400 : can(p, need.action) ? 200 : 403;
        expect(expected(p, profileDoor, typeChanges(from, to)), `${role} ${from}→${to}`).toBe(want);
      }
      for (const role of ['agent', 'leader'] as const)
        await attempt({ role, promoAccess: false, junoAccess: false }, profileDoor, [from, to]);
    }
  });
});
