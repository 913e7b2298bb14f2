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

const PROMO_TOOL: readonly DemoRole[] = ['agent', 'developer'];

export const APP_SCREENS: Screen[] = [
  { name: 'promos', path: '/promos', visitors: ['salesOperatorManager'], ready: heading('Promos') },
  {
    name: 'promo list',
    path: '/promos/list',
    visitors: ONE,
    ready: async (page) => {
      await heading('Promo list')(page);
      await expect(page.getByRole('table', { name: 'Promo rules' })).toBeVisible();
    },
  },
  // Spread over roles: each role's screens are one timed test.
  { name: 'create promo', path: '/promos/create', visitors: ['agent'], ready: heading('Create promo') },
  { name: 'promo tool', path: '/promos/tool', visitors: PROMO_TOOL, ready: heading('Promo tool') },
  {
    name: 'promo editor, new rule',
    path: '/promos/editor',
    visitors: ONE,
    ready: heading('Promo tool'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Create Promo' }).click();
      await expect(page.getByRole('textbox', { name: 'Rule JSON' })).toBeVisible();
    },
  },
  {
    name: 'promo editor, named rule',
    path: `/promos/editor/${encodeURIComponent('Spring 25% Off Skincare')}`,
    visitors: ONE,
    ready: async (page) => {
      await expect(page.getByRole('textbox', { name: 'Rule JSON' })).toContainText('Spring 25% Off Skincare');
    },
  },
  {
    name: 'promo tool, bulk edit',
    path: '/promos/tool',
    visitors: ONE,
    ready: heading('Promo tool'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Bulk Edit' }).click();
      await expect(page.getByRole('heading', { name: 'Bulk update' })).toBeVisible();
    },
  },
  {
    name: 'promo tool, simulator with own shipping rates',
    path: '/promos/tool',
    visitors: ONE,
    ready: heading('Promo tool'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Add shipping rate' }).click();
      await expect(page.getByLabel('Rate 1 amount')).toBeVisible();
    },
  },
  {
    name: 'promo rule history',
    path: `/promos/history/${encodeURIComponent('Spring 25% Off Skincare')}`,
    visitors: ['fraudAgent'],
    ready: async (page) => {
      await heading('Rule history: Spring 25% Off Skincare')(page);
      await expect(page.getByRole('list', { name: 'Versions' })).toBeVisible();
    },
  },
  {
    name: 'promo rule history, restore dialog',
    path: `/promos/history/${encodeURIComponent('Spring 25% Off Skincare')}`,
    visitors: ['leader'],
    ready: heading('Rule history: Spring 25% Off Skincare'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Restore this version' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
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
    name: 'batch orders',
    path: '/batchOrders',
    visitors: BATCH,
    ready: async (page) => {
      await heading('Batch orders')(page);
      // A table at 1280, cards on a phone.
      await expect(
        page
          .getByRole('table', { name: 'batch orders' })
          .or(page.getByRole('list', { name: 'batch orders' })),
      ).toBeVisible();
    },
  },
  // The demo's second batch completed with errors: it has orders and failed rows.
  {
    name: 'batch order details',
    path: '/batchOrders/2/details',
    visitors: ONE,
    ready: async (page) => {
      await expect(
        page
          .getByRole('table', { name: 'Orders created' })
          .or(page.getByRole('list', { name: 'Orders created' })),
      ).toBeVisible();
    },
  },
  {
    name: 'batch order failed rows',
    path: '/batchOrders/2/failed',
    visitors: ONE,
    ready: async (page) => {
      await expect(page.getByRole('button', { name: /^Correct row \d+$/ }).first()).toBeVisible();
    },
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Correct row \d+$/ })
        .first()
        .click();
      await expect(page.getByRole('form', { name: /^Correct row \d+$/ })).toBeVisible();
    },
  },
  {
    name: 'bulk ledgers',
    path: '/bulkLedgers?id=2',
    visitors: ONE,
    ready: async (page) => {
      await expect(
        page
          .getByRole('table', { name: 'Rows of bulk ledger 2' })
          .or(page.getByRole('list', { name: 'Rows of bulk ledger 2' })),
      ).toBeVisible();
    },
  },
  {
    name: 'reconciliation',
    path: '/reconciliation',
    visitors: LEADERS,
    ready: async (page) => {
      await heading('Reconciliation')(page);
      await expect(page.getByRole('heading', { name: 'Open discrepancies' })).toBeVisible();
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
  // Customers (spec 1 §2 Customer screens); every customer tab of a real account is checked in customers.spec.ts.
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
  // Orders (spec 2 §2): the search, with results and with a refused order number.
  {
    name: 'order search',
    path: '/orders?lastName=s',
    // Every role sees the same screen (records.read): one checks it with results, one with errors.
    visitors: ['agent'],
    ready: async (page) => {
      await expect(
        page
          .getByRole('table', { name: 'Orders found' })
          .or(page.getByRole('list', { name: 'Orders found' })),
      ).toBeVisible();
    },
  },
  {
    name: 'order search with errors',
    path: '/orders',
    visitors: ONE,
    ready: heading('Orders'),
    open: async (page) => {
      await page.getByRole('textbox', { name: 'Phoenix order number', exact: true }).fill('123');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByText('Search by order number requires 9 digits.')).toBeVisible();
    },
  },
  {
    name: 'customer not found',
    path: '/customers/NOSUCHCUSTOMER/dashboard',
    visitors: ONE,
    ready: heading('Customer not found'),
  },
  // Failed orders and the order process view (spec 2 §2, DESIGN §2 downstream).
  {
    name: 'failed orders',
    path: '/orders/failed',
    visitors: ['agent', 'developer'],
    ready: async (page) => {
      await heading('Failed orders')(page);
      await expect(
        page
          .getByRole('table', { name: 'Failed orders' })
          .or(page.getByRole('list', { name: 'Failed orders' })),
      ).toBeVisible();
    },
  },
  {
    name: 'failed order retry confirmation',
    path: '/orders/failed',
    visitors: ['agent'],
    ready: heading('Failed orders'),
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Retry [FX]\d+$/ })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: /^Retry / })).toBeVisible();
    },
  },
  {
    name: 'order process',
    path: '/orders/failed',
    visitors: ONE,
    ready: heading('Failed orders'),
    open: async (page) => {
      await page.getByRole('main').getByRole('link', { name: 'Process', exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: /^Order [FX]\d+$/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'State history' })).toBeVisible();
    },
  },
  {
    name: 'order process, correct address dialog',
    path: '/orders/failed',
    visitors: ONE,
    ready: heading('Failed orders'),
    open: async (page) => {
      await page.getByRole('main').getByRole('link', { name: 'Process', exact: true }).first().click();
      await page.getByRole('button', { name: 'Correct address' }).click();
      await expect(page.getByRole('dialog', { name: 'Correct shipping address' })).toBeVisible();
    },
  },
  // Order detail (spec 2 §2): the demo's fixed scenario orders (scripts/demo/order-scenarios.ts).
  {
    name: 'order info',
    path: '/orders/DemoPopupOrder000001/info',
    visitors: ['agent', 'fraudAgent'],
    ready: heading(/^Order [FX]\d+$/),
  },
  {
    name: 'order info, cancel dialog',
    path: '/orders/DemoDhlHoldOrder0001/info',
    visitors: ['fraudAgent'],
    ready: heading(/^Order [FX]\d+$/),
    open: async (page) => {
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await expect(page.getByRole('dialog', { name: /^Cancel order/ })).toBeVisible();
    },
  },
  {
    name: 'order info, popup dialog',
    path: '/orders/DemoPopupOrder000001/info',
    visitors: ONE,
    ready: heading(/^Order [FX]\d+$/),
    open: async (page) => {
      await page.getByRole('button', { name: 'Change popup' }).click();
      await expect(page.getByRole('dialog', { name: /Change the popup/ })).toBeVisible();
    },
  },
  {
    name: 'order audit',
    path: '/orders/DemoRefundedMember01/audit',
    visitors: ONE,
    ready: heading(/^Order [FX]\d+$/),
  },
  {
    name: 'portal order',
    path: '/orders/portal/DemoRefundedMember01',
    visitors: ONE,
    ready: heading(/^Order [FX]\d+$/),
  },
  {
    name: 'order not found',
    path: '/orders/NOSUCHORDER/info',
    visitors: ONE,
    ready: heading('Order not found'),
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
  {
    name: 'incentives',
    path: '/incentives',
    visitors: LEADERS,
    ready: async (page) => {
      await heading('Incentives')(page);
      await expect(page.getByRole('heading', { name: 'Milestone 1' })).toBeVisible();
    },
  },
  ...([1, 2, 3] as const).map(
    (n): Screen => ({
      name: `incentive milestone ${n}`,
      path: `/incentives/milestone${n}`,
      visitors: ONE,
      ready: async (page) => {
        await heading(`Milestone ${n}`)(page);
        await expect(page.getByRole('heading', { name: /^Progress in / })).toBeVisible();
        await expect(page.getByRole('img', { name: /^United States:/ })).toBeVisible();
      },
    }),
  ),
  {
    name: 'incentive milestone save confirmation',
    path: '/incentives/milestone2',
    visitors: ['leader'],
    ready: heading('Milestone 2'),
    open: async (page) => {
      await page.getByLabel('Days from enrollment').fill('61');
      await page.getByRole('button', { name: 'Save values' }).click();
      await expect(page.getByRole('dialog', { name: 'Save Milestone 2?' })).toBeVisible();
    },
  },
  {
    name: 'incentive milestone with errors',
    path: '/incentives/milestone3',
    visitors: ['leader'],
    ready: heading('Milestone 3'),
    open: async (page) => {
      await page.getByLabel('Personal volume (PV)').fill('-4');
      await page.getByRole('button', { name: 'Save values' }).click();
      await expect(page.getByText('Please enter a valid number')).toBeVisible();
    },
  },
  {
    name: 'enroller payouts',
    path: '/incentives/enrollers',
    visitors: ONE,
    ready: async (page) => {
      await heading('Enroller payouts')(page);
      await expect(
        page.getByRole('region', { name: 'Enroller payouts' }).or(page.getByText('No data')),
      ).toBeVisible();
    },
  },
  // Refunds and returns (spec 2 §2 Refunds, ADR 014); their flows are checked in refunds.spec.ts.
  {
    name: 'order refunds',
    path: '/orders/DemoTwoCardOrder0001/refunds',
    visitors: ONE,
    ready: async (page) => {
      await heading('New refund')(page);
      await expect(
        page
          .getByRole('region', { name: 'Products to refund' })
          .or(page.getByRole('list', { name: 'Products to refund' })),
      ).toBeVisible();
    },
  },
  {
    name: 'order refunds with an estimate and a split error',
    path: '/orders/DemoTwoCardOrder0001/refunds',
    visitors: ONE,
    ready: heading('New refund'),
    open: async (page) => {
      await page
        .getByRole('textbox', { name: /^Refund quantity of/ })
        .first()
        .fill('1');
      await expect(page.getByRole('group', { name: 'Refund estimate' })).toBeVisible({ timeout: 15_000 });
      await page.getByRole('radio', { name: 'Enter amounts' }).check();
      await page.getByRole('button', { name: 'Refund', exact: true }).click({ timeout: 15_000 });
      await expect(page.getByRole('alert').filter({ hasText: 'Please' })).toBeVisible();
    },
  },
  {
    name: 'returns',
    path: '/returns',
    visitors: ONE,
    ready: async (page) => {
      await heading(/^Returns$/)(page);
      await expect(
        page
          .getByRole('region', { name: 'Returns' })
          .or(page.getByRole('list', { name: 'Returns' }))
          .or(page.getByText('No pending returns')),
      ).toBeVisible();
    },
  },
  // Carts (spec 2 §2, ADR 016); the admin cart view of a real cart is checked in carts.spec.ts.
  {
    name: 'carts',
    path: '/carts',
    visitors: ONE,
    ready: async (page) => {
      await heading('Carts')(page);
      await expect(
        page.getByRole('table', { name: 'Carts' }).or(page.getByRole('list', { name: 'Carts' })),
      ).toBeVisible();
    },
  },
];

/** Every routed screen is built now; the a11y spec still walks this list when one is added. */
export const UPCOMING_SCREENS: Screen[] = [];

/** A fresh database's outbox is empty: ask for a reset link so it holds an email to show. */
export async function queueResetEmail(page: Page, email = 'fraud@example.com') {
  const asked = await page.request.post('/api/accounts/forgotPassword', {
    data: { email },
    headers: { 'x-requested-with': 'back-office' },
  });
  expect(asked.ok()).toBe(true);
}
