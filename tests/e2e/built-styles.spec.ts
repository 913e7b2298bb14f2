import { expect, type Page, test } from '@playwright/test';
import { recordEmotionRules, takeEmotionRules } from './emotion-rules';
import { DEMO_STAFF, setViewport, signIn, usClient } from './fixtures';

// The styles MUI's components make come with the page as a stylesheet (ADR 048): emotion, told
// by the page that they are in, inserts only the styles the file does not hold. A screen whose
// styles changed since they were collected still looks right (emotion inserts the new ones), but
// it is slow again; this test says so, and how to collect them again.

/** emotion's classes on the page: those the page's stylesheet holds, and the others. */
async function styles(page: Page) {
  return page.evaluate(() => {
    const built = new Set(
      (document.querySelector('style[data-emotion^="css "]')?.getAttribute('data-emotion') ?? '')
        .split(' ')
        .slice(1),
    );
    // css-0 is emotion's class for an empty style: it has no rules to hold.
    const used = new Set<string>();
    for (const element of document.querySelectorAll('[class*="css-"]'))
      for (const name of element.classList)
        if (name.startsWith('css-') && name !== 'css-0') used.add(name.slice(4));
    const missing = [...used].filter((name) => !built.has(name));
    return { built: built.size, used: used.size, missing };
  });
}

const COLLECT = 'Styles the build does not hold: collect them again with `npm run styles:collect` (ADR 048).';

test('the screens come with their styles: emotion inserts next to none as they open', async ({
  page,
  context,
}) => {
  await recordEmotionRules(context);
  await signIn(page, DEMO_STAFF.leader);
  const uid = await usClient(page);
  const screens = ['/', '/orders', `/customers/${encodeURIComponent(uid)}/detail`];
  for (const width of [375, 1280]) {
    await setViewport(page, { width, height: 800 });
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      const found = await styles(page);
      const rules = (await takeEmotionRules(page)).length;
      const where = `${path} at ${width} px`;
      expect(found.built, `the page names its built styles (${where})`).toBeGreaterThan(100);
      // A few styles made from the data (a width, a colour) may be new; the screen's own are not.
      const allowed = Math.max(3, Math.ceil(found.used * 0.05));
      expect(found.missing.length, `${COLLECT} ${where}: ${found.missing.join(' ')}`).toBeLessThanOrEqual(
        allowed,
      );
      expect(rules, `${COLLECT} ${where}: ${rules} rules inserted`).toBeLessThanOrEqual(allowed * 4);
    }
  }
});

test('the built styles draw the screen as emotion would: the top bar in the brand colour', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.agent);
  const sheet = await page.evaluate(
    () => [...document.styleSheets].find((s) => s.href?.includes('/assets/styles-'))?.cssRules.length ?? 0,
  );
  expect(sheet).toBeGreaterThan(1000);
  const bar = page.getByRole('banner');
  await expect(bar).toHaveCSS('background-color', 'rgb(122, 62, 101)');
  await expect(bar).toHaveCSS('position', 'fixed');
});

test('a form screen puts the auto-fill keyframes on the page once, and a field the browser fills in still lifts its label', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.leader);
  await page.goto('/promos/tool');
  const cartId = page.getByLabel('Customer cart id');
  await expect(cartId).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // MUI puts them in a style tag of their own for each field it mounts (ADR 049).
  const tags = await page.evaluate(
    () =>
      [...document.querySelectorAll('style[data-emotion]')].filter((tag) =>
        [...((tag as HTMLStyleElement).sheet?.cssRules ?? [])].some(
          (rule) => rule instanceof CSSKeyframesRule && rule.name === 'mui-auto-fill',
        ),
      ).length,
  );
  expect(tags, 'style tags holding the auto-fill keyframes').toBe(1);
  expect(await page.locator('input').count()).toBeGreaterThan(5);
  await expect(cartId).toHaveCSS('animation-name', 'mui-auto-fill-cancel');

  // What Chromium does as it fills a field in: the field's auto-fill animation starts.
  const label = page.locator('label', { hasText: 'Customer cart id' });
  await expect(label).toHaveAttribute('data-shrink', 'false');
  await cartId.dispatchEvent('animationstart', { animationName: 'mui-auto-fill', bubbles: true });
  await expect(label).toHaveAttribute('data-shrink', 'true');
});
