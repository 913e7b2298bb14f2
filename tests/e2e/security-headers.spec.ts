import { expect, type Page, type Response, test } from '@playwright/test';
import { DEMO_STAFF, signIn, uniqueEmail } from './fixtures';
import { linkFromMailbox, pathOf } from './mailbox';

/**
 * Records every Content-Security-Policy violation of a page, in any frame and across
 * navigations: the console reports of the browser and the `securitypolicyviolation` events.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console: ${message.text()}`);
  });
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => {
    violations.push(`event: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.documentURI}`);
    });
  });
  return violations;
}

/** The document answer carries the policy that forbids framing. */
function expectPolicy(response: Response | null) {
  expect(response, 'a document response').not.toBeNull();
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(response!.headers()['x-frame-options']).toBe('DENY');
}

test('the watcher notices a violation (so an empty list means something)', async ({ page }) => {
  const violations = await watchCsp(page);
  expectPolicy(await page.goto('/login'));
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => 'inlineRan' in window || '__inlineRan' in window)).toBe(false);
});

test('signed-out screens run under the policy: sign-in, forgot password, reset password', async ({
  page,
}) => {
  const violations = await watchCsp(page);

  expectPolicy(await page.goto('/login'));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  expectPolicy(await page.goto('/forgotpassword'));
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email');

  expectPolicy(await page.goto('/resetpassword?token=not-a-real-token'));
  await expect(page.getByText('This link cannot be used')).toBeVisible();

  expect(violations).toEqual([]);
});

test('dashboard and administrators (list and create) run under the policy', async ({ page }) => {
  const violations = await watchCsp(page);
  await signIn(page, DEMO_STAFF.leader);

  expectPolicy(await page.goto('/'));
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByLabel(/^Orders per day for the last 14 days/)).toBeVisible();

  expectPolicy(await page.goto('/administrators'));
  await expect(page.getByRole('heading', { name: 'Administrators', level: 1 })).toBeVisible();
  await expect(page.getByText(DEMO_STAFF.agent).first()).toBeVisible();

  expectPolicy(await page.goto('/administrators/create'));
  await page.getByLabel('Full name').fill('Policy Check');
  await page.getByLabel('Work email').fill(uniqueEmail('policy.check'));
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Agent', exact: true }).click();
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(
    page.getByText('Administrator Policy Check created; a set-password email is on its way'),
  ).toBeVisible();

  expect(violations).toEqual([]);
});

test('the outbox renders an email in its sandboxed frame under the policy, and the emailed link opens', async ({
  browser,
}) => {
  const email = uniqueEmail('policy.mail');
  const leader = await browser.newPage();
  await signIn(leader, DEMO_STAFF.leader);
  const created = await leader.request.post('/api/administrators', {
    data: { name: 'Policy Mail', email, role: 'agent', directory: 'users' },
    headers: { 'x-requested-with': 'back-office' },
  });
  expect(created.ok()).toBe(true);
  await leader.close();

  const page = await browser.newPage();
  const violations = await watchCsp(page);
  await signIn(page, DEMO_STAFF.developer);
  expectPolicy(await page.goto('/outbox'));
  await page.getByLabel('Search recipient, subject or template').fill(email);
  const message = page.getByRole('button', { name: 'Set your back-office password' }).first();
  await expect(message).toBeVisible();
  await message.click();
  const dialog = page.getByRole('dialog');
  const frame = dialog.frameLocator('iframe');
  await expect(frame.getByRole('heading', { name: 'Your back-office account is ready' })).toBeVisible();
  // The email's inline styles apply inside the frame (style-src allows them).
  const background = await frame.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
  expect(background).toBe('rgb(247, 241, 243)');
  // The link itself is only in the recipient's mail (ADR 017).
  expect(await frame.getByRole('link').first().getAttribute('href')).toBe('#');
  await page.keyboard.press('Escape');

  // The emailed link: the reset page with a valid token.
  expectPolicy(await page.goto(pathOf(await linkFromMailbox(email))));
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeVisible();

  expect(violations).toEqual([]);
  await page.close();
});

test('the API reference at /api/docs loads under the policy and can call the API', async ({ page }) => {
  const violations = await watchCsp(page);
  expectPolicy(await page.goto('/api/docs'));
  await expect(page.getByRole('heading', { name: /Customer Service Back Office API/ })).toBeVisible();
  await page.locator('.opblock-tag', { hasText: /^health/ }).click();
  const health = page.locator('.opblock', { hasText: '/api/health' }).first();
  await health.locator('.opblock-summary').click();
  await health.getByRole('button', { name: 'Try it out' }).click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/health'));
  await health.getByRole('button', { name: 'Execute' }).click();
  expect((await answer).status()).toBe(200);
  await expect(health.locator('.live-responses-table')).toContainText('"status": "ok"');
  expect(violations).toEqual([]);
});
