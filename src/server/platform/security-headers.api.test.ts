import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { API_CSP, registerSecurityHeaders } from './security-headers';

const EXPECTED_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;connect-src 'self';frame-ancestors 'none';object-src 'none';base-uri 'self';" +
  "form-action 'self'";

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'bo-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'assets', 'app-0000.js'), 'export {};');
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

function expectSecurityHeaders(res: LightMyRequestResponse, csp = EXPECTED_CSP) {
  expect(res.headers['content-security-policy']).toBe(csp);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  // Served over plain http (the test PUBLIC_URL): no HSTS.
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

/** A JSON answer: nothing loads from it, nothing frames it, nothing caches it, no page policies. */
function expectApiHeaders(res: LightMyRequestResponse) {
  expectSecurityHeaders(res, API_CSP);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control'])
    expect(res.headers[name], name).toBeUndefined();
}

describe('security headers on API answers', () => {
  it('the sign-in answer (it carries the token) is not cached', async () => {
    const agent = await t.signIn('agent');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: agent.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeTruthy();
    expectApiHeaders(res);
  });

  it('a failed sign-in (401) is not cached either', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@test.example.com', password: 'Wrong-Password-1' },
    });
    expect(res.statusCode).toBe(401);
    expectApiHeaders(res);
  });

  it('the staff list for a leader', async () => {
    const leader = await t.signIn('leader');
    const res = await t.app.inject({ method: 'GET', url: '/api/administrators', headers: leader.headers });
    expect(res.statusCode).toBe(200);
    expectApiHeaders(res);
  });

  it('401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/administrators' });
    expect(res.statusCode).toBe(401);
    expectApiHeaders(res);
  });

  it('403 for a role without the permission', async () => {
    const agent = await t.signIn('agent');
    const res = await t.app.inject({ method: 'GET', url: '/api/administrators', headers: agent.headers });
    expect(res.statusCode).toBe(403);
    expectApiHeaders(res);
  });

  it('400 for invalid input', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } });
    expect(res.statusCode).toBe(400);
    expectApiHeaders(res);
  });

  it('404 for an unknown /api path', async () => {
    for (const url of ['/api/no-such-route', '/api/no-such-route?x=1', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().success).toBe(false);
      expectApiHeaders(res);
    }
  });

  it('the API reference page at /api/docs is a page: the whole policy, and not cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('security headers on the web app', () => {
  it('index.html has the policy and must be revalidated', async () => {
    for (const url of ['/', '/login', '/administrators/create']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(res);
    }
  });
});

describe("security headers on the built app's files", () => {
  it('carry what applies to a script, and not the policies of documents', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-0000.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ])
      expect(res.headers[name], name).toBeUndefined();
  });

  it('an /assets path that is no file gets the app page, with the policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/nothing-here.js' });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expectSecurityHeaders(res);
  });
});

describe('HSTS', () => {
  it('is sent only when the app is served over https', async () => {
    for (const https of [true, false]) {
      const app = Fastify();
      await registerSecurityHeaders(app, { https });
      app.get('/api/ping', async () => ({ ok: true }));
      const res = await app.inject({ method: 'GET', url: '/api/ping' });
      expect(res.headers['strict-transport-security']).toBe(
        https ? 'max-age=31536000; includeSubDomains' : undefined,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      await app.close();
    }
  });
});
