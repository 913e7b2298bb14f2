import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, expectAccessible, setViewport, signIn, WCAG_21_AA } from './fixtures';

// The README's "Demo customers for each flow": the demo prospect Paige Holloway (account 10001,
// scripts/demo/story-customers.ts) places an enrollment order through the checkout screen.

test.setTimeout(180_000);

const PROSPECT = { uid: 'StoryProspectPaigeHolloway01', phoenixId: 10001 };

/** Axe on the screen's content (the shell around it has its own spec), WCAG 2.1 A and AA. */
const CONTENT = { include: ['main'], tags: WCAG_21_AA };

async function pick(page: Page, field: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('the demo prospect places an enrollment order through the checkout screen', async ({ page }) => {
  await setViewport(page, { width: 1280, height: 900 });
  await signIn(page, DEMO_STAFF.agent);
  // Found by account number in the top bar, as the README says.
  await page.getByPlaceholder(/^Account, order or email/).fill(String(PROSPECT.phoenixId));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/customers/${PROSPECT.uid}/dashboard$`));
  await page.getByRole('button', { name: 'New order' }).click();
  await expect(page).toHaveURL(/\/en-US\/checkout\/[A-Za-z0-9]{28}$/);

  // The enrollment check passes: the enrollment order starts and the kit can be added.
  await pick(page, 'Order type', 'Enrollment');
  await expect(
    page.getByText('Enrollment order started. Please start by adding an enrollment sku to the cart.'),
  ).toBeVisible();
  await page.getByLabel('Search products').fill('Consultant Enrollment Kit');
  await page
    .getByRole('list', { name: 'Products' })
    .getByRole('button', { name: 'Add Consultant Enrollment Kit' })
    .click();
  const lines = page.getByRole('list', { name: 'Cart lines' });
  await expect(lines.getByText(/Consultant Enrollment Kit/).first()).toBeVisible();

  // Her saved address, a shipping method and her saved card.
  const shipTo = page.getByTestId('ship-to');
  if (!(await shipTo.isVisible())) await pick(page, 'Saved address', /1100 Congress Ave/);
  await expect(shipTo).toContainText('Austin, TX 78701');
  await page.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio').first().check();
  await page.getByRole('radiogroup', { name: 'Saved cards' }).getByRole('radio').first().check();
  await expect(page.getByTestId('total-grand')).toBeVisible();
  await expectAccessible(page, 'enrollment checkout 1280', CONTENT);
  await setViewport(page, { width: 390, height: 844 });
  await expectAccessible(page, 'enrollment checkout 390', CONTENT);
  await setViewport(page, { width: 1280, height: 900 });

  const submit = page.getByRole('button', { name: 'Submit order' });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Your order was successfully submitted.')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9]+\/info$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
  const order = await page.request.get(`/api/cs/order/${id}`);
  expect(order.ok()).toBe(true);
  const data = (await order.json()).data;
  expect(data.orderType).toBe(11);
  expect(JSON.stringify(data.lines ?? data)).toContain('9078');
});
