import { type Browser, expect, type Page, test } from '@playwright/test';
import { Rng, STREAM } from '../../scripts/demo/rng';
import {
  clickTwiceAtOnce,
  DEMO_STAFF,
  expectAccessible,
  expectReadsDown,
  openShippingForm,
  requestsTo,
  setViewport,
  signIn,
  WCAG_21_AA,
} from './fixtures';

// Ordering on behalf of a customer (spec 2 §4, ADR 015): an agent places a US order with a saved card and a
// promotion, and a Canadian fr-CA order with a new card, an address correction from the
// verification dialog and product credit; both appear in order search, on the customer's orders
// and in the outbox.

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const demoUid = (idx: number) =>
  new Rng(42, STREAM.accountUid).reseed(STREAM.accountUid, idx).alphanumeric(28);

interface Account {
  uid: string;
  firstName: string;
  lastName: string;
  email: string | null;
  userType: number;
  countryId: number;
  defaultLanguageId: number;
  productCredit: { us: number; ca: number };
}

async function findAccount(page: Page, want: (a: Account, cards: number) => boolean): Promise<Account> {
  // From the middle of the demo company: the batch-order test takes its accounts from the start.
  for (let i = 0; i < 300; i++) {
    const idx = (i + 150) % 300;
    const res = await page.request.get(`/api/checkout/account/${demoUid(idx)}`);
    if (!res.ok()) continue;
    const a = (await res.json()).data as Account;
    if (!a.email || ![2, 3].includes(a.userType)) continue;
    const cards = (
      await (
        await page.request.post(`/api/customerCards/${a.uid}`, {
          data: { country: a.countryId },
          headers: { 'x-requested-with': 'back-office' },
        })
      ).json()
    ).data as unknown[];
    if (want(a, cards.length)) return a;
  }
  throw new Error('no demo account fits');
}

interface RecentOrder {
  id: string;
  orderId: number;
  orderLabel: string;
  products: { sku: string }[];
}

/** The order a successful submit opened (/orders/{id}/info). */
const placedOrderId = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);

async function recentOrders(page: Page, uid: string): Promise<RecentOrder[]> {
  const res = await page.request.get(`/api/customers/${uid}/recentOrders`);
  expect(res.ok()).toBe(true);
  return (await res.json()).data as RecentOrder[];
}

/** Axe on the screen's content (the shell around it has its own spec), WCAG 2.1 A and AA. */
const CONTENT = { include: ['main'], tags: WCAG_21_AA };

/** The customer dashboard's "New order": the checkout of a new cart in `locale`; answers its cart id. */
async function newOrderFor(page: Page, uid: string, locale: string): Promise<string> {
  await page.goto(`/customers/${uid}/dashboard`);
  await page.getByRole('button', { name: 'New order' }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/checkout/[A-Za-z0-9]{28}$`));
  return new URL(page.url()).pathname.split('/')[3]!;
}

/** A new US shipping address, its city, state and ZIP code filled by the autocomplete from the dataset. */
async function shipToAustin(page: Page) {
  const form = await openShippingForm(page);
  await form.getByRole('combobox', { name: /^Find an address/ }).fill('78701');
  await page.getByRole('option', { name: /78701/ }).first().click();
  await expect(form.getByLabel(/^City/)).toHaveValue(/austin/i);
  await form.getByLabel(/^First Name/).fill('Ada');
  await form.getByLabel(/^Last Name/).fill('Lovelace');
  await form
    .getByRole('textbox', { name: /^Address/ })
    .first()
    .fill('100 Congress Ave');
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(page.getByTestId('ship-to')).toContainText('Austin, TX 78701');
}

async function pick(page: Page, field: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function fillAddress(
  page: Page,
  a: { first: string; last: string; address: string; city: string; region: string; postal: string },
) {
  const form = page.getByRole('form', { name: 'Shipping address form' });
  await form.getByLabel(/^First Name/).fill(a.first);
  await form.getByLabel(/^Last Name/).fill(a.last);
  await form
    .getByLabel(/^Address/)
    .first()
    .fill(a.address);
  await form.getByLabel(/^City/).fill(a.city);
  await form.getByRole('combobox', { name: /^(State|Province)/ }).click();
  await page
    .getByRole('option', { name: new RegExp(`^${a.region}\\b`) })
    .first()
    .click();
  await form.getByLabel(/^(Zip Code|Postal Code)/).fill(a.postal);
}

async function expectEverywhere(
  browser: Browser,
  page: Page,
  order: RecentOrder,
  uid: string,
  email: string,
) {
  // The customer's orders screen, then order search by the order's number.
  await page.goto(`/customers/${uid}/orders`);
  await expect(page.getByText(order.orderLabel).first()).toBeVisible();
  const search = await page.request.get(`/api/cs/orders/?orderId=${order.orderId}`);
  expect(search.ok()).toBe(true);
  expect(JSON.stringify(await search.json())).toContain(String(order.orderId));
  // The Outbox screen is the developer's (DESIGN §4): the confirmation email waits there.
  const context = await browser.newContext();
  const dev = await context.newPage();
  await signIn(dev, DEMO_STAFF.developer);
  await dev.goto('/outbox');
  await expect(dev.getByText(email).first()).toBeVisible();
  await context.close();
}

test('an agent places a US order with a saved card and a promotion', async ({ page, browser }) => {
  await setViewport(page, { width: 1280, height: 900 });
  await signIn(page, DEMO_STAFF.agent);
  const a = await findAccount(page, (x, cards) => x.countryId === 1 && cards > 0);
  await newOrderFor(page, a.uid, 'en-US');
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  const products = page.getByRole('list', { name: 'Products' });
  await expect(products.getByRole('listitem').first()).toBeVisible();
  await pick(page, 'Sort by', 'Price: high to low');
  await products.getByRole('button', { name: /^Add /, disabled: false }).first().click();
  // The demo's priciest product reaches a spend promotion: its discount shows on the line.
  const lines = page.getByRole('list', { name: 'Cart lines' });
  await expect(lines.getByRole('listitem').first()).toBeVisible();
  await expect(lines.getByText(/−\$\d/).first()).toBeVisible();
  await shipToAustin(page);
  await page.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio').first().check();
  await page.getByRole('radiogroup', { name: 'Saved cards' }).getByRole('radio').first().check();
  await expect(page.getByTestId('total-grand')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^−\$/ }).first()).toBeVisible();
  // Items before promotions − promotions = subtotal; + shipping + tax − credit = total (ADR 024).
  const rows = await expectReadsDown(page, 'Order total');
  const keys = rows.map((r) => r.key);
  expect(keys.slice(0, 5)).toEqual(['items', 'promotions', 'subtotal', 'shipping', 'tax']);
  expect(keys.at(-1)).toBe('total');
  await expectAccessible(page, 'checkout 1280', CONTENT);
  await setViewport(page, { width: 390, height: 844 });
  await expectAccessible(page, 'checkout 390', CONTENT);
  await setViewport(page, { width: 1280, height: 900 });
  // Orders already on the account (a retry's, or the batch test's for the same demo account).
  const before = new Set((await recentOrders(page, a.uid)).map((o) => o.id));
  const submit = page.getByRole('button', { name: 'Submit order' });
  await expect(submit).toBeEnabled();
  // A double click sends one submission, however fast it is: the screen then says what it placed.
  const purchases = requestsTo(page, 'POST', '/api/purchase');
  await clickTwiceAtOnce(submit);
  await expect(page.getByText('Your order was successfully submitted.')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9]+\/info$/);
  expect(purchases).toHaveLength(1);
  // The double click placed one order: no other new order holds the same cart.
  const placedId = placedOrderId(page);
  const added = (await recentOrders(page, a.uid)).filter((o) => !before.has(o.id));
  const placed = added.find((o) => o.id === placedId)!;
  expect(placed).toBeTruthy();
  const skusOf = (o: RecentOrder) =>
    o.products
      .map((p) => p.sku)
      .sort()
      .join(',');
  expect(added.filter((o) => skusOf(o) === skusOf(placed))).toHaveLength(1);
  await expectEverywhere(browser, page, placed, a.uid, a.email!);
});

test('a promo code in the checkout cart panel: one that does not apply says why, one that applies', async ({
  page,
}) => {
  await setViewport(page, { width: 1280, height: 900 });
  await signIn(page, DEMO_STAFF.agent);
  const a = await findAccount(page, (x) => x.countryId === 1 && x.userType === 3);
  await newOrderFor(page, a.uid, 'en-US');
  await page.getByLabel('Search products').fill('Everbright Renewal Serum');
  const products = page.getByRole('list', { name: 'Products' });
  const add = products.getByRole('button', { name: 'Add Everbright Renewal Serum' });
  const lines = page.getByRole('list', { name: 'Cart lines' });
  await add.click();
  await expect(lines.getByText(/Everbright Renewal Serum/).first()).toBeVisible();
  const code = page.getByRole('form', { name: 'Promo code' });
  // Any 3 Skincare for $99 needs three: with one serum the code does not apply, and says why.
  await code.getByLabel('Promo code').fill('TRIO99');
  await code.getByRole('button', { name: 'Apply code' }).click();
  await expect(
    page.getByText(/^Any 3 Skincare for \$99 \/ CA\$129: The cart needs 3 of .*\b1111\b/),
  ).toBeVisible();
  await expectAccessible(page, 'checkout promo code 1280', CONTENT);
  // With three serums the same code applies.
  await add.click();
  await add.click();
  await code.getByLabel('Promo code').fill('TRIO99');
  await code.getByRole('button', { name: 'Apply code' }).click();
  await expect(page.getByText('Code TRIO99 applied.')).toBeVisible();
  await expect(lines.getByText(/Any 3 Skincare for \$99 \/ CA\$129 −\$\d/).first()).toBeVisible();
  await setViewport(page, { width: 390, height: 844 });
  await expectAccessible(page, 'checkout promo code 390', CONTENT);
});

test('an agent places a Canadian fr-CA order with a new card, a postal code of another province refused on its field, and product credit', async ({
  page,
  browser,
}) => {
  await setViewport(page, { width: 1280, height: 900 });
  await signIn(page, DEMO_STAFF.agent);
  const a = await findAccount(page, (x) => x.countryId === 2);
  if (a.productCredit.ca < 500) {
    const res = await page.request.post(`/api/cs/updateBalance/${a.uid}?neverExpire=1`, {
      headers: { 'x-requested-with': 'back-office' },
      data: {
        country: 'ca',
        amount: 20,
        reasonId: 4,
        reason: 'Checkout test credit',
        idempotencyKey: crypto.randomUUID(),
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const cart = await page.request.post('/api/carts', {
    headers: { 'x-requested-with': 'back-office' },
    data: { uid: a.uid, localeCode: 'fr-CA' },
  });
  const cartId = (await cart.json()).data.cartId as string;
  await page.goto(`/fr-CA/checkout/${cartId}`);
  const products = page.getByRole('list', { name: 'Products' });
  await products.getByRole('button', { name: /^Add /, disabled: false }).first().click();
  await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem').first()).toBeVisible();
  await openShippingForm(page);
  // Montréal's postal code entered with the wrong province: the form says so on the field, as the
  // address book does (ADR 029), and the address is not used until the province is Quebec.
  await fillAddress(page, {
    first: 'Marie',
    last: 'Tremblay',
    address: '123 Rue Saint-Denis',
    city: 'Montreal',
    region: 'Ontario',
    postal: 'H2X 1Y4',
  });
  await page.getByRole('button', { name: 'Use this address' }).click();
  const form = page.getByRole('form', { name: 'Shipping address form' });
  await expect(form.getByText('Postal Code H2X 1Y4 is in Quebec, not Ontario.')).toBeVisible();
  await expect(form.getByLabel(/^Postal Code/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('ship-to')).toHaveCount(0);
  await form.getByRole('combobox', { name: /^Province/ }).click();
  await page
    .getByRole('option', { name: /^Quebec\b/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(page.getByTestId('ship-to')).toContainText('QC H2X 1Y4');
  await page.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio').first().check();
  await page.getByRole('radio', { name: 'New card' }).check();
  const card = page.getByRole('form', { name: 'New card' });
  await card.getByLabel('Card number').fill('4111 1111 1111 1111');
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('Expiry (MM/YY)').fill('12/39');
  await card.getByLabel('Card postal code').fill('H2X 1Y4');
  await card.getByRole('button', { name: 'Use this card' }).click();
  await expect(page.getByTestId('payment-choice')).toContainText('ending 1111');
  await page.getByLabel('Product credit to apply').fill('5');
  await page.getByRole('button', { name: 'Apply credit' }).click();
  await expect(page.getByText('Product credit', { exact: true })).toBeVisible();
  // In fr-CA the rows read down too, every amount marked as Canadian dollars (ADR 024).
  await expect(page.getByTestId('total-grand')).toHaveText(/^\d[\d\s\u202f\u00a0]*,\d\d\s\$\sCA$/);
  const frRows = await expectReadsDown(page, 'Order total');
  expect(frRows.map((r) => r.key)).toContain('credit');
  await page.getByRole('button', { name: 'Submit order' }).click();
  await expect(page.getByText('Your order was successfully submitted.')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9]+\/info$/);
  const placedId = placedOrderId(page);
  const placed = (await recentOrders(page, a.uid)).find((o) => o.id === placedId)!;
  expect(placed).toBeTruthy();
  await expectEverywhere(browser, page, placed, a.uid, a.email!);
});

for (const size of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a ZIP code of another state is refused on its field before the address is used or sent (${size.width})`, async ({
    page,
  }) => {
    await setViewport(page, size);
    await signIn(page, DEMO_STAFF.agent);
    const a = await findAccount(page, (x) => x.countryId === 1);
    await newOrderFor(page, a.uid, 'en-US');
    const form = await openShippingForm(page);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && (r.postData() ?? '').includes('"postalCode":"10001"')) sent.push(r.url());
    });
    await fillAddress(page, {
      first: 'Rosa',
      last: 'Delgado',
      address: '100 Congress Ave',
      city: 'Austin',
      region: 'Texas',
      postal: '10001',
    });
    await page.getByRole('button', { name: 'Use this address' }).click();
    await expect(form.getByText('Zip Code 10001 is in New York, not Texas.')).toBeVisible();
    await expect(form.getByLabel(/^Zip Code/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('dialog', { name: 'Verify the address' })).toHaveCount(0);
    await expect(page.getByTestId('ship-to')).toHaveCount(0);
    expect(sent).toEqual([]);
    await expectAccessible(page, `checkout zip of another state ${size.width}`, CONTENT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/checkout-zip-state-${size.width}.png`,
        fullPage: true,
      });
    await form.getByLabel(/^Zip Code/).fill('78701');
    await expect(form.getByText('Zip Code 10001 is in New York, not Texas.')).toBeHidden();
    await page.getByRole('button', { name: 'Use this address' }).click();
    await expect(page.getByTestId('ship-to')).toContainText('TX 78701');
  });
}

test('changing the shipping country asks first, then moves to the other locale’s empty cart and URL', async ({
  page,
}) => {
  await setViewport(page, { width: 1280, height: 900 });
  await signIn(page, DEMO_STAFF.agent);
  const a = await findAccount(page, (x) => x.countryId === 1 && x.userType === 3);
  const cartId = await newOrderFor(page, a.uid, 'en-US');
  const products = page.getByRole('list', { name: 'Products' });
  await products.getByRole('button', { name: /^Add /, disabled: false }).first().click();
  const lines = page.getByRole('list', { name: 'Cart lines' });
  await expect(lines.getByRole('listitem').first()).toBeVisible();

  // Cancel keeps everything: the country, the cart and the URL.
  await pick(page, 'Shipping country', 'Canada');
  const dialog = page.getByRole('dialog', { name: 'Change the shipping country?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/The cart will be emptied/)).toBeVisible();
  await expectAccessible(page, 'country dialog 1280', CONTENT);
  await setViewport(page, { width: 390, height: 844 });
  await expectAccessible(page, 'country dialog 390', CONTENT);
  await setViewport(page, { width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/en-US/checkout/${cartId}$`));
  await expect(page.getByRole('combobox', { name: 'Shipping country' })).toHaveText('United States');
  await expect(lines.getByRole('listitem').first()).toBeVisible();

  // Confirmed: the Canadian instance of the same cart, empty, in CAD, and the URL follows.
  await pick(page, 'Shipping country', 'Canada');
  await dialog.getByRole('button', { name: 'Empty the cart and switch' }).click();
  const caLocale = a.defaultLanguageId === 2 ? 'fr-CA' : 'en-CA';
  await expect(page).toHaveURL(new RegExp(`/${caLocale}/checkout/${cartId}$`));
  await expect(page.getByText('The cart is empty. Add products above.')).toBeVisible();
  await expect(page.getByText(new RegExp(`${caLocale} · CAD`))).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Shipping country' })).toHaveText('Canada');
  // Bookmarkable: the URL opens the same locale instance.
  await page.reload();
  await expect(page.getByText(new RegExp(`${caLocale} · CAD`))).toBeVisible();
  await expect(page.getByText('The cart is empty. Add products above.')).toBeVisible();
  await expectAccessible(page, 'checkout after country change 1280', CONTENT);
  await setViewport(page, { width: 390, height: 844 });
  await expectAccessible(page, 'checkout after country change 390', CONTENT);
});

async function setOverrideDefaultsFlag(browser: Browser, enabled: boolean) {
  const context = await browser.newContext();
  const dev = await context.newPage();
  await signIn(dev, DEMO_STAFF.developer);
  const res = await dev.request.put('/api/flags/consultantOverrideDefaults', {
    data: { enabled },
    headers: { 'x-requested-with': 'back-office' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await context.close();
}

test('with the consultant override flag on, a consultant’s order starts with tax and shipping overrides from the estimate', async ({
  page,
  browser,
}) => {
  await setOverrideDefaultsFlag(browser, true);
  try {
    await setViewport(page, { width: 1280, height: 900 });
    await signIn(page, DEMO_STAFF.agent);
    let uid: string | null = null;
    for (let i = 0; i < 300 && !uid; i++) {
      const res = await page.request.get(`/api/checkout/account/${demoUid((i + 40) % 300)}`);
      if (!res.ok()) continue;
      const a = (await res.json()).data as Account & { overrideDefaults: { overrideTax: boolean } };
      if (a.userType === 1 && a.countryId === 1 && a.overrideDefaults.overrideTax) uid = a.uid;
    }
    expect(uid).not.toBeNull();
    const cart = await page.request.post('/api/carts', {
      headers: { 'x-requested-with': 'back-office' },
      data: { uid, localeCode: 'en-US' },
    });
    const cartId = (await cart.json()).data.cartId as string;
    await page.goto(`/en-US/checkout/${cartId}`);
    const products = page.getByRole('list', { name: 'Products' });
    await products.getByRole('button', { name: /^Add /, disabled: false }).first().click();
    await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem').first()).toBeVisible();
    await shipToAustin(page);
    // Standard Ground: its rate is what the shipping override starts from.
    await page.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio').first().check();
    await expect(page.getByTestId('override-defaults')).toContainText('start on with the estimate');
    const total = page.getByRole('definition');
    const shipping = page.getByLabel('Override shipping');
    const tax = page.getByLabel('Override tax');
    await expect(shipping).toHaveValue(/^\d+\.\d\d$/);
    await expect(tax).toHaveValue(/^\d+\.\d\d$/);
    // The totals show the pre-filled overrides: the same tax and shipping as the estimate's.
    await expect(total.filter({ hasText: `$${await tax.inputValue()}` }).first()).toBeVisible();
    await expect(total.filter({ hasText: `$${await shipping.inputValue()}` }).first()).toBeVisible();
    // Staff change one: the total follows and the defaults no longer move it.
    await shipping.fill('1.00');
    await page.getByRole('button', { name: 'Apply overrides' }).click();
    await expect(page.getByTestId('override-defaults')).toHaveText('Tax and shipping overrides set by you.');
    await expect(page.getByLabel('Override shipping')).toHaveValue('1.00');
    await expect(total.filter({ hasText: /^\$1\.00$/ }).first()).toBeVisible();
    await expectAccessible(page, 'consultant overrides 1280', CONTENT);
    await setViewport(page, { width: 390, height: 844 });
    await expectAccessible(page, 'consultant overrides 390', CONTENT);
  } finally {
    await setOverrideDefaultsFlag(browser, false);
  }
});

test('checkout forms flagged persist: the address and card postal code come back after a reload, the card number never', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.agent);
  const a = await findAccount(page, (x) => x.countryId === 1);
  await newOrderFor(page, a.uid, 'en-US');
  const form = await openShippingForm(page);
  await form.getByLabel(/^First Name/).fill('Grace');
  await form.getByLabel(/^Last Name/).fill('Hopper');
  await form
    .getByRole('textbox', { name: /^Address/ })
    .first()
    .fill('1 Navy Yard Rd');
  await form.getByLabel(/^City/).fill('Arlington');
  await page.getByRole('radio', { name: 'New card' }).check();
  const card = page.getByRole('form', { name: 'New card' });
  await card.getByLabel('Card number').fill('4111 1111 1111 1111');
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('Card postal code').fill('22202');
  await page.reload();
  for (const width of [390, 1280]) {
    await setViewport(page, { width, height: width === 390 ? 844 : 800 });
    const restored = page.getByRole('form', { name: 'Shipping address form' });
    await expect(restored.getByLabel(/^First Name/)).toHaveValue('Grace');
    await expect(restored.getByLabel(/^Last Name/)).toHaveValue('Hopper');
    await expect(restored.getByRole('textbox', { name: /^Address/ }).first()).toHaveValue('1 Navy Yard Rd');
    await expect(restored.getByLabel(/^City/)).toHaveValue('Arlington');
    await page.getByRole('radio', { name: 'New card' }).check();
    const again = page.getByRole('form', { name: 'New card' });
    await expect(again.getByLabel('Card postal code')).toHaveValue('22202');
    await expect(again.getByLabel('Card number')).toHaveValue('');
    await expect(again.getByLabel('CVV')).toHaveValue('');
    await expectAccessible(page, `checkout restored ${width}`, CONTENT);
  }
  // Kept per locale and customer; the card number never written.
  const stored = await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('form:')));
  expect(stored.sort()).toEqual([
    `form:checkout-payment:en-US:${a.uid}`,
    `form:checkout-shipping:en-US:${a.uid}`,
  ]);
  expect(await page.evaluate(() => Object.values(sessionStorage).some((v) => v.includes('4111')))).toBe(
    false,
  );
});

test('a browser in fr-CA switches an empty en-CA checkout to the fr-CA cart after 1.5 s, once per session', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'fr-CA', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await signIn(page, DEMO_STAFF.agent);
    const a = await findAccount(
      page,
      (x) => x.countryId === 2 && x.defaultLanguageId !== 2 && x.userType === 3,
    );
    const cartId = await newOrderFor(page, a.uid, 'en-CA');
    // The browser's language names fr-CA: the empty cart moves to its fr-CA instance and the URL follows.
    await expect(page).toHaveURL(new RegExp(`/fr-CA/checkout/${cartId}$`), { timeout: 10_000 });
    await expect(page.getByText("Switched to fr-CA, this browser's language.")).toBeVisible();
    await expect(page.getByText(/fr-CA · CAD/)).toBeVisible();
    await expectAccessible(page, 'checkout after auto-detect 1280', CONTENT);
    // Remembered for the session: another customer's new en-CA order in this tab stays in en-CA.
    const b = await findAccount(
      page,
      (x) => x.countryId === 2 && x.defaultLanguageId !== 2 && x.userType === 3 && x.uid !== a.uid,
    );
    await newOrderFor(page, b.uid, 'en-CA');
    await expect(page.getByText(/en-CA · CAD/)).toBeVisible();
    await page.waitForTimeout(2500);
    await expect(page).toHaveURL(/\/en-CA\/checkout\/[A-Za-z0-9]{28}$/);
  } finally {
    await context.close();
  }
});
