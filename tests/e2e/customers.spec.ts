import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, expectAccessible, setViewport, signIn } from './fixtures';

// Customer screens (spec 1 §2): search (by name, by number, none, CSV), the jump box, the customer
// layout and its dashboard, orders, popups and carts tabs, each checked with axe at 1280 and 375 px.

const NO_MATCHES = 'No matches found. Please enter your search again.';

interface Account {
  uid: string;
  phoenixId: number;
  firstName: string;
  lastName: string;
}

/** Finds, through the API, a consultant hosting popups and a customer with a saved cart. */
async function demoCustomers(page: Page): Promise<{ host: Account; shopper: Account }> {
  let host: Account | undefined;
  let shopper: Account | undefined;
  for (let id = 100_001; id < 100_300 && !(host && shopper); id++) {
    const info = await page.request.get(`/api/accounts/getAccountInfo/${id}`);
    if (!info.ok()) continue;
    const account = (await info.json()).data as Account & { userType: number };
    if (!host && account.userType === 1) {
      const popups = (await (await page.request.get(`/api/customers/${account.uid}/popups`)).json()).data;
      if (popups.length > 0) host = account;
    }
    if (!shopper) {
      const carts = (await (await page.request.get(`/api/customers/${account.uid}/carts`)).json()).data;
      if (carts.length > 0) shopper = account;
    }
  }
  if (!host || !shopper) throw new Error('the demo company has no popup host or no saved cart');
  return { host, shopper };
}

/** The screen's content and the top bar with the jump box (the side menu is the shell's own check). */
const CONTENT = { include: ['#main-content', 'header'] };

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Name, email or account number' });
const jumpBox = (page: Page) =>
  page.getByRole('textbox', { name: 'Jump to an account number, order number or email' });

test.describe('customers', () => {
  let host: Account;
  let shopper: Account;

  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_STAFF.agent);
    ({ host, shopper } = await demoCustomers(page));
  });

  test('search by name and by number, keep the query in the URL, export CSV', async ({ page }) => {
    const fullName = `${host.firstName} ${host.lastName}`;
    await page.goto('/customers');
    await searchBox(page).fill(fullName);
    await expect(page).toHaveURL(
      new RegExp(`\\?q=${encodeURIComponent(fullName).replaceAll('%20', '(\\+|%20)')}`),
    );
    const result = page.getByRole('link', { name: fullName }).first();
    await expect(result).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = await (await download)
      .path()
      .then((p) => import('node:fs').then((fs) => fs.readFileSync(p, 'utf8')));
    expect(csv).toContain('Account number');
    expect(csv).toContain(String(host.phoenixId));

    await result.click();
    await expect(page).toHaveURL(new RegExp(`/customers/${host.uid}/dashboard$`));
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
    await page.goBack();
    await expect(searchBox(page)).toHaveValue(fullName);
    await expect(page.getByRole('link', { name: fullName }).first()).toBeVisible();

    await searchBox(page).fill(`M${host.phoenixId}`);
    await expect(page).toHaveURL(new RegExp(`q=M${host.phoenixId}$`));
    await expect(page.getByRole('table', { name: 'Customers found' }).getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('link', { name: fullName })).toBeVisible();

    await page.goto('/customers?q=zzqxv');
    await expect(page.getByText(NO_MATCHES)).toBeVisible();

    // A full page offers more results (pages from 1).
    await page.goto('/customers?q=ma');
    const found = page.getByRole('table', { name: 'Customers found' }).getByRole('row');
    await expect(found).toHaveCount(21);
    // The export holds every match, not only the 20 on screen.
    await expect(page.getByText('Export CSV holds every match, up to 50,000')).toBeVisible();
    const all = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await all).path();
    const text = (await import('node:fs')).readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFFAccount number,')).toBe(true);
    const exported = text.replace(/\r\n$/, '').split('\r\n').length - 1;
    const matching = await page.evaluate(async () => {
      const body = await (await fetch('/api/customers/export.csv?q=ma')).text();
      return body.replace(/\r\n$/, '').split('\r\n').length - 1;
    });
    expect(exported).toBeGreaterThan(20);
    expect(exported).toBe(matching);
    // While more results wait, the list stays in match order: no header sorts part of it.
    const table = page.getByRole('table', { name: 'Customers found' });
    await expect(table.getByRole('button', { name: 'Account number', exact: true })).toHaveCount(0);
    // Columns: the sponsor can be hidden, and comes back on Reset.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page
      .getByRole('dialog', { name: 'Columns to show' })
      .getByRole('checkbox', { name: 'Sponsor' })
      .uncheck();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Sponsor' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Reset to default' }).click();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Sponsor' })).toBeVisible();

    while (await page.getByRole('button', { name: 'More results' }).isVisible()) {
      const before = await found.count();
      await page.getByRole('button', { name: 'More results' }).click();
      await expect.poll(() => found.count()).toBeGreaterThan(before);
    }
    // Every match loaded: the headers sort them.
    await table.getByRole('button', { name: 'Account number', exact: true }).click();
    const numbers = (await table.getByRole('row').allTextContents())
      .slice(1)
      .map((t) => Number(/\d{6,}/.exec(t)?.[0]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));

    await page.goto(`/customers?q=${host.phoenixId}`);
    await expect(searchBox(page)).toHaveValue(String(host.phoenixId));
    await expect(page.getByRole('link', { name: fullName })).toBeVisible();
  });

  test('account types (spec 1 §1): a host shows as Host, and the search filters by type', async ({
    page,
  }) => {
    // A consultant of the demo company hosting an open popup.
    let openHost: Account | undefined;
    for (let id = 100_001; id < 100_400 && !openHost; id++) {
      const info = await page.request.get(`/api/accounts/getAccountInfo/${id}`);
      if (!info.ok()) continue;
      const account = (await info.json()).data as Account & { userType: number };
      if (account.userType !== 1) continue;
      const popups = (await (await page.request.get(`/api/customers/${account.uid}/popups`)).json()).data;
      if (popups.some((p: { status: string }) => p.status === 'open')) openHost = account;
    }
    if (!openHost) throw new Error('the demo company has no host of an open popup');

    await page.goto(`/customers?q=${encodeURIComponent(openHost.lastName)}`);
    const table = page.getByRole('table', { name: /customers/i });
    const row = table.getByRole('row').filter({ hasText: String(openHost.phoenixId) });
    await expect(row).toContainText('Consultant, Host');
    await page.getByRole('combobox', { name: 'Account type' }).click();
    await page.getByRole('option', { name: 'Host', exact: true }).click();
    await expect(page).toHaveURL(/[?&]type=host/);
    await expect(row).toBeVisible();
    const types = await table.getByRole('row').allInnerTexts();
    for (const text of types.slice(1)) expect(text).toContain('Host');
    await expectAccessible(page, 'customer search by type 1280', CONTENT);
    await setViewport(page, { width: 390, height: 844 });
    await expectAccessible(page, 'customer search by type 390', CONTENT);
    await setViewport(page, { width: 1280, height: 800 });

    await page.goto(`/customers/${openHost.uid}/detail`);
    await expect(page.getByText('Consultant, Host').first()).toBeVisible();
  });

  test('the customer header shows every account type as a chip, at 1280 and 390 px', async ({
    page,
  }, testInfo) => {
    // The popup host found by demoCustomers hosts an open popup or its own: find one that is a Host now.
    let hostNow: Account | undefined;
    for (let id = 100_001; id < 100_400 && !hostNow; id++) {
      const info = await page.request.get(`/api/accounts/getAccountInfo/${id}`);
      if (!info.ok()) continue;
      const account = (await info.json()).data as Account & { accountTypes: string[] };
      if (account.accountTypes.includes('Host')) hostNow = account;
    }
    if (!hostNow) throw new Error('the demo company has no host of an open popup');
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await setViewport(page, { width, height });
      await page.goto(`/customers/${hostNow.uid}`);
      const types = page.getByRole('list', { name: 'Account types' });
      await expect(types.getByRole('listitem')).toHaveText(['Consultant', 'Host']);
      const box = await types.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`customer-header-types-${width}.png`) });
      await expectAccessible(page, `customer header types ${width}`, CONTENT);
    }
  });

  test('the jump box lands an account number on the customer; "/" focuses it', async ({ page }) => {
    await page.goto('/');
    // The shortcut listens once the shell is up.
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.locator('body').press('/');
    await expect(jumpBox(page)).toBeFocused();
    await jumpBox(page).fill(String(shopper.phoenixId));
    await jumpBox(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/customers/${shopper.uid}/dashboard$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `${shopper.firstName} ${shopper.lastName}` }),
    ).toBeVisible();

    // An order number lands on the order (tests/e2e/order-search.spec.ts covers its forms).
    const orders = (await (await page.request.get(`/api/customers/${host.uid}/orders`)).json()).data;
    await jumpBox(page).fill(String(orders[0].orderId));
    await jumpBox(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/orders/${orders[0].id}/info$`));

    await jumpBox(page).fill('M999999999');
    await jumpBox(page).press('Enter');
    await expect(page.getByRole('alert')).toContainText('No customer or order matches “M999999999”');
    // "/" typed inside another field stays in that field.
    await page.goto('/customers');
    await searchBox(page).press('/');
    await expect(searchBox(page)).toHaveValue('/');
    await expect(searchBox(page)).toBeFocused();
  });

  test('the jump box at 375 px opens from its button', async ({ page }) => {
    await setViewport(page, { width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Jump to a customer or order' }).click();
    await jumpBox(page).fill(`M${host.phoenixId}`);
    await jumpBox(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/customers/${host.uid}/dashboard$`));
  });

  for (const width of [1280, 375]) {
    test(`every customer screen works and passes axe at ${width} px`, async ({ page }) => {
      await setViewport(page, { width, height: 900 });
      await page.goto(`/customers?q=${encodeURIComponent(host.lastName)}`);
      await expect(
        page.getByRole('link', { name: `${host.firstName} ${host.lastName}` }).first(),
      ).toBeVisible();
      await expectAccessible(page, 'search', CONTENT);
      await page.goto('/customers?q=zzqxv');
      await expect(page.getByText(NO_MATCHES)).toBeVisible();
      await expectAccessible(page, 'search without results', CONTENT);

      await page.goto(`/customers/${host.uid}`);
      await expect(page).toHaveURL(new RegExp(`/customers/${host.uid}/dashboard$`));
      await expect(page.getByRole('region', { name: 'Account' })).toBeVisible();
      const downline = page.getByRole('region', { name: 'Downline' });
      await expect(
        downline.getByRole('link').first().or(downline.getByText('No one below this account.')),
      ).toBeVisible();
      await expectAccessible(page, 'dashboard', CONTENT);

      const tabs = page.getByRole('navigation', { name: 'Customer sections' });
      await tabs.getByRole('link', { name: 'Orders' }).click();
      await expect(page.getByRole('table', { name: 'Customer orders' })).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Customer orders' }).getByRole('link').first(),
      ).toHaveAttribute('href', /^\/orders\/\w+\/info$/);
      await expectAccessible(page, 'orders', CONTENT);

      await tabs.getByRole('link', { name: 'Popups' }).click();
      const popups = page.getByRole('table', { name: 'Popups' });
      await expect(popups).toBeVisible();
      await expectAccessible(page, 'popups', CONTENT);
      await popups.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/popups\/\d+$/);
      await expect(page.getByText('Orders at this popup')).toBeVisible();
      await expectAccessible(page, 'popup detail', CONTENT);

      await page.goto(`/customers/${shopper.uid}/carts`);
      const carts = page.getByRole('table', { name: 'Carts' });
      await expect(carts).toBeVisible();
      await expectAccessible(page, 'carts', CONTENT);
      await carts.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/carts\/[A-Za-z0-9]+$/);
      await expect(page.getByText('Subtotal').first()).toBeVisible();
      await expectAccessible(page, 'cart detail', CONTENT);

      // The other tabs open inside the same layout, under the same header.
      for (const tab of ['Detail', 'Address', 'Credit', 'Audit']) {
        await tabs.getByRole('link', { name: tab }).click();
        await expect(page).toHaveURL(new RegExp(`/customers/${shopper.uid}/${tab.toLowerCase()}$`));
        await expect(
          page.getByRole('heading', { level: 1, name: `${shopper.firstName} ${shopper.lastName}` }),
        ).toBeVisible();
        await expect(tabs.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
      }

      await page.goto('/customers/NOSUCHCUSTOMER/dashboard');
      await expect(page.getByText('Customer not found')).toBeVisible();
      await expectAccessible(page, 'customer not found', CONTENT);
    });
  }
});
