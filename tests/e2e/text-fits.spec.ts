import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_STAFF, signIn } from './fixtures';
import { queueResetEmail } from './screens';

// Text is never cut off and nothing spills out of its box, at 1280 and 375 px (issue: truncated
// role select, directory filter, signed-in line; the Outbox preview wider than its dialog).

const PHONE = { width: 375, height: 740 };
const COMPUTER = { width: 1280, height: 800 };

/** The element shows all of its content: nothing hidden behind an ellipsis or a scrollbar. */
async function expectWhole(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.evaluate((el) => ({
    text: (el as HTMLElement).innerText,
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(box.scrollWidth, `"${box.text}" is cut off`).toBeLessThanOrEqual(box.clientWidth);
}

/** Everything inside the element lies within its left and right edges. */
async function expectInside(inner: Locator, outer: Locator) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b).toBeTruthy();
  expect(a!.x).toBeGreaterThanOrEqual(b!.x - 0.5);
  expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x + b!.width + 0.5);
}

async function expectSignedInLineWhole(page: Page, name: string, email: string) {
  const footer = page.getByRole('region', { name: 'Signed in as' });
  await expect(footer).toContainText(name);
  await expect(footer).toContainText(email);
  for (const line of await footer.locator('p').all()) await expectWhole(line);
}

test('the role select and the directory filter show their whole text', async ({ page }) => {
  await page.setViewportSize(COMPUTER);
  await signIn(page, DEMO_STAFF.leader);
  await page.goto('/administrators');
  await page.getByLabel('Search name or email').fill(DEMO_STAFF.salesOperatorManager);
  const role = page.getByRole('combobox', { name: /^Role of / }).first();
  await expect(role).toHaveText('Sales Operator Manager');
  await expectWhole(role);
  for (const filter of ['Role', 'Directory', 'Status']) {
    await expectWhole(page.getByRole('combobox', { name: filter, exact: true }));
  }
  // The wider select still leaves the whole table beside the docked menu.
  await page.getByLabel('Search name or email').fill('');
  await expectWhole(page.locator('.MuiTableContainer-root'));

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('combobox', { name: 'Directory', exact: true })).toHaveText('Both directories');
  for (const filter of ['Role', 'Directory', 'Status']) {
    await expectWhole(page.getByRole('combobox', { name: filter, exact: true }));
  }
  await expectWhole(page.getByRole('combobox', { name: /^Role of / }).first());
});

test('the side menu names the signed-in user in full at every width', async ({ page }) => {
  await page.setViewportSize(COMPUTER);
  await signIn(page, DEMO_STAFF.salesOperatorManager);
  const name = (await (await page.request.get('/api/auth/session')).json()).userInfo.name as string;
  await expectSignedInLineWhole(page, name, DEMO_STAFF.salesOperatorManager);
  await expect(page.getByRole('region', { name: 'Signed in as' })).toContainText('Sales Operator Manager');

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectSignedInLineWhole(page, name, DEMO_STAFF.salesOperatorManager);
});

test('the Outbox email preview fits its dialog on a phone, copy buttons included', async ({ page }) => {
  await queueResetEmail(page);
  await page.setViewportSize(PHONE);
  await signIn(page, DEMO_STAFF.developer);
  await page.goto('/outbox');
  await page.getByRole('button', { name: 'Reset your password' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('iframe')).toBeVisible();
  const content = dialog.locator('.MuiDialogContent-root');
  // Nothing scrolls sideways inside the dialog, and every copy button is on screen.
  await expectWhole(content);
  const copyButtons = dialog.getByRole('button', { name: /^Copy / });
  expect(await copyButtons.count()).toBeGreaterThan(0);
  for (const button of await copyButtons.all()) {
    await expect(button).toBeInViewport({ ratio: 1 });
    await expectInside(button, content);
  }
  await expectInside(dialog.locator('iframe'), content);
  // The email itself fits the preview: no sideways scrolling, its button and link address in view.
  const email = dialog.frameLocator('iframe');
  await expectWhole(email.locator('html'));
  const button = email.getByRole('link', { name: 'Choose a new password' });
  await expect(button).toBeVisible();
  const frameBox = await dialog.locator('iframe').boundingBox();
  const buttonBox = await button.boundingBox();
  expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(frameBox!.x + frameBox!.width);
});
