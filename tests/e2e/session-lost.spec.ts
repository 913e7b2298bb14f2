import { expect, test } from '@playwright/test';
import { DEMO_STAFF, signIn, uniqueEmail } from './fixtures';
import { linkFromMailbox, pathOf } from './mailbox';

// A deactivated staff member kept clicking around for about 30 s before the app noticed.
// Any 401 from /api now sends the browser to login at once, with a full page load, keeping the way
// back (spec 1 §2 Access behaviour).

const CSRF = { 'x-requested-with': 'back-office' };

test('a staff member deactivated elsewhere lands on login at their next click that calls the API', async ({
  browser,
}) => {
  const email = uniqueEmail('deactivated');
  const password = 'Deactivated-Password-7';

  // A leader creates another leader, who sets a password through the emailed link and signs in.
  const leader = await browser.newPage();
  await signIn(leader, DEMO_STAFF.leader);
  const created = await leader.request.post('/api/administrators', {
    data: { name: 'Soon Inactive', email, role: 'leader', directory: 'users' },
    headers: CSRF,
  });
  expect(created.ok()).toBe(true);
  const { data: staff } = await created.json();

  const link = pathOf(await linkFromMailbox(email));

  // The staff member's own browser context.
  const context = await browser.newContext();
  const user = await context.newPage();
  await user.goto(link);
  await user.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await user.getByRole('textbox', { name: 'Confirm new password' }).fill(password);
  await user.getByRole('button', { name: 'Save password' }).click();
  // Signed in once the password is saved: the sign-in call would otherwise race the save.
  await expect(user.getByRole('heading', { name: 'Password saved' })).toBeVisible();
  await signIn(user, email, password);
  await expect(user.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // Marks this document: a full page load replaces it, a client-side navigation keeps it.
  await user.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  // The leader deactivates them through the API, in the leader's own session.
  const deactivated = await leader.request.post(`/api/administrators/${staff.id}/deactivate`, {
    headers: CSRF,
  });
  expect(deactivated.ok()).toBe(true);
  await leader.close();

  // Their session check is still fresh in the browser, so the menu opens the screen; its first
  // API call answers 401 and the browser goes to login at once, remembering the screen.
  const started = Date.now();
  const unauthorized = user.waitForResponse(
    (response) => response.url().includes('/api/administrators') && response.status() === 401,
  );
  await user
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Administrators' })
    .click();
  await unauthorized;
  await expect(user).toHaveURL(/\/login\?next=%2Fadministrators$/, { timeout: 5_000 });
  expect(Date.now() - started).toBeLessThan(5_000);
  await expect(user.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(
    await user.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBeUndefined();

  // Signing in again is refused: the account is inactive.
  await user.getByLabel('Email').fill(email);
  await user.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await user.getByRole('button', { name: 'Sign in' }).click();
  await expect(user.getByRole('alert')).toBeVisible();
  await expect(user).toHaveURL(/\/login/);
  await context.close();
});
