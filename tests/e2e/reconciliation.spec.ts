import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, expectAccessible, menuEntries, setViewport, signIn } from './fixtures';

// Money reconciliation (ADR 025): leaders run it on the demo company and find nothing; the list
// reads each kind in words with money and links to the record, as cards on a phone and a table on
// a computer, and passes axe at 390 and 1280 px.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const lastRun = (page: Page) => page.getByRole('region', { name: 'Last run' });

test('agents have neither the menu entry nor the screen', async ({ page }) => {
  await signIn(page, DEMO_STAFF.agent);
  expect(await menuEntries(page)).not.toContain('Reconciliation');
  await page.goto('/reconciliation');
  await expect(page.getByRole('heading', { name: 'You do not have access to this screen' })).toBeVisible();
});

test('Run now on the demo company finds no discrepancies', async ({ page }) => {
  await setViewport(page, DESKTOP);
  await signIn(page, DEMO_STAFF.leader);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Reconciliation' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();

  // The request is held until the button has shown that it is busy.
  let release: () => void = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route('**/api/reconciliation/run', async (route) => {
    await held;
    await route.continue();
  });
  const runNow = page.getByRole('button', { name: 'Run now' });
  await runNow.click();
  await expect(page.getByRole('button', { name: /Run now|Running/ })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Run now' })).toBeEnabled({ timeout: 30_000 });

  await expect(lastRun(page)).toContainText(/\(run by .+, took [\d.]+ s\)/);
  await expect(lastRun(page)).toContainText('0 found · 0 new');
  await expect(lastRun(page)).toContainText('Captured total differs from the grand total');
  await expect(lastRun(page)).toContainText('Refund still pending after its lease');
  await expect(page.getByText('No discrepancies found')).toBeVisible();
  await expectAccessible(page, 'no discrepancies at 1280px');
  await setViewport(page, PHONE);
  await expect(page.getByText('No discrepancies found')).toBeVisible();
  await expectAccessible(page, 'no discrepancies at 390px');
});

interface Failed {
  orderDocId: string;
  orderId: number;
  customerUid: string;
  customerName: string;
}

test('discrepancies read in words with money and lead to their records: cards on a phone, a table on a computer', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.developer);
  // Real records of the demo company to point at; the discrepancies themselves are put into the
  // screen's answer (the API tests plant them in the database, which this server keeps to itself).
  const failed = (await (await page.request.get('/api/cs/failedOrders?limit=1')).json()).data as Failed[];
  const order = failed[0]!;
  const label = `F${order.orderId}`;
  const base = {
    orderDocId: order.orderDocId,
    orderLabel: label,
    customerUid: order.customerUid,
    customerName: order.customerName,
    country: null,
    currency: 'USD',
    firstSeenAt: '2030-01-15T10:10:00.000Z',
    lastSeenAt: '2030-01-16T10:10:00.000Z',
  };
  const planted = [
    {
      ...base,
      id: 1,
      kind: 'capturedTotal',
      recordType: 'order',
      recordId: order.orderDocId,
      expectedCents: 5400,
      actualCents: 5000,
      details: "The captured card and alternative payments do not add up to the order's grand total.",
    },
    {
      ...base,
      id: 2,
      kind: 'creditRemaining',
      recordType: 'productCredit',
      recordId: `${order.customerUid}:ca`,
      orderDocId: null,
      orderLabel: null,
      country: 'ca',
      currency: 'CAD',
      expectedCents: 2000,
      actualCents: 3000,
      details: 'The balance is not what is left on its grants.',
    },
    {
      ...base,
      id: 3,
      kind: 'staleRefund',
      recordType: 'refund',
      recordId: 'RefundStalePending01',
      expectedCents: null,
      actualCents: 1000,
      details: 'Pending since 2030-01-15 09:10 UTC; nobody holds its lease.',
    },
  ];
  await page.route('**/api/reconciliation?*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.discrepancies = planted;
    body.data.openByKind = { capturedTotal: 1, creditRemaining: 1, staleRefund: 1 };
    await route.fulfill({ response, json: body });
  });

  await setViewport(page, DESKTOP);
  await page.goto('/reconciliation');
  const table = page.getByRole('table', { name: 'Discrepancies' });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Captured total differs from the grand total');
  await expect(rows.nth(1)).toContainText('Expected $54.00');
  await expect(rows.nth(1)).toContainText('Found $50.00');
  await expect(rows.nth(1)).toContainText(/Difference [-−]\$4\.00/);
  await expect(rows.nth(1).getByRole('link', { name: `Order ${label}` })).toHaveAttribute(
    'href',
    `/orders/${order.orderDocId}/info`,
  );
  await expect(rows.nth(1).getByRole('link', { name: order.customerName })).toHaveAttribute(
    'href',
    `/customers/${order.customerUid}/dashboard`,
  );
  await expect(rows.nth(2)).toContainText(
    'Product credit balance differs from the credit left on its grants',
  );
  // Canadian money is marked (ADR 024).
  await expect(rows.nth(2)).toContainText('Found CA$30.00');
  await expect(rows.nth(2).getByRole('link', { name: 'Product credit (CA)' })).toHaveAttribute(
    'href',
    `/customers/${order.customerUid}/credit`,
  );
  await expect(rows.nth(3)).toContainText('Refund still pending after its lease');
  await expect(rows.nth(3)).toContainText('Amount $10.00');
  await expect(rows.nth(3).getByRole('link', { name: `Refund of order ${label}` })).toHaveAttribute(
    'href',
    `/orders/${order.orderDocId}/refunds`,
  );
  await expectAccessible(page, 'discrepancies at 1280px');

  await setViewport(page, PHONE);
  await expect(table).toBeHidden();
  const cards = page.getByRole('list', { name: 'Discrepancies' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toContainText('Captured total differs from the grand total');
  await expect(cards.nth(0)).toContainText(/Difference[-−]\$4\.00/);
  await expect(page.getByText('3 open')).toBeVisible();
  await expectAccessible(page, 'discrepancies at 390px');

  // The record link opens the order.
  await cards
    .nth(0)
    .getByRole('link', { name: `Order ${label}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.orderDocId}/info$`));
});
