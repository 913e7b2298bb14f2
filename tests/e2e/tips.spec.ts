import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, setViewport, signIn, usClient } from './fixtures';

// Hover tips come with first use (ADR 047): the top bar and the copy buttons name their controls
// without MUI's Tooltip, which is fetched when a control is first pointed at or focused, opens
// then, and takes nothing away: not the click under way, not the keyboard's focus.

const DESKTOP = { width: 1280, height: 800 };

/** Whether one of the scripts the page has loaded holds MUI's Tooltip (the theme names it too). */
async function tooltipLoaded(page: Page): Promise<boolean> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((name) => name.endsWith('.js')),
  );
  for (const url of urls)
    if ((await (await page.request.get(url)).text()).includes('tooltipArrow')) return true;
  return false;
}

async function customerDetail(page: Page) {
  await setViewport(page, DESKTOP);
  await signIn(page, DEMO_STAFF.leader);
  const uid = await usClient(page);
  await page.goto(`/customers/${encodeURIComponent(uid)}/detail`);
  const copy = page.getByRole('button', { name: 'Copy account id' });
  await expect(copy).toBeVisible();
  return copy;
}

test('a copy button’s tip is fetched when it is pointed at, and opens then', async ({ page }) => {
  const copy = await customerDetail(page);
  expect(await tooltipLoaded(page)).toBe(false);
  await copy.hover();
  await expect(page.getByRole('tooltip', { name: 'Copy account id' })).toBeVisible();
  expect(await tooltipLoaded(page)).toBe(true);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip', { name: 'Copy account id' })).toBeHidden();
  await copy.hover();
  await expect(page.getByRole('tooltip', { name: 'Copy account id' })).toBeVisible();
});

test('a click at once on a copy button copies, while its tip is still coming', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const copy = await customerDetail(page);
  // Slow the tip's script down, so that the click lands before it is there.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await copy.click();
  await expect(page.getByRole('tooltip', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\S{10,}/);
});

test('a copy button focused from the keyboard keeps the focus as its tip comes', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const copy = await customerDetail(page);
  // Tab from the control before it until the copy button has the focus.
  await page.getByRole('heading', { level: 1 }).first().click();
  for (let i = 0; i < 40 && !(await copy.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(copy).toBeFocused();
  await expect(page.getByRole('tooltip', { name: 'Copy account id' })).toBeVisible();
  await expect(copy).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tooltip', { name: 'Copied' })).toBeVisible();
});

test('the top bar names its controls before any tip has come, at phone and desktop widths', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.developer);
  for (const size of [{ width: 375, height: 740 }, DESKTOP]) {
    await setViewport(page, size);
    await page.goto('/');
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(bar.getByRole('switch', { name: 'Dev mode' })).toHaveAccessibleDescription(
      /Promo Tool and Incentives/,
    );
    expect(await tooltipLoaded(page)).toBe(false);
  }
});
