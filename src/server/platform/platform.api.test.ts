import { ACTIONS, can } from '@domain/auth/permissions';
import { STAFF_ROLES } from '@domain/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A URL that reaches the route: params get a well-formed placeholder. */
const concrete = (url: string) =>
  url.replace(/:id\b/g, '00000000-0000-4000-8000-000000000000').replace(/:(\w+)/g, 'placeholder');

describe('API platform', () => {
  it('serves health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ status: 'ok', database: t.database.kind });
  });

  it('answers unknown API paths with JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('publishes an OpenAPI document built from the route schemas, and a reference page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/administrators', '/api/dashboard', '/api/flags']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('registers every API route with a permission action', () => {
    expect(t.app.routeActions.length).toBeGreaterThan(15);
    for (const r of t.app.routeActions) expect([...ACTIONS, 'public', 'customerView']).toContain(r.action);
  });
});

describe('permissions are enforced on the server for every route', () => {
  const signedIn = new Map<string, SignedIn>();
  beforeAll(async () => {
    for (const role of STAFF_ROLES) signedIn.set(role, await t.signIn(role));
  });

  it('refuses every non-public route without a session (401)', async () => {
    for (const r of t.app.routeActions.filter((x) => x.action !== 'public')) {
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('refuses each role the routes the permission table does not give it (403)', async () => {
    let checked = 0;
    for (const role of STAFF_ROLES) {
      const user = signedIn.get(role)!;
      const principal = { role, promoAccess: false, junoAccess: false };
      for (const r of t.app.routeActions) {
        if (r.action === 'public' || r.action === 'customerView' || can(principal, r.action)) continue;
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: concrete(r.url),
          headers: user.headers,
          payload: r.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${role} ${r.method} ${r.url}`).toBe(403);
        expect(res.json().code).toBe('INSUFFICIENT_PERMISSIONS');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
