import { describe, expect, it } from 'vitest';
import { csvTable } from '../platform/csv';
import type { ProcessedOrder } from './search-contract';
import { ORDER_SEARCH_CSV } from './search-csv';

const ordersCsv = (rows: ProcessedOrder[]) => csvTable(ORDER_SEARCH_CSV, rows);

const row: ProcessedOrder = {
  id: 'DOC1',
  orderId: 1_234_567,
  orderNumber: 'X1234567',
  phoenixOrderId: null,
  status: 'Pending Terms',
  state: 1,
  orderType: 11,
  dateCreatedUtc: '2026-03-10T18:00:00.000Z',
  customer: {
    uid: 'U1',
    firstName: 'Ana "Nana"',
    lastName: 'Silva, Jr.',
    email: null,
    phoenixId: 42,
    userType: 1,
  },
  grandTotalCents: 10_005,
  currency: 'CAD',
  countryId: 2,
};

describe('orders CSV', () => {
  it('writes the number staff read, N/A, words for codes and quotes what needs quoting', () => {
    const [header, line] = ordersCsv([row]).split('\r\n');
    expect(header).toBe(
      '\uFEFFOrder,Phoenix order,Status,Type,Date (UTC),First name,Last name,Email,Phoenix ID,UID,Total,Currency,Location',
    );
    expect(line).toBe(
      'X1234567,N/A,Pending Terms,Enrollment,2026-03-10T18:00:00.000Z,"Ana ""Nana""","Silva, Jr.",,42,U1,100.05,CAD,Canada',
    );
    const evil = ordersCsv([{ ...row, customer: { ...row.customer, lastName: '=HYPERLINK("x")' } }]);
    expect(evil.split('\r\n')[1]).toContain(',"\'=HYPERLINK(""x"")",');
  });
});
