import { expect, type Page, test } from '@playwright/test';
import { axeViolations, DEMO_STAFF, setViewport, signIn } from './fixtures';

// Sign in as customer (spec 1 §4; ADR 022): a leader opens the customer view from a customer's
// detail, lands on /login/token in a new window, and sees the customer's own account, read-only
// and marked with who opened it — at 1280 and 390 px, without accessibility violations.

test.describe.configure({ timeout: 120_000 });

/** Rules axe rates "moderate" that the view must still meet: one h1 names the screen. */
const ALSO = new Set(['page-has-heading-one']);

/** An active client of the demo company with orders and an address. */
async function findCustomer(page: Page) {
  for (let n = 100200; n < 100500; n++) {
    const row = (await (await page.request.get(`/api/customers?q=M${n}`)).json()).data?.[0];
    if (!row) continue;
    const record = (await (await page.request.get(`/api/cs/customer/${row.uid}`)).json()).data;
    if (record.accountStatus !== 1 || record.userType !== 3) continue;
    const orders = (await (await page.request.get(`/api/customers/${row.uid}/orders`)).json()).data;
    if (orders.length > 0) return { uid: row.uid as string, name: `${record.firstName} ${record.lastName}` };
  }
  throw new Error('No active demo client with orders');
}

test('a leader signs in as a customer and sees the customer view, once', async ({ page, context }) => {
  await signIn(page, DEMO_STAFF.leader);
  const staffName = (await (await page.request.get('/api/auth/session')).json()).userInfo.name as string;
  const customer = await findCustomer(page);
  await page.goto(`/customers/${customer.uid}/detail`);

  const link = page.waitForResponse((r) => r.url().includes('/custom-token'));
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Sign in as customer' }).click();
  const url = (await (await link).json()).data.url as string;
  expect(new URL(url).pathname).toBe('/login/token');
  const view = await opened;

  await setViewport(view, { width: 1280, height: 800 });
  const banner = view.getByRole('status').filter({ hasText: 'Signed in as' });
  await expect(banner).toHaveText(`Signed in as ${customer.name} by ${staffName}`);
  await expect(view.getByText(/^Read-only customer view/)).toBeVisible();
  await expect(view.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  for (const section of ['Orders', 'Carts', 'Account', 'Product credit', 'Shipping addresses'])
    await expect(view.getByRole('region', { name: section })).toBeVisible();
  await expect(
    view
      .getByRole('region', { name: 'Orders' })
      .getByText(/^Order [FX]\d+$/)
      .first(),
  ).toBeVisible();
  // The token left the address bar at once.
  expect(view.url()).not.toContain('token=');
  // Nothing there changes anything: no form field, no button but closing the view.
  await expect(view.getByRole('textbox')).toHaveCount(0);
  await expect(view.getByRole('button')).toHaveText(['Close customer view']);

  const found: string[] = [];
  found.push(...(await axeViolations(view, 'customer view at 1280px', { alsoRules: ALSO })));
  await setViewport(view, { width: 390, height: 844 });
  await expect(banner).toBeVisible();
  expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  found.push(...(await axeViolations(view, 'customer view at 390px', { alsoRules: ALSO })));

  // A reload keeps the view (its own cookie); the link itself does not open it again.
  await view.reload();
  await expect(banner).toBeVisible();
  const again = await context.newPage();
  await setViewport(again, { width: 390, height: 844 });
  await again.goto(url);
  await expect(again.getByRole('alert')).toContainText('This sign-in link has expired or was already used.');
  found.push(...(await axeViolations(again, 'spent link at 390px', { alsoRules: ALSO })));

  // Closing it ends it.
  await view.getByRole('button', { name: 'Close customer view' }).click();
  await expect(view.getByRole('heading', { name: 'Customer view closed' })).toBeVisible();
  expect((await view.request.get('/api/customer-view/overview')).status()).toBe(401);
  expect(found, found.join('\n')).toEqual([]);
});
