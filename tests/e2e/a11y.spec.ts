import { expect, type Page, test } from '@playwright/test';
import { axeViolations, DEMO_STAFF, type DemoRole, setViewport, signIn } from './fixtures';
import { linkFromMailbox, pathOf } from './mailbox';
import {
  ALL_ROLES,
  APP_SCREENS,
  PUBLIC_SCREENS,
  queueResetEmail,
  type Screen,
  UPCOMING_SCREENS,
  WIDTHS,
  type Width,
} from './screens';

// Every screen of every role at 1280 and 375 px passes axe: no serious or critical violation.
// The screens are listed in tests/e2e/screens.ts; one signed-in page per role visits them all.

// Each test signs in once and walks its share of screens; on a busy machine that takes a while.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

const HEIGHT: Record<Width, number> = { 1280: 800, 375: 740 };

/**
 * Rules axe rates "moderate" that every screen must still meet: one h1 names the screen and
 * the content sits in a main landmark (both found missing once).
 */
const ALWAYS = new Set(['page-has-heading-one', 'landmark-one-main']);

// The one iframe is the Outbox's email preview: a sandboxed copy of an email (no scripts), so axe
// cannot run inside it.
const axe = (page: Page, label: string) => axeViolations(page, label, { alsoRules: ALWAYS, iframes: false });

async function visit(page: Page, screen: Screen): Promise<string[]> {
  const ready = screen.ready ?? ((p: Page) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
  const widths = screen.widths ?? WIDTHS;
  const found: string[] = [];
  for (const [index, width] of widths.entries()) {
    await setViewport(page, { width, height: HEIGHT[width] });
    // A screen with a dialog or menu is opened afresh at each width; a plain one is just resized.
    if (index === 0) await screen.prepare?.(page);
    if (index === 0 || screen.open) await page.goto(screen.path);
    await ready(page);
    await screen.open?.(page);
    found.push(...(await axe(page, `${screen.name} at ${width}px (${screen.path})`)));
  }
  return found;
}

async function visitAll(page: Page, screens: Screen[]) {
  const found: string[] = [];
  for (const screen of screens) found.push(...(await visit(page, screen)));
  expect(found, `serious or critical accessibility violations:\n${found.join('\n')}`).toEqual([]);
}

/** A reset link that works: asked for by a demo user, read from their mailbox. */
async function validResetLink(page: Page): Promise<string> {
  const email = DEMO_STAFF.fraudAgent;
  await queueResetEmail(page, email);
  return pathOf(await linkFromMailbox(email));
}

test('signed-out screens', async ({ page }) => {
  const link = await validResetLink(page);
  const reset: Screen = {
    name: 'reset password',
    path: link,
    visitors: 'public',
    ready: async (p) => {
      await expect(p.getByRole('textbox', { name: 'New password', exact: true })).toBeVisible();
    },
  };
  await visitAll(page, [...PUBLIC_SCREENS, reset]);
});

const forRole = (screens: Screen[], role: DemoRole) =>
  screens.filter((s) => s.visitors !== 'public' && s.visitors.includes(role));

/** Long lists are split so both workers share them and no test nears its time limit. */
const CHUNK = 8;

for (const role of ALL_ROLES) {
  const screens = [...forRole(APP_SCREENS, role), ...forRole(UPCOMING_SCREENS, role)];
  for (let from = 0; from < screens.length; from += CHUNK) {
    const chunk = screens.slice(from, from + CHUNK);
    test(`${role}: ${chunk.map((s) => s.name).join(', ')}`, async ({ page }) => {
      await signIn(page, DEMO_STAFF[role]);
      await visitAll(page, chunk);
    });
  }
}
