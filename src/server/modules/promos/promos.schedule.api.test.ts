import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, promoRules, promoRuleVersions } from '../../db/schema';
import type { Database } from '../../platform/db';
import { seedCartCatalog } from '../../testing/cart-fixtures';
import { stoppedClock } from '../../testing/clock';
import { insertAccount } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { deployDueRules } from './promos.schedule';

// Delayed deploy (spec 3 §4, ADR 012): a rule with a publish date is deployed at that time by the worker,
// exactly once with several workers, audited; it does what a manual deploy to production does.

let t: TestApp;
let juno: SignedIn;
let agent: SignedIn;
let uid: string;
/** The app's clock: stopped (on a whole second), moved by no test, so "now" is one instant. */
const clock = stoppedClock(new Date(Math.floor(Date.now() / 1000) * 1000));
beforeAll(async () => {
  t = await createTestApp({ clock });
  juno = await t.signIn('agent', { promoAccess: true, junoAccess: true });
  agent = await t.signIn('agent');
  await seedCartCatalog(t.database.db);
  uid = (await insertAccount(t.database.db, { userType: 3 })).uid;
});
afterAll(() => t.close());

/** The time the tests hand the delayed deploy: an hour from the app's now. */
const NOW = new Date(clock.now() + 3_600_000);
const at = (d: Date) => ({ _seconds: Math.floor(d.getTime() / 1000) });
const later = (ms: number) => new Date(NOW.getTime() + ms);

let n = 0;
/** A pending rule: 25% off one Renewal Serum (P200, $30), published at `publish`. */
function scheduled(publish: Date | null, name = `Serum Quarter Off ${++n}`) {
  return {
    name,
    id: 0,
    active: false,
    priority: 50,
    stop: false,
    regionId: [1],
    actionItems: ['P200'],
    discountValue: { '1': 0.25 },
    tags: ['SCHEDULED'],
    timestamps: { start: { _seconds: 1_700_000_000 } },
    publishToProd: publish ? at(publish) : {},
  };
}
const save = (rule: object, who: SignedIn = juno, collection = 'pending') =>
  t.app.inject({
    method: 'POST',
    url: '/api/cs/promo/editRule',
    payload: { collection, rule },
    headers: who.headers,
  });
const rowsNamed = (name: string) => t.database.db.select().from(promoRules).where(eq(promoRules.name, name));
const collectionsOf = async (name: string) => (await rowsNamed(name)).map((r) => r.collection).sort();

async function cartWithSerum(): Promise<string> {
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/carts',
    payload: { uid, localeCode: 'en-US' },
    headers: agent.headers,
  });
  const cartId = opened.json().data.cartId as string;
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/carts/${cartId}/products`,
    payload: { sku: 'P200', quantity: 2 },
    headers: agent.headers,
  });
  expect(added.statusCode).toBe(200);
  return cartId;
}
const cart = async (cartId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/carts/${cartId}`, headers: agent.headers })).json()
    .data as {
    subtotalInCents: number;
    appliedPromos: { promo: string; applied: boolean }[];
  };

describe('delayed deploy', () => {
  it('deploys the rule when its publish date comes (clock moved forward), once, audited', async () => {
    const rule = scheduled(later(60_000));
    expect((await save(rule)).statusCode).toBe(200);

    // Not yet: a second before the publish date nothing happens.
    expect(await deployDueRules(t.database.db, t.app.log, later(59_000))).toBe(0);
    expect(await collectionsOf(rule.name)).toEqual(['pending']);

    // The clock moves past it: deployed to production; the publish date is spent, so a later pass
    // finds nothing.
    expect(await deployDueRules(t.database.db, t.app.log, later(61_000))).toBe(1);
    const rows = await rowsNamed(rule.name);
    expect(rows.map((r) => r.collection).sort()).toEqual(['pending', 'production']);
    expect(rows.every((r) => r.publishToProd === null)).toBe(true);
    expect(await deployDueRules(t.database.db, t.app.log, later(3_600_000))).toBe(0);

    // Audited by the delayed-deploy actor, in the promos-log and the rule history.
    for (const collection of ['production', 'pending']) {
      const events = await t.database.db
        .select()
        .from(changeEvents)
        .where(
          and(
            eq(changeEvents.entityId, `${collection}/${rule.name}`),
            eq(changeEvents.action, 'promo.scheduledDeploy'),
          ),
        );
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        changedBy: 'system',
        changedByName: 'Delayed deploy',
        authType: 'system',
      });
    }
    const versions = await t.database.db
      .select()
      .from(promoRuleVersions)
      .where(eq(promoRuleVersions.nameKey, rule.name.toLowerCase()));
    expect(versions.filter((v) => v.action === 'promo.scheduledDeploy')).toHaveLength(2);
  });

  it('does exactly what a manual deploy to production does: the active collection and the carts are untouched', async () => {
    const cartId = await cartWithSerum();
    const before = await cart(cartId);
    const delayed = scheduled(new Date(clock.now() - 1000));
    const manual = scheduled(null);
    expect((await save(delayed)).statusCode).toBe(200);
    expect((await save(manual)).statusCode).toBe(200);

    const deployed = await t.app.inject({
      method: 'POST',
      url: '/api/cs/promo/deployRule',
      payload: { collection: 'pending', rule: { name: manual.name } },
      headers: juno.headers,
    });
    expect(deployed.statusCode).toBe(200);
    expect(deployed.json().message).toBe(
      'Promo successfully Deployed! Please remember to manually set active to true in Firestore.',
    );
    expect(await deployDueRules(t.database.db, t.app.log, new Date(clock.now()))).toBe(1);

    // The same collections, and production holds each rule as it was saved (switched off).
    expect(await collectionsOf(delayed.name)).toEqual(await collectionsOf(manual.name));
    expect(await collectionsOf(delayed.name)).toEqual(['pending', 'production']);
    const production = async (name: string) =>
      (await rowsNamed(name)).find((r) => r.collection === 'production')!;
    const [d, m] = [await production(delayed.name), await production(manual.name)];
    expect(d.active).toBe(false);
    expect(m.active).toBe(false);
    const { name: _d, timestamps: _dt, ...dRule } = d.rule as Record<string, unknown>;
    const { name: _m, timestamps: _mt, ...mRule } = m.rule as Record<string, unknown>;
    expect(dRule).toEqual(mRule);
    // Nothing was switched on: the carts price as before.
    const after = await cart(cartId);
    expect(after.subtotalInCents).toBe(before.subtotalInCents);
    expect(after.appliedPromos.map((p) => p.promo)).not.toContain(delayed.name);
  });

  it('a rule saved active with a publish date prices in the carts from that date, and is deployed to production then', async () => {
    const cartId = await cartWithSerum();
    const before = await cart(cartId);
    const rule = { ...scheduled(later(60_000)), active: true };
    expect((await save(rule, juno, 'active')).statusCode).toBe(200);
    // Live from its publish date (an hour from the app's now): a cart priced now says when it starts.
    expect((await cart(cartId)).appliedPromos.find((p) => p.promo === rule.name)).toMatchObject({
      applied: false,
      code: 'not_started',
    });
    expect(await deployDueRules(t.database.db, t.app.log, later(61_000))).toBe(1);
    const rows = await rowsNamed(rule.name);
    expect(rows.map((r) => r.collection).sort()).toEqual(['active', 'production']);
    expect(rows.every((r) => r.active && r.publishToProd === null)).toBe(true);
    // One that was due a second ago is priced at once.
    const due = { ...scheduled(new Date(clock.now() - 1000)), active: true };
    expect((await save(due, juno, 'active')).statusCode).toBe(200);
    const saved = clock.now();
    const priced = await cart(cartId);
    expect(clock.now() - saved).toBeLessThan(2000);
    expect(priced.subtotalInCents).toBe(before.subtotalInCents - 750);
    expect(priced.appliedPromos).toContainEqual(expect.objectContaining({ promo: due.name, applied: true }));
  });

  it('a rule without a publish date, or whose date was cleared, is never deployed', async () => {
    const none = scheduled(null);
    expect((await save(none)).statusCode).toBe(200);
    const cleared = scheduled(later(1000));
    expect((await save(cleared)).statusCode).toBe(200);
    // Turning the delayed deploy off saves the rule with an empty publishToProd.
    expect((await save({ ...cleared, publishToProd: {} })).statusCode).toBe(200);
    expect((await rowsNamed(cleared.name))[0]?.publishToProd).toBeNull();
    await deployDueRules(t.database.db, t.app.log, later(86_400_000));
    expect(await collectionsOf(none.name)).toEqual(['pending']);
    expect(await collectionsOf(cleared.name)).toEqual(['pending']);
  });

  it('a manual deploy spends the publish date: the delayed deploy does not copy the rule again', async () => {
    const early = scheduled(later(60_000));
    expect((await save(early)).statusCode).toBe(200);
    const deployed = await t.app.inject({
      method: 'POST',
      url: '/api/cs/promo/deployRule',
      payload: { collection: 'pending', rule: { name: early.name } },
      headers: juno.headers,
    });
    expect(deployed.statusCode).toBe(200);
    const pending = (await rowsNamed(early.name)).find((r) => r.collection === 'pending')!;
    expect(pending.publishToProd).toBeNull();
    expect(await deployDueRules(t.database.db, t.app.log, later(86_400_000))).toBe(0);
  });

  it('setting a publish date needs junoAccess', async () => {
    const promo = await t.signIn('agent', { promoAccess: true });
    const res = await save(scheduled(later(1000)), promo);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Insufficient Permissions');
  });

  it('two workers racing deploy each rule exactly once', async () => {
    const names = [];
    for (let i = 0; i < 6; i++) {
      const rule = scheduled(later(1000 + i));
      expect((await save(rule)).statusCode).toBe(200);
      names.push(rule.name);
    }
    // Own connections on PostgreSQL (two processes); interleaved on one database with PGlite.
    const connect = (t.database as Database & { connectAgain?: () => Promise<Database> }).connectAgain;
    const extra = connect ? [await connect(), await connect()] : [];
    const dbs = extra.length > 0 ? extra.map((d) => d.db) : [t.database.db, t.database.db];
    const claimed = await Promise.all(dbs.map((db) => deployDueRules(db, t.app.log, later(10_000))));
    for (const d of extra) await d.close();
    expect(claimed[0]! + claimed[1]!).toBe(6);
    for (const name of names) {
      expect(await collectionsOf(name)).toEqual(['pending', 'production']);
      const deploys = await t.database.db
        .select()
        .from(changeEvents)
        .where(
          and(
            eq(changeEvents.entityId, `production/${name}`),
            eq(changeEvents.action, 'promo.scheduledDeploy'),
          ),
        );
      expect(deploys).toHaveLength(1);
    }
  });

  describe('what goes live is the rule as scheduled (ADR 032)', () => {
    const rulesList = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/cs/promo/rules', headers: juno.headers })).json().data
        .pending as {
        name: string;
        rule: Record<string, unknown>;
        scheduled: {
          versionId: number;
          publishAt: number;
          savedBy: string;
          rule: Record<string, unknown>;
          changedSince: boolean;
        } | null;
      }[];
    const listed = async (name: string) => (await rulesList()).find((r) => r.name === name)!;
    const bulkAdd = (name: string, sku: string, who: SignedIn = juno) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cs/promos/bulkUpdate',
        payload: { action: 'add', field: 'actionItems', rules: [{ collection: 'pending', name }], skus: sku },
        headers: who.headers,
      });
    const reschedule = (name: string, who: SignedIn = juno) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cs/promos/reschedule',
        payload: { collection: 'pending', name },
        headers: who.headers,
      });
    const productionRule = async (name: string) =>
      (await rowsNamed(name)).find((r) => r.collection === 'production')?.rule as
        | { actionItems: string[]; priority: number }
        | undefined;

    it('an edit after scheduling (a save or a bulk update) does not change what goes live; the rule keeps it', async () => {
      const rule = scheduled(later(60_000));
      expect((await save(rule)).statusCode).toBe(200);
      const first = await listed(rule.name);
      expect(first.scheduled).toMatchObject({
        publishAt: at(later(60_000))._seconds,
        changedSince: false,
        savedBy: expect.stringContaining('@'),
      });
      expect(first.scheduled?.rule.actionItems).toEqual(['P200']);

      // A bulk edit and a save by someone with promoAccess only (same date): the draft changes, the
      // snapshot does not, and the list says the draft changed after scheduling.
      expect((await bulkAdd(rule.name, 'P300')).statusCode).toBe(200);
      const promo = await t.signIn('agent', { promoAccess: true });
      expect((await save({ ...rule, actionItems: ['P200', 'P300'], priority: 60 }, promo)).statusCode).toBe(
        200,
      );
      const edited = await listed(rule.name);
      expect(edited.rule.actionItems).toEqual(['P200', 'P300']);
      expect(edited.scheduled).toMatchObject({ versionId: first.scheduled!.versionId, changedSince: true });
      expect(edited.scheduled?.rule.actionItems).toEqual(['P200']);

      expect(await deployDueRules(t.database.db, t.app.log, later(61_000))).toBe(1);
      // Production holds the rule as scheduled; the pending rule keeps the later edits, date spent.
      expect(await productionRule(rule.name)).toMatchObject({ actionItems: ['P200'], priority: 50 });
      const pending = (await rowsNamed(rule.name)).find((r) => r.collection === 'pending')!;
      expect(pending.rule).toMatchObject({ actionItems: ['P200', 'P300'], priority: 60 });
      expect(pending.publishToProd).toBeNull();
      expect(pending.scheduledVersionId).toBeNull();
      expect((await listed(rule.name)).scheduled).toBeNull();
    });

    it('re-scheduling publishes the rule as saved now, audited; it needs junoAccess and a publish date', async () => {
      const rule = scheduled(later(120_000));
      expect((await save(rule)).statusCode).toBe(200);
      expect((await bulkAdd(rule.name, 'P300')).statusCode).toBe(200);
      expect((await listed(rule.name)).scheduled?.changedSince).toBe(true);

      const promo = await t.signIn('agent', { promoAccess: true });
      const refused = await reschedule(rule.name, promo);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Insufficient Permissions');
      expect((await listed(rule.name)).scheduled?.changedSince).toBe(true);

      const res = await reschedule(rule.name);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatch(
        new RegExp(`^The delayed deploy of ${rule.name} now publishes the rule as saved, on .+ P[DS]T\\.$`),
      );
      expect(res.json().data.scheduled).toMatchObject({ changedSince: false });
      expect(res.json().data.scheduled.rule.actionItems).toEqual(['P200', 'P300']);
      const events = await t.database.db
        .select()
        .from(changeEvents)
        .where(
          and(eq(changeEvents.entityId, `pending/${rule.name}`), eq(changeEvents.action, 'promo.reschedule')),
        );
      expect(events).toHaveLength(1);

      expect(await deployDueRules(t.database.db, t.app.log, later(121_000))).toBe(1);
      expect((await productionRule(rule.name))?.actionItems).toEqual(['P200', 'P300']);

      // No date any more: nothing to re-schedule, and nothing written.
      const none = await reschedule(rule.name);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(`${rule.name} has no delayed deploy to re-schedule.`);
    });

    it('changing the publish date schedules the rule as saved with it', async () => {
      const rule = scheduled(later(60_000));
      expect((await save(rule)).statusCode).toBe(200);
      expect((await bulkAdd(rule.name, 'P300')).statusCode).toBe(200);
      const moved = {
        ...rule,
        actionItems: ['P200', 'P300'],
        priority: 70,
        publishToProd: at(later(90_000)),
      };
      expect((await save(moved)).statusCode).toBe(200);
      expect((await listed(rule.name)).scheduled).toMatchObject({
        publishAt: moved.publishToProd._seconds,
        changedSince: false,
      });
      expect(await deployDueRules(t.database.db, t.app.log, later(91_000))).toBe(1);
      expect(await productionRule(rule.name)).toMatchObject({ actionItems: ['P200', 'P300'], priority: 70 });
    });

    it('"Also set active" answers what was done instead of the reminder to set it by hand', async () => {
      const rule = scheduled(null);
      expect((await save(rule)).statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cs/promo/deployRule',
        payload: { collection: 'pending', rule: { name: rule.name }, active: true },
        headers: juno.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(
        'Promo successfully Deployed to production and set active: carts price with it now.',
      );
      expect(await collectionsOf(rule.name)).toEqual(['active', 'pending', 'production']);
      expect((await rowsNamed(rule.name)).find((r) => r.collection === 'active')?.active).toBe(true);
    });
  });
});
