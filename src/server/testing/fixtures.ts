import { accounts, orders } from '../db/schema';
import type { DbOrTx } from '../platform/db';

// Small factories for API tests: the fewest fields a valid row needs, overridable.

let seq = 0;
const next = () => ++seq;

export async function insertAccount(db: DbOrTx, overrides: Partial<typeof accounts.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(accounts)
    .values({
      uid: `TESTUID${String(n).padStart(21, '0')}`,
      phoenixId: 500_000 + n,
      firstName: 'Test',
      lastName: `Customer${n}`,
      email: `customer${n}@example.com`,
      userType: 3,
      countryId: 1,
      ...overrides,
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
