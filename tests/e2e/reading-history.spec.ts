import { reasonById } from '@domain/product-credit/product-credit';
import { expect, type Page, test } from '@playwright/test';
import {
  DEMO_STAFF,
  DEMO_STAFF_NAMES,
  type DemoRole,
  expectAccessible,
  setViewport,
  signIn,
} from './fixtures';

// Reading history: the customer and order audit screens write each change as a
// sentence with a before/after table in words and money, name staff, and keep the raw change one
// click away. Each screen is checked at a phone's and a desktop's width, axe clean.

const CSRF = { 'x-requested-with': 'back-office' };
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

async function as(page: Page, role: DemoRole) {
  await signIn(page, DEMO_STAFF[role]);
}

/** Record keys and bare cents the audit screens showed before. */
const RAW = /productCredit|ledgerEntry|remainingValue|\b2000\b/;

test('the customer audit writes a product credit grant as a sentence, with the raw change one click away', async ({
  page,
}) => {
  await as(page, 'agent');
  const search = await page.request.get('/api/customers?q=M100020');
  const uid = (await search.json()).data[0].uid as string;
  const reason = reasonById(4)!.name;
  const adjusted = await page.request.post(`/api/cs/updateBalance/${uid}?neverExpire=1`, {
    data: {
      idempotencyKey: `history-${Date.now()}`,
      country: 'us',
      amount: 20,
      reasonId: 4,
      reason: 'Waited two weeks',
    },
    headers: CSRF,
  });
  expect(adjusted.status()).toBe(200);

  for (const size of WIDTHS) {
    await setViewport(page, size);
    await page.goto(`/customers/${uid}/audit`);
    const event = page.getByRole('article', {
      name: `${DEMO_STAFF_NAMES.agent} added $20.00 of US product credit (${reason}).`,
    });
    await expect(event).toBeVisible();
    await expect(event.getByRole('row', { name: 'US product credit balance $0.00 $20.00' })).toBeVisible();
    await expect(event.getByRole('row', { name: 'Ledger entry › note — Waited two weeks' })).toBeVisible();
    await expect(
      event.getByRole('row', { name: `Ledger entry › by — ${DEMO_STAFF_NAMES.agent}` }),
    ).toBeVisible();
    await expect(event).not.toContainText(RAW);
    await expect(page.getByLabel('Collection')).toContainText('All collections');
    await expectAccessible(page, `customer audit at ${size.width}px`, { iframes: false });

    const raw = event.getByRole('button', { name: 'Show raw change' });
    await raw.click();
    await expect(event.getByRole('button', { name: 'Hide raw change' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(event).toContainText('productCredit.us.balance');
    await expect(event).toContainText('productCredit.adjust');
    await expectAccessible(page, `customer audit, raw change open, at ${size.width}px`, { iframes: false });
    const box = await event.boundingBox();
    expect(box!.x + box!.width, 'the event fits the screen').toBeLessThanOrEqual(size.width);
  }

  // The staff filter names people.
  await page.getByLabel('Staff member').click();
  await expect(page.getByRole('option', { name: DEMO_STAFF_NAMES.agent })).toBeVisible();
  await expect(page.getByRole('option', { name: DEMO_STAFF.agent })).toHaveCount(0);
});

test('the order audit writes a comment and a fraud decision as sentences, with values in words', async ({
  page,
}) => {
  await as(page, 'fraudAgent');
  const orders = await page.request.get('/api/cs/orders/');
  const found = (await orders.json()).data.processedOrders as { id: string; state: number }[];
  // The last captured order of the first page: the other specs use the demo's fixed orders.
  const id = found.filter((o) => o.state === 3).at(-1)!.id;
  const comment = await page.request.post(`/api/cs/order/${id}/comments`, {
    data: { comment: 'Asked about delivery' },
    headers: CSRF,
  });
  expect(comment.status()).toBe(200);
  const fraud = await page.request.post(`/api/cs/order/${id}/fraud`, {
    data: { isFraud: true },
    headers: CSRF,
  });
  expect(fraud.status()).toBe(200);

  const name = DEMO_STAFF_NAMES.fraudAgent;
  for (const size of WIDTHS) {
    await setViewport(page, size);
    await page.goto(`/orders/${id}/audit`);
    await expect(
      page.getByRole('article', { name: `${name} added a comment: “Asked about delivery”.` }),
    ).toBeVisible();
    const decision = page.getByRole('article', { name: new RegExp(`^${name} marked the order as fraud`) });
    await expect(decision.getByRole('row', { name: 'Fraud No Yes' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/isFraud|order\.fraud|order\.comment/);
    await decision.getByRole('button', { name: 'Show raw change' }).click();
    await expect(decision).toContainText('isFraud');
    await expectAccessible(page, `order audit at ${size.width}px`, { iframes: false });
  }
});

test('returns list products by name, and refund records name who made them', async ({ page }) => {
  await as(page, 'leader');
  const pending = (await (await page.request.get('/api/cs/returns')).json()).data as {
    orderDocId: string;
    items: { sku: string; title: string | null; quantity: number }[];
  }[];
  const named = pending.find((r) => r.items.length > 0 && r.items.every((i) => i.title));
  expect(named, 'a demo return of catalog products').toBeDefined();
  const item = named!.items[0]!;
  // A completed return: a staff member refunded its order (the demo kept only their id).
  const completed = (await (await page.request.get('/api/cs/returns?status=3')).json()).data as {
    orderDocId: string;
  }[];
  const refunded = completed[0]!;
  for (const size of WIDTHS) {
    await setViewport(page, size);
    await page.goto('/returns');
    await expect(page.getByText(`${item.title} × ${item.quantity}`).first()).toBeVisible();
    await expectAccessible(page, `returns at ${size.width}px`, { iframes: false });

    await page.goto(`/orders/${refunded.orderDocId}/refunds`);
    const by = page.getByText(/^By /).first();
    await expect(by).toBeVisible();
    await expect(by).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}|system|not on file/);
    await expect(by).toHaveText(/^By [A-Z][a-z']+ [A-Z]/);
    // The records only: the refund form above them is another screen's concern.
    await expectAccessible(page, `refund records at ${size.width}px`, {
      include: ['li[aria-label^="Refund of"]'],
      iframes: false,
    });
  }
});

test('the payouts table and the bulk-ledger rows read in words: headers, and reasons by name', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await as(page, 'leader');
  const gql = async <T>(query: string): Promise<T> => {
    const res = await page.request.post('/api/startCounting/query', { data: { query }, headers: CSRF });
    return (await res.json()).data as T;
  };
  const { periods } = await gql<{ periods: { periodId: number; startDate: string; endDate: string }[] }>(
    '{ periods { periodId startDate endDate } }',
  );
  // The oldest closed period (the incentives spec pays from the newest).
  const period = periods.filter((p) => Date.parse(p.endDate) < Date.now() - 35 * 86_400_000)[0]!;
  const args = `startDate: "${period.startDate}", endDate: "${period.endDate}"`;
  await gql(`mutation { startCounting(${args}) }`);
  await expect
    .poll(
      async () =>
        (
          await gql<{ countingRuns: { status: string }[] }>(`{ countingRuns(${args}) { status } }`)
        ).countingRuns
          .slice(0, 2)
          .every((r) => r.status === 'succeeded'),
      { timeout: 30_000 },
    )
    .toBe(true);

  for (const size of WIDTHS) {
    await setViewport(page, size);
    await page.goto(`/incentives/enrollers?period=${period.periodId}`);
    await expect(page.getByRole('heading', { name: 'Enroller payouts', level: 1 })).toBeVisible();
    if (size.width < 600) {
      // On a phone each payout is a card: its title and field labels are words too.
      const cards = page.getByRole('list', { name: 'Enroller payouts' });
      await expect(cards.getByText('Reward payout').first()).toBeVisible();
      await expect(cards).not.toContainText('rewardPayoutId');
    } else {
      const headers = page.getByRole('columnheader');
      await expect(headers.filter({ hasText: 'Reward payout' })).toBeVisible();
      for (const text of await headers.allInnerTexts()) expect(text).not.toMatch(/[a-z][A-Z]/);
    }
    await expectAccessible(page, `payouts at ${size.width}px`, { iframes: false });
  }

  // A bulk ledger row: its reason by name, the file's note under it; the preview's headers in words.
  const reason = reasonById(4)!.name;
  let uid = '';
  for (let n = 100030; n < 100300 && !uid; n++) {
    const found = (await (await page.request.get(`/api/customers?q=M${n}`)).json()).data?.[0];
    if (!found) continue;
    const credit = await page.request.get(`/api/cs/customer/${found.uid}/productCredit`);
    if (credit.ok() && (await credit.json()).data.maximum === 150) uid = found.uid;
  }
  const csv = `account,country,amount,reasonId,reason,neverExpire,expirationDate\n${uid},us,1.25,4,Late box,1,\n`;
  await setViewport(page, WIDTHS[1]);
  await page.goto('/bulkLedgers');
  await page
    .getByTestId('bulkLedgers-file')
    .setInputFiles({ name: `history-${Date.now()}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByRole('table', { name: 'Preview of the file' });
  await expect(preview.getByRole('columnheader', { name: 'Reason ID' })).toBeVisible();
  await expect(preview.getByRole('columnheader', { name: 'Never expire' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and apply 1 rows' }).click();
  const row = page.getByTestId('ledger-row-1');
  await expect(row.getByText(/^Applied \(ledger entry \d+\)$/)).toBeVisible({ timeout: 30_000 });
  for (const size of WIDTHS) {
    await setViewport(page, size);
    // A table row at desktop width, a card on a phone: the reason by name either way, the note with it.
    await expect(row).toContainText(reason);
    await expect(row).toContainText('Late box');
    await expect(row).not.toContainText('4 ·');
    await expectAccessible(page, `bulk ledger rows at ${size.width}px`, { iframes: false });
  }
});
