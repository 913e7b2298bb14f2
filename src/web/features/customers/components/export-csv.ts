import type { CustomerSearchRow } from '@domain/customers/search';
import Papa from 'papaparse';
import { countryLabel, statusLabel, typeLabel } from './labels';

/** The loaded search results as a CSV file (issue 7: results exportable as CSV). */
export function searchResultsCsv(rows: CustomerSearchRow[]): string {
  return Papa.unparse(
    rows.map((r) => ({
      'Account number': r.phoenixId,
      'First name': r.firstName,
      'Last name': r.lastName,
      Email: r.email ?? '',
      Type: typeLabel(r.userType),
      Country: countryLabel(r.countryId),
      Status: statusLabel(r.accountStatus),
      'Membership status': r.membershipStatus,
      'Sponsor number': r.sponsor.phoenixId,
      Sponsor: r.sponsor.fullName,
    })),
  );
}

export { downloadCsv } from '@web/lib/download-csv';
