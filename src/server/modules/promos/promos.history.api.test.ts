import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, promoRules } from '../../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// Rule history (spec 3 §2 Promo tool, ADR 012): every saved version with who and when, a diff between consecutive
// versions, and "restore this version" into drafts (promoAccess, audited).

let t: TestApp;
let promo: SignedIn; // promoAccess
let juno: SignedIn; // promoAccess and junoAccess
let plain: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  promo = await t.signIn('agent', { promoAccess: true });
  juno = await t.signIn('agent', { promoAccess: true, junoAccess: true });
  plain = await t.signIn('agent');
});
afterAll(() => t.close());

let n = 0;
const stored = (o: Record<string, unknown> = {}) => ({
  name: `History Serum ${++n}`,
  id: 0,
  active: false,
  priority: 10,
  stop: false,
  actionItems: ['SK-SERUM'],
  discountValue: { '1': 0.2 },
  tags: ['SPRING'],
  timestamps: { start: { _seconds: 1_700_000_000 } },
  publishToProd: {},
  ...o,
});
const save = (collection: string, rule: object, who: SignedIn = promo) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cs/promo/editRule',
    payload: { collection, rule },
    headers: who.headers,
  });
const history = (name: string, who: SignedIn = plain) =>
  t.app.inject({
    method: 'GET',
    url: `/api/cs/promos/${encodeURIComponent(name)}/history`,
    headers: who.headers,
  });
const restore = (name: string, versionId: unknown, who: SignedIn = promo) =>
  t.app.inject({
    method: 'POST',
    url: `/api/cs/promos/${encodeURIComponent(name)}/restore`,
    payload: { versionId },
    headers: who.headers,
  });
const draftOf = async (name: string) =>
  (
    await t.database.db
      .select()
      .from(promoRules)
      .where(and(eq(promoRules.collection, 'drafts'), eq(promoRules.name, name)))
  )[0];

interface Version {
  id: number;
  collection: string;
  action: string;
  savedBy: string;
  savedAt: string;
  previousId: number | null;
  rule: Record<string, unknown>;
  differences: { kind: string; path: (string | number)[]; lhs?: unknown; rhs?: unknown }[];
}

describe('rule history', () => {
  it('lists every saved version newest first, who saved it and when, with the diff from the one before', async () => {
    const rule = stored();
    await save('drafts', rule);
    await save('drafts', { ...rule, discountValue: { '1': 0.3 } }, juno);
    await save('pending', { ...rule, discountValue: { '1': 0.3 } });
    const res = await history(rule.name.toUpperCase());
    expect(res.statusCode).toBe(200);
    const { name, versions } = res.json().data as { name: string; versions: Version[] };
    expect(name).toBe(rule.name);
    expect(versions.map((v) => [v.collection, v.action, v.savedBy])).toEqual([
      ['pending', 'promo.create', promo.email],
      ['drafts', 'promo.update', juno.email],
      ['drafts', 'promo.create', promo.email],
    ]);
    const [pending, second, first] = versions as [Version, Version, Version];
    expect(Date.parse(second.savedAt)).toBeGreaterThanOrEqual(Date.parse(first.savedAt));
    // Consecutive versions of a collection: only what changed.
    expect(second.previousId).toBe(first.id);
    expect(second.differences).toEqual([
      { kind: 'E', path: ['rule', 'discountValue', '1'], lhs: 0.2, rhs: 0.3 },
    ]);
    // The first version of a collection is all new.
    expect(first.previousId).toBeNull();
    expect(pending.previousId).toBeNull();
    expect(first.differences.every((d) => d.kind === 'N')).toBe(true);
  });

  it('answers 404 for a rule never saved', async () => {
    const res = await history('No Such Rule At All');
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('restores a version into drafts as a new, audited version; the draft keeps its switch and publish date', async () => {
    const rule = stored();
    await save('drafts', rule);
    const publishAt = { _seconds: 1_900_000_000 };
    await save(
      'drafts',
      { ...rule, actionItems: ['SK-MASK'], tags: ['SUMMER'], publishToProd: publishAt },
      juno,
    );
    const versions = (await history(rule.name)).json().data.versions as Version[];
    const oldest = versions[versions.length - 1]!;

    const res = await restore(rule.name, oldest.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: `Promo ${rule.name} successfully restored to drafts`,
      errors: [],
      data: { collection: 'drafts', name: rule.name, tags: ['SPRING'], publishToProd: publishAt },
    });
    const draft = await draftOf(rule.name);
    expect(draft?.rule.actionItems).toEqual(['SK-SERUM']);
    expect(draft?.active).toBe(false);

    const after = (await history(rule.name)).json().data.versions as Version[];
    expect(after).toHaveLength(versions.length + 1);
    expect(after[0]).toMatchObject({ action: 'promo.restore', savedBy: promo.email, collection: 'drafts' });
    expect(after[0]!.differences).toContainEqual(
      expect.objectContaining({ path: ['rule', 'actionItems', 0], lhs: 'SK-MASK', rhs: 'SK-SERUM' }),
    );
    const events = await t.database.db
      .select()
      .from(changeEvents)
      .where(and(eq(changeEvents.entityId, `drafts/${rule.name}`), eq(changeEvents.action, 'promo.restore')));
    expect(events).toHaveLength(1);
    expect(events[0]?.changedBy).toBe(promo.email);
  });

  it('restores a production version into drafts, creating the draft, switched off', async () => {
    const rule = stored();
    await save('pending', rule);
    await t.app.inject({
      method: 'POST',
      url: '/api/cs/promo/deployRule',
      payload: { collection: 'pending', rule: { name: rule.name }, active: true },
      headers: juno.headers,
    });
    const versions = (await history(rule.name)).json().data.versions as Version[];
    const live = versions.find((v) => v.collection === 'active')!;
    expect(live.rule.active).toBe(true);
    expect(await draftOf(rule.name)).toBeUndefined();
    expect((await restore(rule.name, live.id)).statusCode).toBe(200);
    expect(await draftOf(rule.name)).toMatchObject({ active: false, publishToProd: null });
  });

  it('needs promoAccess; refuses a version of another rule or a bad id, writing nothing', async () => {
    const rule = stored();
    await save('drafts', rule);
    const other = stored();
    await save('drafts', other);
    const [version] = (await history(rule.name)).json().data.versions as Version[];
    const [otherVersion] = (await history(other.name)).json().data.versions as Version[];

    const refused = await restore(rule.name, version!.id, plain);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Insufficient Permissions');
    expect((await restore(rule.name, otherVersion!.id)).statusCode).toBe(404);
    expect((await restore(rule.name, 'one')).statusCode).toBe(400);
    expect((await restore(rule.name, -1)).statusCode).toBe(400);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/cs/promos/${encodeURIComponent(rule.name)}/restore`,
      payload: { versionId: version!.id },
    });
    expect(anon.statusCode).toBe(401);
    expect((await history(rule.name)).json().data.versions).toHaveLength(1);
  });

  it('a rule on file from before the history was kept gets that version first when saved again', async () => {
    const name = `On File ${++n}`;
    const rule = { ...stored(), name };
    await t.database.db.insert(promoRules).values({
      collection: 'drafts',
      name,
      typeId: 0,
      priority: 10,
      rule: { ...rule, timestamps: { start: 1_700_000_000, end: 4_102_444_800 }, code: [] },
      updatedBy: 'old.editor@example.com',
    });
    expect((await history(name)).statusCode).toBe(404);
    await save('drafts', { ...rule, discountValue: { '1': 0.1 } });
    const versions = (await history(name)).json().data.versions as Version[];
    expect(versions.map((v) => [v.action, v.savedBy])).toEqual([
      ['promo.update', promo.email],
      ['promo.onFile', 'old.editor@example.com'],
    ]);
  });
});
