import { expect, type Page, test } from '@playwright/test';
import { CODEMIRROR_MARK, DEMO_STAFF, expectAccessible, setViewport, signIn } from './fixtures';

// Promo tool (spec 3 §2, ADR 012): a draft with a JSON error shown inline then fixed, saved, simulated with the
// engine's explanation, published to pending with promoAccess, deploy refused without junoAccess and
// done with it, a bulk edit previewed then applied, a version restored from the rule history, and the
// simulator priced through the server and in the browser (flag promoToolCartApi).

const CSRF = { 'x-requested-with': 'back-office' };
const RUN = Date.now().toString(36);
const RULE = `E2E Serum Deal ${RUN}`;

interface RuleRecord {
  collection: string;
  name: string;
  typeId: number;
  rule: {
    actionItems?: string[];
    conditionItems?: string[];
    exclusionItems?: string[];
    regionId?: number[];
    conditionQuantity?: { min: number; skip: boolean };
    actionQuantity?: { max: number; perConditionItem: number };
    discountValue?: Record<string, number>;
  };
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

  // Deploy without junoAccess: the button is off, says why, and the server refuses.
  await expect(page.getByRole('button', { name: 'Deploy to production' })).toBeDisabled();
  await expect(page.getByText('Deploying to production needs junoAccess.')).toBeVisible();
  const refused = await page.request.post('/api/cs/promo/deployRule', {
    data: { collection: 'pending', rule: { name: RULE } },
    headers: CSRF,
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Insufficient Permissions');
});

test('without promoAccess, writing a rule is off before any work is done, and says why', async ({ page }) => {
  await signIn(page, DEMO_STAFF.agent); // neither promoAccess nor junoAccess
  await page.goto('/promos/tool');
  await expect(page.getByRole('button', { name: 'Create Promo' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Bulk Edit' })).toBeDisabled();
  await expect(page.getByText(/Creating, editing and bulk-editing them needs promoAccess/)).toBeVisible();
  // Reading and simulating stay open.
  await expect(page.getByRole('button', { name: 'Edit Promo' })).toBeEnabled();
  await page.goto('/promos/create');
  for (const name of ['Publish to pending', 'Save to drafts', 'Deploy to production'])
    await expect(page.getByRole('button', { name })).toBeDisabled();
  await expect(page.getByText(/Saving to drafts needs promoAccess\./)).toBeVisible();
  for (const width of [390, 1280]) {
    await setViewport(page, { width, height: 844 });
    await expectAccessible(page, `promo create without promoAccess at ${width}px`, { iframes: false });
  }
});

test('deploy with junoAccess, from the editor opened by case-insensitive name', async ({ page }) => {
  await signIn(page, DEMO_STAFF.developer); // junoAccess
  await page.goto(`/promos/editor/${encodeURIComponent(RULE.toUpperCase())}`);
  await expect(editor(page)).toContainText(RULE);
  await expect(page.getByRole('list', { name: 'Selected promos' })).toContainText(`${RULE} (pending)`);
  await page.getByRole('button', { name: 'Deploy to production' }).click();
  // Deploying copies to production; only "Also set active" makes the carts price with it.
  await expect(page.getByRole('dialog')).toContainText('Carts price with the active rules only');
  await expect(page.getByRole('dialog').getByLabel('Also set active')).not.toBeChecked();
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

/** Holds the JSON editor's script (CodeMirror's) until `release`, or fails it. */
async function holdJsonEditor(page: Page, how: 'hold' | 'fail') {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (!body.includes(CODEMIRROR_MARK)) return route.fulfill({ response, body });
    asked = true;
    if (how === 'fail') return route.abort();
    await held;
    return route.fulfill({ response, body });
  });
  return { release, asked: () => asked };
}

test('an editor URL shows the rule as text at once; the JSON editor comes when reached for and keeps what was typed', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.leader);
  const jsonEditor = await holdJsonEditor(page, 'hold');
  await page.goto(`/promos/editor/${encodeURIComponent('spring 25% off skincare')}`);
  const text = editor(page);
  await expect(text).toHaveValue(/"name": "Spring 25% Off Skincare"/);
  await expect(page.getByRole('list', { name: 'Selected promos' })).toContainText('Spring 25% Off Skincare');
  await page.waitForLoadState('networkidle');
  // Opened, not reached for: neither CodeMirror nor the rule's checks have been asked for.
  expect(jsonEditor.asked()).toBe(false);
  await expect(page.locator('.cm-editor')).toHaveCount(0);
  for (const width of [390, 1280]) {
    await setViewport(page, { width, height: 844 });
    await expectAccessible(page, `promo editor URL, its rule as text, at ${width}px`, { iframes: false });
  }

  // Typed into while the editor is on its way: the editor takes the text, the caret and the focus.
  await text.focus();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('XY');
  await expect.poll(jsonEditor.asked).toBe(true);
  jsonEditor.release();
  await expect(page.locator('.cm-editor')).toBeVisible();
  await page.keyboard.type('Z');
  await expect(text).toContainText('XYZ{');
  await expect(page.locator('.cm-content')).toBeFocused();
  // The rule's checks came with it: the syntax error is marked and listed.
  await expect(page.getByRole('list', { name: 'Errors in Rule JSON' })).toContainText('Line 1');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a rule opened from the picker, its editor brought ahead: the simulator prices the rule as edited', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.leader);
  await page.goto('/promos/tool');
  // The pointer over the tool's modes brings the JSON editor ahead of any rule.
  const jsonEditorCame = page.waitForResponse(
    async (r) => r.request().resourceType() === 'script' && (await r.text()).includes(CODEMIRROR_MARK),
  );
  await page.getByRole('button', { name: 'Edit Promo' }).click();
  await jsonEditorCame;
  await page.getByRole('combobox', { name: 'Collection' }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await page.getByRole('combobox', { name: 'Rule' }).click();
  await page.getByRole('option', { name: 'Spring 25% Off Skincare' }).click();
  // CodeMirror at once, no text area first.
  await expect(page.locator('.cm-editor')).toBeVisible();
  await expect(page.locator('textarea[aria-label="Rule JSON"]')).toHaveCount(0);
  await expect(editor(page)).toContainText('"name": "Spring 25% Off Skincare"');
  await expect(
    page.getByText('Prices the cart against the pending rules with the rule being edited.'),
  ).toBeVisible();
});

test('an editor URL naming no rule opens Edit Promo and says so where the rule would be', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.leader);
  await page.goto(`/promos/editor/${encodeURIComponent(`No Such Rule ${RUN}`)}`);
  await expect(page.getByText(`No active or pending rule is named No Such Rule ${RUN}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Promo' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('combobox', { name: 'Rule' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Selected promos' })).toHaveText('None');
  await expect(page.getByRole('status', { name: 'Loading the rule editor' })).toHaveCount(0);
});

test('an editor whose script cannot load leaves the rule editable as text, and says so', async ({ page }) => {
  await signIn(page, DEMO_STAFF.leader);
  const jsonEditor = await holdJsonEditor(page, 'fail');
  await page.goto(`/promos/editor/${encodeURIComponent('Spring 25% Off Skincare')}`);
  const text = editor(page);
  await expect(text).toHaveValue(/"priority": 50/);
  await text.hover();
  await expect(
    page.getByText(
      'The JSON editor did not load: the rule can still be edited here, and it is checked when saved.',
    ),
  ).toBeVisible();
  expect(jsonEditor.asked()).toBe(true);
  await text.fill('{ "name": "changed" }');
  await expect(text).toHaveValue('{ "name": "changed" }');
  await expect(page.locator('.cm-editor')).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('delayed deploy is a confirm toggle: each switch asks first, and switching it off clears the date', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.developer); // junoAccess
  await page.goto(`/promos/editor/${encodeURIComponent(RULE)}`);
  await expect(editor(page)).toContainText(RULE);
  const toggle = page.getByRole('switch', { name: 'Delayed deploy' });
  const publishAt = page.getByLabel('Publish at (Pacific)');
  await expect(toggle).not.toBeChecked();
  // Cancelled: nothing changes.
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Turn on delayed deploy?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(toggle).not.toBeChecked();
  await expect(publishAt).toHaveCount(0);
  // Confirmed: on, with a publish date.
  await toggle.click();
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeChecked();
  await publishAt.fill('2030-01-01T09:30:00');
  // Switching off asks too, naming the date it clears; cancelled, the date stays.
  for (const width of [390, 1280]) {
    await setViewport(page, { width, height: width === 390 ? 844 : 800 });
    await toggle.click();
    const off = page.getByRole('dialog', { name: 'Turn off delayed deploy?' });
    await expect(off).toContainText('is cleared');
    await expectAccessible(page, `turn off delayed deploy at ${width}px`, { iframes: false });
    await off.getByRole('button', { name: 'Cancel' }).click();
    // Faded out before the next click: a fading dialog still reads as the one just cancelled.
    await expect(off).toBeHidden();
    await expect(toggle).toBeChecked();
    await expect(publishAt).toHaveValue('2030-01-01T09:30');
  }
  await toggle.click();
  await page
    .getByRole('dialog', { name: 'Turn off delayed deploy?' })
    .getByRole('button', { name: 'Turn off' })
    .click();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(publishAt).toHaveValue('');
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

test('a version restored: the history from the list, a diff per save, restore into drafts', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.leader); // promoAccess
  await page.goto('/promos/list');
  await page.getByRole('textbox', { name: /search/i }).fill(RULE);
  await page
    .getByRole('link', { name: `History of ${RULE}` })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: `Rule history: ${RULE}` })).toBeVisible();
  const versions = page.getByRole('list', { name: 'Versions' }).getByRole('article');
  // Created in drafts, then the bulk edit added two SKUs: the newest drafts version shows them.
  await page.getByRole('button', { name: /^Drafts/ }).click();
  await expect(versions).toHaveCount(2);
  const bulk = versions.first();
  await expect(bulk.getByRole('heading')).toContainText('Bulk edit');
  await expect(bulk).toContainText(`E2E-${RUN}-A`);
  await expect(bulk).toContainText('rule.exclusionItems.0');
  const created = versions.last();
  await expect(created.getByRole('heading')).toContainText('Created');
  await expect(created).toContainText('First version in drafts');

  // Restore the first version, after a confirmation.
  await created.getByRole('button', { name: 'Restore this version' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this version into drafts?' });
  await expect(dialog).toContainText('Nothing live changes until the draft is deployed.');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`Promo ${RULE} successfully restored to drafts`)).toBeVisible();
  await expect(versions).toHaveCount(3);
  await expect(versions.first().getByRole('heading')).toContainText('Restored from history');
  await expect(versions.first()).toContainText(`E2E-${RUN}-A`);
  expect(
    (await allRules(page)).find((r) => r.name === RULE && r.collection === 'drafts')?.rule.exclusionItems,
  ).toEqual([]);

  // From there to the draft in the editor, and back to the history from the editor.
  await page.getByRole('link', { name: 'Open the draft in the editor' }).click();
  await expect(editor(page)).toContainText(RULE);
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: `Rule history: ${RULE}` })).toBeVisible();

  // Phone and desktop widths: no serious or critical accessibility violation.
  for (const width of [390, 1280]) {
    await setViewport(page, { width, height: 800 });
    await expect(versions.first()).toBeVisible();
    await expectAccessible(page, `rule history at ${width}px`, { iframes: false });
  }
});

test('the simulator prices through the server with promoToolCartApi on, in the browser with it off', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.developer);
  const sku = await pricedSku(page);
  const setFlag = async (enabled: boolean) =>
    expect(
      (await page.request.put('/api/flags/promoToolCartApi', { data: { enabled }, headers: CSRF })).status(),
    ).toBe(200);
  const priceOnce = async (caption: string) => {
    await page.goto('/promos/tool');
    // The caption says which way it prices once the flags are read.
    await expect(page.getByText(caption)).toBeVisible();
    await page.getByLabel('SKU 1').fill(sku);
    await page.getByRole('button', { name: 'Price cart' }).click();
    const table = page.getByRole('table', { name: 'Rule explanations' });
    await expect(table).toBeVisible();
    return table;
  };
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/cs/promo/')) calls.push(new URL(r.url()).pathname);
  });
  try {
    await setFlag(true);
    // Product names follow the prices (a catalog read): the answer is read once they are in.
    const onServerTable = await priceOnce('Priced by the server’s cart API.');
    await expect(onServerTable).toContainText('Satin Lipstick');
    const onServer = await onServerTable.innerText();
    expect(calls).toContain('/api/cs/promo/shippingRates');
    await setFlag(false);
    calls.length = 0;
    const inBrowserTable = await priceOnce('Priced in the browser.');
    await expect.poll(() => inBrowserTable.innerText()).toBe(onServer);
    const inBrowser = await inBrowserTable.innerText();
    expect(calls).toContain('/api/cs/promo/simulationInput');
    expect(calls).not.toContain('/api/cs/promo/shippingRates');
    expect(inBrowser).toContain('Applied');
  } finally {
    await setFlag(false);
  }
});

test("the simulator loads a real customer's cart, shows its shipping rates, prices with its own, and explains every rule", async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.agent);
  const list = await (await page.request.get('/api/carts?q=&kind=personal')).json();
  const found = (
    list.data as { cartId: string; totalProducts: number; uid: string | null; canceled: boolean }[]
  ).find((c) => c.totalProducts > 0 && c.uid && !c.canceled);
  if (!found) throw new Error('no personal cart with products in the demo data');
  const cart = (await (await page.request.get(`/api/carts/${found.cartId}`)).json()).data as {
    products: { sku: string; isPromo: boolean; isSample: boolean }[];
    subtotalInCents: number;
  };
  const first = cart.products.find((l) => !l.isPromo && !l.isSample)!;
  await page.goto('/promos/tool');
  await page.getByLabel('Customer cart id').fill(found.cartId);
  await page.getByRole('button', { name: 'Load cart' }).click();
  await expect(
    page.getByText(
      `Lines, codes, host rewards, free items, country, channel and customer of cart ${found.cartId}`,
    ),
  ).toBeVisible();
  await expect(page.getByLabel('SKU 1')).toHaveValue(first.sku);
  // The cart's customer: their account facts price the cart.
  await expect(page.getByLabel('Customer id')).toHaveValue(found.uid!);
  await page.getByRole('combobox', { name: 'Collection' }).click();
  await page.getByRole('option', { name: 'Active' }).click();
  await page.getByRole('button', { name: 'Price cart' }).click();
  // Priced against the active rules, the loaded cart comes to the cart's own subtotal (ADR 028).
  const subtotal = page.getByText('Subtotal', { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(subtotal).toContainText(
    new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(cart.subtotalInCents / 100),
  );
  // The cart's country's rates after promos; choosing one marks it in the answer.
  const rates = page.getByRole('list', { name: 'Shipping rates' }).getByRole('listitem');
  const method = (await rates.first().innerText()).split(':')[0]!;
  await page.getByRole('combobox', { name: 'Shipping method' }).click();
  await page.getByRole('option', { name: method, exact: true }).click();
  await page.getByRole('button', { name: 'Price cart' }).click();
  await expect(rates.filter({ hasText: method })).toContainText('(chosen)');
  // Own shipping rates instead of the region's (newShippingRates): only those are offered.
  await page.getByRole('button', { name: 'Add shipping rate' }).click();
  await page.getByRole('combobox', { name: 'Rate 1 method' }).click();
  await page.getByRole('option', { name: '2nd Day', exact: true }).click();
  await page.getByLabel('Rate 1 amount').fill('4.20');
  await page.getByRole('button', { name: 'Price cart' }).click();
  await expect(rates).toHaveCount(1);
  // In the cart's currency: CA$ for a Canadian cart (ADR 024).
  await expect(rates.first()).toContainText(/^2nd Day: (CA)?\$4\.20/);
  const rows = page.getByRole('table', { name: 'Rule explanations' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(2);

  // The ship-to address: its state or province sets the tax, shown with the total.
  const canada = (await page.getByRole('combobox', { name: 'Region' }).innerText()).includes('Canada');
  await page.getByLabel(canada ? 'Ship to province' : 'Ship to state').fill(canada ? 'on' : 'tx');
  await page.getByRole('button', { name: 'Price cart' }).click();
  await expect(page.getByText(canada ? 'Tax (ON, 13.00%)' : /^Tax \(TX, \d+\.\d\d%\)$/)).toBeVisible();
  await expect(page.getByText('Total', { exact: true })).toBeVisible();
  await page.getByLabel(canada ? 'Ship to province' : 'Ship to state').fill('ZZ');
  await page.getByRole('button', { name: 'Price cart' }).click();
  await expect(page.getByText('Unknown state or province: ZZ')).toBeVisible();
  await page.getByLabel(canada ? 'Ship to province' : 'Ship to state').fill('');

  // A well-formed id of no cart: the cart API's message, and the simulator's lines stay as they were.
  const missing = found.cartId.slice(0, -1) + (found.cartId.endsWith('A') ? 'B' : 'A');
  await page.getByLabel('Customer cart id').fill(missing);
  await page.getByRole('button', { name: 'Load cart' }).click();
  await expect(page.locator('.MuiFormHelperText-root.Mui-error')).toHaveText('No cart with that id.');
  await expect(page.getByLabel('SKU 1')).toHaveValue(first.sku);
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

test('a business buy X get Y: quantities asked, no discount field, the rule written to give only extra units', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.leader);
  const sku = await pricedSku(page);
  const name = `E2E BOGO ${RUN}`;
  await page.goto('/promos/create');
  await page.getByLabel('ENTER PROMO NAME').fill(name);
  await page.getByRole('combobox', { name: 'Promo type' }).click();
  await page.getByRole('option', { name: '7 · Buy X get Y free' }).click();
  // A free type has no discount to enter; it asks how many to buy and how many to get.
  await expect(page.getByLabel(/^Discount/)).toHaveCount(0);
  const buy = page.getByRole('textbox', { name: 'Buy how many' });
  const get = page.getByRole('textbox', { name: 'Get how many' });
  await expect(buy).toHaveValue('1');
  await expect(get).toHaveValue('1');
  await expect(page.getByText('Buy 1, get 1 more free.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'United States' }).check();
  await page.getByRole('checkbox', { name: 'Retail Customer' }).check();
  for (const picker of ['Condition products', 'Action products']) {
    await page.getByRole('combobox', { name: picker }).fill(sku);
    await page.getByRole('option', { name: new RegExp(`^${sku} · `) }).click();
  }
  await buy.fill('2');
  await expect(page.getByText('Buy 2, get 1 more free.')).toBeVisible();
  await get.fill('');
  await expect(page.getByText('A whole number from 1 to 99')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save to drafts' })).toBeDisabled();
  await get.fill('1');

  // A percent type shows its discount and no quantities; back to buy X get Y keeps what was typed.
  await page.getByRole('combobox', { name: 'Promo type' }).click();
  await page.getByRole('option', { name: '0 · Percent off items' }).click();
  await expect(page.getByLabel('Discount (%)')).toBeVisible();
  await expect(buy).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Promo type' }).click();
  await page.getByRole('option', { name: '7 · Buy X get Y free' }).click();
  await expect(buy).toHaveValue('2');

  for (const width of [390, 1280]) {
    await setViewport(page, { width, height: width === 390 ? 844 : 800 });
    await expect(buy).toBeVisible();
    await expectAccessible(page, `buy X get Y form at ${width}px`, { iframes: false });
  }

  await page.getByRole('button', { name: 'Save to drafts' }).click();
  await expect(page.getByText(`Promo rule ${name} successfully created and saved to drafts.`)).toBeVisible();
  const saved = (await allRules(page)).find((r) => r.name === name);
  expect(saved).toMatchObject({
    collection: 'drafts',
    typeId: 7,
    rule: {
      conditionItems: [sku],
      actionItems: [sku],
      conditionQuantity: { min: 2, skip: true },
      actionQuantity: { max: 1, perConditionItem: 1 },
    },
  });
  expect(saved?.rule.discountValue ?? {}).toEqual({});
});
