import type { ProcessedOrder } from '@domain/orders/search';
import Papa from 'papaparse';
import { locationLabel, phoenixLabel, typeLabel } from './labels';

/** The loaded results as CSV (issue 8): what the table shows, money as plain decimals. */
export function ordersCsv(rows: ProcessedOrder[]): string {
  return Papa.unparse(
    rows.map((r) => ({
      Order: r.orderNumber,
      'Phoenix order': phoenixLabel(r.phoenixOrderId),
      Status: r.status,
      Type: typeLabel(r.orderType),
      'Date (UTC)': r.dateCreatedUtc,
      'First name': r.customer.firstName,
      'Last name': r.customer.lastName,
      Email: r.customer.email ?? '',
      'Phoenix ID': r.customer.phoenixId ?? '',
      UID: r.customer.uid,
      Total: (r.grandTotalCents / 100).toFixed(2),
      Currency: r.currency,
      Location: locationLabel(r.countryId),
    })),
  );
}
