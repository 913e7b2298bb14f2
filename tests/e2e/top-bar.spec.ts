import { expect, test } from '@playwright/test';
import { DEMO_STAFF, setViewport, signIn } from './fixtures';

// The top bar on a phone: every control says what it is in text a finger can read, not only in a
// hover tooltip (the Logout text stays hidden on phones, spec 1 §2 Shell; its icon is named).

const PHONE = { width: 375, height: 740 };

test('on a phone the developer-mode switch and the flags button carry visible labels', async ({ page }) => {
  await setViewport(page, PHONE);
  await signIn(page, DEMO_STAFF.developer);
  const bar = page.getByRole('banner');
  const devMode = bar.getByRole('switch', { name: 'Dev mode' });
  await expect(devMode).toBeVisible();
  // What the switch does is read out with it, not only shown on hover.
  await expect(devMode).toHaveAccessibleDescription(/Promo Tool and Incentives/);
  await expect(bar.getByText('Dev mode', { exact: true })).toBeVisible();
  const flags = bar.getByRole('button', { name: 'Feature flags' });
  await expect(flags).toBeVisible();
  await expect(flags).toContainText('Flags');
  await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // Everything fits: the bar does not scroll sideways and each control is fully on screen.
  const toolbar = bar.locator('.MuiToolbar-root');
  expect(await toolbar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // (The switch's input is wider than the switch it draws; its label is what shows.)
  const devModeLabel = bar.locator('label', { hasText: 'Dev mode' });
  for (const control of [devModeLabel, flags, bar.getByRole('button', { name: 'Logout' })]) {
    await expect(control).toBeInViewport({ ratio: 1 });
  }
});

test('on a computer the same controls read "Dev mode", "Flags" and "Logout"', async ({ page }) => {
  await setViewport(page, { width: 1280, height: 800 });
  await signIn(page, DEMO_STAFF.developer);
  const bar = page.getByRole('banner');
  await expect(bar.getByText('Dev mode', { exact: true })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Feature flags' })).toContainText('Flags');
  await expect(bar.getByRole('button', { name: 'Logout' })).toContainText('Logout');
});

test('the product calls itself "Customer Service Back Office" signed in and signed out', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Customer Service Back Office');
  await expect(page.getByRole('main')).toContainText('Customer Service Back Office');
  await signIn(page, DEMO_STAFF.agent);
  await expect(page).toHaveTitle('Dashboard · Customer Service Back Office');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toContainText(
    'Customer Service Back Office',
  );
  await expect(page.locator('body')).not.toContainText('Counterbase');
});
