import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, expectAccessible, setViewport, signIn } from './fixtures';

// The promo tool for business users (ADR 028): Start, End and "Publish at" picked in Pacific time
// (whole days 12:00a–11:59p), rule errors in words on their line of the JSON, simulator reasons that
// name products and summarize long lists, and the delayed deploy that shows what goes live and warns
// when the rule changed after scheduling. Each screen at 390 and 1280 px, axe clean.

const CSRF = { 'x-requested-with': 'back-office' };
const RUN = Date.now().toString(36);
const SHOTS = process.env.E2E_SHOTS_DIR;

interface RuleRecord {
  collection: string;
  name: string;
  typeId: number;
  timestamps: Record<string, { _seconds: number }>;
  publishToProd: { _seconds?: number };
  rule: { actionItems?: string[] };
  scheduled: { changedSince: boolean; rule: { exclusionItems?: string[] } } | null;
}

async function allRules(page: Page): Promise<RuleRecord[]> {
  const body = await (await page.request.get('/api/cs/promo/rules?prod=true')).json();
  return [...body.data.drafts, ...body.data.pending, ...body.data.active, ...body.data['promo-rules-prod']];
}

/** A SKU a live percent-off rule discounts, with its title. */
async function pricedProduct(page: Page): Promise<{ sku: string; title: string }> {
  const rules = await allRules(page);
  const sku = rules.find((r) => r.collection === 'active' && r.typeId === 0 && r.rule.actionItems?.length)
    ?.rule.actionItems?.[0];
  if (!sku) throw new Error('no live percent-off rule in the demo data');
  const found = await (await page.request.get(`/api/cs/promo/products?q=${encodeURIComponent(sku)}`)).json();
  const title = (found.data as { sku: string; title: string }[]).find((p) => p.sku === sku)?.title;
  if (!title) throw new Error(`no title for ${sku}`);
  return { sku, title };
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Rule JSON' });
async function typeRule(page: Page, rule: object) {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify(rule, null, 2));
}

async function checkBothWidths(page: Page, name: string, visible: () => Promise<void>) {
  for (const width of [390, 1280]) {
    await setViewport(page, { width, height: width === 390 ? 844 : 800 });
    await visible();
    // Nothing runs off the side of the page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
    await expectAccessible(page, `${name} at ${width}px`, { iframes: false });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

const utc = (iso: string) => Date.parse(iso) / 1000;

test.describe.configure({ mode: 'serial' });
// Each test starts on a phone (the side menu closed, as a phone opens the app), then checks the desktop.
test.beforeEach(async ({ page }) => {
  await setViewport(page, { width: 390, height: 844 });
});

test('Start and End are picked as Pacific days or times, and saved as the right seconds on a DST day', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.developer);
  const { sku } = await pricedProduct(page);
  const name = `E2E Pacific ${RUN}`;
  await page.goto('/promos/tool');
  await page.getByRole('button', { name: 'Create Promo' }).click();
  await typeRule(page, { name, id: 0, active: false, stop: false, regionId: [1], actionItems: [sku] });

  // Whole days by default (12:00a–11:59p Pacific): day pickers, no seconds anywhere on screen.
  const wholeDays = page.getByRole('switch', { name: 'Whole days (12:00a to 11:59p Pacific)' });
  await expect(wholeDays).toBeChecked();
  const start = page.getByLabel('Start (Pacific)');
  const end = page.getByLabel('End (Pacific)');
  await expect(start).toHaveAttribute('type', 'date');
  await start.fill('2026-03-08');
  await end.fill('2026-03-08');
  // The clocks go forward that day: it starts in PST and ends in PDT.
  await expect(page.getByText('Sun, Mar 8, 2026, 12:00 AM PST')).toBeVisible();
  await expect(page.getByText('Sun, Mar 8, 2026, 11:59 PM PDT')).toBeVisible();
  await expect(page.getByText(/\b1772\d{6}\b/)).toHaveCount(0);
  await checkBothWidths(page, 'promo-pickers', () => expect(start).toBeVisible());
  await page.getByRole('button', { name: 'Save to drafts' }).click();
  await expect(page.getByText('Promo successfully updated')).toBeVisible();
  const saved = (await allRules(page)).find((r) => r.name === name && r.collection === 'drafts')!;
  expect(saved.timestamps).toEqual({
    start: { _seconds: utc('2026-03-08T08:00:00Z') },
    end: { _seconds: utc('2026-03-09T06:59:00Z') },
  });

  // Times instead of days: the value shown is the stored second, and a time picked is saved exactly.
  await wholeDays.click();
  await expect(start).toHaveAttribute('type', 'datetime-local');
  await expect(start).toHaveValue('2026-03-08T00:00');
  await end.fill('2026-11-01T01:30:00');
  await expect(page.getByText(/Sun, Nov 1, 2026, 1:30 AM P[DS]T/)).toBeVisible();
  await start.fill('2026-11-01T00:15:00');
  await page.getByRole('button', { name: 'Save to drafts' }).click();
  await expect(page.getByText('Promo successfully updated')).toBeVisible();
  const timed = (await allRules(page)).find((r) => r.name === name && r.collection === 'drafts')!;
  expect(timed.timestamps.start?._seconds).toBe(utc('2026-11-01T07:15:00Z'));
  expect([utc('2026-11-01T08:30:00Z'), utc('2026-11-01T09:30:00Z')]).toContain(
    timed.timestamps.end?._seconds,
  );
  // Opened again, the window is shown as saved.
  await page.goto(`/promos/editor/${encodeURIComponent(name)}?collection=drafts`);
  await expect(editor(page)).toContainText(name);
});

test('a rule error is said in words, on the line of the JSON where it is', async ({ page }) => {
  await signIn(page, DEMO_STAFF.developer);
  await page.goto('/promos/tool');
  await page.getByRole('button', { name: 'Create Promo' }).click();
  await typeRule(page, { name: `E2E Words ${RUN}`, id: 30, active: false, stop: false });
  // The mark is on "id", on line 3, and the list under the editor says where.
  const mark = page.locator('.cm-lintRange-error');
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveText('"id"');
  const errors = page.getByRole('list', { name: 'Errors in Rule JSON' });
  await expect(errors).toHaveText('Line 3: Promotion type must be between 0 and 25');
  await expect(page.getByText(/Too big|expected number/)).toHaveCount(0);
  await mark.hover();
  await expect(page.locator('.cm-tooltip-lint')).toContainText('Promotion type must be between 0 and 25');
  // Saving keeps the spec's answer: the message as an alert, the errors kept for display.
  await page.getByRole('button', { name: 'Save to drafts' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The rule was not saved' })).toContainText(
    'Promotion type must be between 0 and 25',
  );
  await checkBothWidths(page, 'promo-error-line', () => expect(errors).toBeVisible());
  // "Line 3" takes the cursor there.
  await errors.getByRole('button', { name: 'Line 3' }).click();
  await expect(page.locator('.cm-activeLine')).toContainText('"id": 30');
});

test('simulator reasons name the product and summarize a long SKU list, every SKU one click away', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.developer);
  const { sku, title } = await pricedProduct(page);
  const many = Array.from({ length: 58 }, (_, i) => `E2E-${RUN}-${i}`);
  await page.goto('/promos/tool');
  await page.getByRole('button', { name: 'Create Promo' }).click();
  const name = `E2E Needs Many ${RUN}`;
  const draft = { name, id: 0, active: true, stop: false, regionId: [1], actionItems: [sku] };
  // First the draft applies on its own: its line is named by product, not "line 0".
  await typeRule(page, { ...draft, discountValue: { '1': 0.1 } });
  await page.getByLabel('SKU 1').fill(sku);
  await page.getByRole('button', { name: 'Price cart' }).click();
  const table = page.getByRole('table', { name: 'Rule explanations' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`Applied once on ${title} (${sku}), `);
  // A free gift is named too, not by its line key ("gift:New Serum Sampler:1276").
  await expect(table).not.toContainText('gift:');
  await expect(table).not.toContainText(/\bline 0\b|\blines? \d/);

  await typeRule(page, {
    ...draft,
    conditionItems: many,
    conditionQuantity: { min: 4 },
    discountValue: { '1': 0.1 },
  });
  await page.getByRole('button', { name: 'Price cart' }).click();
  // The draft needs 4 of 58 SKUs: counted, not listed; "show all" lists them.
  await expect(row).toContainText('Not applied: the cart needs 4 of 58 SKUs — show all');
  await expect(row).not.toContainText(many[10]!);
  await row.getByRole('button', { name: 'show all' }).click();
  const list = row.getByRole('list', { name: 'SKUs that count' });
  await expect(list.getByRole('listitem')).toHaveCount(58);
  await checkBothWidths(page, 'promo-simulator-reasons', () => expect(list).toBeVisible());
  await row.getByRole('button', { name: 'hide' }).click();
  await expect(list).toHaveCount(0);
});

test('a delayed deploy shows what goes live, warns when the rule changed after scheduling, and re-schedules', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.developer); // junoAccess
  const { sku } = await pricedProduct(page);
  const name = `E2E Scheduled ${RUN}`;
  await page.goto('/promos/tool');
  await page.getByRole('combobox', { name: 'Collection' }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await page.getByRole('button', { name: 'Create Promo' }).click();
  await typeRule(page, { name, id: 0, active: false, stop: false, regionId: [1], actionItems: [sku] });
  await page.getByRole('switch', { name: 'Delayed deploy' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Turn on' }).click();
  await page.getByLabel('Publish at (Pacific)').fill('2030-01-01T09:30:00');
  await expect(page.getByText(/Tue, Jan 1, 2030, 9:30 AM PST: deployed to production then/)).toBeVisible();
  await page.getByRole('button', { name: 'Save to pending' }).click();
  await expect(page.getByText('Promo successfully updated')).toBeVisible();
  const scheduled = page.getByRole('region', { name: 'Scheduled deploy' });
  await expect(scheduled).toContainText('Deploys to production on Tue, Jan 1, 2030, 9:30 AM PST');
  await expect(scheduled).not.toContainText('changed after');

  // A bulk edit after scheduling: the rule changes, what goes live does not, and the screen says so.
  const bulk = await page.request.post('/api/cs/promos/bulkUpdate', {
    data: {
      action: 'add',
      field: 'exclusionItems',
      rules: [{ collection: 'pending', name }],
      skus: `E2E-${RUN}-X`,
    },
    headers: CSRF,
  });
  expect(bulk.status()).toBe(200);
  await page.goto(`/promos/editor/${encodeURIComponent(name)}?collection=pending`);
  await expect(editor(page)).toContainText(`E2E-${RUN}-X`);
  await expect(scheduled).toContainText(
    'The rule was changed after the deploy was scheduled (Excluded SKUs): those changes will not go live',
  );
  await scheduled.getByRole('button', { name: 'Show what goes live' }).click();
  const snapshot = page.getByLabel('Rule that goes live');
  await expect(snapshot).toBeVisible();
  await expect(snapshot).not.toContainText(`E2E-${RUN}-X`);
  await checkBothWidths(page, 'promo-scheduled-warning', () => expect(scheduled).toBeVisible());
  const record = (await allRules(page)).find((r) => r.name === name && r.collection === 'pending')!;
  expect(record.scheduled?.changedSince).toBe(true);
  expect(record.scheduled?.rule.exclusionItems ?? []).toEqual([]);

  await scheduled.getByRole('button', { name: 'Re-schedule with the rule as saved now' }).click();
  await expect(
    page.getByText(
      `The delayed deploy of ${name} now publishes the rule as saved, on Tue, Jan 1, 2030, 9:30 AM PST.`,
    ),
  ).toBeVisible();
  await expect(scheduled).not.toContainText('changed after');
  await expect(snapshot).toContainText(`E2E-${RUN}-X`);
});

test('deploying with "Also set active" says it was set active, without the reminder to do it by hand', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.developer);
  const name = `E2E Scheduled ${RUN}`;
  await page.goto(`/promos/editor/${encodeURIComponent(name)}?collection=pending`);
  await expect(editor(page)).toContainText(name);
  await page.getByRole('button', { name: 'Deploy to production' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Also set active').check();
  await expect(dialog).toContainText('carts price with it at once');
  await checkBothWidths(page, 'promo-deploy-active', () => expect(dialog).toBeVisible());
  await dialog.getByRole('button', { name: 'Deploy and set active' }).click();
  await expect(
    page.getByText('Promo successfully Deployed to production and set active: carts price with it now.'),
  ).toBeVisible();
  await expect(page.getByText(/manually set active to true in Firestore/)).toHaveCount(0);
  const rows = (await allRules(page)).filter((r) => r.name === name);
  expect(rows.map((r) => r.collection).sort()).toEqual(['active', 'pending', 'production']);
});
