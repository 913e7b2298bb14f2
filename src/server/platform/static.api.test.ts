import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incentivePeriods } from '../db/schema/incentives';
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
    await writeFile(
      path.join(withLogin, 'index.html'),
      '<!doctype html><html lang="en"><div id="root"></div></html>',
    );
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

  it("comes in the drafts palette on the drafts environment, as does the app's page", async () => {
    const app = await createTestApp({ webDir: withLogin, env: { APP_ENV: 'drafts' } });
    try {
      for (const url of ['/login', '/', '/orders']) {
        const res = await app.app.inject({ method: 'GET', url });
        expect(res.body, url).toContain('<html lang="en" data-theme="drafts">');
      }
    } finally {
      await app.close();
    }
  });
});

describe("a signed-in screen's page names its first calls and chunks (screen-starts.ts)", () => {
  let hinted: string;
  beforeAll(async () => {
    hinted = await mkdtemp(path.join(os.tmpdir(), 'bo-web-hints-'));
    await mkdir(path.join(hinted, '.vite'));
    await writeFile(
      path.join(hinted, 'index.html'),
      // The page names what its script imports as it starts (scripts/start-preloads.ts): here MUI.
      '<!doctype html>\n<html lang="en">\n  <head>\n    <script type="module" src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/mui-1.js">\n  </head>\n<div id="root"></div></html>',
    );
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-1.js' },
      'app/shell/app-shell.tsx': {
        file: 'assets/app-shell-1.js',
        name: 'app-shell',
        imports: ['_react.js', '_mui.js'],
      },
      '_mui.js': { file: 'assets/mui-1.js' },
      'pages/customer-layout.tsx': { file: 'assets/customer-layout-1.js', name: 'customer-layout' },
      'pages/customer-detail-page.tsx': {
        file: 'assets/customer-detail-page-1.js',
        name: 'customer-detail-page',
        imports: ['_mui.js', '_form.js'],
      },
      '_form.js': { file: 'assets/form-1.js' },
    };
    await writeFile(path.join(hinted, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });
  afterAll(() => rm(hinted, { recursive: true, force: true }));

  it('with a session: fetch preloads for the calls it does not carry, module preloads for chunks the page does not name', async () => {
    const app = await createTestApp({ webDir: hinted });
    try {
      // A customer that does not exist: its calls answer 404, so the page carries none of them and
      // names them for the browser (the session and the flags it carries).
      const leader = await app.signIn('leader');
      const res = await app.app.inject({
        method: 'GET',
        url: '/customers/a%22b/detail',
        headers: { cookie: leader.headers.cookie! },
      });
      const links = [
        ...res.body.matchAll(/<link rel="(\w+)"(?: as="fetch")? crossorigin href="([^"]+)">/g),
      ].map((m) => `${m[1]} ${m[2]}`);
      // MUI, which the page names already, is not named twice.
      expect(links).toEqual([
        'modulepreload /assets/mui-1.js',
        'preload /api/customers/a%22b/summary',
        'preload /api/cs/customer/a%22b',
        'preload /api/cs/customer/a%22b/comments',
        'modulepreload /assets/app-shell-1.js',
        'modulepreload /assets/customer-layout-1.js',
        'modulepreload /assets/customer-detail-page-1.js',
        'modulepreload /assets/form-1.js',
      ]);
      // Without a session the app only sends the visitor to sign in: the page is as built.
      const anonymous = await app.app.inject({ method: 'GET', url: '/customers/abc/detail' });
      const stale = await app.app.inject({
        method: 'GET',
        url: '/customers/abc/detail',
        cookies: { bo_session: 'anything' },
      });
      for (const page of [anonymous, stale]) {
        expect(page.body).not.toContain('rel="preload"');
        // Only the page's own module preload.
        expect(page.body.match(/rel="modulepreload"/g)).toHaveLength(1);
        expect(page.body).not.toContain('first-answers');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
    } finally {
      await app.close();
    }
  });

  it('names chunks the web app has: each screen start is a page module', async () => {
    const { SCREEN_STARTS, SHELL_START } = await import('@domain/platform/screen-starts');
    const { readdir } = await import('node:fs/promises');
    const web = path.resolve(import.meta.dirname, '../../web');
    const files = (await readdir(web, { recursive: true })).map((f) => path.basename(String(f)));
    for (const chunk of [SHELL_START.chunk, ...Object.values(SCREEN_STARTS).map((s) => s.chunk)])
      expect(files, chunk).toContain(`${chunk}.tsx`);
  });
});

describe("a signed-in screen's page carries its first answers (ADR 051)", () => {
  let answered: string;
  let a: TestApp;
  beforeAll(async () => {
    answered = await mkdtemp(path.join(os.tmpdir(), 'bo-web-answers-'));
    await writeFile(
      path.join(answered, 'index.html'),
      '<!doctype html>\n<html lang="en">\n  <head>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>',
    );
    // A wait long enough for a busy test machine: what the page carries, not how fast, is tested here.
    a = await createTestApp({ webDir: answered, env: { PAGE_ANSWERS_WAIT_MS: '10000' } });
  });
  afterAll(async () => {
    await a.close();
    await rm(answered, { recursive: true, force: true });
  });

  /** The answers a page carries, by call key; null when it carries none. */
  const carried = (html: string): Record<string, { status: number; body: unknown }> | null => {
    const m = html.match(/<script type="application\/json" id="first-answers">([^<]*)<\/script>/);
    return m ? JSON.parse(m[1]!) : null;
  };
  const page = (url: string, cookie: string) => a.app.inject({ method: 'GET', url, headers: { cookie } });

  it("the session, the flags and the screen's first calls, each as the API answers the same staff member; kept nowhere", async () => {
    const leader = await a.signIn('leader');
    const res = await page('/orders', leader.headers.cookie!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answers = carried(res.body)!;
    expect(Object.keys(answers)).toEqual([
      '/api/auth/session',
      '/api/flags',
      '/api/cs/orders/?page=1&limit=20',
    ]);
    for (const [url, answer] of Object.entries(answers)) {
      const own = await a.app.inject({ method: 'GET', url, headers: leader.headers });
      expect(answer, url).toEqual({ status: own.statusCode, body: own.json() });
    }
    // What the page carries, the browser does not ask for again.
    expect(res.body).not.toContain('rel="preload"');
  });

  it('the reads that follow from the first answers, those sent as a POST too (enroller payouts)', async () => {
    await a.database.db.insert(incentivePeriods).values({
      periodId: 202612,
      startDate: new Date('2026-12-01T00:00:00Z'),
      endDate: new Date('2026-12-31T23:59:59.999Z'),
    });
    const leader = await a.signIn('leader');
    const res = await page('/incentives/enrollers', leader.headers.cookie!);
    const answers = carried(res.body)!;
    const posts = Object.keys(answers).filter((key) => key.startsWith('POST /api/startCounting/query '));
    // The periods, then the shown period's first page of payouts and its counting runs.
    expect(posts).toHaveLength(3);
    expect(posts[0]).toContain('periods');
    expect(posts.some((key) => key.includes('enrollerPayouts'))).toBe(true);
    expect(posts.some((key) => key.includes('countingRuns'))).toBe(true);
    for (const key of posts) expect(answers[key]!.status).toBe(200);
  });

  it('only what the staff member may read: a read their role is refused is left to the app', async () => {
    // Agents have no incentives (DESIGN §4): the page carries their session and flags, no payouts.
    const agent = await a.signIn('agent');
    const res = await page('/incentives/enrollers', agent.headers.cookie!);
    const answers = carried(res.body)!;
    expect(Object.keys(answers)).toEqual(['/api/auth/session', '/api/flags']);
    const refused = await a.app.inject({
      method: 'POST',
      url: '/api/startCounting/query',
      payload: { query: '{ periods { periodId } }' },
      headers: agent.headers,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a session signed out carries nothing: the page is as built, revalidated', async () => {
    const leader = await a.signIn('leader');
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: leader.headers });
    expect(out.statusCode).toBeLessThan(300);
    for (const url of ['/', '/orders', '/incentives/enrollers']) {
      const res = await page(url, leader.headers.cookie!);
      expect(carried(res.body), url).toBeNull();
      expect(res.body, url).not.toContain('rel="preload"');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('PAGE_ANSWERS_WAIT_MS=0: pages carry no answers and name the calls for the browser', async () => {
    const none = await createTestApp({ webDir: answered, env: { PAGE_ANSWERS_WAIT_MS: '0' } });
    try {
      const leader = await none.signIn('leader');
      const res = await none.app.inject({
        method: 'GET',
        url: '/orders',
        headers: { cookie: leader.headers.cookie! },
      });
      expect(carried(res.body)).toBeNull();
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(
        [...res.body.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map(
          (m) => m[1],
        ),
        // As an attribute's value: the ampersand escaped.
      ).toEqual(['/api/auth/session', '/api/flags', '/api/cs/orders/?page=1&amp;limit=20']);
    } finally {
      await none.close();
    }
  });
});
