import { accounts, orders } from '../db/schema';
import { sealTaxNumber } from '../modules/accounts/tax-number-vault';
import { DataKeyring, parseDataKeys } from '../platform/data-keys';
import type { DbOrTx } from '../platform/db';
import { TEST_DATA_KEY } from './test-secrets';

// Small factories for API tests: the fewest fields a valid row needs, overridable.

let seq = 0;
const next = () => ++seq;

/** The key ring test apps run with (createTestApp). */
export const testKeyring = () =>
  new DataKeyring(parseDataKeys(TEST_DATA_KEY, 'TEST_DATA_KEY'), 'TEST_DATA_KEY');

/** An account; `taxNumber` is given as digits and stored sealed with the test apps' key, as the app would. */
export async function insertAccount(
  db: DbOrTx,
  overrides: Partial<typeof accounts.$inferInsert> & { taxNumber?: string } = {},
) {
  const n = next();
  const { taxNumber, ...fields } = overrides;
  const uid = fields.uid ?? `TESTUID${String(n).padStart(21, '0')}`;
  const [row] = await db
    .insert(accounts)
    .values({
      uid,
      phoenixId: 500_000 + n,
      firstName: 'Test',
      lastName: `Customer${n}`,
      email: `customer${n}@example.com`,
      userType: 3,
      countryId: 1,
      ...(taxNumber !== undefined && { sealedTaxNumber: sealTaxNumber(testKeyring(), uid, taxNumber) }),
      ...fields,
    })
    .returning();
  return row!;
}

export async function insertOrder(
  db: DbOrTx,
  customerUid: string,
  overrides: Partial<typeof orders.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(orders)
    .values({
      id: `TESTORDER${String(n).padStart(11, '0')}`,
      orderId: 8_000_000 + n,
      collection: 'invoices',
      state: 3,
      orderType: 2,
      channel: 1,
      customerUid,
      customerUserType: 3,
      customerFirstName: 'Test',
      customerLastName: 'Customer',
      countryId: 1,
      currency: 'USD',
      subtotalCents: 5000,
      prePromoSubtotalCents: 5000,
      grandTotalCents: 5400,
      ...overrides,
    })
    .returning();
  return row!;
}
