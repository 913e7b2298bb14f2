import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEntries } from '../../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { CONTENT_FAILURE, normalizedPath } from './content.service';

// Spec 3 §2 Page rendering: content pages are resolved by the current browser path, falling back
// to '/'. Spec 3 §8: a content failure logs that the rate limit may have been exceeded and
// 'App failed to update content', and answers nothing.

let t: TestApp;
let agent: SignedIn;
const logged: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    log: { level: 'warn', stream: { write: (line: string) => void logged.push(JSON.parse(line).msg) } },
  });
  agent = await t.signIn('agent');
  await t.database.db.insert(contentEntries).values([
    { id: 'page/home', type: 'page', url: '/', title: 'Home', fields: { body: 'Welcome' } },
    { id: 'page/about', type: 'page', url: '/about', title: 'About us', fields: { body: 'About' } },
    { id: 'page/about/fr', type: 'page', url: '/about', locale: 'fr-CA', title: 'À propos', fields: {} },
    { id: 'banner/all', type: 'banner', title: 'For everyone', fields: { key: 'all' } },
    { id: 'banner/consultants', type: 'banner', title: 'Consultants', fields: { key: 'c' }, userTypes: [1] },
    {
      id: 'banner/members',
      type: 'banner',
      title: 'Members and clients',
      fields: { key: 'm' },
      userTypes: [2, 3],
    },
  ]);
});
afterAll(() => t.close());

const page = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/content/page?${query}`, headers: agent.headers });

describe('content page by browser path (spec 3 §2)', () => {
  it("answers the path's page, in the locale", async () => {
    const r = await page('path=/about/');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ path: '/about', page: { id: 'page/about', title: 'About us' } });
    expect((await page('path=/about&locale=fr-CA')).json().data.page.title).toBe('À propos');
  });

  it("falls back to '/' for a path without a page", async () => {
    const r = (await page(`path=${encodeURIComponent('/no/such/page?x=1#top')}`)).json();
    expect(r.data).toMatchObject({ path: '/', page: { id: 'page/home', title: 'Home' } });
  });

  it('normalizes browser paths as page urls are stored', () => {
    expect(normalizedPath('about')).toBe('/about');
    expect(normalizedPath('//about//')).toBe('/about');
    expect(normalizedPath('/a/b?q=1#h')).toBe('/a/b');
    expect(normalizedPath('/')).toBe('/');
    expect(normalizedPath('?x')).toBe('/');
  });

  it('answers entries limited to user types only to a reader of one of them (spec 3 §6)', async () => {
    const banners = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/content?type=banner${query}`, headers: agent.headers }))
        .json()
        .data.map((e: { id: string }) => e.id)
        .sort();
    expect(await banners('')).toEqual(['banner/all']);
    expect(await banners('&userType=1')).toEqual(['banner/all', 'banner/consultants']);
    expect(await banners('&userType=3')).toEqual(['banner/all', 'banner/members']);
    expect(await banners('&userType=4')).toEqual(['banner/all']);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/content?type=banner&userType=x',
      headers: agent.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("a content failure logs the spec's messages and answers nothing", async () => {
    await t.database.db.execute(sql`alter table content_entries rename to content_entries_away`);
    try {
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/content?type=banner&locale=en-CA',
        headers: agent.headers,
      });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ success: true, data: [] });
      expect(logged).toEqual(expect.arrayContaining([CONTENT_FAILURE.rateLimit, CONTENT_FAILURE.update]));
      expect(CONTENT_FAILURE).toEqual({
        rateLimit: 'Content request failed: the rate limit may have been exceeded',
        update: 'App failed to update content',
      });
    } finally {
      await t.database.db.execute(sql`alter table content_entries_away rename to content_entries`);
    }
    // Not cached: the next read works.
    expect((await page('path=/about')).json().data.page.id).toBe('page/about');
  });
});
