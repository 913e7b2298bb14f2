import { type CsvColumn, centsToDecimal } from '../platform/csv';
import { countryName, orderTypeName } from '../reference/lists';
import type { ProcessedOrder } from './search-contract';

/** The order search as a file (spec 2 §2): what the table shows, money as plain decimals. */
export const ORDER_SEARCH_CSV: readonly CsvColumn<ProcessedOrder>[] = [
  { header: 'Order', value: (r) => r.orderNumber },
  { header: 'Phoenix order', value: (r) => (r.phoenixOrderId === null ? 'N/A' : r.phoenixOrderId) },
  { header: 'Status', value: (r) => r.status },
  { header: 'Type', value: (r) => orderTypeName(r.orderType) ?? `Type ${r.orderType}` },
  { header: 'Date (UTC)', value: (r) => r.dateCreatedUtc },
  { header: 'First name', value: (r) => r.customer.firstName },
  { header: 'Last name', value: (r) => r.customer.lastName },
  { header: 'Email', value: (r) => r.customer.email },
  { header: 'Phoenix ID', value: (r) => r.customer.phoenixId },
  { header: 'UID', value: (r) => r.customer.uid },
  { header: 'Total', value: (r) => centsToDecimal(r.grandTotalCents) },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Location', value: (r) => countryName(r.countryId) ?? `Country ${r.countryId}` },
];
