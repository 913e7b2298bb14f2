import AxeBuilder from '@axe-core/playwright';
import { reasonById } from '@domain/product-credit/product-credit';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, DEMO_STAFF_NAMES, type DemoRole, settled, signIn } from './fixtures';

// Reading history (issue 27): the customer and order audit screens write each change as a
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

async function axeClean(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page: await settled(page) })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], iframes: false })
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, label).toEqual([]);
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
    await page.setViewportSize(size);
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
    await axeClean(page, `customer audit at ${size.width}px`);

    const raw = event.getByRole('button', { name: 'Show raw change' });
    await raw.click();
    await expect(event.getByRole('button', { name: 'Hide raw change' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(event).toContainText('productCredit.us.balance');
    await expect(event).toContainText('productCredit.adjust');
    await axeClean(page, `customer audit, raw change open, at ${size.width}px`);
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
    await page.setViewportSize(size);
    await page.goto(`/orders/${id}/audit`);
    await expect(
      page.getByRole('article', { name: `${name} added a comment: “Asked about delivery”.` }),
    ).toBeVisible();
    const decision = page.getByRole('article', { name: new RegExp(`^${name} marked the order as fraud`) });
    await expect(decision.getByRole('row', { name: 'Fraud No Yes' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/isFraud|order\.fraud|order\.comment/);
    await decision.getByRole('button', { name: 'Show raw change' }).click();
    await expect(decision).toContainText('isFraud');
    await axeClean(page, `order audit at ${size.width}px`);
  }
});
