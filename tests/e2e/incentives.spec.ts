import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, menu, menuEntries, signIn } from './fixtures';

// Incentives (spec 3 §2 Milestones screen, ADR 009): as a leader, change a milestone value, run counting for a period, select
// all but one payout, pay, see them paid and the one left unpaid, and export the CSV. An agent
// sees no Incentives entry and no incentives screen.

const HEADERS = { 'x-requested-with': 'back-office' };

interface Period {
  periodId: number;
  startDate: string;
  endDate: string;
}

async function gql<T>(page: Page, query: string): Promise<T> {
  const res = await page.request.post('/api/startCounting/query', { data: { query }, headers: HEADERS });
  expect(res.ok()).toBe(true);
  const body = await res.json();
  expect(body.errors).toBeUndefined();
  return body.data as T;
}

const args = (p: Period) => `startDate: "${p.startDate}", endDate: "${p.endDate}"`;

async function countedUnpaid(page: Page, p: Period): Promise<number> {
  await gql(page, `mutation { startCounting(${args(p)}) }`);
  await expect
    .poll(
      async () => {
        const d = await gql<{ countingRuns: { status: string }[] }>(
          page,
          `{ countingRuns(${args(p)}) { status } }`,
        );
        return d.countingRuns.slice(0, 2).every((r) => r.status === 'succeeded');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const d = await gql<{ enrollerPayouts: { totalUnpaidAccounts: number } }>(
    page,
    `{ enrollerPayouts(${args(p)}) { totalUnpaidAccounts } }`,
  );
  return d.enrollerPayouts.totalUnpaidAccounts;
}

test('an agent sees neither the Incentives entry nor its screens', async ({ page }) => {
  await signIn(page, DEMO_STAFF.agent);
  expect(await menuEntries(page)).not.toContain('Incentives');
  await page.goto('/incentives/enrollers');
  await expect(page.getByRole('heading', { name: 'You do not have access to this screen' })).toBeVisible();
  const res = await page.request.post('/api/startCounting/query', {
    data: { query: '{ periods { periodId } }' },
    headers: HEADERS,
  });
  expect(res.status()).toBe(403);
});

test('a leader changes a milestone, counts a period, pays all but one payout and exports them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_STAFF.leader);
  await menu(page).getByRole('link', { name: 'Incentives' }).click();
  await expect(page.getByRole('heading', { name: 'Incentives', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Open Milestone 1' }).click();

  // Milestone 1: any personal volume in the first 30 days will do.
  await expect(page.getByRole('heading', { name: 'Milestone 1', level: 1 })).toBeVisible();
  const pv = page.getByLabel('Personal volume (PV)');
  await pv.fill('abc');
  await page.getByRole('button', { name: 'Save values' }).click();
  await expect(page.getByText('Please enter a valid number')).toBeVisible();
  await pv.fill('1');
  await page.getByRole('button', { name: 'Save values' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Milestone 1?' });
  await expect(dialog).toContainText('Personal volume (PV) 300 → 1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Milestone 1 saved. It counts from the next counting run.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Personal volume (PV)')).toHaveValue('1');

  // A closed period (windows of 30 days past) with at least two payouts to pay once counted.
  const { periods } = await gql<{ periods: Period[] }>(page, '{ periods { periodId startDate endDate } }');
  const closed = periods
    .filter((p) => Date.parse(p.endDate) < Date.now() - 35 * 86_400_000)
    .reverse()
    .slice(0, 6);
  let period: Period | undefined;
  for (const p of closed) {
    if ((await countedUnpaid(page, p)) >= 2) {
      period = p;
      break;
    }
  }
  if (!period) throw new Error('no demo period with two payouts to pay');

  await page.goto(`/incentives/enrollers?period=${period.periodId}`);
  await expect(page.getByRole('heading', { name: 'Enroller payouts', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Run counting' }).click();
  await expect(page.getByText(/^Counting .* started\.$/)).toBeVisible();
  const status = page.getByRole('region', { name: 'Counting' }).getByRole('status');
  await expect(status).toContainText('US: succeeded', { timeout: 30_000 });
  await expect(status).toContainText('CA: succeeded', { timeout: 30_000 });

  const unpaidChip = page.getByText(/^Unpaid: \d+$/);
  const unpaid = Number((await unpaidChip.innerText()).replace(/\D/g, ''));
  const paidBefore = Number((await page.getByText(/^Paid: \d+$/).innerText()).replace(/\D/g, ''));
  expect(unpaid).toBeGreaterThanOrEqual(2);

  // Select all, then leave one out.
  await page.getByRole('checkbox', { name: 'Select all payable rows' }).check();
  const payable = page.getByRole('checkbox', { name: /^Select payout \d+$/ }).and(page.locator(':enabled'));
  const left = payable.first();
  const leftName = (await left.getAttribute('aria-label')) ?? '';
  const leftId = leftName.replace(/\D/g, '');
  await left.uncheck();
  await expect(page.getByText(`Selected: ${unpaid - 1}`)).toBeVisible();

  await page.getByRole('button', { name: 'Pay selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Pay the selected accounts?' });
  await expect(confirm.getByTestId('pay-summary')).toContainText(`${unpaid - 1} payout`);
  await confirm.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Selected accounts were successfully paid.')).toBeVisible();

  await expect(page.getByText('Unpaid: 1', { exact: true })).toBeVisible();
  await expect(page.getByText(`Paid: ${paidBefore + unpaid - 1}`, { exact: true })).toBeVisible();
  const leftRow = page.getByTestId(`payout-${leftId}`);
  await expect(leftRow.getByRole('checkbox')).toBeEnabled();
  await expect(leftRow.getByRole('cell').last()).toHaveText('No');
  await expect(
    page.getByRole('checkbox', { name: /^Select payout \d+$/ }).and(page.locator(':enabled')),
  ).toHaveCount(1);

  // The CSV has every row of the period, the one left unpaid among them.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv).toContain('\uFEFFReward payout,Participant account');
  expect(csv).toContain(',Amount,');
  const leftLine = csv.split(/\r?\n/).find((l) => l.startsWith(`${leftId},`));
  expect(leftLine).toMatch(/,no$/);
});
