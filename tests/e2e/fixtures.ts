import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Locator, type Page, type Response } from '@playwright/test';
import { tierForWidth } from '@web/lib/use-layout-tier';
import type { AxeResults, Result, RunOptions } from 'axe-core';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Password-1';

export const DEMO_STAFF = {
  agent: 'agent@example.com',
  leader: 'leader@example.com',
  developer: 'developer@example.com',
  fraudAgent: 'fraud@example.com',
  salesOperatorManager: 'salesops@example.com',
} as const;
export type DemoRole = keyof typeof DEMO_STAFF;

/** The demo staff's names (scripts/demo/staff.ts): screens name people, not their emails. */
export const DEMO_STAFF_NAMES: Record<DemoRole, string> = {
  agent: 'Casey Morgan',
  leader: 'Jordan Lee',
  developer: 'Sam Patel',
  fraudAgent: 'Riley Chen',
  salesOperatorManager: 'Taylor Brooks',
};

/**
 * Resizes the page and waits for the screen to take its new layout tier. The tier follows the
 * window 100 ms after its last resize (spec 1 §9), so the docked menu, the cards and the columns
 * move a moment after the CSS has: a click in between can press on one spot and release on
 * another, and no click happens. Signed-in screens name their tier on the shell.
 */
export async function setViewport(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.waitForFunction((tier) => {
    const shell = document.querySelector('[data-layout-tier]');
    return shell === null || shell.getAttribute('data-layout-tier') === tier;
  }, tierForWidth(size.width));
}

/** Clicks twice in one task, before the page can show it is busy: the fastest double click there is. */
export async function clickTwiceAtOnce(target: Locator) {
  await target.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
}

/** The requests the page sends from now on with this method to this path (a list that fills as they go). */
export function requestsTo(page: Page, method: string, pathname: string): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === pathname) sent.push(r.url());
  });
  return sent;
}

/**
 * Pages from now on come without the answers the server writes into them (ADR 051): the app then
 * asks for its first calls itself, as it does when it moves to a screen from another one. For the
 * tests of that path (the route's loader, a loading state held on a call).
 */
export async function withoutPageAnswers(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script type="application\/json" id="first-answers">[^<]*<\/script>/,
        '',
      );
      return route.fulfill({ response, body });
    },
  );
}

/** The body of the answer to `call` that a page (its document's response) carried, ADR 051. */
export async function carriedAnswer(document: Response, call: string): Promise<unknown> {
  const block = /<script type="application\/json" id="first-answers">([^<]*)<\/script>/.exec(
    await document.text(),
  );
  expect(block, 'the page carries answers').not.toBeNull();
  const answers = JSON.parse(block![1]!) as Record<string, { status: number; body: unknown }>;
  expect(answers[call], `the page carries the answer to ${call}`).toBeDefined();
  return answers[call]!.body;
}

/** Text only CodeMirror's script holds (its lint styles): how a test tells that script from the others. */
export const CODEMIRROR_MARK = 'cm-lintRange';

/** The scripts the page receives from now on whose text holds `mark` (a list that fills as they come). */
export function scriptsHolding(page: Page, mark: string): string[] {
  const holding: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes(mark)) holding.push(new URL(response.url()).pathname);
  });
  return holding;
}

/** Signs in through the login screen and waits for the signed-in chrome (any width). */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/**
 * Signs in as the login screen does (its call, POST /api/auth/login, whose answer sets the session
 * cookie in the page's browser context), opens the dashboard and waits for the signed-in chrome.
 * The form itself is driven by `signInWithForm` where a test is about it (shell, password flows,
 * the accessibility run of the signed-out screens); elsewhere this saves a page load per test.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const answer = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(answer.status(), `sign-in of ${email}: ${await answer.text()}`).toBe(200);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

export const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Names of the side-menu entries, in order. */
export async function menuEntries(page: Page): Promise<string[]> {
  const links = menu(page).getByRole('link');
  return (await links.allInnerTexts()).map((t) => t.trim());
}

/** A unique email for staff a test creates. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * The page once it is still: no finite CSS transition or animation running (a dialog fading in,
 * the top bar re-laid out after a resize) and two frames painted, so an accessibility check sees
 * what staff see rather than a frame in between. Endless ones (spinners) are not waited for.
 */
export async function settled(page: Page): Promise<Page> {
  await page.evaluate(async () => {
    for (let i = 0; i < 5; i++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) break;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((r) => setTimeout(r, 1000)),
      ]);
    }
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  return page;
}

/** The WCAG 2.0 and 2.1 A and AA rules: what the specs that check a screen's content ask axe for. */
export const WCAG_21_AA: readonly string[] = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What an accessibility check looks at. */
export interface AxeScope {
  /** CSS selectors to check (the whole page when none). */
  include?: string[];
  /** CSS selectors to leave out. */
  exclude?: string[];
  /** Only the rules with these tags (all rules when none). */
  tags?: readonly string[];
  /** Rules that count whatever their impact, besides every serious or critical violation. */
  alsoRules?: ReadonlySet<string>;
  /**
   * `false` leaves iframes out: the Outbox's email preview is a sandboxed copy of an email (no
   * scripts), so axe cannot run inside it and would wait for it.
   */
  iframes?: false;
}

type AxeViolation = Result;

/** axe-core's browser build, read once: each document gets it once, not once per check. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Puts axe in the frame unless its document has it already (a resize keeps the document). */
async function injectAxe(frame: Frame) {
  const present = await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!present) await frame.evaluate(AXE_SOURCE);
}

/**
 * Every axe violation of the page, once settled, within `scope`. axe runs in the page itself, and
 * in its frames unless `iframes` is false; a document keeps the axe it was given, so checking one
 * screen at two widths compiles axe once. Only violations are asked for, so axe does not send every
 * passing element back to the test.
 */
async function runAxe(page: Page, scope: AxeScope = {}): Promise<AxeViolation[]> {
  await settled(page);
  const frames = scope.iframes === false ? [page.mainFrame()] : page.frames();
  for (const frame of frames) await injectAxe(frame);
  const include = scope.include?.map((selector) => [selector]);
  const exclude = scope.exclude?.map((selector) => [selector]) ?? [];
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(scope.iframes === false ? { iframes: false } : {}),
    ...(scope.tags ? { runOnly: { type: 'tag', values: [...scope.tags] } } : {}),
  };
  return page.evaluate(
    async ({ context, options }) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } })
        .axe;
      return (await axe.run(context, options)).violations;
    },
    { context: include ? { include, exclude } : { exclude }, options },
  );
}

/**
 * The serious and critical axe violations of the page within `scope` (and those of `alsoRules`), one
 * readable line each: `label`, impact, rule, its help and up to four of the elements.
 */
export async function axeViolations(page: Page, label: string, scope: AxeScope = {}): Promise<string[]> {
  const violations = await runAxe(page, scope);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || scope.alsoRules?.has(v.id))
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 4)
        .map((n) => `      ${n.target.join(' ')}${n.any[0]?.message ? ` — ${n.any[0].message}` : ''}`)
        .join('\n');
      return `${label}: [${v.impact}] ${v.id} (${v.help}), ${v.nodes.length} element(s)\n${nodes}`;
    });
}

/** No serious or critical axe violation (nor one of `alsoRules`) on the page within `scope`. */
export async function expectAccessible(page: Page, label: string, scope: AxeScope = {}) {
  const found = await axeViolations(page, label, scope);
  expect(found, `serious or critical accessibility violations:\n${found.join('\n')}`).toEqual([]);
}

/**
 * The money summary named `label` reads down (ADR 024): each result row (items, subtotal, total,
 * refund total) is the rows above it added up, taken-away rows written with "−". Answers the rows.
 */
export async function expectReadsDown(page: Page, label: string) {
  const summary = page.locator(`dl[aria-label="${label}"]`);
  await summary.waitFor();
  const rows = await summary.locator('[data-row]').evaluateAll((els) =>
    els.map((e) => ({
      key: e.getAttribute('data-row') ?? '',
      text: e.querySelector('dd')?.textContent ?? '',
    })),
  );
  const RESULTS = new Set(['items', 'subtotal', 'total', 'refundProducts', 'refundTotal']);
  let running: number | null = null;
  for (const r of rows) {
    const cents = Number(r.text.replace(/[^0-9]/g, '')) * (r.text.trim().startsWith('−') ? -1 : 1);
    if (RESULTS.has(r.key)) {
      if (running !== null) expect(cents, `${label}: ${r.key} reads ${r.text}`).toBe(running);
      running = cents;
    } else running = (running ?? 0) + cents;
  }
  return rows;
}

/** The facts of a demo account the browser tests pick by (GET /api/accounts/getAccountInfo). */
export interface DemoAccountInfo {
  uid: string;
  userType: number;
  countryId: number;
  accountStatus: number;
}

/** The first demo company account (numbers 100001–100299) that matches, with its account number. */
export async function findDemoAccount(
  page: Page,
  matches: (account: DemoAccountInfo) => boolean,
  what: string,
): Promise<DemoAccountInfo & { phoenixId: number }> {
  for (let id = 100_001; id < 100_300; id++) {
    const info = await page.request.get(`/api/accounts/getAccountInfo/${id}`);
    if (!info.ok()) continue;
    const account = (await info.json()).data as DemoAccountInfo;
    if (matches(account)) return { ...account, phoenixId: id };
  }
  throw new Error(`the demo company has no ${what}`);
}

/** A US client of the demo company: retail prices, saved cards. Its uid. */
export const usClient = async (page: Page): Promise<string> =>
  (await findDemoAccount(page, (a) => a.userType === 3 && a.countryId === 1, 'US client')).uid;

/**
 * The checkout's shipping address form, open: waits for the shipping panel (a saved address and
 * "Enter a new address", or the form itself when there is nothing on file or a draft came back).
 */
export async function openShippingForm(page: Page): Promise<Locator> {
  const enter = page.getByRole('button', { name: 'Enter a new address' });
  const form = page.getByRole('form', { name: 'Shipping address form' });
  await expect(form.or(enter)).toBeVisible();
  if (await enter.isVisible()) await enter.click();
  await expect(form).toBeVisible();
  return form;
}
