import { expect, type Page } from '@playwright/test';
import type { DemoRole } from './fixtures';

// Every screen a person can reach, for the accessibility check (tests/e2e/a11y.spec.ts). A new
// screen is one more row: its path, who visits it, what shows once it is ready and, when a
// dialog or menu of it matters, how to open it.

export const WIDTHS = [1280, 375] as const;
export type Width = (typeof WIDTHS)[number];

export const ALL_ROLES: readonly DemoRole[] = [
  'agent',
  'leader',
  'fraudAgent',
  'salesOperatorManager',
  'developer',
];

export interface Screen {
  name: string;
  path: string;
  /** Signed out ('public'), or the roles whose signed-in page visits it. */
  visitors: 'public' | readonly DemoRole[];
  /** Puts data in place before the visit (e.g. an email in the outbox). */
  prepare?: (page: Page) => Promise<void>;
  /** Waits until the screen shows its content; by default its level-1 heading. */
  ready?: (page: Page) => Promise<void>;
  /** Brings the screen into the state to check (a dialog open, errors shown). */
  open?: (page: Page) => Promise<void>;
  /** Only these widths (e.g. the phone's side menu); both by default. */
  widths?: readonly Width[];
}

const heading = (name: string | RegExp) => async (page: Page) => {
  // Any level: the spec's axe run is what insists on one h1 per screen.
  await expect(page.getByRole('heading', { name })).toBeVisible();
};

const NO_ACCESS = 'You do not have access to this screen';
const NOT_YET = 'This screen is not available yet';

/** Screens of the route table that show "not available yet" until they are built. */
function upcoming(path: string, visitors: readonly DemoRole[] = ALL_ROLES): Screen {
  return {
    name: `${path} (not available yet)`,
    path,
    visitors,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 2, name: NOT_YET })).toBeVisible();
    },
  };
}

const BATCH: readonly DemoRole[] = ['leader', 'salesOperatorManager', 'developer'];
const LEADERS: readonly DemoRole[] = ['leader', 'developer'];
/** Every role reads records the same way; one role checks each of these screens, others one per area. */
const ONE: readonly DemoRole[] = ['developer'];

export const PUBLIC_SCREENS: Screen[] = [
  { name: 'login', path: '/login', visitors: 'public', ready: heading('Sign in') },
  {
    name: 'login with errors',
    path: '/login',
    visitors: 'public',
    ready: heading('Sign in'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText(/required|enter/i).first()).toBeVisible();
    },
  },
  { name: 'forgot password', path: '/forgotpassword', visitors: 'public', ready: heading(/password/i) },
  {
    name: 'reset password, spent link',
    path: '/resetpassword?token=not-a-real-token',
    visitors: 'public',
    ready: heading(/link/i),
  },
  // The valid reset link is added by the spec (it needs a fresh token from the outbox).
  {
    name: 'confirm email',
    path: '/confirm-email?token=not-a-real-token',
    visitors: 'public',
    ready: heading(/confirm/i),
  },
  { name: 'error page', path: '/error', visitors: 'public', ready: heading(/critical error/) },
];

export const APP_SCREENS: Screen[] = [
  { name: 'dashboard', path: '/', visitors: ALL_ROLES, ready: heading('Dashboard') },
  {
    name: 'side menu on a phone',
    path: '/',
    visitors: ALL_ROLES,
    widths: [375],
    ready: heading('Dashboard'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    },
  },
  {
    name: 'administrators',
    path: '/administrators',
    visitors: LEADERS,
    ready: async (page) => {
      await heading('Administrators')(page);
      await expect(page.getByRole('button', { name: /^Deactivate / }).first()).toBeVisible();
    },
  },
  {
    name: 'deactivate confirmation',
    path: '/administrators',
    visitors: ['leader'],
    ready: heading('Administrators'),
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Deactivate / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: /^Deactivate / })).toBeVisible();
    },
  },
  { name: 'create administrator', path: '/administrators/create', visitors: LEADERS },
  { name: 'your profile', path: '/profile', visitors: ['agent'], ready: heading('Your profile') },
  {
    name: 'create administrator with errors',
    path: '/administrators/create',
    visitors: ['leader'],
    ready: heading('Create administrator'),
    open: async (page) => {
      await page.getByLabel('Work email').fill('not an email');
      await page.getByRole('button', { name: 'Create administrator' }).click();
      await expect(page.locator('.Mui-error').first()).toBeVisible();
    },
  },
  {
    name: 'outbox',
    path: '/outbox',
    visitors: ['developer'],
    prepare: queueResetEmail,
    ready: async (page) => {
      await heading('Outbox')(page);
      await expect(page.getByRole('table', { name: 'Outbox messages' })).toBeVisible();
    },
  },
  {
    name: 'outbox email preview',
    path: '/outbox',
    visitors: ['developer'],
    prepare: queueResetEmail,
    ready: heading('Outbox'),
    open: async (page) => {
      await page
        .getByRole('table', { name: 'Outbox messages' })
        .getByRole('button', { name: 'Reset your password' })
        .first()
        .click();
      await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
    },
  },
  {
    name: 'feature flags dialog',
    path: '/',
    visitors: ['developer'],
    ready: heading('Dashboard'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Feature flags' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Feature flags' }).getByRole('switch').first(),
      ).toBeVisible();
    },
  },
  // Customers (issue 7); every customer tab of a real account is checked in customers.spec.ts.
  {
    name: 'customer search',
    path: '/customers?q=ma',
    visitors: ALL_ROLES,
    ready: async (page) => {
      await expect(
        page
          .getByRole('table', { name: 'Customers found' })
          .or(page.getByRole('list', { name: 'Customers found' })),
      ).toBeVisible();
    },
  },
  {
    name: 'customer not found',
    path: '/customers/NOSUCHCUSTOMER/dashboard',
    visitors: ONE,
    ready: heading('Customer not found'),
  },
  { name: 'page not found', path: '/no/such/screen', visitors: ALL_ROLES, ready: heading('Page not found') },
  // A role following a link to a screen it may not use (DESIGN §4).
  ...(
    [
      ['/administrators', ['agent', 'fraudAgent', 'salesOperatorManager']],
      ['/outbox', ['leader']],
      ['/batchOrders', ['agent']],
    ] as const
  ).map(
    ([path, visitors]): Screen => ({
      name: `no access to ${path}`,
      path,
      visitors,
      ready: heading(NO_ACCESS),
    }),
  ),
];

export const UPCOMING_SCREENS: Screen[] = [
  // Carts (issue 11); the admin cart view of a real cart is checked in carts.spec.ts.
  {
    name: 'carts',
    path: '/carts',
    visitors: ONE,
    ready: async (page) => {
      await heading('Carts')(page);
      await expect(page.getByRole('table', { name: 'Carts' })).toBeVisible();
    },
  },
  upcoming('/en-US/checkout/AbCdEfGhIjKlMnOpQrStUvWxYz12', ONE),
  upcoming('/orders'),
  upcoming('/orders/failed', ONE),
  upcoming('/orders/5001/info', ONE),
  upcoming('/orders/5001/process', ONE),
  upcoming('/orders/5001/refunds', ONE),
  upcoming('/orders/5001/audit', ONE),
  upcoming('/orders/portal/5001', ONE),
  upcoming('/returns', ONE),
  upcoming('/batchOrders', BATCH),
  upcoming('/batchOrders/12/details', ONE),
  upcoming('/batchOrders/12/failed', ONE),
  upcoming('/bulkLedgers', ONE),
  upcoming('/promos', ONE),
  upcoming('/promos/tool'),
  upcoming('/promos/editor', ONE),
  upcoming('/promos/editor/SPRING10', ONE),
  upcoming('/promos/list', ONE),
  upcoming('/promos/create', ONE),
  upcoming('/incentives', LEADERS),
  upcoming('/incentives/milestone1', ONE),
  upcoming('/incentives/milestone2', ONE),
  upcoming('/incentives/milestone3', ONE),
  upcoming('/incentives/enrollers', ONE),
];

/** A fresh database's outbox is empty: ask for a reset link so it holds an email to show. */
export async function queueResetEmail(page: Page, email = 'fraud@example.com') {
  const asked = await page.request.post('/api/accounts/forgotPassword', {
    data: { email },
    headers: { 'x-requested-with': 'back-office' },
  });
  expect(asked.ok()).toBe(true);
}
