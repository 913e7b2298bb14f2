import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, type DemoRole, expectAccessible, setViewport, signIn } from './fixtures';

// The profile form offers only the account-type and country changes the server accepts from the
// staff member (DESIGN §4, ADR 018): an agent sees Member, Consultant and Employee with the reason
// they are not offered, and the country read-only; a leader may choose Member and is asked why.

interface Account {
  uid: string;
  userType: number;
  accountStatus: number;
  countryId: number;
}
const CSRF = { 'x-requested-with': 'back-office' };

/** A demo client (type 3), read through the same API the screens use. */
async function demoClient(page: Page, from: number): Promise<Account> {
  for (let n = from; n < from + 300; n++) {
    const row = (await (await page.request.get(`/api/customers?q=M${n}`)).json()).data?.[0];
    if (!row) continue;
    const record = (await (await page.request.get(`/api/cs/customer/${row.uid}`)).json()).data as Account;
    if (record.userType === 3 && record.accountStatus === 1) return record;
  }
  throw new Error('No demo client');
}

async function as(page: Page, role: DemoRole) {
  await signIn(page, DEMO_STAFF[role]);
}

/** The signed-in avatar of the shell's side menu has its own contrast issue (shell, not this form). */
const BESIDE_AVATAR = { exclude: ['.MuiAvatar-root'] };

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`an agent's profile form offers no account-type or country change the server refuses (${width} px)`, async ({
    page,
  }) => {
    await setViewport(page, { width, height });
    await as(page, 'agent');
    const client = await demoClient(page, 100200);
    await page.goto(`/customers/${client.uid}/detail`);
    const form = page.getByRole('form', { name: 'Profile' });
    await expect(form.getByLabel('First name')).toBeVisible();

    // Country: shown, not changeable, and why.
    const country = form.getByRole('combobox', { name: 'Country' });
    await expect(
      form.getByText('Only a Sales Operator Manager or Developer may change the country.'),
    ).toBeVisible();
    await country.click();
    await expect(page.getByRole('listbox')).toHaveCount(0);

    // Account type: the retail types are offered; Member, Consultant and Employee say why not.
    await form.getByRole('combobox', { name: 'Account type' }).click();
    const list = page.getByRole('listbox', { name: 'Account type' });
    await expect(list).toBeVisible();
    for (const name of ['Client', 'Prospect', 'Guest'])
      await expect(list.getByRole('option', { name, exact: true })).toBeEnabled();
    const member = list.getByRole('option', { name: /^Member/ });
    await expect(member).toHaveAttribute('aria-disabled', 'true');
    await expect(member).toContainText('A membership change: only a Leader or Developer may make it.');
    await expect(list.getByRole('option', { name: /^Consultant/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(list.getByRole('option', { name: /^Employee/ })).toHaveAttribute('aria-disabled', 'true');
    await expectAccessible(page, `account-type menu at ${width}px`, BESIDE_AVATAR);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page, `profile form at ${width}px`, BESIDE_AVATAR);

    // What the form leaves out, the server refuses, and nothing changes.
    const body = {
      firstName: 'Test',
      lastName: 'Door',
      email: null,
      userType: 3,
      dateOfBirth: '1980-04-02',
      telephone: '',
      genderId: null,
      defaultLanguageId: 1,
      countryId: client.countryId,
    };
    for (const change of [
      { userType: 2, userTypeReason: 'Asked' },
      { countryId: client.countryId === 1 ? 2 : 1 },
    ]) {
      const res = await page.request.put(`/api/cs/customer/${client.uid}`, {
        data: { ...body, ...change },
        headers: CSRF,
      });
      expect(res.status()).toBe(403);
      expect((await res.json()).code).toBe('INSUFFICIENT_PERMISSIONS');
    }
    const after = (await (await page.request.get(`/api/cs/customer/${client.uid}`)).json()).data as Account;
    expect(after).toMatchObject({ userType: 3, countryId: client.countryId });
  });
}

test('a leader may choose Member in the profile and is asked for the reason', async ({ page }) => {
  await setViewport(page, { width: 390, height: 844 });
  await as(page, 'leader');
  const client = await demoClient(page, 100230);
  await page.goto(`/customers/${client.uid}/detail`);
  const form = page.getByRole('form', { name: 'Profile' });
  await form.getByRole('combobox', { name: 'Account type' }).click();
  await page
    .getByRole('listbox', { name: 'Account type' })
    .getByRole('option', { name: 'Member', exact: true })
    .click();
  await expect(form.getByLabel('Reason for the membership change')).toBeVisible();
  // The country stays the sales operations' and developers' to change.
  await expect(
    form.getByText('Only a Sales Operator Manager or Developer may change the country.'),
  ).toBeVisible();
  await expectAccessible(page, 'leader profile form at 390px', BESIDE_AVATAR);
});
