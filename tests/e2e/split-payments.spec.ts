import { expect, test } from '@playwright/test';
import { DEMO_STAFF, expectAccessible, openShippingForm, setViewport, signIn, WCAG_21_AA } from './fixtures';

// Split payments at checkout (spec 2 §3 Payment.splitPayments; ADR 030): the agent splits Miles
// Carter's order across his two saved cards, the running "Left to assign" saying what is left in
// money, the remainder button (from the keyboard) closing the gap, then reads the order's
// "Paid with" rows down to the total. At 1280 and 390 wide, axe clean.

test.setTimeout(180_000);

const MILES = 'StoryClientMilesCarterCards1';
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** Axe on the screen's content (the shell around it has its own spec), WCAG 2.1 A and AA. */
const CONTENT = { include: ['main'], tags: WCAG_21_AA };

/** Dollars as the screen writes them ("$1,234.56") in cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

test('an agent splits an order across two saved cards and reads it back on the order', async ({ page }) => {
  await setViewport(page, { width: 1280, height: 900 });
  await signIn(page, DEMO_STAFF.agent);
  await page.goto(`/customers/${MILES}/dashboard`);
  await page.getByRole('button', { name: 'New order' }).click();
  await expect(page).toHaveURL(/\/en-US\/checkout\/[A-Za-z0-9]{28}$/);
  const products = page.getByRole('list', { name: 'Products' });
  await products.getByRole('button', { name: /^Add /, disabled: false }).first().click();
  await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem').first()).toBeVisible();
  // His address on file, or a new one.
  const shipTo = page.getByTestId('ship-to');
  await expect(
    shipTo
      .or(page.getByRole('form', { name: 'Shipping address form' }))
      .or(page.getByRole('button', { name: 'Enter a new address' }))
      .first(),
  ).toBeVisible();
  if (!(await shipTo.isVisible())) {
    const form = await openShippingForm(page);
    await form.getByRole('combobox', { name: /^Find an address/ }).fill('78701');
    await page.getByRole('option', { name: /78701/ }).first().click();
    await form.getByLabel(/^First Name/).fill('Miles');
    await form.getByLabel(/^Last Name/).fill('Carter');
    await form
      .getByRole('textbox', { name: /^Address/ })
      .first()
      .fill('100 Congress Ave');
    await page.getByRole('button', { name: 'Use this address' }).click();
  }
  await expect(page.getByTestId('ship-to')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio').first().check();
  await expect(page.getByTestId('total-grand')).toBeVisible();
  const total = cents((await page.getByTestId('total-grand').textContent()) ?? '');
  expect(total).toBeGreaterThan(200);

  await page.getByRole('checkbox', { name: 'Split across cards' }).check();
  const rows = page.getByTestId('split-row');
  await expect(rows).toHaveCount(2);
  // Each row starts on one of his cards, a different one each.
  const first = page.getByRole('combobox', { name: 'Card 1' });
  await expect(first).toContainText(/ending \d{4}/);
  await expect(page.getByRole('combobox', { name: 'Card 2' })).toContainText('ending 4444');
  const firstLast4 = /ending (\d{4})/.exec((await first.textContent()) ?? '')![1]!;
  expect(firstLast4).not.toBe('4444');
  const left = page.getByTestId('split-left');
  await expect(left).toHaveText(`Left to assign: $${(total / 100).toFixed(2)}`);
  await page.getByLabel('Amount 1', { exact: true }).fill('1.00');
  await page.getByLabel('Amount 2', { exact: true }).fill('1.00');
  await expect(left).toHaveText(`Left to assign: $${((total - 200) / 100).toFixed(2)}`);
  // Amounts that do not add up say by how much, in words; nothing can be submitted yet.
  await expect(page.getByTestId('split-total-message')).toContainText(
    `$${((total - 200) / 100).toFixed(2)} short of`,
  );
  await expect(page.getByRole('button', { name: 'Submit order' })).toBeDisabled();
  // An amount that is not one is said so.
  await page.getByLabel('Amount 2', { exact: true }).fill('abc');
  await expect(page.getByText('Enter an amount in dollars, like 12.50.')).toBeVisible();
  await page.getByLabel('Amount 2', { exact: true }).fill('1.00');
  // The remainder button, from the keyboard: what is left goes on card 2.
  await page.getByRole('button', { name: 'Put what is left on card 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(left).toHaveText('Left to assign: $0.00');
  await expect(page.getByLabel('Amount 2', { exact: true })).toHaveValue(((total - 100) / 100).toFixed(2));
  await expect(page.getByTestId('payment-choice')).toContainText('2 cards');
  await expectAccessible(page, 'checkout split 1280', CONTENT);
  if (SCREENSHOTS)
    await page
      .getByRole('region', { name: 'Payment' })
      .or(page.locator('main'))
      .first()
      .screenshot({ path: `${SCREENSHOTS}/split-1280.png` });
  await setViewport(page, { width: 390, height: 844 });
  await expectAccessible(page, 'checkout split 390', CONTENT);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/split-390.png`, fullPage: true });
  // Nothing sticks out sideways at 390.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await setViewport(page, { width: 1280, height: 900 });

  const submit = page.getByRole('button', { name: 'Submit order' });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Your order was successfully submitted.')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9]+\/info$/);
  const paid = page.getByTestId('paid-with');
  await expect(paid).toBeVisible();
  await expect(paid.getByText(`ending ${firstLast4}`)).toBeVisible();
  await expect(paid.getByText(/ending 4444/)).toBeVisible();
  await expect(page.getByTestId('paid-with-total')).toHaveText(`$${(total / 100).toFixed(2)}`);
  await expectAccessible(page, 'order split 1280', CONTENT);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/split-order-1280.png`, fullPage: true });
  await setViewport(page, { width: 390, height: 844 });
  await expectAccessible(page, 'order split 390', CONTENT);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/split-order-390.png`, fullPage: true });
});
