import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@domain/auth/contracts';
import { afterCart } from '@domain/checkout/first-calls';
import type { GetCall, PostCall } from '@domain/platform/calls';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_STAFF, findDemoAccount, withoutPageAnswers } from './fixtures';

// A screen opened by its URL starts with the answers its page carries (ADR 051): the server asks
// for its first calls and what follows from them, as the staff member, and writes them into the
// page; the app asks for none of them over the network.
// A screen reached from another one (and a page without those answers) asks for its data calls
// with its code and the session check, not after them (ADR 034): the route's loader asks for them
// as soon as the route matches. Those tests take the answers out of the page
// (withoutPageAnswers); the session answer and the screen's chunk are held back by HOLD_MS, so a
// data call that waits for either starts at least HOLD_MS late, whatever the machine's speed.

const HOLD_MS = 1_500;
const FOLLOW_WAIT_MS = 10_000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Timing {
  started: Map<string, number[]>;
  finished: Map<string, number>;
}

/** The start times of every request (by path and query) and when each first finished. */
function recordTimes(page: Page): Timing {
  const timing: Timing = { started: new Map(), finished: new Map() };
  const key = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };
  page.on('request', (request) => {
    const k = key(request.url());
    timing.started.set(k, [...(timing.started.get(k) ?? []), Date.now()]);
  });
  page.on('requestfinished', (request) => {
    const k = key(request.url());
    if (!timing.finished.has(k)) timing.finished.set(k, Date.now());
  });
  return timing;
}

async function signedInWithACustomer(page: Page): Promise<{ uid: string; orderId: string }> {
  const login = await page.request.post('/api/auth/login', {
    data: { email: DEMO_STAFF.leader, password: DEMO_PASSWORD },
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
  });
  expect(login.ok()).toBe(true);
  const search = await page.request.get('/api/cs/orders/');
  expect(search.ok()).toBe(true);
  const order = (await search.json()).data.processedOrders[0] as { id: string; customer: { uid: string } };
  return { uid: order.customer.uid, orderId: order.id };
}

/** Holds back the session answer and the screen's chunk by HOLD_MS each. */
async function holdSessionAndChunk(page: Page, chunk: RegExp) {
  for (const pattern of [/\/api\/auth\/session$/, chunk])
    await page.route(pattern, async (route) => {
      await sleep(HOLD_MS);
      await route.continue();
    });
}

/**
 * Holds the screen's chunk back until `asked()` holds (calls that follow from a first answer have
 * left), for at most FOLLOW_WAIT_MS: answers whether the wait ran out. Calls that wait for the
 * screen's code never leave while it is held, whatever the machine's speed.
 */
async function holdChunkUntil(page: Page, chunk: RegExp, asked: () => boolean): Promise<() => boolean> {
  let ranOut = false;
  await page.route(chunk, async (route) => {
    const until = Date.now() + FOLLOW_WAIT_MS;
    while (!asked() && Date.now() < until) await sleep(50);
    ranOut = !asked();
    await route.continue();
  });
  return () => ranOut;
}

const holdSession = (page: Page) =>
  page.route(/\/api\/auth\/session$/, async (route) => {
    await sleep(HOLD_MS);
    await route.continue();
  });

function expectStartedWithCode(timing: Timing, calls: string[], chunkPath: string) {
  const session = timing.finished.get('/api/auth/session');
  const chunk = timing.finished.get(chunkPath);
  expect(session, 'the session check finished').toBeDefined();
  expect(chunk, `the screen's chunk ${chunkPath} finished`).toBeDefined();
  for (const call of calls) {
    const starts = timing.started.get(call);
    expect(starts, `${call} was asked for`).toBeDefined();
    // Asked once: the screen took the answer its route asked for.
    expect(starts, `${call} asked for once`).toHaveLength(1);
    expect(starts![0]!, `${call} starts before the session answer`).toBeLessThan(session! - HOLD_MS / 2);
    expect(starts![0]!, `${call} starts before the screen's chunk arrived`).toBeLessThan(
      chunk! - HOLD_MS / 2,
    );
  }
}

const chunkOf = (timing: Timing, name: RegExp) =>
  [...timing.finished.keys()].find((k) => name.test(k)) ?? `(no chunk matching ${name})`;

test("the customer dashboard's data calls start with its code and the session check", async ({ page }) => {
  const { uid } = await signedInWithACustomer(page);
  await withoutPageAnswers(page);
  const chunk = /\/assets\/customer-dashboard-page-[\w-]+\.js$/;
  await holdSessionAndChunk(page, chunk);
  const timing = recordTimes(page);
  await page.goto(`/customers/${uid}/dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expectStartedWithCode(
    timing,
    [
      `/api/customers/${uid}/summary`,
      `/api/customers/${uid}/dashboard`,
      `/api/checkout/account/${uid}`,
      `/api/customers/${uid}/downline?tree=sponsor&depth=2`,
      '/api/flags',
    ],
    chunkOf(timing, chunk),
  );
});

test("order info and refunds: the order's calls start with the screen's code and the session check", async ({
  page,
}) => {
  const { orderId } = await signedInWithACustomer(page);
  await withoutPageAnswers(page);
  const chunk = /\/assets\/order-refunds-page-[\w-]+\.js$/;
  await holdSessionAndChunk(page, chunk);
  const timing = recordTimes(page);
  await page.goto(`/orders/${encodeURIComponent(orderId)}/refunds`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const order = `/api/cs/order/${encodeURIComponent(orderId)}`;
  expectStartedWithCode(timing, [order, `${order}/refunds`], chunkOf(timing, chunk));
});

test("the checkout: its customer's calls and the catalog's first page start as the cart answers, with its code", async ({
  page,
}) => {
  // Two steps, not three (issue 28): the catalog's prices follow the cart's customer type, and it
  // was asked for only once the customer's account and recent orders had answered and drawn.
  const { uid } = await signedInWithACustomer(page);
  const made = await page.request.post('/api/carts', {
    data: { uid, localeCode: 'en-US' },
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const cart = (await made.json()).data as {
    cartId: string;
    localeCode: string;
    typeId: number | null;
    countryId: number;
  };
  const follows = afterCart({ data: { ...cart, uid } }).map((call) => {
    // The saved cards are a POST: one request to their path.
    if (call[0] === 'POST') return (call as PostCall)[1];
    const [path, query] = call as GetCall;
    const url = new URL(path, 'http://x');
    for (const [key, value] of Object.entries(query ?? {}))
      if (value !== null && value !== '') url.searchParams.set(key, String(value));
    return `${url.pathname}${url.search}`;
  });
  expect(follows).toContain(`/api/customerCards/${uid}`);
  expect(follows.some((call) => call.startsWith('/api/catalog/products?'))).toBe(true);
  await withoutPageAnswers(page);
  const timing = recordTimes(page);
  await holdSession(page);
  const ranOut = await holdChunkUntil(page, /\/assets\/checkout-page-[\w-]+\.js$/, () =>
    follows.every((call) => timing.started.has(call)),
  );
  await page.goto(`/${cart.localeCode}/checkout/${cart.cartId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: FOLLOW_WAIT_MS + 10_000 });
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(ranOut(), "the cart's follow-up calls left while the screen's code was held back").toBe(false);
  const session = timing.finished.get('/api/auth/session');
  for (const call of [`/api/carts/${cart.cartId}`, ...follows, '/api/flags'])
    expect(timing.started.get(call), `${call} asked for once`).toHaveLength(1);
  for (const call of [`/api/carts/${cart.cartId}`, '/api/flags'])
    expect(timing.started.get(call)![0]!, `${call} starts before the session answer`).toBeLessThan(
      session! - HOLD_MS / 2,
    );
});

test("the checkout opened from inside the app: the catalog's first page starts with the customer's calls", async ({
  page,
}) => {
  await signedInWithACustomer(page);
  // Two US customers of different types: the second one's prices (and so its catalog) are not in
  // the app's cache from the first checkout.
  const first = await findDemoAccount(page, (a) => a.userType !== 3 && a.countryId === 1, 'US member');
  const second = await findDemoAccount(page, (a) => a.userType === 3 && a.countryId === 1, 'US client');
  await page.goto(`/customers/${first.uid}/dashboard`);
  // A first checkout loads the screen's code; the route then leaves the calls to the screen.
  await page.getByRole('button', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  const jumpBox = page.getByRole('textbox', { name: 'Jump to an account number, order number or email' });
  await jumpBox.fill(String(second.phoenixId));
  await jumpBox.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/customers/${second.uid}/dashboard$`));
  await expect(page.getByRole('button', { name: 'New order' })).toBeEnabled();
  await page.route(/\/api\/customers\/[^/]+\/recentOrders$/, async (route) => {
    await sleep(HOLD_MS);
    await route.continue();
  });
  const timing = recordTimes(page);
  await page.getByRole('button', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  const recent = timing.finished.get(`/api/customers/${second.uid}/recentOrders`);
  expect(recent, "the customer's recent orders were asked for").toBeDefined();
  const products = [...timing.started].find(([call]) => call.startsWith('/api/catalog/products?'));
  expect(products, 'the catalog was asked for').toBeDefined();
  expect(products![1][0]!, 'the catalog starts before the recent orders answer').toBeLessThan(
    recent! - HOLD_MS / 2,
  );
});

test("enroller payouts: the periods, then the period's first page and counting runs, start with the screen's code", async ({
  page,
}) => {
  // Its reads are GraphQL queries (POSTs): the route starts the periods with the code and the
  // payouts and counting runs as the periods answer, three steps folded into two.
  await signedInWithACustomer(page);
  await withoutPageAnswers(page);
  const started = new Map<string, number[]>();
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/startCounting/query')) return;
    const query = String((request.postDataJSON() as { query?: string }).query);
    const name = /\b(periods|enrollerPayouts|countingRuns)\b/.exec(query)?.[1] ?? query;
    started.set(name, [...(started.get(name) ?? []), Date.now()]);
  });
  // A page cannot name a POST: the periods start when the router runs, with the session check
  // and the screen's code rather than after them.
  await holdSession(page);
  const ranOut = await holdChunkUntil(
    page,
    /\/assets\/enroller-payouts-page-[\w-]+\.js$/,
    () => started.has('enrollerPayouts') && started.has('countingRuns'),
  );
  await page.goto('/incentives/enrollers');
  await expect(page.getByRole('heading', { level: 1, name: 'Enroller payouts' })).toBeVisible({
    timeout: FOLLOW_WAIT_MS + 10_000,
  });
  await page.waitForLoadState('networkidle');
  expect(
    ranOut(),
    "the period's first page and counting runs left while the screen's code was held back",
  ).toBe(false);
  for (const name of ['periods', 'enrollerPayouts', 'countingRuns'])
    expect(started.get(name), `${name} asked for once`).toHaveLength(1);
});

test('a screen opened by its URL starts with the answers its page carries: none of its first calls, nor the session, goes over the network', async ({
  page,
}) => {
  const { uid, orderId } = await signedInWithACustomer(page);
  const made = await page.request.post('/api/carts', {
    data: { uid, localeCode: 'en-US' },
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const cart = (await made.json()).data as { cartId: string };
  const order = `/api/cs/order/${encodeURIComponent(orderId)}`;
  const screens: { path: string; calls: string[]; shows: RegExp }[] = [
    { path: '/', calls: ['/api/dashboard'], shows: /Orders today/ },
    {
      path: `/customers/${uid}/detail`,
      calls: [`/api/customers/${uid}/summary`, `/api/cs/customer/${uid}`, `/api/cs/customer/${uid}/comments`],
      shows: /Comments/,
    },
    { path: '/orders', calls: ['/api/cs/orders/'], shows: /Newest orders/ },
    {
      path: `/orders/${encodeURIComponent(orderId)}/refunds`,
      calls: [order, `${order}/refunds`],
      shows: /Refund/,
    },
    {
      path: '/promos/tool',
      calls: ['/api/cs/promos/tags', '/api/cs/promo/rules'],
      shows: /Simulator|Price cart/,
    },
    {
      // The cart, then its customer's account, saved cards (a POST) and recent orders, and the catalog.
      path: `/en-US/checkout/${cart.cartId}`,
      calls: [
        `/api/carts/${cart.cartId}`,
        `/api/checkout/account/${uid}`,
        `/api/customerCards/${uid}`,
        `/api/customers/${uid}/recentOrders`,
        '/api/catalog/categories',
        '/api/catalog/products',
      ],
      shows: /Products/,
    },
    // The periods, then the shown period's payouts and counting runs: GraphQL reads sent as POSTs.
    { path: '/incentives/enrollers', calls: ['/api/startCounting/query'], shows: /Reward payout|No payouts/ },
  ];
  for (const screen of screens) {
    const asked: string[] = [];
    const listener = (request: { url(): string }) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    };
    page.on('request', listener);
    const document = await page.goto(screen.path);
    expect(await document!.text(), `${screen.path}: the page carries answers`).toContain(
      'id="first-answers"',
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(screen.shows);
    await page.waitForLoadState('networkidle');
    page.off('request', listener);
    for (const call of [...screen.calls, '/api/auth/session', '/api/flags'])
      expect(asked, `${screen.path}: ${call} came with the page`).not.toContain(call);
    // Taken off the page once read.
    await expect(page.locator('#first-answers')).toHaveCount(0);
  }
});

test("the app's page paints its top bar before any of its scripts has run, and the app takes its place", async ({
  page,
}) => {
  // First paint comes with the page (ADR 039): with the app's entry script held back, the page
  // already shows the bar in the brand colour; once the app renders, the bar is the app's own.
  await signedInWithACustomer(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/orders', { waitUntil: 'commit' });
  const boot = page.locator('.boot-bar');
  await expect(boot).toBeVisible();
  expect(await boot.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(122, 62, 101)');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(boot).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
});
