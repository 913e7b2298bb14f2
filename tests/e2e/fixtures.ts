import { expect, type Locator, type Page } from '@playwright/test';

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

/** Signs in through the login screen and waits for the signed-in chrome (any width). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
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
