import { expect, type Page, test } from '@playwright/test';
import { Rng, STREAM } from '../../scripts/demo/rng';
import { DEMO_STAFF, expectAccessible, setViewport, signIn, WCAG_21_AA } from './fixtures';

// Address and credit tabs (spec 1 §2 Customer screens): a bad zip then a good one (US and CA), credit over the
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

/** Axe on the screen's content (the shell around it has its own spec), or on an open dialog. */
const CONTENT = { include: ['main'], tags: WCAG_21_AA };
const DIALOG = { include: ['[role="dialog"]'], tags: WCAG_21_AA };

async function pickOption(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await setViewport(page, { width: 1280, height: 900 });
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

  await expectAccessible(page, 'address 1280', CONTENT);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/address-1280.png`, fullPage: true });
  await setViewport(page, { width: 375, height: 800 });
  await expect(page.getByRole('heading', { name: 'Shipping addresses' })).toBeVisible();
  await expectAccessible(page, 'address 375', CONTENT);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/address-375.png`, fullPage: true });

  await page.getByRole('button', { name: 'Edit address 1200 Barton Springs Rd' }).click();
  await expectAccessible(page, 'address dialog 375', DIALOG);
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

  await expectAccessible(page, 'credit 1280', CONTENT);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/credit-1280.png`, fullPage: true });
  await setViewport(page, { width: 375, height: 800 });
  await expect(page.getByRole('list', { name: 'United States ledger' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'United States ledger' })).toContainText('$12.34');
  await expectAccessible(page, 'credit 375', CONTENT);
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

// Addresses (ADR 029): the ZIP/postal code against the state, suggestions that never fill what
// the form refuses, and streets on file — each at 390×844 and 1280×800, axe on the dialog.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const HEADERS = { 'x-requested-with': 'back-office' };

/** A street name no demo address has (letters only, as the address rule wants). */
const uniqueStreet = (word: string) =>
  `${word}${Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

async function addAddressByApi(page: Page, uid: string, address: string, postalCode = '78701') {
  const res = await page.request.post(`/api/cs/customer/${uid}/addresses`, {
    headers: HEADERS,
    data: {
      firstName: 'Marisol',
      lastName: 'Quintanilla',
      companyName: '',
      address,
      address2: 'Unit 7',
      city: 'Austin',
      region: 'TX',
      postalCode,
      countryId: 1,
      telephone: '(512) 555-0199',
    },
  });
  expect(res.status()).toBe(200);
}

async function openAddDialog(page: Page, uid: string) {
  await page.goto(`/customers/${uid}/address`);
  await expect(page.getByRole('heading', { name: 'Shipping addresses' })).toBeVisible();
  await page.getByRole('button', { name: 'Add address' }).click();
  return page.getByRole('dialog', { name: 'Add address' });
}

for (const size of WIDTHS) {
  test(`refuses a ZIP code of another state before saving, on the field (${size.width})`, async ({
    page,
  }) => {
    await setViewport(page, size);
    const uid = demoUid(3);
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes(`/customer/${uid}/addresses`)) saves.push(r.url());
    });
    const dialog = await openAddDialog(page, uid);
    const street = `12 ${uniqueStreet('Zip')} St`;
    await dialog.getByLabel('First Name').fill('Rosa');
    await dialog.getByLabel('Last Name').fill('Delgado');
    await dialog.getByRole('textbox', { name: ADDRESS_LINE }).fill(street);
    await dialog.getByLabel('City').fill('Austin');
    await pickOption(page, 'State', 'Texas');
    await dialog.getByLabel('Zip Code').fill('10001');
    await dialog.getByRole('button', { name: 'Add address' }).click();
    const zip = dialog.getByLabel('Zip Code');
    await expect(dialog.getByText('Zip Code 10001 is in New York, not Texas.')).toBeVisible();
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(saves).toEqual([]);
    await expectAccessible(page, `zip of another state ${size.width}`, DIALOG);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/address-zip-state-${size.width}.png`, fullPage: true });

    await zip.fill('78701');
    await expect(dialog.getByText('Zip Code 10001 is in New York, not Texas.')).toBeHidden();
    await dialog.getByRole('button', { name: 'Add address' }).click();
    await expect(page.getByText('Successfully submitted')).toBeVisible();
    await expect(page.getByRole('listitem', { name: new RegExp(`Rosa Delgado, ${street}`) })).toContainText(
      'Austin, TX 78701',
    );
  });

  test(`a Canadian suggestion fills the province only and says what is left (${size.width})`, async ({
    page,
  }) => {
    await setViewport(page, size);
    const dialog = await openAddDialog(page, demoUid(4));
    await pickOption(page, 'Country', 'Canada');
    await dialog.getByLabel('City').fill('Laval');
    await dialog.getByRole('combobox', { name: /^Find an address/ }).fill('H2X');
    await page
      .getByRole('option', { name: /QC H2X$/ })
      .first()
      .click();
    await expect(dialog.getByRole('combobox', { name: 'Province' })).toContainText('Quebec');
    await expect(dialog.getByLabel('Postal Code')).toHaveValue('');
    await expect(dialog.getByLabel('City')).toHaveValue('');
    const left = dialog.getByTestId('suggestion-left');
    await expect(left).toContainText('Postal Code: “H2X” is refused: Must be a valid CA zip code');
    await expect(left).toContainText('City: not in the suggestion');
    await expectAccessible(page, `partial suggestion ${size.width}`, DIALOG);
    if (SCREENSHOTS)
      await page.screenshot({
        path: `${SCREENSHOTS}/address-partial-suggestion-${size.width}.png`,
        fullPage: true,
      });

    // What the agent then enters is accepted as it is.
    await dialog.getByLabel('First Name').fill('Luc');
    await dialog.getByLabel('Last Name').fill('Tremblay');
    await dialog.getByRole('textbox', { name: ADDRESS_LINE }).fill(`3 ${uniqueStreet('Rue')}`);
    await dialog.getByLabel('City').fill('Montréal');
    await dialog.getByLabel('Postal Code').fill('h2x1y4');
    await dialog.getByRole('button', { name: 'Add address' }).click();
    await expect(page.getByText('Successfully submitted')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test(`typing a street offers this customer's addresses, then addresses on file, without names (${size.width})`, async ({
    page,
  }) => {
    await setViewport(page, size);
    const customer = demoUid(5 + (size.width === 390 ? 0 : 2));
    const neighbour = demoUid(6 + (size.width === 390 ? 0 : 2));
    const own = uniqueStreet('Larkspur');
    const other = uniqueStreet('Zephyr');
    await addAddressByApi(page, customer, `88 ${own} Ln`);
    await addAddressByApi(page, neighbour, `4417 ${other} Ave`);

    const dialog = await openAddDialog(page, customer);
    const search = dialog.getByRole('combobox', { name: /^Find an address/ });
    await search.fill(own);
    const listbox = page.getByRole('listbox');
    await expect(listbox).toContainText("This customer's addresses");
    await expect(page.getByRole('option', { name: `88 ${own} Ln, Austin, TX 78701` })).toBeVisible();

    await search.fill(`4417 ${other}`);
    await expect(listbox).toContainText('Addresses on file');
    const onFile = page.getByRole('option', { name: `4417 ${other} Ave, Austin, TX 78701` });
    await expect(onFile).toBeVisible();
    await expect(listbox).not.toContainText('Quintanilla');
    await expect(listbox).not.toContainText('Unit 7');
    await expectAccessible(page, `street suggestions ${size.width}`, DIALOG);
    if (SCREENSHOTS)
      await page.screenshot({
        path: `${SCREENSHOTS}/address-street-suggestions-${size.width}.png`,
        fullPage: true,
      });

    await onFile.click();
    await expect(dialog.getByRole('textbox', { name: ADDRESS_LINE })).toHaveValue(`4417 ${other} Ave`);
    await expect(dialog.getByLabel('City')).toHaveValue('Austin');
    await expect(dialog.getByRole('combobox', { name: 'State' })).toContainText('Texas');
    await expect(dialog.getByLabel('Zip Code')).toHaveValue('78701');
    await expect(dialog.getByTestId('suggestion-left')).toHaveCount(0);
    await expect(dialog.getByLabel('Apt/Floor/Suite')).toHaveValue('');
  });
}
