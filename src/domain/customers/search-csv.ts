import type { CsvColumn } from '../platform/csv';
import { accountStatusName, countryName, userTypeName } from '../reference/lists';
import type { CustomerSearchRow } from './search';

/** The customer search as a file (spec 1 §2: results exportable as CSV): what the table shows. */
export const CUSTOMER_SEARCH_CSV: readonly CsvColumn<CustomerSearchRow>[] = [
  { header: 'Account number', value: (r) => r.phoenixId },
  { header: 'First name', value: (r) => r.firstName },
  { header: 'Last name', value: (r) => r.lastName },
  { header: 'Email', value: (r) => r.email },
  { header: 'Type', value: (r) => userTypeName(r.userType) ?? `Type ${r.userType}` },
  { header: 'Country', value: (r) => countryName(r.countryId) ?? `Country ${r.countryId}` },
  { header: 'Status', value: (r) => accountStatusName(r.accountStatus) ?? `Status ${r.accountStatus}` },
  { header: 'Membership status', value: (r) => r.membershipStatus },
  { header: 'Sponsor number', value: (r) => r.sponsor.phoenixId },
  { header: 'Sponsor', value: (r) => r.sponsor.fullName },
];
