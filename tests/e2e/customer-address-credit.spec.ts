import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { Rng, STREAM } from '../../scripts/demo/rng';
import { DEMO_STAFF, settled, signIn } from './fixtures';

// Address and credit tabs (issue 7): a bad zip then a good one (US and CA), credit over the
// type maximum then within it, and axe at 1280 and 375 px.

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const ADDRESS_LINE = /^Address( \*)?$/;

/** The demo company's account uids are drawn from (seed 42, account uid stream, index). */
const demoUid = (idx: number) =>
  new Rng(42, STREAM.accountUid).reseed(STREAM.accountUid, idx).alphanumeric(28);

interface Credit {
  userType: number;
  maximum: number;
  us: { balance: number };
}

/** The first demo account whose adjustment maximum is `maximum` dollars. */
async function accountWithMaximum(page: Page, maximum: number) {
  for (let idx = 0; idx < 300; idx++) {
    const uid = demoUid(idx);
    const res = await page.request.get(`/api/cs/customer/${uid}/productCredit`);
    if (!res.ok()) continue;
    const credit = (await res.json()).data as Credit;
    if (credit.maximum === maximum) return { uid, credit };
  }
  throw new Error(`no demo account with a maximum of ${maximum}`);
}

/** Axe on this screen's content (the shell around it has its own spec), or on an open dialog. */
async function expectNoSeriousAxeViolations(page: Page, label: string, scope = 'main') {
  const results = await new AxeBuilder({ page: await settled(page) })
    .include(scope)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function pickOption(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO_STAFF.agent);
});

test('adds a US and a Canadian address, each after a bad zip', async ({ page }) => {
  const { uid } = await accountWithMaximum(page, 150);
  await page.goto(`/customers/${uid}/address`);
  await expect(page.getByRole('heading', { name: 'Shipping addresses' })).toBeVisible();

  await page.getByRole('button', { name: 'Add address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add address' });
  await dialog.getByLabel('First Name').fill('Rosa');
  await dialog.getByLabel('Last Name').fill('Delgado');
  await dialog.getByRole('textbox', { name: ADDRESS_LINE }).fill('1200 Barton Springs Rd');
  await dialog.getByLabel('City').fill('Austin');
  await pickOption(page, 'State', 'Texas');
  await dialog.getByLabel('Zip Code').fill('7870');
  await dialog.getByLabel('Telephone').fill('5125550134');
  await expect(dialog.getByLabel('Telephone')).toHaveValue('(512) 555-0134');
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog.getByText('Must be a valid US zip code')).toBeVisible();
  await dialog.getByLabel('Zip Code').fill('78704');
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('Successfully submitted')).toBeVisible();
  await expect(dialog).toBeHidden();
  const usCard = page.getByRole('listitem', { name: /Rosa Delgado, 1200 Barton Springs Rd/ });
  await expect(usCard).toContainText('Austin, TX 78704');
  await expect(usCard).toContainText('(512) 555-0134');

  await page.getByRole('button', { name: 'Add address' }).click();
  await dialog.getByLabel('First Name').fill('Luc');
  await dialog.getByLabel('Last Name').fill('Tremblay');
  await pickOption(page, 'Country', 'Canada');
  // Labels follow the country (spec 3 §3): Postal Code and Province for Canada.
  await expect(dialog.getByLabel('Postal Code')).toBeVisible();
  await expect(dialog.getByLabel('Zip Code')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: ADDRESS_LINE }).fill('24 Sussex Dr');
  await dialog.getByLabel('City').fill('Ottawa');
  await pickOption(page, 'Province', 'Ontario');
  await dialog.getByLabel('Postal Code').fill('12345');
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog.getByText('Must be a valid CA zip code')).toBeVisible();
  await dialog.getByLabel('Postal Code').fill('k1a0b1');
  await expect(dialog.getByLabel('Postal Code')).toHaveValue('K1A 0B1');
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem', { name: /Luc Tremblay, 24 Sussex Dr/ })).toContainText(
    'Ottawa, ON K1A 0B1',
  );

  // Make the Canadian address the default: it moves first and carries the badge alone.
  await page.getByRole('button', { name: 'Make 24 Sussex Dr the default' }).click();
  await expect(
    page.getByRole('list', { name: 'Shipping addresses' }).getByRole('listitem').first(),
  ).toHaveAccessibleName(/Luc Tremblay.*\(default shipping\)/);
  await expect(page.getByText('Default shipping', { exact: true })).toHaveCount(1);

  await expectNoSeriousAxeViolations(page, 'address 1280');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/address-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { name: 'Shipping addresses' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'address 375');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/address-375.png`, fullPage: true });

  await page.getByRole('button', { name: 'Edit address 1200 Barton Springs Rd' }).click();
  await expectNoSeriousAxeViolations(page, 'address dialog 375', '[role="dialog"]');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/address-dialog-375.png` });
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Delete asks first.
  await page.getByRole('button', { name: 'Delete address 1200 Barton Springs Rd' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this address?' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete address', exact: true }).click();
  await expect(page.getByRole('listitem', { name: /Rosa Delgado, 1200 Barton Springs Rd/ })).toHaveCount(0);
});

test('refuses credit over the type maximum, then adds it within and shows it', async ({ page }) => {
  const { uid, credit } = await accountWithMaximum(page, 51);
  await page.goto(`/customers/${uid}/credit`);
  await expect(page.getByRole('heading', { name: 'Adjust product credit' })).toBeVisible();
  await expect(page.getByTestId('balance-us')).toHaveText(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(credit.us.balance / 100),
  );

  const form = page.getByRole('form', { name: 'Adjust product credit' });
  await pickOption(page, 'Reason', 'Other (CX Related)');
  await form.getByLabel('Amount').fill('51.01');
  await form.getByLabel('Never expires').check();
  await form.getByLabel('Reason text').fill('Goodwill for a late delivery');
  await form.getByRole('button', { name: 'Submit adjustment' }).click();
  await expect(form.getByText('Value must be less than or equal to $51')).toBeVisible();

  // The reason rule shows inline too.
  await form.getByLabel('Amount').fill('12.34');
  await form.getByLabel('Reason text').fill('Replace expired credit');
  await form.getByRole('button', { name: 'Submit adjustment' }).click();
  await expect(form.getByText("The Reason field shouldn't contain the 'expire' word")).toBeVisible();

  await form.getByLabel('Reason text').fill('Goodwill for a late delivery');
  await form.getByRole('button', { name: 'Submit adjustment' }).click();
  await expect(page.getByText('Successfully submitted')).toBeVisible();
  const expected = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
    (credit.us.balance + 1234) / 100,
  );
  await expect(page.getByTestId('balance-us')).toHaveText(expected);
  const firstRow = page.getByRole('table', { name: 'United States ledger' }).getByRole('row').nth(1);
  await expect(firstRow).toContainText('$12.34');
  await expect(firstRow).toContainText('Never');
  await expect(firstRow).toContainText('Goodwill for a late delivery');

  // A fixed-amount reason fills the amount in (spec 3 §9).
  await pickOption(page, 'Reason', 'Shipping or Order Error ($10.00)');
  await expect(form.getByLabel('Amount')).toHaveValue('10.00');

  await expectNoSeriousAxeViolations(page, 'credit 1280');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/credit-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('list', { name: 'United States ledger' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'United States ledger' })).toContainText('$12.34');
  await expectNoSeriousAxeViolations(page, 'credit 375');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/credit-375.png`, fullPage: true });
});

test('an adjustment whose answer was lost is sent again under its key and applied once (ADR 021)', async ({
  page,
}) => {
  const { uid, credit } = await accountWithMaximum(page, 150);
  const note = `Lost answer ${Date.now()}`;
  const keys: string[] = [];
  let lost = false;
  await page.route('**/api/cs/updateBalance/**', async (route) => {
    keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
    if (lost) return route.continue();
    // The server applies the first send, but its answer never reaches the browser.
    lost = true;
    await route.fetch();
    await route.abort('failed');
  });
  await page.goto(`/customers/${uid}/credit`);
  const form = page.getByRole('form', { name: 'Adjust product credit' });
  await pickOption(page, 'Reason', 'Other (CX Related)');
  await form.getByLabel('Amount').fill('7.77');
  await form.getByLabel('Never expires').check();
  await form.getByLabel('Reason text').fill(note);
  await form.getByRole('button', { name: 'Submit adjustment' }).click();
  await expect(page.getByRole('alert').filter({ hasNotText: 'Successfully' }).first()).toBeVisible();
  await form.getByRole('button', { name: 'Submit adjustment' }).click();
  await expect(page.getByText('Successfully submitted')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const after = (await (await page.request.get(`/api/cs/customer/${uid}/productCredit`)).json()).data;
  expect(after.us.balance).toBe(credit.us.balance + 777);
  expect(after.us.ledger.filter((e: { reason: string }) => e.reason === note)).toHaveLength(1);
});
