import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@domain/auth/contracts';
import { expect, type Page, type Request, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_STAFF } from './fixtures';

// What the browser downloads, with an empty cache (each test has a fresh browser context).
// The targets of the web delivery issue are 150 kB of JavaScript for the login page, 250 kB for the
// signed-in dashboard, and no script above 100 kB, all compressed. The app does not reach the first
// two yet (bench/RESULTS.md, "Web delivery": React, React Router, MUI and zod alone are about 150 kB
// on every screen), so these budgets hold today's sizes with a little room: a script that grows, or
// loses its compression, fails here. Lower them as the bundle shrinks. kB = 1,000 bytes.
const LOGIN_JS_BUDGET = 225_000;
const DASHBOARD_JS_BUDGET = 315_000;
const LARGEST_SCRIPT_BUDGET = 100_000;

interface Script {
  file: string;
  /** Body bytes as they travelled. */
  wire: number;
  /** Body bytes once decoded. */
  decoded: number;
  encoding: string | undefined;
  vary: string;
}

/** Records every script the page downloads from now on. */
function recordScripts(page: Page): () => Promise<Script[]> {
  const pending: Promise<Script | null>[] = [];
  const record = async (request: Request): Promise<Script | null> => {
    if (request.resourceType() !== 'script') return null;
    const response = await request.response();
    if (!response) return null;
    const headers = response.headers();
    return {
      file: new URL(request.url()).pathname,
      wire: (await request.sizes()).responseBodySize,
      decoded: (await response.body()).length,
      encoding: headers['content-encoding'],
      vary: headers.vary ?? '',
    };
  };
  page.on('requestfinished', (request) => pending.push(record(request)));
  return async () => (await Promise.all(pending)).filter((s): s is Script => s !== null);
}

const total = (scripts: Script[]) => scripts.reduce((sum, s) => sum + s.wire, 0);
const describeScripts = (scripts: Script[]) =>
  scripts
    .sort((a, b) => b.wire - a.wire)
    .map((s) => `${s.file} ${s.wire} B (${s.encoding ?? 'identity'})`)
    .join('\n');

function expectCompressed(scripts: Script[]) {
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script.vary.toLowerCase(), script.file).toContain('accept-encoding');
    // The build writes no .br/.gz below 1 KiB: those few go as they are.
    if (script.decoded >= 1024) expect(['br', 'gzip'], script.file).toContain(script.encoding);
  }
}

test('the login page: compressed scripts, within the JavaScript budget', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const list = await scripts();
  expectCompressed(list);
  expect(total(list), describeScripts(list)).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
  expect(Math.max(...list.map((s) => s.wire)), describeScripts(list)).toBeLessThanOrEqual(
    LARGEST_SCRIPT_BUDGET,
  );
});

test('the signed-in dashboard: the chart library comes with the chart, within the budget', async ({
  page,
}) => {
  // Signed in through the API: the session cookie lands in this context, its cache stays empty.
  const login = await page.request.post('/api/auth/login', {
    data: { email: DEMO_STAFF.leader, password: DEMO_PASSWORD },
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
  });
  expect(login.ok()).toBe(true);
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(
    page
      .getByRole('img', { name: /^Orders per day/ })
      .locator('svg rect')
      .first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  const list = await scripts();
  expectCompressed(list);
  // The chart and its library are a chunk of their own, apart from the dashboard page's.
  const chartChunk = list.find((s) => /\/orders-by-day-chart-[\w-]+\.js$/.test(s.file));
  const pageChunk = list.find((s) => /\/dashboard-page-[\w-]+\.js$/.test(s.file));
  expect(chartChunk, describeScripts(list)).toBeDefined();
  expect(pageChunk, describeScripts(list)).toBeDefined();
  expect(pageChunk!.wire).toBeLessThan(chartChunk!.wire / 4);
  expect(total(list), describeScripts(list)).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET);
  expect(Math.max(...list.map((s) => s.wire)), describeScripts(list)).toBeLessThanOrEqual(
    LARGEST_SCRIPT_BUDGET,
  );
});
