import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, type DemoRole, expectAccessible, expectReadsDown, signIn } from './fixtures';

// Order detail and operations (spec 2 §2 Order detail, §4, §8): open an order, comment,
// resend a confirmation (it reaches the outbox), cancel as a leader and as a fraud agent, the
// fraud flag by role, popup reassignment, the audit and portal views. The orders used are the
// demo's fixed scenario orders (scripts/demo/order-scenarios.ts).

const ORDERS = {
  captured: 'DemoCapturedMember01',
  refunded: 'DemoRefundedMember01',
  dhlHold: 'DemoDhlHoldOrder0001',
  popup: 'DemoPopupOrder000001',
} as const;
const HEADERS = { 'x-requested-with': 'back-office' };

async function as(browser: Browser, role: DemoRole): Promise<Page> {
  // A context of its own, as axe needs, per role.
  const page = await (await browser.newContext()).newPage();
  await signIn(page, DEMO_STAFF[role]);
  return page;
}

const alertWith = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const orderOf = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/cs/order/${id}`)).json()).data;

test('open an order, add a comment, resend the order confirmation, see the email in the outbox', async ({
  browser,
}) => {
  // Two people, an axe run and the outbox: more than one default test's time on a busy machine.
  test.slow();
  const agent = await as(browser, 'agent');
  const order = await orderOf(agent, ORDERS.popup);
  await agent.goto(`/orders/${ORDERS.popup}/info`);
  await expect(agent.getByRole('heading', { level: 1, name: `Order ${order.orderLabel}` })).toBeVisible();
  await expect(
    agent.getByRole('link', { name: `${order.customer.firstName} ${order.customer.lastName}` }).first(),
  ).toBeVisible();
  await expect(agent.getByRole('region', { name: 'Order lines' })).toContainText(order.lines[0].sku);
  // The totals read down to the grand total (ADR 024).
  await expectReadsDown(agent, 'Order totals');
  await expect(
    agent.getByRole('navigation', { name: 'Order sections' }).getByRole('link', { name: 'Process' }),
  ).toHaveAttribute('href', `/orders/${ORDERS.popup}/process`);
  await expectAccessible(agent, 'order info', { include: ['#main-content'] });

  const note = `Customer called about delivery ${Date.now()}`;
  await agent.getByLabel('New comment').fill(note);
  await agent.getByRole('button', { name: 'Add comment' }).click();
  await expect(alertWith(agent, 'Successfully submitted')).toBeVisible();
  await expect(agent.getByRole('list', { name: 'Comments' }).getByRole('listitem').first()).toContainText(
    note,
  );

  // An agent cannot cancel or flag fraud: the controls are not there.
  await expect(agent.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(
    agent.getByRole('switch', { name: 'Fraud' }).or(agent.getByRole('checkbox', { name: 'Fraud' })),
  ).toHaveCount(0);

  await agent.getByRole('button', { name: 'Resend order confirmation' }).click();
  await expect(alertWith(agent, 'Successfully sent order confirmation email.')).toBeVisible();
  // The order has not shipped: the shipping confirmation is refused with the server's reason.
  await agent.getByRole('button', { name: 'Resend shipping confirmation' }).click();
  await expect(alertWith(agent, /^Could not resend email\. The order has not shipped yet/)).toBeVisible();
  await agent.context().close();

  const developer = await as(browser, 'developer');
  await developer.goto('/outbox');
  await developer.getByLabel('Search recipient, subject or template').fill(order.orderLabel);
  const message = developer
    // In the customer's language (the demo has French-speaking customers).
    .getByRole('button', {
      name: new RegExp(
        `^(Your order ${order.orderLabel} is confirmed|Votre commande ${order.orderLabel} est confirmée)`,
      ),
    })
    .first();
  await expect(message).toBeVisible();
  await message.click();
  const dialog = developer.getByRole('dialog');
  await expect(dialog.frameLocator('iframe').getByText(order.lines[0].title).first()).toBeVisible();
  await developer.context().close();
});

test('cancel: refused for a leader without a full refund, allowed for a fraud agent', async ({ browser }) => {
  test.slow();
  const leader = await as(browser, 'leader');
  await leader.goto(`/orders/${ORDERS.captured}/info`);
  const cancel = leader.getByRole('button', { name: 'Cancel order' });
  await expect(cancel).toBeDisabled();
  await expect(leader.getByText('Order needs to be fully refunded before cancelling.')).toBeVisible();
  // The server refuses it too, and nothing changes.
  const refused = await leader.request.post(`/api/cs/cancelOrder/${ORDERS.captured}`, {
    data: { ticket: 'T-100', reason: 'Customer asked' },
    headers: HEADERS,
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toBe('Order needs to be fully refunded before cancelling.');

  // A fully refunded membership order: the leader cancels it through the dialog.
  const refunded = await orderOf(leader, ORDERS.refunded);
  await leader.goto(`/orders/${ORDERS.refunded}/info`);
  await leader.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = leader.getByRole('dialog', { name: `Cancel order ${refunded.orderLabel}?` });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByText('Ticket is required')).toBeVisible();
  await dialog.getByLabel('Ticket').fill('T-200');
  await dialog.getByLabel('Reason', { exact: false }).first().fill('Refunded in full');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(alertWith(leader, `Sucessfully cancelled order ${refunded.orderLabel}.`)).toBeVisible();
  await expect(leader.getByText('This order is cancelled and is read-only.')).toBeVisible();
  await leader.context().close();

  const fraud = await as(browser, 'fraudAgent');
  const captured = await orderOf(fraud, ORDERS.captured);
  await fraud.goto(`/orders/${ORDERS.captured}/info`);
  await fraud.getByRole('button', { name: 'Cancel order' }).click();
  const fraudDialog = fraud.getByRole('dialog', { name: `Cancel order ${captured.orderLabel}?` });
  await fraudDialog.getByLabel('Ticket').fill('T-300');
  await fraudDialog.getByRole('textbox', { name: 'Reason' }).fill('Confirmed fraud');
  await fraudDialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(alertWith(fraud, `Sucessfully cancelled order ${captured.orderLabel}.`)).toBeVisible();
  await expect(fraud.getByRole('list', { name: 'Comments' })).toContainText('Confirmed fraud');
  await fraud.goto(`/orders/${ORDERS.captured}/audit`);
  const cancelled = fraud.getByRole('article', { name: /cancelled the order \(/ });
  await expect(cancelled.getByRole('row', { name: 'Order state Captured Cancelled' })).toBeVisible();
  await fraud.context().close();
});

test('fraud flag: refused for an agent (no control, API 403), accepted for a fraud agent', async ({
  browser,
}) => {
  const agent = await as(browser, 'agent');
  await agent.goto(`/orders/${ORDERS.dhlHold}/info`);
  await expect(agent.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(agent.getByLabel('Fraud', { exact: true })).toHaveCount(0);
  const refused = await agent.request.post(`/api/cs/order/${ORDERS.dhlHold}/fraud`, {
    data: { isFraud: true },
    headers: HEADERS,
  });
  expect(refused.status()).toBe(403);
  expect((await orderOf(agent, ORDERS.dhlHold)).isFraud).toBe(false);
  await agent.context().close();

  const fraud = await as(browser, 'fraudAgent');
  await fraud.goto(`/orders/${ORDERS.dhlHold}/info`);
  await fraud.getByLabel('Fraud', { exact: true }).click();
  const confirm = fraud.getByRole('dialog', { name: /as fraud\?/ });
  await confirm.getByRole('button', { name: 'Flag as fraud' }).click();
  await expect(alertWith(fraud, 'Successfully submitted')).toBeVisible();
  await expect(fraud.getByLabel('Fraud', { exact: true })).toBeChecked();
  await expect(fraud.locator('header').getByText('Fraud', { exact: true })).toBeVisible();
  await fraud.context().close();
});

test('reassign a popup: the order moves and both popups are recalculated', async ({ browser }) => {
  const agent = await as(browser, 'agent');
  const before = await orderOf(agent, ORDERS.popup);
  const target = before.consultantPopups.find(
    (p: { id: number; status: string }) => p.id !== before.socialId && p.status !== 'cancelled',
  );
  expect(target).toBeTruthy();
  const counts = async (hostUid: string) =>
    new Map(
      (
        (await (await agent.request.get(`/api/customers/${hostUid}/popups`)).json()).data as {
          id: number;
          orderCount: number;
        }[]
      ).map((p) => [p.id, p.orderCount]),
    );
  const oldBefore = (await counts(before.popup.hostUid)).get(before.socialId)!;
  const newBefore = (await counts(target.hostUid)).get(target.id)!;

  await agent.goto(`/orders/${ORDERS.popup}/info`);
  await agent.getByRole('button', { name: 'Change popup' }).click();
  const dialog = agent.getByRole('dialog', { name: /Change the popup/ });
  await dialog.getByRole('combobox', { name: 'Popup' }).click();
  // Popups may share a name: the option is picked by its id.
  await agent.locator(`[role="option"][data-value="${target.id}"]`).click();
  await dialog.getByRole('button', { name: 'Move order' }).click();
  await expect(alertWith(agent, 'Successfully submitted')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await orderOf(agent, ORDERS.popup)).socialId).toBe(target.id);
  expect((await counts(before.popup.hostUid)).get(before.socialId)).toBe(oldBefore - 1);
  expect((await counts(target.hostUid)).get(target.id)).toBe(newBefore + 1);
  await agent.context().close();
});

test('the portal view and the audit read as the customer and as a diff; an unknown order says so', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.developer);
  const order = await orderOf(page, ORDERS.refunded);
  await page.goto(`/orders/portal/${ORDERS.refunded}`);
  await expect(page.getByRole('region', { name: 'Items' })).toContainText(order.lines[0].title);
  await expect(page.getByRole('region', { name: 'Order total' })).toContainText('Total');
  await expectAccessible(page, 'order portal view', { include: ['#main-content'] });
  await page.goto('/orders/NOSUCHORDER/info');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
});

test('a form whose code cannot be fetched says so and closes; nothing is sent', async ({ browser }) => {
  const agent = await as(browser, 'agent');
  await agent.goto(`/orders/${ORDERS.popup}/info`);
  await expect(agent.getByRole('button', { name: 'Change popup' })).toBeVisible();
  await agent.waitForLoadState('networkidle');
  // The popup form's code (ADR 043) is fetched when asked for: from now on, no script arrives.
  await agent.route('**/assets/*.js', (route) => route.abort());
  const before = (await orderOf(agent, ORDERS.popup)).socialId;
  await agent.getByRole('button', { name: 'Change popup' }).click();
  const dialog = agent.getByRole('dialog', { name: 'The form did not load' });
  await expect(dialog.getByRole('alert')).toHaveText('Reload the page to try again.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect((await orderOf(agent, ORDERS.popup)).socialId).toBe(before);
});
