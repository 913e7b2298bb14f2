import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'bo-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('single-page app serving', () => {
  it('serves the app at the root and for every deep link (history fallback)', async () => {
    for (const url of ['/', '/customers/abc/detail', '/orders/failed', '/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customers-typo' });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });
});

describe('the sign-in page (login.html, a page of its own)', () => {
  const LOGIN_HTML = '<!doctype html>\n<html lang="en">\n<div id="root" data-page="login"></div></html>';
  let withLogin: string;
  beforeAll(async () => {
    withLogin = await mkdtemp(path.join(os.tmpdir(), 'bo-web-login-'));
    await writeFile(path.join(withLogin, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(withLogin, 'login.html'), LOGIN_HTML);
  });
  afterAll(() => rm(withLogin, { recursive: true, force: true }));

  it('is /login, with its query string, revalidated and under the policy; the app stays elsewhere', async () => {
    const app = await createTestApp({ webDir: withLogin });
    try {
      for (const url of ['/login', '/login?next=%2Forders']) {
        const res = await app.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(LOGIN_HTML);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      }
      const deep = await app.app.inject({ method: 'GET', url: '/login/token' });
      expect(deep.body).toContain('<div id="root"></div>');
    } finally {
      await app.close();
    }
  });

  it('comes in the drafts palette on the drafts environment', async () => {
    const app = await createTestApp({ webDir: withLogin, env: { APP_ENV: 'drafts' } });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/login' });
      expect(res.body).toContain('<html lang="en" data-theme="drafts">');
    } finally {
      await app.close();
    }
  });
});
