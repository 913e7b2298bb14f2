import { expect, test } from '@playwright/test';
import { DEMO_STAFF, expectAccessible, expectReadsDown, setViewport, signIn } from './fixtures';

// The refund form tells before it confirms: the amounts are checked as they are typed,
// against the last estimate, and Refund refuses with the true reason (more than the selection is
// worth, more than remains on the order, more than the card can take: the spec's words for the
// cards) with the field red, before any confirmation. "Estimating…" shows while an estimate is to
// come, and Refund pressed then asks for it at once instead of waiting out the 3 s debounce.
// Nothing is submitted: the demo order stays as it was.

// Miles Carter's order on two cards (README "first day"): no other browser test refunds it, so the
// figures read at the start hold while tests run side by side.
const ORDER = 'StoryTwoCardOrder001';
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const dollars = (c: number) => (c / 100).toFixed(2);
const cents = (text: string) => Math.round(Number(text) * 100);

for (const size of WIDTHS) {
  test(`over-refunds are refused on the page with their true reason, before any confirmation (${size.width}px)`, async ({
    page,
  }) => {
    test.slow();
    await setViewport(page, size);
    await signIn(page, DEMO_STAFF.agent);
    const data = (await (await page.request.get(`/api/cs/order/${ORDER}/refunds`)).json()).data;
    const [first, second] = data.order.cards as {
      remainingAmount: number;
      brand: string;
      accountNumber: string;
    }[];
    const item = data.order.refundable.find((r: { refundable: number }) => r.refundable > 0);
    expect(data.order.cards).toHaveLength(2);
    expect(
      data.order.refundable.filter((r: { refundable: number }) => r.refundable > 0).length,
    ).toBeGreaterThan(1);
    await page.goto(`/orders/${ORDER}/refunds`);

    const amount = page.getByRole('textbox', { name: 'Refund amount (cards)' });
    const credit = page.getByRole('textbox', { name: 'Product credit amount' });
    const refund = page.getByRole('button', { name: 'Refund', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Process this refund?' });
    const problem = (text: string) => page.getByRole('alert').filter({ hasText: text });
    await page.getByLabel('Reason').selectOption('Returns');

    // 1. An amount alone, to the first card only, a cent above what it can take: the spec's words.
    await page.getByRole('checkbox', { name: `${second!.brand} •••• ${second!.accountNumber}` }).uncheck();
    await amount.fill(dollars(first!.remainingAmount + 1));
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText(`More than the selected cards can take ($${dollars(first!.remainingAmount)})`),
    ).toBeVisible();
    await refund.click();
    await expect(
      problem(
        'Please make sure the refund amount for each card is equal to or less than the refund amount available.',
      ),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(amount).toBeFocused();

    // 2. Both cards, a cent above all that remains on the order: refused as more than remains (Enter).
    await page.getByRole('checkbox', { name: `${second!.brand} •••• ${second!.accountNumber}` }).check();
    const left = data.order.cards.reduce(
      (s: number, c: { remainingAmount: number }) => s + c.remainingAmount,
      0,
    );
    await amount.fill(dollars(left - data.order.pcRemaining + 1));
    await credit.fill(dollars(data.order.pcRemaining));
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/^More than remains refundable on this order/).first()).toBeVisible();
    await amount.press('Enter');
    await expect(problem('The refund is more than what remains to be refunded on this order.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await credit.fill('');
    await amount.fill('');

    // 3. A product chosen: "Estimating…" until the estimate comes 3 s later, then its figures.
    const quantityOf = (r: { title: string; sku: string }) =>
      page.getByRole('textbox', { name: `Refund quantity of ${r.title} (SKU ${r.sku})` });
    await quantityOf(item).fill('1');
    await expect(page.getByRole('status').filter({ hasText: 'Estimating…' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Refund estimate' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Estimating…' })).toHaveCount(0);

    // 3b. Another product, and Enter at once: the estimate is asked for then, not when the 3 s
    // debounce runs out, and the confirmation shows the new figures.
    const other = data.order.refundable.find(
      (r: { sku: string; refundable: number }) => r.refundable > 0 && r.sku !== item.sku,
    );
    const estimateAsked = page.waitForRequest((r) => r.url().endsWith('/api/cs/refund/estimate'));
    await quantityOf(other).fill('1');
    const filled = Date.now();
    await quantityOf(other).press('Enter');
    await estimateAsked;
    const asked = Date.now();
    await expect(dialog).toBeVisible();
    const confirmed = Date.now();
    console.log(
      `refund form ${size.width}px: estimate asked ${asked - filled} ms after the choice (debounce 3000 ms), ` +
        `confirmation ${confirmed - filled} ms after it`,
    );
    expect(asked - filled).toBeLessThan(2500);
    await page.screenshot({ path: `test-results/refund-form-confirm-${size.width}.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    const rows = await expectReadsDown(page, 'Refund estimate figures');
    const total = rows.find((r) => r.key === 'refundTotal')!;
    const worth = Number(total.text.replace(/[^0-9]/g, ''));
    expect(worth).toBeGreaterThan(0);

    // 4. A cent more than the product is worth: the selection's reason, not "more than remains".
    const pc = cents(await credit.inputValue());
    await amount.fill(dollars(worth - pc + 1));
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    const help = page.getByText(`More than the selection is worth ($${dollars(worth)} in all)`).first();
    await expect(help).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Estimating…' })).toHaveCount(0);
    await refund.click();
    await expect(
      problem('The refund is more than the selected products and shipping are worth.'),
    ).toBeVisible();
    await expect(problem('more than what remains')).toHaveCount(0);
    await expect(dialog).toHaveCount(0);
    await expect(amount).toBeFocused();
    await page.screenshot({
      path: `test-results/refund-form-over-selection-${size.width}.png`,
      fullPage: true,
    });
    await expectAccessible(page, `refund form with a refused amount at ${size.width}px`, { iframes: false });
    // Nothing fits sideways at a phone's width either.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // 5. Back within the worth: the field is no longer red, the refusal goes, and Refund confirms.
    await amount.fill(dollars(worth - pc));
    await expect(amount).toHaveAttribute('aria-invalid', 'false');
    await expect(
      problem('The refund is more than the selected products and shipping are worth.'),
    ).toHaveCount(0);
    await refund.click();
    await expect(dialog).toContainText(`$${dollars(worth - pc)}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const after = (await (await page.request.get(`/api/cs/order/${ORDER}/refunds`)).json()).data;
    expect(after.refunds).toHaveLength(data.refunds.length);
  });
}
