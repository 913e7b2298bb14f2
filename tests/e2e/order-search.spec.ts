import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, expectAccessible, setViewport, signIn, withoutPageAnswers } from './fixtures';

// Order search (spec 2 §2, ADR 008): each criterion, the unique-value reset, the 9-digit rule, load more with
// the criteria in the URL, opening an order and its customer, CSV, and the jump box.

interface Order {
  id: string;
  orderId: number;
  orderNumber: string;
  phoenixOrderId: number | null;
  orderType: number;
  countryId: number;
  dateCreatedUtc: string;
  customer: {
    uid: string;
    firstName: string;
    lastName: string;
    email: string | null;
    phoenixId: number | null;
  };
}

/** Demo orders through the API: one downstream (with a Phoenix number) with an email on file. */
async function demoOrder(page: Page): Promise<Order> {
  const res = await page.request.get('/api/cs/orders/?limit=100');
  const orders = (await res.json()).data.processedOrders as Order[];
  const order = orders.find((o) => o.phoenixOrderId !== null && o.customer.email && o.customer.phoenixId);
  if (!order) throw new Error('no downstream demo order with an email');
  return order;
}

const results = (page: Page) => page.getByRole('table', { name: 'Orders found' });
const orderLink = (page: Page, o: Order) =>
  results(page).getByRole('link', { name: `Order ${o.orderNumber}` });
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const searchButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true });
const jumpBox = (page: Page) =>
  page.getByRole('textbox', { name: 'Jump to an account number, order number or email' });

async function searchBy(page: Page, fill: Record<string, string>) {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  for (const [label, value] of Object.entries(fill)) await field(page, label).fill(value);
  await field(page, Object.keys(fill).at(-1)!).press('Enter');
}

/** Pacific calendar day of an instant, as the server reads dates. */
const pacificDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(iso));

test.describe('order search', () => {
  let order: Order;

  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_STAFF.agent);
    order = await demoOrder(page);
  });

  test('finds an order by its numbers and by name, with the criteria in the URL', async ({ page }) => {
    const c = order.customer;
    const cases: [Record<string, string>, RegExp][] = [
      [{ 'Firebase order id': order.orderNumber }, new RegExp(`orderId=${order.orderNumber}`)],
      [{ 'Firebase order id': String(order.orderId) }, new RegExp(`orderId=${order.orderId}$`)],
      [{ 'Phoenix order number': String(order.phoenixOrderId) }, /phoenixOrderId=\d{9}$/],
      [{ 'First name': c.firstName, 'Last name': c.lastName }, /firstName=.+&lastName=/],
    ];
    for (const [fill, url] of cases) {
      await searchBy(page, fill);
      await expect(page).toHaveURL(url);
      await expect(orderLink(page, order)).toBeVisible();
    }
  });

  test('finds an order by UID, Phoenix ID, Email, type, location and dates', async ({ page }) => {
    const c = order.customer;
    const cases: [Record<string, string>, RegExp][] = [
      [{ UID: c.uid }, new RegExp(`uid=${c.uid}$`)],
      [{ 'Phoenix ID': `M${c.phoenixId}` }, /phoenixId=M\d+$/],
      [{ Email: c.email! }, /email=/],
    ];
    for (const [fill, url] of cases) {
      await searchBy(page, fill);
      await expect(page).toHaveURL(url);
      await expect(orderLink(page, order)).toBeVisible();
    }

    // Order type, location and the order's own day.
    const day = pacificDay(order.dateCreatedUtc);
    await page.goto(
      `/orders?lastName=${encodeURIComponent(c.lastName)}&orderType=${order.orderType}&country=${order.countryId}&dateFrom=${day}&dateTo=${day}`,
    );
    await expect(orderLink(page, order)).toBeVisible();
    await expect(field(page, 'Date from')).toHaveValue(day);
    await expect(page.getByRole('combobox', { name: 'Order type' })).not.toHaveText('Any type');
    for (const row of await results(page).getByRole('row').all()) await expect(row).toBeVisible();

    // The search form by keyboard: pick a type from the list, then Enter searches.
    await page.goto('/orders');
    await page.getByRole('combobox', { name: 'Order type' }).click();
    await page.getByRole('option', { name: 'Enrollment' }).click();
    await searchButton(page).click();
    await expect(page).toHaveURL(/orderType=11$/);
    await expect(results(page).getByRole('row').nth(1)).toContainText('Enrollment');
  });

  test('UID, Phoenix ID and Email reset the other fields; the 9-digit rule', async ({ page }) => {
    await page.goto('/orders');
    await expect(page.getByText(/UID, Phoenix ID and Email are unique values/)).toBeVisible();
    await field(page, 'Last name').fill('Smith');
    await field(page, 'Firebase order id').fill('1234567');
    await field(page, 'Email').fill('someone@example.com');
    await expect(field(page, 'Last name')).toHaveValue('');
    await expect(field(page, 'Firebase order id')).toHaveValue('');
    await expect(page.getByRole('status').filter({ hasText: 'Email is searched alone' })).toBeVisible();
    await field(page, 'UID').fill('ABC123');
    await expect(field(page, 'Email')).toHaveValue('');
    await field(page, 'First name').fill('Ana');
    await expect(field(page, 'UID')).toHaveValue('');

    await field(page, 'Phoenix order number').fill('12345');
    await searchButton(page).click();
    await expect(page.getByText('Search by order number requires 9 digits.')).toBeVisible();
    await expect(field(page, 'Phoenix order number')).toBeFocused();
    await expect(page).toHaveURL(/\/orders$/);

    // A number nobody has: the empty state.
    await field(page, 'Phoenix order number').fill('999999999');
    await field(page, 'Phoenix order number').press('Enter');
    await expect(page.getByText('No orders match this search')).toBeVisible();
  });

  test('loads more while pages come back full; back returns to the earlier search', async ({ page }) => {
    await page.goto('/orders');
    const rows = results(page).getByRole('row');
    await expect(rows).toHaveCount(21);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(41);
    await expect(page.getByText('40 orders shown · more available')).toBeVisible();

    await field(page, 'Firebase order id').fill(order.orderNumber);
    await field(page, 'Firebase order id').press('Enter');
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(field(page, 'Firebase order id')).toHaveValue('');
    await expect.poll(() => rows.count()).toBeGreaterThan(2);
  });

  test('exports every matching order and opens an order and its customer', async ({ page }) => {
    await page.goto(`/orders?uid=${order.customer.uid}`);
    await expect(orderLink(page, order)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const { readFileSync } = await import('node:fs');
    const csv = readFileSync(file, 'utf8');
    expect(csv).toContain('Order,Phoenix order,Status');
    expect(csv).toContain(`${order.orderNumber},${order.phoenixOrderId}`);

    await results(page)
      .getByRole('link', { name: `${order.customer.firstName} ${order.customer.lastName}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/customers/${order.customer.uid}/dashboard$`));
    await page.goBack();
    await orderLink(page, order).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/info$`));
  });

  test('on a phone the results are cards with both links', async ({ page }) => {
    await setViewport(page, { width: 375, height: 800 });
    await page.goto(`/orders?uid=${order.customer.uid}`);
    const list = page.getByRole('list', { name: 'Orders found' });
    await expect(list.getByRole('link', { name: `Order ${order.orderNumber}` })).toBeVisible();
    // The form folds into one line above the results; it opens again to change the search.
    await expect(page.getByText(`UID: ${order.customer.uid}`)).toBeVisible();
    await page.getByRole('button', { name: 'Change search' }).click();
    await expect(field(page, 'UID')).toHaveValue(order.customer.uid);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'order search at 375px', { include: ['#main-content'] });
  });

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    test(`order and customer search with their export link pass axe at ${width} px`, async ({ page }) => {
      await setViewport(page, { width, height });
      for (const path of ['/orders?lastName=s', '/customers?q=ma']) {
        await page.goto(path);
        await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
          'href',
          /\/export\.csv\?/,
        );
        await expect(page.getByText('Export CSV holds every match, up to 50,000')).toBeVisible();
        await expectAccessible(page, `${path} at ${width}px`, { include: ['#main-content'] });
      }
    });
  }

  test('sorts on the server by a header, keeps the sort in the URL and the export, and chooses columns', async ({
    page,
  }) => {
    await page.goto('/orders');
    const rows = results(page).getByRole('row');
    await expect(rows).toHaveCount(21);
    const totals = async () =>
      (await results(page).getByRole('cell').filter({ hasText: /\$/ }).allTextContents()).map((t) =>
        Number(t.replace(/[^\d.-]/g, '')),
      );

    // Total: the largest first, then the smallest; every page in that order.
    await results(page).getByRole('button', { name: 'Total' }).click();
    await expect(page).toHaveURL(/\/orders\?sort=total$/);
    await expect(page.getByText(/orders shown, largest total first/)).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(41);
    const down = await totals();
    expect(down).toEqual([...down].sort((a, b) => b - a));
    await expect(results(page).getByRole('columnheader', { name: 'Total' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await results(page).getByRole('button', { name: 'Total' }).click();
    await expect(page).toHaveURL(/sort=total&direction=asc$/);
    await expect(page.getByText(/smallest total first/)).toBeVisible();
    const up = await totals();
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(up[0]).toBeLessThan(down[0]!);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      /export\.csv\?sort=total&direction=asc$/,
    );

    // A search keeps the sort; Clear keeps it too.
    await field(page, 'Last name').fill(order.customer.lastName);
    await field(page, 'Last name').press('Enter');
    await expect(page).toHaveURL(/lastName=.+&sort=total&direction=asc$/);

    // Columns: the customer's email shows when chosen, and stays chosen on the next visit.
    await page.goto('/orders');
    await expect(results(page).getByRole('columnheader', { name: 'Customer email' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Columns' }).click();
    const dialog = page.getByRole('dialog', { name: 'Columns to show' });
    await expectAccessible(page, 'order search column choice', { include: ['[role="dialog"]'] });
    await dialog.getByRole('checkbox', { name: 'Customer email' }).check();
    await dialog.getByRole('checkbox', { name: 'Status · Type' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(results(page).getByRole('columnheader', { name: 'Customer email' })).toBeVisible();
    await expect(results(page).getByRole('columnheader', { name: 'Status · Type' })).toHaveCount(0);
    await page.reload();
    await expect(results(page).getByRole('columnheader', { name: 'Customer email' })).toBeVisible();
    await page.getByRole('button', { name: 'Columns' }).click();
    await dialog.getByRole('button', { name: 'Reset to default' }).click();
    await page.keyboard.press('Escape');
    await expect(results(page).getByRole('columnheader', { name: 'Customer email' })).toHaveCount(0);
    await expect(results(page).getByRole('columnheader', { name: 'Status · Type' })).toBeVisible();

    // On a phone, where rows are cards, the sort is a list of its own.
    await setViewport(page, { width: 375, height: 800 });
    await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Customers A to Z' });
    await expect(page).toHaveURL(/\/orders\?sort=customer$/);
    await expect(page.getByRole('button', { name: 'Columns' })).toHaveCount(0);
  });

  test('the jump box lands an order number or a Phoenix order number on the order', async ({ page }) => {
    await page.goto('/');
    for (const q of [order.orderNumber, String(order.phoenixOrderId)]) {
      await jumpBox(page).fill(q);
      await jumpBox(page).press('Enter');
      await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/info$`));
    }
  });
});

test('while the first search runs, the screen says so, by name, at both widths', async ({ page }) => {
  await signIn(page, DEMO_STAFF.agent);
  // The search is held until the screen has been checked: its loading state is what is on screen.
  // The page comes without the answer it would carry, so the screen asks for it.
  await withoutPageAnswers(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/cs/orders/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/orders');
  const searching = page.getByRole('progressbar', { name: 'Searching orders' });
  await expect(searching).toBeVisible();
  for (const width of [390, 1280]) {
    await setViewport(page, { width, height: 800 });
    await expectAccessible(page, `order search loading at ${width}px`, { iframes: false });
  }
  release();
  await expect(searching).toBeHidden();
});
