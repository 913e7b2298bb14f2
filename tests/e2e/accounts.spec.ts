import { expect, type Page, test } from '@playwright/test';
import {
  DEMO_STAFF,
  DEMO_STAFF_NAMES,
  type DemoRole,
  expectAccessible,
  setViewport,
  signIn,
} from './fixtures';

// Customer detail and audit tabs (spec 1 §2 Customer detail and Audit, §4, §8).
// Accounts are found in the demo company through the search API and read through the account
// record, so each test picks an account in the state it needs.

interface Account {
  uid: string;
  phoenixId: number;
  userType: number;
  accountStatus: number;
  countryId: number;
  isEntity: boolean;
  activeMember: boolean;
  directDownlineCount: number;
  hasAccountTypeHistory: boolean;
  pwsKey: string | null;
  sponsor: { phoenixId: number };
}

const CSRF = { 'x-requested-with': 'back-office' };
const taken = new Set<string>();

/** The first demo account (from account number `from` up) that matches and no other test took. */
async function findAccount(page: Page, from: number, match: (a: Account) => boolean): Promise<Account> {
  for (let n = from; n < from + 300; n++) {
    const search = await page.request.get(`/api/customers?q=M${n}`);
    const row = (await search.json()).data?.[0];
    if (!row || taken.has(row.uid)) continue;
    const record = (await (await page.request.get(`/api/cs/customer/${row.uid}`)).json()).data as Account;
    if (match(record)) {
      taken.add(record.uid);
      return record;
    }
  }
  throw new Error('No demo account in the state this test needs');
}

async function as(page: Page, role: DemoRole) {
  await signIn(page, DEMO_STAFF[role]);
}

async function setManualUpgradeFlag(page: Page, enabled: boolean) {
  const res = await page.request.put('/api/flags/membershipManualUpgrade', {
    data: { enabled },
    headers: CSRF,
  });
  expect(res.ok()).toBe(true);
}

/** The alert bar (spec 1 §2 Shell) shows this message. */
const expectAlert = (page: Page, text: string) =>
  expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();

test('edit profile: a validation error, then a success', async ({ page }) => {
  await as(page, 'agent');
  const client = await findAccount(page, 100150, (a) => a.userType === 3 && a.accountStatus === 1);
  await page.goto(`/customers/${client.uid}/detail`);
  const form = page.getByRole('form', { name: 'Profile' });
  const firstName = form.getByLabel('First name');
  await firstName.fill('');
  await form.getByLabel('Phone').fill('555');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await expect(form.getByText('Must be a valid telephone number')).toBeVisible();

  await firstName.fill('Harriet');
  await form.getByLabel('Phone').fill('8015550134');
  await expect(form.getByLabel('Phone')).toHaveValue('(801) 555-0134');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expectAlert(page, 'Successfully submitted');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('First name')).toHaveValue('Harriet');
});

test('manual membership change: refused with the flag off, works with it on', async ({ page }) => {
  await as(page, 'developer');
  const client = await findAccount(page, 100150, (a) => a.userType === 3 && a.accountStatus === 1);
  await setManualUpgradeFlag(page, false);
  try {
    await page.goto(`/customers/${client.uid}/detail`);
    const membership = page.getByRole('region', { name: 'Membership' });
    await expect(membership.getByText('Manual membership change is turned off')).toBeVisible();
    await membership.getByLabel('Change to').click();
    await page.getByRole('option', { name: 'Member' }).click();
    await membership.getByLabel('Reason').fill('Paid the membership by phone');
    await membership.getByRole('button', { name: 'Change membership' }).click();
    await expectAlert(
      page,
      'An error occurred when processing membership: Manual membership change is turned off',
    );
  } finally {
    await setManualUpgradeFlag(page, true);
  }
  await page.reload();
  const membership = page.getByRole('region', { name: 'Membership' });
  await expect(membership.getByText('Manual membership change is turned off')).toHaveCount(0);
  await membership.getByLabel('Change to').click();
  await page.getByRole('option', { name: 'Member' }).click();
  await expect(membership.getByText('Recorded as manual upgrade')).toBeVisible();
  await membership.getByLabel('Reason').fill('Paid the membership by phone');
  await membership.getByRole('button', { name: 'Change membership' }).click();
  await expectAlert(page, 'Successfully submitted');
  await expect(membership.getByText('Member · active')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Account type history' }).getByText('manual upgrade'),
  ).toBeVisible();

  await page.goto(`/customers/${client.uid}/audit`);
  await expect(
    page.getByRole('article', { name: /upgraded the membership: account type from Client to Member/ }),
  ).toBeVisible();
});

test('lapse a member and see the status change, then the audit tab shows it', async ({ page }) => {
  await as(page, 'leader');
  const member = await findAccount(page, 100150, (a) => a.userType === 2 && a.activeMember);
  await page.goto(`/customers/${member.uid}/detail`);
  const membership = page.getByRole('region', { name: 'Membership' });
  await expect(membership.getByText('Member · active')).toBeVisible();
  await membership.getByRole('button', { name: 'Lapse member' }).click();
  await page
    .getByRole('dialog', { name: 'Lapse this member?' })
    .getByRole('button', { name: 'Lapse member' })
    .click();
  await expectAlert(page, 'The member is lapsed now.');
  await expect(membership.getByText('Member · lapsed')).toBeVisible();
  await expect(membership.getByRole('button', { name: 'Lapse member' })).toHaveCount(0);

  await page.goto(`/customers/${member.uid}/audit`);
  const event = page.getByRole('article', { name: `${DEMO_STAFF_NAMES.leader} ended the membership today.` });
  await expect(event).toBeVisible();
  await expect(event.getByRole('rowheader', { name: 'Membership expires' })).toBeVisible();
  await page.getByLabel('Staff member').click();
  await page.getByRole('option', { name: DEMO_STAFF_NAMES.leader }).click();
  await expect(page).toHaveURL(/changedBy=leader%40example\.com/);
  await expect(page.getByRole('article').filter({ hasNotText: DEMO_STAFF_NAMES.leader })).toHaveCount(0);
});

test('the audit tab shows a profile edit as before and after', async ({ page }) => {
  await as(page, 'agent');
  const client = await findAccount(page, 100200, (a) => a.userType === 3 && a.accountStatus === 1);
  await page.goto(`/customers/${client.uid}/detail`);
  const form = page.getByRole('form', { name: 'Profile' });
  const before = await form.getByLabel('Last name').inputValue();
  await form.getByLabel('Last name').fill('Audited-Name');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expectAlert(page, 'Successfully submitted');
  await page.goto(`/customers/${client.uid}/audit`);
  const event = page.getByRole('article', { name: /updated the profile: last name/ });
  await expect(event.getByRole('row', { name: `Last name ${before} Audited-Name` })).toBeVisible();
});

test('the sponsor picker finds consultants by account number and changes the sponsor', async ({ page }) => {
  await as(page, 'agent');
  const client = await findAccount(page, 100250, (a) => a.userType === 3 && a.accountStatus === 1);
  const consultant = await findAccount(
    page,
    100001,
    (a) =>
      a.userType === 1 &&
      a.accountStatus === 1 &&
      a.countryId === client.countryId &&
      a.phoenixId !== client.sponsor.phoenixId,
  );
  taken.delete(consultant.uid);
  const record = (await (await page.request.get(`/api/cs/customer/${consultant.uid}`)).json()).data;
  await page.goto(`/customers/${client.uid}/detail`);
  const upline = page.getByRole('region', { name: 'Sponsor and enroller' });
  await upline.getByLabel('New sponsor').fill(`M${consultant.phoenixId}`);
  await page
    .getByRole('option', { name: new RegExp(`#${consultant.phoenixId}`) })
    .first()
    .click();
  await upline.getByRole('button', { name: 'Change sponsor' }).click();
  await expectAlert(page, 'Successfully submitted');
  await expect(
    upline.getByRole('link', { name: `${record.firstName} ${record.lastName}` }).first(),
  ).toBeVisible();
});

test('the PWS key is checked live, and an available one is saved', async ({ page }) => {
  await as(page, 'agent');
  const owner = await findAccount(page, 100260, (a) => a.userType === 1 && Boolean(a.pwsKey));
  taken.delete(owner.uid);
  const consultant = await findAccount(
    page,
    100200,
    (a) => a.userType === 1 && Boolean(a.pwsKey) && a.uid !== owner.uid,
  );
  await page.goto(`/customers/${consultant.uid}/detail`);
  const pws = page.getByRole('region', { name: 'Personal website (PWS)' });
  await pws.getByLabel('New PWS key').fill(owner.pwsKey!);
  await expect(pws.getByText('This PWS is unavailable')).toBeVisible();
  await expect(pws.getByRole('button', { name: 'Change PWS' })).toBeDisabled();
  const fresh = `glow-${Date.now().toString(36)}`;
  await pws.getByLabel('New PWS key').fill(fresh);
  await expect(pws.getByText('Available', { exact: true })).toBeVisible();
  await pws.getByRole('button', { name: 'Change PWS' }).click();
  await expectAlert(page, 'Successfully submitted');
  await expect(pws.getByText(fresh, { exact: true })).toBeVisible();
});

test('the tax number is typed with its mask, refused when short, saved and shown masked only', async ({
  page,
}) => {
  await as(page, 'agent');
  const person = await findAccount(page, 100100, (a) => a.countryId === 1 && !a.isEntity);
  await page.goto(`/customers/${person.uid}/detail`);
  const tax = page.getByRole('region', { name: 'Tax number' });
  const field = tax.getByLabel('New SSN');
  await field.fill('98765');
  await expect(field).toHaveValue('987-65');
  await tax.getByRole('button', { name: 'Save tax number' }).click();
  await expect(tax.getByText('TIN must be numeric and 9 digits in length')).toBeVisible();

  await field.fill('987654329');
  await expect(field).toHaveValue('987-65-4329');
  await tax.getByRole('button', { name: 'Save tax number' }).click();
  await expectAlert(page, 'Successfully submitted');
  await expect(tax.getByText('***-**-4329')).toBeVisible();
  await expect(field).toHaveValue('');
  // The whole number is nowhere on the page once saved, nor in the change log.
  await expect(page.getByText('987-65-4329')).toHaveCount(0);
  await page.goto(`/customers/${person.uid}/audit`);
  const event = page.getByRole('article', { name: /tax number/i }).first();
  await expect(event.getByText('***-**-4329')).toBeVisible();
  await expect(page.getByText(/987-?65-?4329/)).toHaveCount(0);
});

test('a sales operations manager compresses an account and its downline', async ({ page }) => {
  await as(page, 'salesOperatorManager');
  const consultant = await findAccount(
    page,
    100001,
    (a) =>
      a.userType === 1 && a.accountStatus === 1 && a.directDownlineCount > 0 && a.sponsor.phoenixId !== 1,
  );
  await page.goto(`/customers/${consultant.uid}/detail`);
  const operations = page.getByRole('region', { name: 'Account operations' });
  await expect(operations.getByRole('button', { name: 'Lapse member' })).toHaveCount(0);
  await operations.getByRole('button', { name: 'Compress account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compress this account?' });
  await expect(dialog).toContainText(`The ${consultant.directDownlineCount} people`);
  await dialog.getByRole('button', { name: 'Compress account' }).click();
  await expectAlert(page, 'Successfully submitted');
  await expect(
    page.getByRole('region', { name: 'Account', exact: true }).getByText('Direct downline'),
  ).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/cs/customer/${consultant.uid}`)).json()).data
          .directDownlineCount,
    )
    .toBe(0);

  await operations.getByRole('button', { name: 'Compress downline' }).click();
  await page
    .getByRole('dialog', { name: 'Compress the downline?' })
    .getByRole('button', { name: 'Compress downline' })
    .click();
  await expectAlert(page, 'Successfully submitted');
});

test('an agent does not see leader-only operations, and the server refuses them', async ({ page }) => {
  await as(page, 'agent');
  const member = await findAccount(page, 100100, (a) => a.userType === 2 && a.activeMember);
  await page.goto(`/customers/${member.uid}/detail`);
  await expect(page.getByRole('form', { name: 'Profile' })).toBeVisible();
  for (const name of [
    'Lapse member',
    'Change membership',
    'Terminate account',
    'Compress account',
    'Compress downline',
    'Sign in as customer',
  ]) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Send reset-password email' })).toBeVisible();
  for (const [method, url, data] of [
    ['post', `/api/cs/membership/lapseMember/${member.uid}`, {}],
    ['post', `/api/cs/updateStatus/${member.uid}`, { status: 2 }],
    ['post', `/api/cs/account/${member.uid}/custom-token`, {}],
    ['put', '/api/cs/commissions/compressAccountById', { accountId: member.uid }],
  ] as const) {
    const res = await page.request[method](url, { data, headers: CSRF });
    expect(res.status(), url).toBe(403);
    expect((await res.json()).code).toBe('INSUFFICIENT_PERMISSIONS');
  }
});

for (const width of [1280, 375]) {
  test(`detail and audit tabs have no serious accessibility violations at ${width} px`, async ({ page }) => {
    await setViewport(page, { width, height: 900 });
    await as(page, 'developer');
    const member = await findAccount(page, 100100, (a) => a.userType === 2 && a.hasAccountTypeHistory);
    taken.delete(member.uid);
    for (const tab of ['detail', 'audit']) {
      await page.goto(`/customers/${member.uid}/${tab}`);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Nothing sticks out sideways at this width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The signed-in avatar of the shell's side menu has its own contrast issue (shell, not this tab).
      await expectAccessible(page, `${tab} at ${width}px`, { exclude: ['.MuiAvatar-root'] });
    }
  });
}
