import { expect, test } from '@playwright/test';
import {
  DEMO_STAFF,
  type DemoRole,
  menu,
  menuEntries,
  setViewport,
  signIn,
  signInWithForm,
  usClient,
} from './fixtures';

// spec 1 §2 Shell and DESIGN §4: the menu each role sees.
const EXPECTED_MENU: Record<DemoRole, string[]> = {
  agent: ['Dashboard', 'Customers', 'Carts', 'Orders', 'Failed Orders', 'Returns', 'Promo Tool'],
  fraudAgent: ['Dashboard', 'Customers', 'Carts', 'Orders', 'Failed Orders', 'Returns', 'Promo Tool'],
  salesOperatorManager: [
    'Dashboard',
    'Customers',
    'Carts',
    'Orders',
    'Failed Orders',
    'Batch Orders',
    'Bulk Ledgers',
    'Returns',
    'Promo Tool',
  ],
  leader: [
    'Dashboard',
    'Customers',
    'Carts',
    'Orders',
    'Failed Orders',
    'Batch Orders',
    'Bulk Ledgers',
    'Returns',
    'Reconciliation',
    'Administrators',
    'Promo Tool',
    'Incentives',
  ],
  developer: [
    'Dashboard',
    'Customers',
    'Carts',
    'Orders',
    'Failed Orders',
    'Batch Orders',
    'Bulk Ledgers',
    'Returns',
    'Reconciliation',
    'Administrators',
    'Promo Tool',
    'Incentives',
    'Outbox',
  ],
};

test.describe('menu per role', () => {
  for (const [role, expected] of Object.entries(EXPECTED_MENU) as [DemoRole, string[]][]) {
    test(`${role} sees ${expected.length} entries`, async ({ page }) => {
      await signInWithForm(page, DEMO_STAFF[role]);
      await expect.poll(() => menuEntries(page)).toEqual(expected);
      // Only developers get the developer-mode switch and the flags dialog.
      await expect(page.getByRole('switch', { name: 'Dev mode' })).toHaveCount(role === 'developer' ? 1 : 0);
      await expect(page.getByRole('button', { name: 'Feature flags' })).toHaveCount(
        role === 'developer' ? 1 : 0,
      );
    });
  }
});

test('developer mode changes where Promo Tool and Incentives lead', async ({ page }) => {
  await signInWithForm(page, DEMO_STAFF.developer);
  const promoTool = menu(page).getByRole('link', { name: 'Promo Tool' });
  const incentives = menu(page).getByRole('link', { name: 'Incentives' });
  const devMode = page.getByRole('switch', { name: 'Dev mode' });
  await expect(devMode).toBeChecked();
  await expect(promoTool).toHaveAttribute('href', '/promos/list');
  await expect(incentives).toHaveAttribute('href', '/incentives/milestone1');
  try {
    await devMode.click();
    await expect(devMode).not.toBeChecked();
    await expect(promoTool).toHaveAttribute('href', '/promos/tool');
    await expect(incentives).toHaveAttribute('href', '/incentives');
    // The choice is saved on the server: it survives a reload.
    await page.reload();
    await expect(menu(page).getByRole('link', { name: 'Promo Tool' })).toHaveAttribute(
      'href',
      '/promos/tool',
    );
  } finally {
    const box = page.getByRole('switch', { name: 'Dev mode' });
    if (!(await box.isChecked())) await box.click();
    await expect(box).toBeChecked();
  }
});

test('Failed orders and Carts are reached from the menu, and Failed orders from the order search', async ({
  page,
}) => {
  await signInWithForm(page, DEMO_STAFF.agent);
  await menu(page).getByRole('link', { name: 'Failed Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Failed orders' })).toBeVisible();
  // The one entry of the screen is highlighted, not Orders as well.
  await expect(menu(page).getByRole('link', { name: 'Failed Orders' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu(page).getByRole('link', { name: 'Orders', exact: true })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  await menu(page).getByRole('link', { name: 'Carts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carts' })).toBeVisible();
  await menu(page).getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders', exact: true })).toBeVisible();
  // The order search's own link, not the menu entry of the same words.
  await page.getByRole('main').getByRole('link', { name: 'Failed orders' }).click();
  await expect(page).toHaveURL(/\/orders\/failed$/);
});

test('logout returns to login and the session is gone', async ({ page }) => {
  await signInWithForm(page, DEMO_STAFF.agent);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/administrators');
  await expect(page).toHaveURL(/\/login/);
});

test('a protected URL without a session lands on login, then returns there after sign-in', async ({
  page,
}) => {
  await page.goto('/administrators');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await page.getByLabel('Email').fill(DEMO_STAFF.leader);
  await page
    .getByRole('textbox', { name: 'Password', exact: true })
    .fill(process.env.DEMO_PASSWORD ?? 'Demo-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/administrators$/);
});

test('phone width hides the Logout text but keeps the button', async ({ page }) => {
  await setViewport(page, { width: 375, height: 740 });
  await signInWithForm(page, DEMO_STAFF.agent);
  // On phones the menu is a drawer behind the menu toggle.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  const logout = page.getByRole('button', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await expect(logout).not.toContainText('Logout');
  await setViewport(page, { width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: 'Logout' })).toContainText('Logout');
});

test("on a phone, a record's current section tab is scrolled into its row", async ({ page }) => {
  await signIn(page, DEMO_STAFF.leader);
  const uid = await usClient(page);
  await setViewport(page, { width: 375, height: 700 });
  const tabs = page.getByRole('navigation', { name: 'Customer sections' });
  // The row scrolls sideways on a phone; the first section shows as it is.
  await page.goto(`/customers/${uid}/dashboard`);
  await expect(tabs.getByRole('link', { name: 'Dashboard' })).toBeInViewport({ ratio: 0.99 });
  // The last one is brought into view when the screen opens on it…
  await page.goto(`/customers/${uid}/audit`);
  await expect(tabs.getByRole('link', { name: 'Audit' })).toBeInViewport({ ratio: 0.99 });
  // …and when the user moves to a section further along.
  await page.goto(`/customers/${uid}/dashboard`);
  await expect(tabs.getByRole('link', { name: 'Dashboard' })).toBeInViewport({ ratio: 0.99 });
  // Clicked as a script does: Playwright's own click would scroll the link into view itself.
  await tabs.getByRole('link', { name: 'Popups' }).evaluate((link: HTMLElement) => link.click());
  await expect(page).toHaveURL(/\/popups$/);
  await expect(tabs.getByRole('link', { name: 'Popups' })).toBeInViewport({ ratio: 0.99 });
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_STAFF.fraudAgent);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
});
