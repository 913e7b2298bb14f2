import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, expectAccessible, menu, setViewport, signIn } from './fixtures';

// Spec 3 §2 Page rendering: the resolved page sets the page title and description, restores the
// scroll position (back and forward) or scrolls to a hash anchor.

const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test('each page sets its title and description', async ({ page }) => {
  await signIn(page, DEMO_STAFF.leader);
  await page.goto('/promos/tool');
  await expect(page).toHaveTitle('Promo tool · Customer Service Back Office');
  await expect.poll(() => description(page)).toContain('Promo tool');
  await menu(page).getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveTitle(/^Orders · /);
  await expect.poll(() => description(page)).toMatch(/^Orders: /);
  for (const width of [390, 1280]) {
    await setViewport(page, { width, height: width === 390 ? 844 : 800 });
    await expectAccessible(page, `orders at ${width}px`, { iframes: false });
  }
});

test('a hash scrolls to its anchor once the screen has drawn it', async ({ page }) => {
  await setViewport(page, { width: 390, height: 844 });
  await signIn(page, DEMO_STAFF.leader);
  await page.goto('/promos/tool');
  const heading = page.getByRole('heading', { name: 'Simulator' });
  await expect(heading).toBeVisible();
  // A window shorter than the heading's place on the page: reaching it takes a scroll.
  const top = (await heading.boundingBox())!.y;
  await setViewport(page, { width: 390, height: Math.max(200, Math.floor(top - 100)) });
  await page.goto('/promos/tool#simulator-title');
  await expect(heading).toBeInViewport();
  expect(await scrollY(page)).toBeGreaterThan(0);
});

test('back and forward restore the scroll position; a new page starts at the top', async ({ page }) => {
  await setViewport(page, { width: 1280, height: 400 });
  await signIn(page, DEMO_STAFF.leader);
  await page.goto('/promos/tool');
  await expect(page.getByRole('heading', { name: 'Simulator' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const room = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  const at = Math.min(300, room);
  expect(at).toBeGreaterThan(100);
  await page.evaluate((y) => window.scrollTo(0, y), at);
  await expect.poll(() => scrollY(page)).toBe(at);
  await menu(page).getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveTitle(/^Orders · /);
  expect(await scrollY(page)).toBe(0);
  await page.goBack();
  await expect(page).toHaveTitle(/^Promo tool · /);
  await expect.poll(() => scrollY(page)).toBe(at);
  await page.goForward();
  await expect(page).toHaveTitle(/^Orders · /);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('a page opened by its address starts at the top, whatever the tab scrolled before; a reload keeps its place', async ({
  page,
}) => {
  await setViewport(page, { width: 1280, height: 400 });
  await signIn(page, DEMO_STAFF.leader);
  await page.goto('/promos/tool');
  await expect(page.getByRole('heading', { name: 'Simulator' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => scrollY(page)).toBe(300);
  // Every entry a page load opens shares one key in the router: this page opened scrolled to 300.
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
  ).toBeGreaterThan(300);
  expect(await scrollY(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 200));
  await expect.poll(() => scrollY(page)).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(200);
});
