import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, signIn } from './fixtures';

// Issue 13 promo tool: a draft with a JSON error shown inline then fixed, saved, simulated with the
// engine's explanation, published to pending with promoAccess, deploy refused without junoAccess and
// done with it, and a bulk edit previewed then applied.

const CSRF = { 'x-requested-with': 'back-office' };
const RUN = Date.now().toString(36);
const RULE = `E2E Serum Deal ${RUN}`;

interface RuleRecord {
  collection: string;
  name: string;
  typeId: number;
  rule: { actionItems?: string[]; exclusionItems?: string[]; regionId?: number[] };
}

async function allRules(page: Page): Promise<RuleRecord[]> {
  const body = await (await page.request.get('/api/cs/promo/rules?prod=true')).json();
  return [...body.data.drafts, ...body.data.pending, ...body.data.active, ...body.data['promo-rules-prod']];
}

/** A SKU a live percent-off rule discounts: it has a US price in the demo catalog. */
async function pricedSku(page: Page): Promise<string> {
  const rules = await allRules(page);
  const sku = rules.find((r) => r.collection === 'active' && r.typeId === 0 && r.rule.actionItems?.length)
    ?.rule.actionItems?.[0];
  if (!sku) throw new Error('no live percent-off rule in the demo data');
  return sku;
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Rule JSON' });

async function typeRule(page: Page, rule: object) {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify(rule, null, 2));
}

test.describe.configure({ mode: 'serial' });

test('a draft with a JSON error shown inline, fixed, saved, simulated and published to pending', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.leader); // promoAccess, no junoAccess
  const sku = await pricedSku(page);
  await page.goto('/promos/tool');
  await expect(page.getByRole('heading', { name: 'Promo tool' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Selected promos' })).toHaveText('None');

  await page.getByRole('button', { name: 'Create Promo' }).click();
  await expect(editor(page)).toContainText('"active": false');
  await expect(editor(page)).not.toContainText('priority');

  // 25 is not a fraction: the rule's zod schema marks discountValue inline.
  const rule = {
    name: RULE,
    id: 0,
    active: false,
    stop: false,
    regionId: [1],
    actionItems: [sku],
    discountValue: { '1': 25 },
  };
  await typeRule(page, rule);
  const mark = page.locator('.cm-lintRange-error');
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveText('"discountValue"');
  await mark.hover();
  await expect(page.locator('.cm-tooltip-lint')).toContainText('Percent values are fractions (0.2 = 20%)');

  await typeRule(page, { ...rule, discountValue: { '1': 0.25 } });
  await expect(mark).toHaveCount(0);
  await page.getByRole('button', { name: 'Save to drafts' }).click();
  await expect(page.getByText('Promo successfully updated')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Selected promos' })).toContainText(`${RULE} (drafts)`);

  // Simulate: the rule applies in the US and says why it does not in Canada.
  await page.getByLabel('SKU 1').fill(sku);
  await page.getByLabel('Quantity 1').fill('2');
  await page.getByRole('button', { name: 'Price cart' }).click();
  const explanations = page.getByRole('table', { name: 'Rule explanations' });
  await expect(explanations.getByRole('row', { name: new RegExp(RULE) })).toContainText('Applied');
  await page.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'Canada' }).click();
  await page.getByRole('button', { name: 'Price cart' }).click();
  await expect(explanations.getByRole('row', { name: new RegExp(RULE) })).toContainText('Not applied:');

  // Publish to pending (promoAccess).
  await page.getByRole('combobox', { name: 'Collection' }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await page.getByRole('button', { name: 'Create Promo' }).click();
  await typeRule(page, { ...rule, discountValue: { '1': 0.25 } });
  await page.getByRole('button', { name: 'Save to pending' }).click();
  await expect(page.getByText('Promo successfully updated')).toBeVisible();

  // Deploy without junoAccess: the button is off and the server refuses.
  await expect(page.getByRole('button', { name: 'Deploy to production' })).toBeDisabled();
  const refused = await page.request.post('/api/cs/promo/deployRule', {
    data: { collection: 'pending', rule: { name: RULE } },
    headers: CSRF,
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Insufficient Permissions');
});

test('deploy with junoAccess, from the editor opened by case-insensitive name', async ({ page }) => {
  await signIn(page, DEMO_STAFF.developer); // junoAccess
  await page.goto(`/promos/editor/${encodeURIComponent(RULE.toUpperCase())}`);
  await expect(editor(page)).toContainText(RULE);
  await expect(page.getByRole('list', { name: 'Selected promos' })).toContainText(`${RULE} (pending)`);
  await page.getByRole('button', { name: 'Deploy to production' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deploy' }).click();
  await expect(
    page.getByText(
      'Promo successfully Deployed! Please remember to manually set active to true in Firestore.',
    ),
  ).toBeVisible();
  expect(
    (await allRules(page))
      .filter((r) => r.name === RULE)
      .map((r) => r.collection)
      .sort(),
  ).toEqual(['drafts', 'pending', 'production']);
});

test('bulk edit: valid only with action, field and SKUs; previewed as a diff, then applied', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.leader);
  await page.goto('/promos/tool');
  await page.getByRole('button', { name: 'Bulk Edit' }).click();
  const picker = page.getByRole('combobox', { name: 'Rules' });
  for (const name of [RULE, 'Summer Stock Up Tiers']) {
    await picker.click();
    await picker.fill(name);
    await page.getByRole('option', { name, exact: true }).click();
  }
  await expect(page.getByRole('list', { name: 'Selected promos' }).getByRole('listitem')).toHaveCount(2);
  const preview = page.getByRole('button', { name: 'Preview' });
  await expect(preview).toBeDisabled();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Add SKUs' }).click();
  await page.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: 'Exclusion items' }).click();
  await expect(preview).toBeDisabled();
  await page.getByLabel('SKUs').fill(` E2E-${RUN}-A , ,E2E-${RUN}-B `);
  await preview.click();
  const diff = page.getByRole('region', { name: 'Bulk update preview' });
  await expect(diff.getByText(`+ E2E-${RUN}-A`)).toHaveCount(2);
  await expect(diff.getByText(`+ E2E-${RUN}-B`)).toHaveCount(2);
  // Nothing is written by the preview.
  expect(
    (await allRules(page)).find((r) => r.name === RULE && r.collection === 'drafts')?.rule.exclusionItems,
  ).toEqual([]);

  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Promos successfully update: ${RULE}, Summer Stock Up Tiers`)).toBeVisible();
  expect(
    (await allRules(page)).find((r) => r.name === RULE && r.collection === 'drafts')?.rule.exclusionItems,
  ).toEqual([`E2E-${RUN}-A`, `E2E-${RUN}-B`]);
});

test('a business promo published to pending', async ({ page }) => {
  await signIn(page, DEMO_STAFF.leader);
  const sku = await pricedSku(page);
  const name = `E2E Business ${RUN}`;
  await page.goto('/promos/create');
  await page.getByLabel('ENTER PROMO NAME').fill(name);
  await expect(page.getByText('Enter a name and choose a type to continue.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Promo type' }).click();
  await page.getByRole('option', { name: '0 · Percent off items' }).click();
  const publish = page.getByRole('button', { name: 'Publish to pending' });
  await expect(publish).toBeDisabled();
  await page.getByRole('checkbox', { name: 'United States' }).check();
  await page.getByRole('checkbox', { name: 'Retail Customer' }).check();
  const action = page.getByRole('combobox', { name: 'Action products' });
  await action.fill(sku);
  await page.getByRole('option', { name: new RegExp(`^${sku} · `) }).click();
  await page.getByLabel('Discount (%)').fill('15');
  await page.getByRole('button', { name: 'Set duration' }).click();
  await page.getByRole('button', { name: 'Save duration' }).click();
  await expect(page.getByText(/12:00a → .* 11:59p/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deploy to production' })).toBeDisabled();
  await publish.click();
  await expect(
    page.getByText(`Promo rule ${name} successfully created and saved to pending rules.`),
  ).toBeVisible();
  const saved = (await allRules(page)).find((r) => r.name === name);
  expect(saved).toMatchObject({ collection: 'pending', rule: { actionItems: [sku], regionId: [1] } });
});
