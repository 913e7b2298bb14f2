import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { BUILT_STYLES } from '../../scripts/built-styles';
import { recordEmotionRules, takeEmotionRules } from '../e2e/emotion-rules';
import { DEMO_STAFF, type DemoRole, setViewport, signIn } from '../e2e/fixtures';
import { ALL_ROLES, APP_SCREENS, type Screen } from '../e2e/screens';

// The styles MUI's components insert as staff use the app, recorded from the built app in Chromium
// and written to BUILT_STYLES for the build to ship as a stylesheet (scripts/built-styles.ts,
// ADR 048). Every screen of the accessibility run (tests/e2e/screens.ts), as each of its roles
// sees it, its dialogs and menus open; the customer screens and a checkout besides. Each at a
// phone's, a tablet's and a computer's width. Run with `npm run styles:collect`.

const WIDTHS = [375, 800, 1280] as const;
const HEIGHT = 800;

/** Styles by emotion name, in the order they were first inserted; each its rules. */
const styles = new Map<string, string[]>();
let walks = 0;

/** A rule's style: the class it scopes (`.css-<name>`), or the keyframes it names. */
const styleOf = (rule: string) =>
  /\.css-([a-z0-9]+)/.exec(rule)?.[1] ?? /^@(?:-webkit-)?keyframes (animation-[a-z0-9]+)/.exec(rule)?.[1];

async function takeRules(page: Page) {
  const rules = await takeEmotionRules(page);
  const fresh = new Set<string>();
  let current: string | undefined;
  for (const rule of rules) {
    current = styleOf(rule) ?? current;
    if (current === undefined) throw new Error(`A rule of no style: ${rule.slice(0, 120)}`);
    if (!styles.has(current)) {
      styles.set(current, []);
      fresh.add(current);
    }
    // A style's rules come in together the first time it is inserted, and are the same every time.
    if (fresh.has(current)) styles.get(current)!.push(rule);
  }
}

async function visit(page: Page, screen: Screen) {
  const ready = screen.ready ?? ((p: Page) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
  // A screen of one width (the phone's side menu) at that width only.
  const widths: readonly number[] = screen.widths ?? WIDTHS;
  for (const [index, width] of widths.entries()) {
    await setViewport(page, { width, height: HEIGHT });
    if (index === 0) await screen.prepare?.(page);
    if (index === 0 || screen.open) await page.goto(screen.path);
    await ready(page);
    await screen.open?.(page);
    await takeRules(page);
  }
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

/** The customer screens of one customer, and a checkout of theirs (a new cart, ordered by a leader). */
async function customerScreens(page: Page): Promise<Screen[]> {
  const search = await page.request.get('/api/cs/orders/', {
    headers: { 'x-requested-with': 'back-office' },
  });
  expect(search.ok()).toBe(true);
  const order = ((await search.json()) as { data: { processedOrders: { customer: { uid: string } }[] } }).data
    .processedOrders[0]!;
  const uids = [order.customer.uid, 'StoryHostHazelBrooksPopup001', 'StoryMemberElodieTremblayQc1'];
  const tabs = ['dashboard', 'detail', 'address', 'credit', 'orders', 'audit', 'popups', 'carts'];
  const screens: Screen[] = uids.flatMap((uid) =>
    tabs.map((tab) => ({
      name: `customer ${tab}`,
      path: `/customers/${uid}/${tab}`,
      visitors: ['leader'],
      ready: heading,
    })),
  );
  const cart = await page.request.post('/api/carts', {
    data: { uid: order.customer.uid, localeCode: 'en-US' },
    headers: { 'x-requested-with': 'back-office' },
  });
  if (cart.ok()) {
    const { cartId } = ((await cart.json()) as { data: { cartId: string } }).data;
    screens.push(
      { name: 'checkout', path: `/en-US/checkout/${cartId}`, visitors: ['leader'], ready: heading },
      {
        name: 'cart',
        path: `/customers/${order.customer.uid}/carts/${cartId}`,
        visitors: ['leader'],
        ready: heading,
      },
    );
  }
  return screens;
}

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ context }) => {
  // Every style the screens make, also those the build holds already.
  await recordEmotionRules(context, { insertAll: true });
});

for (const role of ALL_ROLES) {
  test(`the screens of the ${role}`, async ({ page }) => {
    await signIn(page, DEMO_STAFF[role as DemoRole]);
    const screens = APP_SCREENS.filter((s) => s.visitors !== 'public' && s.visitors.includes(role));
    if (role === 'leader') screens.push(...(await customerScreens(page)));
    for (const screen of screens) await visit(page, screen);
    walks++;
  });
}

test.afterAll(() => {
  // Only a whole walk is written: a partial one would leave styles out.
  if (walks !== ALL_ROLES.length) return;
  const lines = [
    "/* The styles MUI's components insert as staff use the app, collected from the built app in */",
    '/* Chromium by `npm run styles:collect` (tests/styles/collect-styles.spec.ts, ADR 048): one style */',
    '/* a line, its emotion name first, in the order first inserted. Generated: collect again, do not edit. */',
    ...[...styles].map(([name, rules]) => `/* ${name} */ ${rules.join('')}`),
  ];
  writeFileSync(path.resolve(import.meta.dirname, '../..', BUILT_STYLES), `${lines.join('\n')}\n`);
  console.log(`${styles.size} styles, ${lines.length - 3} lines written to ${BUILT_STYLES}`);
});
