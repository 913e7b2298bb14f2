import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, expectAccessible, setViewport, signIn, WCAG_21_AA } from './fixtures';

// Failed orders (spec 2 §2) and the order process view against the demo company's failed
// downstream exports: list, retry unfixed (fails again), fix the address, retry (exported, drops off).

interface Failed {
  id: number;
  orderDocId: string;
  orderId: number;
  customerUserType: number;
  customerUid: string;
  errorCode: string | null;
  attempts: number;
  context: { dateCreatedUTC: string | null };
}

const WRITE = { 'X-Requested-With': 'back-office' };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** Axe on an open dialog, WCAG 2.1 A and AA. */
const DIALOG = { include: ['[role="dialog"]'], tags: WCAG_21_AA };
const labelOf = (f: Failed) => `${f.customerUserType === 1 ? 'X' : 'F'}${f.orderId}`;

async function failedOrders(page: Page): Promise<Failed[]> {
  const res = await page.request.get('/api/cs/failedOrders?limit=200');
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

/** Failed orders whose address is what Phoenix refused (so fixing the address fixes them). */
async function addressFailures(page: Page): Promise<Failed[]> {
  const all = await failedOrders(page);
  return all.filter((f) => f.errorCode === 'ADDRESS_INVALID' || f.errorCode === 'ADDRESS_INCOMPLETE');
}

const failedTable = (page: Page) => page.getByRole('table', { name: 'Failed orders' });
const rowOf = (page: Page, label: string) =>
  failedTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: label, exact: true }) });

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO_STAFF.agent);
});

test('lists failed orders newest first, undated last, with the reason and links', async ({ page }) => {
  const all = await failedOrders(page);
  expect(all.length).toBeGreaterThan(2);
  const dates = all.map((f) => f.context.dateCreatedUTC);
  const firstUndated = dates.indexOf(null);
  const dated = (firstUndated === -1 ? dates : dates.slice(0, firstUndated)) as string[];
  expect([...dated].sort().reverse()).toEqual(dated);
  if (firstUndated !== -1) expect(dates.slice(firstUndated).every((d) => d === null)).toBe(true);

  await page.goto('/orders/failed');
  await expect(page.getByRole('heading', { level: 1, name: 'Failed orders' })).toBeVisible();
  const first = all[0]!;
  const row = failedTable(page).getByRole('row').nth(1);
  await expect(row.getByRole('link', { name: labelOf(first), exact: true })).toHaveAttribute(
    'href',
    `/orders/${first.orderDocId}/info`,
  );
  await expect(row.getByRole('link').nth(2)).toHaveAttribute(
    'href',
    `/customers/${first.customerUid}/dashboard`,
  );
  await expect(row).toContainText(first.errorCode ?? '');
});

test('retry unfixed fails again; after the address is fixed the retry exports it and it drops off', async ({
  page,
}) => {
  const [target] = await addressFailures(page);
  expect(target, 'the demo company has failed exports caused by an address').toBeTruthy();
  const label = labelOf(target!);
  await page.goto('/orders/failed');
  await rowOf(page, label).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Retry selected' }).click();
  await page
    .getByRole('dialog', { name: `Retry ${label}?` })
    .getByRole('button', { name: 'Retry' })
    .click();
  await expect(page.getByText('Retry results')).toBeVisible();
  await expect(rowOf(page, label).getByText('Failed again')).toBeVisible();

  // Fix the address through the API, as another tool would.
  const process = await page.request.get(`/api/cs/order/${target!.orderDocId}/process`);
  const { order } = (await process.json()).data;
  const fixed =
    order.countryId === 2
      ? { city: 'Ottawa', region: 'ON', postalCode: 'K1A 0B1' }
      : { city: 'Austin', region: 'TX', postalCode: '78704' };
  const put = await page.request.put(`/api/cs/order/${target!.orderDocId}/shippingAddress`, {
    headers: WRITE,
    data: {
      firstName: order.shippingAddress.firstName,
      lastName: order.shippingAddress.lastName,
      companyName: '',
      address: order.shippingAddress.address,
      address2: '',
      countryId: order.countryId,
      telephone: '',
      ...fixed,
    },
  });
  expect(put.status()).toBe(200);

  await rowOf(page, label)
    .getByRole('button', { name: `Retry ${label}` })
    .click();
  await page
    .getByRole('dialog', { name: `Retry ${label}?` })
    .getByRole('button', { name: 'Retry' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'Retry results' })).toContainText(
    /Exported as Phoenix order \d{9}\./,
  );
  await expect(rowOf(page, label)).toHaveCount(0);
  expect((await failedOrders(page)).some((f) => f.id === target!.id)).toBe(false);

  // The process view shows the export with every attempt and the Phoenix order id.
  await page.goto(`/orders/${target!.orderDocId}/process`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${label}` })).toBeVisible();
  const exportSection = page.getByRole('region', { name: 'Downstream export', exact: true });
  await expect(exportSection.getByText('Exported', { exact: true })).toBeVisible();
  await expect(exportSection.getByText('Attempts', { exact: true }).locator('..')).toHaveText(
    `Attempts${target!.attempts + 2}`,
  );
  await expect(exportSection.getByRole('button', { name: 'Copy Phoenix order id' })).toBeVisible();
  await expect(exportSection).toContainText(/\d{9}/);
  const history = page.getByRole('region', { name: 'State history', exact: true });
  await expect(history.getByText('Exported to Phoenix')).toBeVisible();
  await expect(history.getByText('Shipping address corrected')).toBeVisible();
  // Process is one of the order's tabs: the current one, with Info one click away.
  const tabs = page.getByRole('navigation', { name: 'Order sections' });
  await expect(tabs.getByRole('link', { name: 'Process' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Info' })).toHaveAttribute(
    'href',
    `/orders/${target!.orderDocId}/info`,
  );
});

test('the process view corrects the address in its form and retries the export', async ({ page }) => {
  const failures = await addressFailures(page);
  const target = failures.at(-1)!;
  expect(target).toBeTruthy();
  const label = labelOf(target);
  await page.goto(`/orders/${target.orderDocId}/process`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${label}` })).toBeVisible();
  const exportSection = page.getByRole('region', { name: 'Downstream export', exact: true });
  await expect(exportSection.getByText('Failed', { exact: true })).toBeVisible();
  await expect(exportSection.getByText('Attempts', { exact: true }).locator('..')).toHaveText(
    `Attempts${target.attempts}`,
  );
  await expect(exportSection).toContainText('N/A');
  await expect(page.getByRole('region', { name: 'Failures', exact: true })).toContainText(target.errorCode!);

  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/shippingAddress')) saves.push(r.url());
  });
  await page.getByRole('button', { name: 'Correct address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct shipping address' });
  const canada = await dialog.getByLabel(/Postal Code/).count();
  const pick = async (name: string) => {
    await dialog.getByRole('combobox', { name: /^(State|Province)/ }).click();
    await page.getByRole('option', { name, exact: true }).click();
  };
  // A ZIP/postal code of another state or province is refused on its field before sending (ADR 029).
  await dialog.getByLabel(/City/).fill(canada ? 'Ottawa' : 'Austin');
  await pick(canada ? 'Ontario' : 'Texas');
  const code = dialog.getByLabel(/Zip Code|Postal Code/);
  await code.fill(canada ? 'H2X1Y4' : '10001');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  const refused = canada
    ? 'Postal Code H2X 1Y4 is in Quebec, not Ontario.'
    : 'Zip Code 10001 is in New York, not Texas.';
  await expect(dialog.getByText(refused)).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  expect(saves).toEqual([]);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await setViewport(page, size);
    await expectAccessible(page, `correct address ${size.width}`, DIALOG);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/correct-address-zip-state-${size.width}.png` });
  }
  await code.fill(canada ? 'K1A0B1' : '78704');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  expect(saves).toHaveLength(1);

  await exportSection.getByRole('button', { name: 'Retry export' }).click();
  await page
    .getByRole('dialog', { name: `Retry the export of ${label}?` })
    .getByRole('button', { name: 'Retry' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: /Exported as Phoenix order \d{9}\./ }),
  ).toBeVisible();
  await expect(exportSection.getByText('Exported', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Failures', exact: true })).toContainText(
    'by agent@example.com',
  );
  expect((await failedOrders(page)).some((f) => f.id === target.id)).toBe(false);
});
