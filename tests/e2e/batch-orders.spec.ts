import { expect, type Page, test } from '@playwright/test';
import { Rng, STREAM } from '../../scripts/demo/rng';
import { DEMO_STAFF, expectAccessible, setViewport, signIn } from './fixtures';

// Batch orders and bulk ledgers (spec 2 §2, DESIGN §5): a batch with one bad row → details and
// failed rows → the row corrected and retried; a bulk ledger applied and seen on the credit tab.
// The CSV files are made in the test from demo accounts and a catalog SKU read through the API.

const demoUid = (idx: number) =>
  new Rng(42, STREAM.accountUid).reseed(STREAM.accountUid, idx).alphanumeric(28);

/** A demo account that is active, not an employee or guest, with a default shipping address. */
async function orderableAccount(page: Page): Promise<string> {
  for (let idx = 0; idx < 300; idx++) {
    const uid = demoUid(idx);
    const record = await page.request.get(`/api/cs/customer/${uid}`);
    if (!record.ok()) continue;
    const account = (await record.json()).data as { accountStatus: number; userType: number };
    if (account.accountStatus !== 1 || ![1, 2, 3].includes(account.userType)) continue;
    const addresses = (await (await page.request.get(`/api/cs/customer/${uid}/addresses`)).json()).data as {
      isDefaultShipping: boolean;
      countryId: number;
    }[];
    if (addresses.some((a) => a.isDefaultShipping && a.countryId === 1)) return uid;
  }
  throw new Error('no orderable demo account');
}

/** A SKU of the catalog: the one the demo's queued employee batch orders. */
async function catalogSku(page: Page): Promise<string> {
  const batches = (await (await page.request.get('/api/batchOrders')).json()).data as {
    id: number;
    fileName: string;
  }[];
  const queued = batches.find((b) => b.fileName === 'employee-orders.csv')!;
  const rows = (await (await page.request.get(`/api/batchOrders/${queued.id}/rows`)).json()).data as {
    input: { skus: string };
  }[];
  return rows[0]!.input.skus.split(':')[0]!;
}

const file = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test.beforeEach(async ({ page }) => {
  await setViewport(page, { width: 1280, height: 900 });
});

test('a batch with one bad row: details, failed row corrected and retried', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_STAFF.leader);
  const uid = await orderableAccount(page);
  const sku = await catalogSku(page);
  const stamp = Date.now();
  const csv = [
    'account,skus,shippingAddress,orderType,reason',
    `${uid},${sku}:1,,10,Damaged in transit ${stamp}`,
    `${uid},NOSUCHSKU:1,,10,Damaged in transit ${stamp}`,
    `${uid},${sku}:2,default,20,Price adjustment ${stamp}`,
  ].join('\n');

  await page.goto('/batchOrders');
  await expect(page.getByRole('heading', { name: 'Batch orders', level: 1 })).toBeVisible();
  await page.getByTestId('batchOrders-file').setInputFiles(file(`e2e-${stamp}.csv`, csv));
  await expect(page.getByText('3 rows checked: 2 ready, 1 with errors.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'SKU NOSUCHSKU is not in the catalog.' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and apply 2 rows' }).click();

  await expect(page).toHaveURL(/\/batchOrders\/\d+\/details$/);
  const batchId = /\/batchOrders\/(\d+)\//.exec(page.url())![1];
  const orders = page.getByRole('table', { name: 'Orders created' });
  await expect(orders.getByRole('row')).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByText('Completed with errors')).toBeVisible();
  const orderLink = orders.getByRole('link', { name: /^[FX]\d{8}$/ }).first();
  await expect(orderLink).toHaveAttribute('href', /^\/orders\/[A-Za-z0-9]+\/info$/);
  await expect(orders.getByRole('link', { name: /.+/ }).nth(1)).toHaveAttribute('href', `/customers/${uid}`);
  // Created is not yet downstream: the export worker sends both free orders to Phoenix, and each
  // row then shows its 9-digit Phoenix order id.
  await expect(page.getByText('Phoenix: 2 of 2 orders in Phoenix.')).toBeVisible({ timeout: 30_000 });
  await expect(orders.getByRole('button', { name: 'Copy phoenix order id' })).toHaveCount(2);
  // A table at desktop width, a card per created order on a phone.
  const shown = { 1280: orders, 390: page.getByRole('list', { name: 'Orders created', exact: true }) };
  for (const width of [1280, 390] as const) {
    await setViewport(page, { width, height: width === 390 ? 844 : 800 });
    await expect(shown[width]).toBeVisible();
    if (width === 390) await expect(shown[width].getByRole('listitem')).toHaveCount(2);
    await expectAccessible(page, `batch with a corrected row at ${width}px`, { iframes: false });
  }
  await setViewport(page, { width: 1280, height: 900 });

  // The same file again is refused before anything is created.
  await page.goto('/batchOrders');
  await page.getByTestId('batchOrders-file').setInputFiles(file(`again-${stamp}.csv`, csv));
  await expect(page.getByText(`This file was already uploaded as batch ${batchId}`)).toBeVisible();

  await page.goto(`/batchOrders/${batchId}/failed`);
  const failed = page.getByTestId('failed-row-2');
  await expect(failed.getByText('SKU NOSUCHSKU is not in the catalog.')).toBeVisible();
  await failed.getByRole('button', { name: 'Correct row 2' }).click();
  const form = page.getByRole('form', { name: 'Correct row 2' });
  await form.getByLabel('SKUs (SKU:quantity; …)').fill(`${sku}:3`);
  await form.getByRole('button', { name: 'Save and retry' }).click();
  await expect(page.getByText('No failed rows')).toBeVisible({ timeout: 30_000 });

  await page.goto(`/batchOrders/${batchId}/details`);
  await expect(page.getByRole('table', { name: 'Orders created' }).getByRole('row')).toHaveCount(4, {
    timeout: 30_000,
  });
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
});

test('a bulk ledger applied and visible on the customer credit screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_STAFF.salesOperatorManager);
  let uid = '';
  for (let idx = 0; idx < 300 && !uid; idx++) {
    const res = await page.request.get(`/api/cs/customer/${demoUid(idx)}/productCredit`);
    if (res.ok() && (await res.json()).data.maximum === 150) uid = demoUid(idx);
  }
  const cents = 1000 + (Date.now() % 5000);
  const amount = (cents / 100).toFixed(2);
  const csv = `account,country,amount,reasonId,reason,neverExpire,expirationDate\n${uid},us,${amount},4,Service recovery,1,\n`;
  await page.goto('/bulkLedgers');
  await page.getByTestId('bulkLedgers-file').setInputFiles(file(`credits-${cents}.csv`, csv));
  await expect(page.getByText('1 rows checked: 1 ready, 0 with errors.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and apply 1 rows' }).click();
  await expect(page).toHaveURL(/\/bulkLedgers\?id=\d+$/);
  const row = page.getByTestId('ledger-row-1');
  await expect(row.getByText(/^Applied \(ledger entry \d+\)$/)).toBeVisible({ timeout: 30_000 });
  await row.getByRole('link').click();
  await expect(page).toHaveURL(`/customers/${uid}/credit`);
  await expect(page.getByText(`$${amount}`).first()).toBeVisible();
  await expect(page.getByText('Service recovery').first()).toBeVisible();
});

test('a bulk ledger row that failed is corrected on screen and applied', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_STAFF.salesOperatorManager);
  // The demo's second bulk ledger has two failed rows: one above the type's maximum, one whose
  // reason names the 'expire' word.
  await page.goto('/bulkLedgers?id=2');
  await expect(page.getByRole('heading', { name: 'Failed rows' })).toBeVisible();
  const failed = page.getByTestId('failed-row-2');
  await expect(failed.getByRole('alert')).toContainText('Value must be less than or equal to');
  for (const width of [390, 1280]) {
    await setViewport(page, { width, height: 844 });
    await expectAccessible(page, `bulk ledger row corrected at ${width}px`, { iframes: false });
  }
  await failed.getByRole('button', { name: 'Correct row 2' }).click();
  const form = page.getByRole('form', { name: 'Correct row 2' });
  // A correction is checked with the upload's own rules before it is saved.
  await form.getByLabel('Amount ($)').fill('1000000');
  await form.getByRole('button', { name: 'Save and retry' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByLabel('Amount ($)').fill('25');
  await form.getByLabel('Never expire (1 or 0)').fill('1');
  await form.getByRole('button', { name: 'Save and retry' }).click();
  await expect(page.getByTestId('ledger-row-2').getByText(/^Applied \(ledger entry \d+\)$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('failed-row-2')).toHaveCount(0);
  await expect(page.getByTestId('failed-row-3')).toBeVisible();
});

test('a batch stuck Queued is started again from its page and completes', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_STAFF.salesOperatorManager);
  // The demo's employee batch was queued with no worker holding it.
  const batches = (await (await page.request.get('/api/batchOrders')).json()).data as {
    id: number;
    fileName: string;
  }[];
  const stuck = batches.find((b) => b.fileName === 'employee-orders.csv')!;
  await page.goto(`/batchOrders/${stuck.id}/details`);
  await expect(page.getByText('Queued', { exact: true })).toBeVisible();
  for (const width of [390, 1280]) {
    await setViewport(page, { width, height: 844 });
    await expectAccessible(page, `batch started again at ${width}px`, { iframes: false });
  }
  await page.getByRole('button', { name: 'Start again' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The batch is handed to a worker again' }),
  ).toBeVisible();
  await expect(page.getByText(/^Completed/).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Start again' })).toHaveCount(0);
});
