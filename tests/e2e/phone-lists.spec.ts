import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_STAFF, expectAccessible, menu, setViewport, signIn, usClient, WCAG_21_AA } from './fixtures';
import { queueResetEmail } from './screens';

// Lists on phones (spec 1 §2 layout tiers), the rest of the list screens: batch details, /carts and a cart's lines are cards
// on a phone (the shared card list, as customer search); orders search, returns, failed orders,
// batch list, bulk ledgers, payouts, outbox and administrators are checked at 390 and at 1280 with
// the menu docked: no page wider than the phone, no table wider than its box, no cell, label,
// select or chip cut short, buttons on screen, axe clean.

const PHONE = { width: 390, height: 844 };
const COMPUTER = { width: 1280, height: 800 };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** Everything in the main area that is cut off or wider than its box. */
async function clipped(page: Page): Promise<string[]> {
  return page.getByRole('main').evaluate((main) => {
    const found: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el as HTMLElement).innerText.trim().slice(0, 40)}"`;
    for (const table of main.querySelectorAll('table')) {
      const box = table.parentElement!;
      if (table.offsetWidth > box.clientWidth + 1)
        found.push(
          `table "${table.getAttribute('aria-label')}" ${table.offsetWidth} px in a ${box.clientWidth} px box`,
        );
    }
    for (const el of main.querySelectorAll('th, td, label, .MuiSelect-select, .MuiChip-label')) {
      if ((el as HTMLElement).offsetParent === null) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`${name(el)} cut off (${el.scrollWidth} > ${el.clientWidth})`);
    }
    // Anything in the main area that reaches past the window's right edge (a row of tabs that
    // scrolls sideways on purpose, with its scroll buttons, is not cut off).
    const right = document.documentElement.clientWidth;
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== main; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if ((x === 'auto' || x === 'scroll') && p.scrollWidth > p.clientWidth && p.tagName !== 'TABLE')
          return !p.querySelector('table');
      }
      return false;
    };
    for (const el of main.querySelectorAll('button, a, input, [role="combobox"]')) {
      if (inScroller(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > right + 1)
        found.push(`${name(el)} off screen (${Math.round(box.right)} > ${right})`);
    }
    return found;
  });
}

async function expectFits(page: Page, label: string) {
  await expect(async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    expect(await clipped(page), label).toEqual([]);
  }).toPass({ timeout: 5_000 });
}

/** Axe on the screen's content (the shell around it has its own spec), WCAG 2.1 A and AA. */
const CONTENT = { include: ['main'], tags: WCAG_21_AA };

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** A list screen: where it is, and the list it shows once loaded (cards on a phone when `cards`). */
interface ListScreen {
  path: string;
  name: string;
  list: string;
  cards?: boolean;
  /** Shown when the list has nothing to show. */
  empty?: RegExp;
}

const slug = (s: string) => s.replace(/\W+/g, '-');

async function checkAtBothWidths(page: Page, screen: ListScreen) {
  const shown = (p: Page) =>
    p
      .getByRole('table', { name: screen.list, exact: true })
      .or(p.getByRole('list', { name: screen.list, exact: true }))
      .or(p.getByRole('region', { name: screen.list, exact: true }))
      .or(screen.empty ? p.getByText(screen.empty) : p.getByRole('table', { name: screen.list, exact: true }))
      .first();
  await setViewport(page, COMPUTER);
  await page.goto(screen.path);
  await expect(menu(page)).toBeVisible();
  await expect(shown(page)).toBeVisible();
  await expectFits(page, `${screen.name} at 1280`);
  await expectAccessible(page, `${screen.name} 1280`, CONTENT);
  await shoot(page, `list-${slug(screen.name)}-1280`);

  await setViewport(page, PHONE);
  await page.goto(screen.path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(shown(page)).toBeVisible();
  if (screen.cards) {
    await expect(page.getByRole('list', { name: screen.list, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: screen.list, exact: true })).toHaveCount(0);
  }
  await expectFits(page, `${screen.name} at 390`);
  await expectAccessible(page, `${screen.name} 390`, CONTENT);
  await shoot(page, `list-${slug(screen.name)}-390`);
}

/** Each button or link lies whole within the phone's width. */
async function expectOnScreen(items: Locator) {
  await expect(items.first()).toBeVisible();
  for (const item of await items.all()) {
    const box = (await item.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
}

const DEVELOPER_SCREENS: ListScreen[] = [
  { path: '/batchOrders/2/details', name: 'batch details', list: 'Orders created', cards: true },
  { path: '/carts', name: 'carts', list: 'Carts', cards: true },
  { path: '/orders?lastName=s', name: 'order search', list: 'Orders found', cards: true },
  { path: '/returns', name: 'returns', list: 'Returns', cards: true },
  { path: '/orders/failed', name: 'failed orders', list: 'Failed orders', cards: true },
  { path: '/batchOrders', name: 'batch list', list: 'batch orders', cards: true },
  { path: '/bulkLedgers?id=2', name: 'bulk ledgers', list: 'bulk ledgers', cards: true },
  { path: '/outbox', name: 'outbox', list: 'Outbox messages' },
];

test('list screens fit at 390 and at 1280 beside the menu: batch details and carts are cards on a phone', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await queueResetEmail(page);
  await signIn(page, DEMO_STAFF.developer);
  for (const screen of DEVELOPER_SCREENS) await checkAtBothWidths(page, screen);
  // The links and buttons that were off to the right of the sideways-scrolling tables.
  await page.goto('/batchOrders/2/details');
  await expectOnScreen(page.getByRole('list', { name: 'Orders created' }).getByRole('link'));
  await page.goto('/carts');
  await expectOnScreen(page.getByRole('list', { name: 'Carts' }).getByRole('link'));
});

test('administrators and payouts fit at 390 and at 1280 beside the menu', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_STAFF.leader);
  for (const screen of [
    { path: '/administrators', name: 'administrators', list: 'Staff users' },
    { path: '/incentives/enrollers', name: 'payouts', list: 'Enroller payouts', empty: /^No data/ },
  ])
    await checkAtBothWidths(page, screen);
});

test("a cart's lines are cards on a phone, quantity and remove on screen; a table at 1280", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await setViewport(page, COMPUTER);
  await signIn(page, DEMO_STAFF.agent);
  const uid = await usClient(page);
  await page.goto(`/customers/${uid}/carts`);
  await page.getByRole('button', { name: 'New cart' }).click();
  await expect(page).toHaveURL(/\/carts\/[A-Za-z0-9]{28}$/);
  const add = page.getByRole('form', { name: 'Add a product' });
  await add.getByLabel('Quantity').fill('2');
  await add.getByRole('combobox', { name: 'SKU or product name' }).fill('Everbright');
  await page.getByRole('option', { name: /Everbright Renewal Serum/ }).click();
  await add.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('line-1111')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cart lines' })).toBeVisible();
  await expectFits(page, 'cart at 1280');
  await expectAccessible(page, 'cart 1280', CONTENT);
  await shoot(page, 'list-cart-lines-1280');

  await setViewport(page, PHONE);
  const cards = page.getByRole('list', { name: 'Cart lines' });
  await expect(cards).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cart lines' })).toHaveCount(0);
  const line = page.getByTestId('line-1111');
  await expect(line).toContainText('SKU');
  await expect(line).toContainText('1111');
  await expectOnScreen(line.getByRole('spinbutton', { name: /^Quantity of / }));
  await expectOnScreen(line.getByRole('button', { name: /^Remove / }));
  await expectFits(page, 'cart at 390');
  await expectAccessible(page, 'cart 390', CONTENT);
  await shoot(page, 'list-cart-lines-390');
  // The card's quantity field changes the line as the table's does.
  const quantity = line.getByRole('spinbutton', { name: /^Quantity of / });
  await quantity.fill('3');
  await quantity.press('Enter');
  await expect(line.getByRole('spinbutton', { name: /^Quantity of / })).toHaveValue('3');
  await line.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByTestId('line-1111')).toHaveCount(0);
});
