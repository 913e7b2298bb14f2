import { expect, test } from '@playwright/test';
import { carriedAnswer, DEMO_STAFF, setViewport, signIn, uniqueEmail } from './fixtures';
import { linkFromMailbox, pathOf } from './mailbox';

test('the dashboard shows today from the database, the 14-day chart and recent activity', async ({
  page,
}) => {
  // The app's page carries the dashboard's answer (ADR 051).
  const document = page.waitForResponse((r) => r.request().resourceType() === 'document');
  await signIn(page, DEMO_STAFF.agent);
  const { data } = (await carriedAnswer(await document, '/api/dashboard')) as {
    data: { ordersTodayTotal: number; failedOrdersWaiting: number };
  };
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The figures on screen are the server's, not placeholders.
  await expect(page.getByRole('heading', { name: 'Orders today' }).locator('..')).toContainText(
    data.ordersTodayTotal.toLocaleString('en-US'),
  );
  await expect(page.getByRole('heading', { name: 'Failed orders waiting' }).locator('..')).toContainText(
    String(data.failedOrdersWaiting),
  );
  await expect(page.getByLabel(/^Orders per day for the last 14 days/)).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem').first(),
  ).toBeVisible();
});

test('deactivating a staff member ends their session at once', async ({ browser }) => {
  const email = uniqueEmail('leaving');
  const password = 'Leaving-Password-7';

  // A leader creates the user; the user sets a password through the emailed link.
  const leader = await browser.newPage();
  await signIn(leader, DEMO_STAFF.leader);
  const created = await leader.request.post('/api/administrators', {
    data: { name: 'Leaving Soon', email, role: 'agent', directory: 'users' },
    headers: { 'x-requested-with': 'back-office' },
  });
  expect(created.ok()).toBe(true);
  const link = pathOf(await linkFromMailbox(email));

  const user = await browser.newPage();
  await user.goto(link);
  await user.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await user.getByRole('textbox', { name: 'Confirm new password' }).fill(password);
  await user.getByRole('button', { name: 'Save password' }).click();
  // Signed in once the password is saved: the sign-in call would otherwise race the save.
  await expect(user.getByRole('heading', { name: 'Password saved' })).toBeVisible();
  await signIn(user, email, password);

  // The leader deactivates them, confirming in a dialog.
  await leader.goto('/administrators');
  await leader.getByLabel('Search name or email').fill(email);
  await leader.getByRole('button', { name: 'Deactivate Leaving Soon' }).click();
  const dialog = leader.getByRole('dialog', { name: 'Deactivate Leaving Soon?' });
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(leader.getByText('Inactive').first()).toBeVisible();

  // Their next request finds no session and lands on login.
  await user.reload();
  await expect(user).toHaveURL(/\/login/);
  await leader.close();
  await user.close();
});

test('Send password link follows the same rule as the other staff actions (ADR 017)', async ({ page }) => {
  await setViewport(page, { width: 1280, height: 800 });
  await signIn(page, DEMO_STAFF.leader);
  await page.goto('/administrators');
  const search = page.getByLabel('Search name or email');
  const sendLink = () => page.getByRole('button', { name: /^Send a password reset link to / }).first();

  // The demo developer holds the developer role and junoAccess, which a leader does not.
  await search.fill(DEMO_STAFF.developer);
  await expect(page.getByRole('button', { name: /^Deactivate / }).first()).toBeDisabled();
  await expect(sendLink()).toBeDisabled();
  await sendLink().locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('This user holds access you do not');

  await search.fill(DEMO_STAFF.agent);
  await expect(sendLink()).toBeEnabled();
});
