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

export function downloadCsv(filename: string, csv: string) {
  // A BOM so spreadsheet programs read accented names as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
